"use client";

import { PageCard } from "@/components/pages/page-card";
import { fetchJson, LoadMoreButton, useLoadMore } from "@/components/ui/load-more";
import type { PageSummary } from "@/lib/pages/queries";

type ListedPage = Omit<PageSummary, "updatedAt"> & { updatedAt: string };

/** Pages changed longer ago, a page of them at a time after the ones the server rendered. */
export function MorePages({ next }: { next: string | null }) {
  const more = useLoadMore(next, async (cursor: string) => {
    const body = await fetchJson<{ pages: ListedPage[]; next: string | null }>(`/api/pages?cursor=${encodeURIComponent(cursor)}`);
    return { items: body.pages, next: body.next };
  });
  return (
    <>
      {more.items.map((page) => (
        <PageCard key={page.id} page={page} />
      ))}
      {more.hasMore && (
        <li className="sm:col-span-2 xl:col-span-3">
          <LoadMoreButton label="Show more pages" testId="more-pages" loading={more.loading} error={more.error} onClick={() => void more.loadMore()} />
        </li>
      )}
    </>
  );
}
