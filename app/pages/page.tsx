import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { dayAndTime, plural } from "@/components/ui/format";
import { PageHeader } from "@/components/ui/page-header";
import { pageHref } from "@/components/ui/routes";
import { listPages } from "@/lib/pages/queries";
import { pageScope } from "@/lib/workspaces/current";

export const metadata = { title: "Pages · Episodic buffer" };

export default async function PagesPage() {
  const { db, workspace } = await pageScope();
  const pages = await listPages(db, workspace.id);
  return (
    <div>
      <PageHeader title="Pages">
        The agent&apos;s long-term memory: one page of facts per topic, filed by the memory pass after each reply. What
        only the agent said stays pending until you confirm it.
      </PageHeader>
      <div className="px-4 py-6 sm:px-8">
        {pages.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-500">
            No pages yet. Tell the agent something durable about the business (a budget, a supplier, a decision) and the
            memory pass files it here.
          </p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" data-testid="page-list">
            {pages.map((page) => (
              <li key={page.id}>
                <Link
                  href={pageHref(page.id)}
                  className="block h-full rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 hover:ring-indigo-300"
                >
                  <span className="block font-semibold text-slate-900">{page.title}</span>
                  <span className="mt-2 flex flex-wrap gap-1.5">
                    <Badge tone="emerald">{page.counts.CONFIRMED} confirmed</Badge>
                    {page.counts.PENDING > 0 && <Badge tone="amber">{page.counts.PENDING} pending</Badge>}
                    {page.counts.SUPERSEDED + page.counts.REJECTED > 0 && (
                      <Badge>{plural(page.counts.SUPERSEDED + page.counts.REJECTED, "earlier fact")}</Badge>
                    )}
                  </span>
                  <span className="mt-2 block text-xs text-slate-500">Updated {dayAndTime(page.updatedAt)}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
