import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { dayAndTime, plural } from "@/components/ui/format";
import { pageHref } from "@/components/ui/routes";
import type { PageSummary } from "@/lib/pages/queries";

/** One page in the pages list; `updatedAt` arrives as a string when the browser fetched it. */
export function PageCard({ page }: { page: Omit<PageSummary, "updatedAt"> & { updatedAt: Date | string } }) {
  return (
    <li data-testid="page-card">
      <Link href={pageHref(page.id)} className="block h-full rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 hover:ring-indigo-300">
        <span className="block font-semibold text-slate-900">{page.title}</span>
        <span className="mt-2 flex flex-wrap gap-1.5">
          <Badge tone="emerald">{page.counts.CONFIRMED} confirmed</Badge>
          {page.counts.PENDING > 0 && <Badge tone="amber">{page.counts.PENDING} pending</Badge>}
          {page.counts.SUPERSEDED + page.counts.REJECTED > 0 && <Badge>{plural(page.counts.SUPERSEDED + page.counts.REJECTED, "earlier fact")}</Badge>}
        </span>
        <span className="mt-2 block text-xs text-slate-500">Updated {dayAndTime(page.updatedAt)}</span>
      </Link>
    </li>
  );
}
