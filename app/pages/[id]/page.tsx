import Link from "next/link";
import { notFound } from "next/navigation";
import { FactItem } from "@/components/pages/fact-item";
import { VisibilityToggle } from "@/components/pages/visibility-toggle";
import { dayAndTime, dayRange, plural, seqRange } from "@/components/ui/format";
import { PageHeader } from "@/components/ui/page-header";
import { messageHref, threadHref } from "@/components/ui/routes";
import { formatPageRef } from "@/lib/contracts/prompt/common";
import type { FactStatus } from "@/lib/db/generated/client";
import { getPage, type PageDetail } from "@/lib/pages/queries";
import { pageScope } from "@/lib/workspaces/current";

/** Pending first: those are what the owner has to act on. */
const GROUPS: { title: string; statuses: FactStatus[]; empty?: string }[] = [
  { title: "Waiting for your review", statuses: ["PENDING"] },
  { title: "Confirmed", statuses: ["CONFIRMED"], empty: "No confirmed facts yet." },
  { title: "Earlier facts", statuses: ["SUPERSEDED", "REJECTED"] },
];

function FactGroups({ facts }: { facts: PageDetail["facts"] }) {
  return GROUPS.map((group) => {
    const inGroup = facts.filter((f) => group.statuses.includes(f.status));
    if (inGroup.length === 0 && !group.empty) return null;
    return (
      <section key={group.title} aria-labelledby={`group-${group.statuses[0]}`}>
        <h2 id={`group-${group.statuses[0]}`} className="text-sm font-semibold text-slate-700">
          {group.title} <span className="font-normal text-slate-400">({inGroup.length})</span>
        </h2>
        {inGroup.length === 0 ? (
          <p className="mt-2 text-sm text-slate-500">{group.empty}</p>
        ) : (
          <ul className="mt-2 space-y-2">
            {inGroup.map((fact) => (
              <FactItem key={fact.id} fact={fact} />
            ))}
          </ul>
        )}
      </section>
    );
  });
}

export default async function TopicPage({ params }: { params: Promise<{ id: string }> }) {
  const { db, workspace } = await pageScope();
  const page = await getPage(db, workspace.id, (await params).id);
  if (!page) notFound();
  return (
    <div>
      <PageHeader
        eyebrow={
          <Link href="/pages" className="hover:underline">
            ← Pages
          </Link>
        }
        title={page.title}
      >
        <span className="font-mono text-xs">{formatPageRef(page.title)}</span> · {plural(page.facts.length, "fact")} · updated{" "}
        {dayAndTime(page.updatedAt)}
        <div className="mt-2">
          <VisibilityToggle pageId={page.id} visibility={page.visibility} />
        </div>
      </PageHeader>
      <div className="grid gap-8 px-4 py-6 sm:px-8 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-6">
          <FactGroups facts={page.facts} />
        </div>
        <section aria-labelledby="episodes-heading">
          <h2 id="episodes-heading" className="text-sm font-semibold text-slate-700">
            Episodes that point here <span className="font-normal text-slate-400">({page.episodes.length})</span>
          </h2>
          <p className="mt-1 text-xs text-slate-500">Stretches of conversation whose memory pass filed facts into this page.</p>
          {page.episodes.length === 0 ? (
            <p className="mt-3 text-sm text-slate-500">None yet.</p>
          ) : (
            <ul className="mt-3 space-y-2" data-testid="page-episodes">
              {page.episodes.map((episode) => (
                <li key={episode.id} className="rounded-lg bg-white p-3 text-sm shadow-sm ring-1 ring-slate-200">
                  <p>{episode.gist}</p>
                  <p className="mt-1 text-xs text-slate-500">
                    <Link href={threadHref(episode.thread.id)} className="text-indigo-700 hover:underline">
                      {episode.thread.title}
                    </Link>{" "}
                    · {dayRange(episode.fromAt, episode.toAt)} ·{" "}
                    <Link href={messageHref(episode.thread.id, episode.fromSeq)} className="text-indigo-700 hover:underline">
                      {seqRange(episode.fromSeq, episode.toSeq)}
                    </Link>
                  </p>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
