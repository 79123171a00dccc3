import Link from "next/link";
import type { PageFact } from "@/lib/pages/queries";
import { day } from "@/components/ui/format";
import { messageHref, pageHref } from "@/components/ui/routes";
import { FactDelete } from "@/components/pages/fact-delete";
import { FactReview } from "@/components/pages/fact-review";
import { InlineEdit } from "@/components/ui/inline-edit";
import { FactStatusBadge, sourceLabel } from "@/components/pages/fact-status";

/** As the server renders it, or as the browser fetched it (dates as strings). */
type Fact = Omit<PageFact, "createdAt" | "message" | "releasedAt" | "ownerEditedAt"> & {
  createdAt: Date | string;
  releasedAt: Date | string | null;
  ownerEditedAt: Date | string | null;
  message: { seq: number; createdAt: Date | string };
};

/**
 * One fact with where it came from; a pending one carries the owner's
 * confirm and reject buttons, a live one his hand correction, and any one
 * can be deleted. `showPage` names its page too, where facts of several
 * pages are listed together (the Memory screen). Its anchor is #fact-<id>;
 * `highlighted` marks it as one a followed buffer line points at.
 */
export function FactItem({ fact, showPage = false, highlighted = false }: { fact: Fact; showPage?: boolean; highlighted?: boolean }) {
  return (
    <li
      id={`fact-${fact.id}`}
      className={`scroll-mt-24 space-y-2 rounded-lg p-4 shadow-sm target:ring-2 target:ring-amber-400 ${highlighted ? "bg-amber-50 ring-2 ring-amber-400" : "bg-white ring-1 ring-slate-200"}`}
      data-testid="fact"
      data-fact-id={fact.id}
      data-status={fact.status}
      data-highlighted={highlighted ? "true" : undefined}
    >
      <div className="flex items-start justify-between gap-3">
        <p className={`text-sm ${fact.status === "SUPERSEDED" || fact.status === "REJECTED" ? "text-slate-500" : "text-slate-900"}`}>{fact.text}</p>
        <FactStatusBadge status={fact.status} />
      </div>
      <p className="text-xs text-slate-600">
        {showPage && (
          <>
            On{" "}
            <Link href={pageHref(fact.page.id)} className="font-medium text-indigo-700 underline underline-offset-2" data-testid="fact-page-link">
              {fact.page.title}
            </Link>{" "}
            ·{" "}
          </>
        )}
        About <span className="font-medium text-slate-700">{fact.key}</span> · {sourceLabel(fact.source)} on {day(fact.message.createdAt)} ·{" "}
        <Link href={messageHref(fact.thread.id, fact.message.seq)} className="text-indigo-700 underline underline-offset-2" data-testid="fact-source-link">
          {fact.thread.title} #{fact.message.seq}
        </Link>
      </p>
      {fact.supersededBy && <p className="text-xs text-slate-600">Replaced by: {fact.supersededBy.text}</p>}
      {fact.heldReason && fact.status === "PENDING" && (
        <p className="rounded bg-amber-50 px-2 py-1 text-xs text-amber-900 ring-1 ring-amber-200" data-testid="fact-held-reason">
          Held for your review: {fact.heldReason}. Until you release it, your assistant treats it as unconfirmed and no customer ever sees
          it. Release it only if these are your own words, not instructions someone pasted in.
        </p>
      )}
      {fact.heldReason && fact.releasedAt && (
        <p className="text-xs text-slate-600" data-testid="fact-released">
          Released by you on {day(fact.releasedAt)} (it was held: {fact.heldReason}). Customers are shown it only while its own words pass
          the injection scan.
        </p>
      )}
      {fact.ownerEditedAt && (
        <p className="text-xs text-sky-800" data-testid="fact-owner-edit">
          Corrected by you by hand on {day(fact.ownerEditedAt)}.
        </p>
      )}
      {fact.supersededReason && <p className="text-xs text-slate-600">Why: {fact.supersededReason}.</p>}
      <div className="flex flex-wrap items-center gap-2">
        {fact.status === "PENDING" && <FactReview factId={fact.id} held={fact.heldReason !== null} />}
        {(fact.status === "PENDING" || fact.status === "CONFIRMED") && (
          <InlineEdit endpoint={`/api/facts/${fact.id}`} initial={fact.text} label="Correct" testId="fact-correct" />
        )}
        <FactDelete factId={fact.id} />
      </div>
    </li>
  );
}
