"use client";

import { useState, type ReactNode } from "react";

/** What a paged endpoint answers: one stretch of a list and where the next one starts, null at the end. */
export type FetchedPage<T, C> = { items: T[]; next: C | null };

/** GETs a paged endpoint's JSON, or throws a sentence saying why it could not. */
export async function fetchJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { cache: "no-store" }).catch(() => null);
  if (!response) throw new Error("Could not reach the server; check the connection.");
  const body = (await response.json().catch(() => null)) as ({ error?: string } & T) | null;
  if (!response.ok || !body) throw new Error(body?.error ?? `The server answered ${response.status}.`);
  return body;
}

/**
 * Items a server-rendered list did not include, fetched a page at a time from
 * the cursor the server handed over: the rendered ones stay as they are.
 */
function useLoadMore<T, C>(first: C | null, fetchPage: (cursor: C) => Promise<FetchedPage<T, C>>) {
  const [items, setItems] = useState<T[]>([]);
  const [next, setNext] = useState(first);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function loadMore() {
    if (next === null || loading) return;
    setLoading(true);
    setError(null);
    try {
      const page = await fetchPage(next);
      setItems((known) => [...known, ...page.items]);
      setNext(page.next);
    } catch (reason) {
      setError((reason as Error).message);
    } finally {
      setLoading(false);
    }
  }
  return { items, hasMore: next !== null, loading, error, loadMore };
}

/** The button under (or above) a paged list, with its progress and any failure to load. */
function LoadMoreButton({
  label,
  testId,
  loading,
  error,
  onClick,
}: {
  label: string;
  testId: string;
  loading: boolean;
  error: string | null;
  onClick: () => void;
}) {
  return (
    <div className="flex flex-col items-center gap-1 py-2">
      <button
        type="button"
        onClick={onClick}
        disabled={loading}
        aria-busy={loading}
        className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-xs font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-60"
        data-testid={testId}
      >
        {loading ? "Loading…" : label}
      </button>
      {error && (
        <p role="alert" className="text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The rest of a server-rendered list, fetched a page at a time from the
 * cursor the server handed over (`next`), with its "show more" button as the
 * list's last item. `children` renders what was fetched so far.
 */
export function LoadMoreList<T, C>({
  next,
  fetchPage,
  label,
  testId,
  buttonClassName,
  children,
}: {
  next: C | null;
  fetchPage: (cursor: C) => Promise<FetchedPage<T, C>>;
  label: string;
  testId: string;
  /** The button's list item, in a grid that it should span. */
  buttonClassName?: string;
  children: (items: T[]) => ReactNode;
}) {
  const more = useLoadMore(next, fetchPage);
  return (
    <>
      {children(more.items)}
      {more.hasMore && (
        <li className={buttonClassName}>
          <LoadMoreButton label={label} testId={testId} loading={more.loading} error={more.error} onClick={() => void more.loadMore()} />
        </li>
      )}
    </>
  );
}
