import Link from "next/link";
import type { MemoryFilter, MemoryStatus } from "@/lib/pages/memory";

const STATUS_LABELS: Record<MemoryStatus, string> = {
  live: "Live (confirmed and pending)",
  all: "Any status",
  CONFIRMED: "Confirmed",
  PENDING: "Pending your review",
  SUPERSEDED: "Superseded",
  REJECTED: "Rejected",
};

type Choice = { id: string; title: string };

const field = "mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900";

/**
 * The Memory screen's search and filters, a plain GET form: the address says
 * what is shown, so a filtered view is a link (a thread's "what's remembered
 * here"). The page and thread lists offer the most recently changed ones and
 * whichever is chosen, not every one the workspace has.
 */
export function MemoryFilters({ filter, pages, threads }: { filter: MemoryFilter; pages: Choice[]; threads: Choice[] }) {
  return (
    <form action="/memory" method="get" role="search" aria-label="Search memory" className="grid gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto]">
      <label className="block text-xs font-medium text-slate-700">
        Words
        <input name="q" type="search" defaultValue={filter.q ?? ""} placeholder="rent, supplier, $2,350…" className={field} data-testid="memory-search" />
      </label>
      <label className="block text-xs font-medium text-slate-700">
        Page
        <select name="page" defaultValue={filter.page ?? ""} className={field} data-testid="memory-page-filter">
          <option value="">Any page</option>
          {pages.map((page) => (
            <option key={page.id} value={page.id}>
              {page.title}
            </option>
          ))}
        </select>
      </label>
      <label className="block text-xs font-medium text-slate-700">
        Status
        <select name="status" defaultValue={filter.status} className={field} data-testid="memory-status-filter">
          {Object.entries(STATUS_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label className="block text-xs font-medium text-slate-700">
        Thread
        <select name="thread" defaultValue={filter.thread ?? ""} className={field} data-testid="memory-thread-filter">
          <option value="">Any thread</option>
          {threads.map((thread) => (
            <option key={thread.id} value={thread.id}>
              {thread.title}
            </option>
          ))}
        </select>
      </label>
      <div className="flex items-end gap-2">
        <button type="submit" className="rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-500" data-testid="memory-apply">
          Search
        </button>
        <Link href="/memory" className="rounded-md px-2 py-1.5 text-sm text-slate-700 underline">
          Clear
        </Link>
      </div>
    </form>
  );
}
