import { MemoryFilters } from "@/components/memory/memory-filters";
import { MoreMemory } from "@/components/memory/more-memory";
import { SupersessionOffers } from "@/components/memory/supersession-offers";
import { FactItem } from "@/components/pages/fact-item";
import { PageHeader } from "@/components/ui/page-header";
import { renderKey } from "@/components/ui/render-key";
import { listMemory, memoryFilterSchema, type MemoryFilter } from "@/lib/pages/memory";
import { findPageSummary, listPages } from "@/lib/pages/queries";
import { listSupersessionOffers } from "@/lib/pages/supersession-offers";
import { findThreadSummary, listThreads } from "@/lib/threads/queries";
import { pageScope } from "@/lib/workspaces/current";

export const metadata = { title: "Memory · Episodic buffer" };

/** The filter as the address gives it; a value it cannot take (a mangled id) counts as not given. */
function filterOf(params: Record<string, string | string[] | undefined>): MemoryFilter {
  const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
  const raw = { q: one(params.q), page: one(params.page), thread: one(params.thread), status: one(params.status) };
  const parsed = memoryFilterSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const field = (name: keyof typeof raw) => (memoryFilterSchema.shape[name].safeParse(raw[name]).success ? raw[name] : undefined);
  return memoryFilterSchema.parse({ q: field("q"), page: field("page"), thread: field("thread"), status: field("status") });
}

/** What the filter narrows to, in words, for the heading over the list. */
function describe(filter: MemoryFilter, pageTitle: string | undefined, threadTitle: string | undefined): string {
  const parts = [
    filter.q ? `with “${filter.q}”` : null,
    pageTitle ? `on ${pageTitle}` : null,
    threadTitle ? `from “${threadTitle}”` : null,
  ].filter(Boolean);
  return parts.length === 0 ? "Every fact" : `Facts ${parts.join(", ")}`;
}

export default async function MemoryPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { db, workspace } = await pageScope();
  const filter = filterOf(await searchParams);
  const [facts, pages, threads, thread, offers] = await Promise.all([
    listMemory(db, workspace.id, filter),
    listPages(db, workspace.id),
    listThreads(db, workspace.id),
    filter.thread ? findThreadSummary(db, workspace.id, filter.thread) : null,
    listSupersessionOffers(db, workspace.id),
  ]);
  const pageChoices = pages.items.map((p) => ({ id: p.id, title: p.title }));
  const chosenPage = filter.page ? (pageChoices.find((p) => p.id === filter.page) ?? (await findPageSummary(db, workspace.id, filter.page))) : null;
  const threadChoices = threads.items.map((t) => ({ id: t.id, title: t.title }));
  const withChosen = <T extends { id: string }>(list: T[], chosen: T | null) => (chosen && !list.some((c) => c.id === chosen.id) ? [chosen, ...list] : list);
  const query = new URLSearchParams(Object.entries(filter).filter((entry): entry is [string, string] => typeof entry[1] === "string")).toString();
  return (
    <div>
      <PageHeader title="Memory">
        Everything the agent has filed for {workspace.name}, newest first: search it, narrow it to a page, a status or the thread it came from,
        and correct or delete what is wrong. The agent recalls only live facts (confirmed, and pending ones marked unconfirmed).
      </PageHeader>
      <div className="space-y-4 px-4 py-6 sm:px-8">
        <div className="max-w-4xl">
          <SupersessionOffers offers={offers} />
        </div>
        <MemoryFilters filter={filter} pages={withChosen(pageChoices, chosenPage)} threads={withChosen(threadChoices, thread ? { id: thread.id, title: thread.title } : null)} />
        <h2 className="text-sm font-semibold text-slate-700" data-testid="memory-heading">
          {describe(filter, chosenPage?.title, thread?.title)}
        </h2>
        {facts.items.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-600" data-testid="memory-empty">
            {query === "status=live" ? "Nothing remembered yet. Tell the agent something durable (a price, a supplier, a decision) and it is filed here." : "No fact matches."}
          </p>
        ) : (
          <ul className="max-w-4xl space-y-2" data-testid="memory-list">
            {facts.items.map((fact) => (
              <FactItem key={fact.id} fact={fact} showPage />
            ))}
            {/* A change (a correction, a deletion) renders the list again: the facts the browser loaded start over from here. */}
            <MoreMemory key={renderKey()} query={query} next={facts.next} />
          </ul>
        )}
      </div>
    </div>
  );
}
