import { MorePages } from "@/components/pages/more-pages";
import { PageCard } from "@/components/pages/page-card";
import { PageHeader } from "@/components/ui/page-header";
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
        {pages.items.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-500">
            No pages yet. Tell the agent something durable about the business (a budget, a supplier, a decision) and the
            memory pass files it here.
          </p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" data-testid="page-list">
            {pages.items.map((page) => (
              <PageCard key={page.id} page={page} />
            ))}
            <MorePages next={pages.next} />
          </ul>
        )}
      </div>
    </div>
  );
}
