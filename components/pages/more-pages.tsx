"use client";

import { PageCard } from "@/components/pages/page-card";
import { fetchJson, LoadMoreList } from "@/components/ui/load-more";
import type { PageSummary } from "@/lib/pages/queries";

type ListedPage = Omit<PageSummary, "updatedAt"> & { updatedAt: string };

/** Pages changed longer ago, a page of them at a time after the ones the server rendered. */
export function MorePages({ next }: { next: string | null }) {
  const fetchPage = async (cursor: string) => {
    const body = await fetchJson<{ pages: ListedPage[]; next: string | null }>(`/api/pages?cursor=${encodeURIComponent(cursor)}`);
    return { items: body.pages, next: body.next };
  };
  return (
    <LoadMoreList next={next} fetchPage={fetchPage} label="Show more pages" testId="more-pages" buttonClassName="sm:col-span-2 xl:col-span-3">
      {(pages) => pages.map((page) => <PageCard key={page.id} page={page} />)}
    </LoadMoreList>
  );
}
