"use client";

import { fetchJson, LoadMoreButton, useLoadMore } from "@/components/ui/load-more";
import { ThreadListItem } from "@/components/shell/nav-links";

type ListedThread = { id: string; title: string; kind: "OWNER" | "SUPPORT"; lastSeq: number };

/** The sidebar's older threads, a page at a time after the ones the server rendered. */
export function MoreThreads({ next }: { next: string | null }) {
  const more = useLoadMore(next, async (cursor: string) => {
    const body = await fetchJson<{ threads: ListedThread[]; next: string | null }>(`/api/threads?cursor=${encodeURIComponent(cursor)}`);
    return { items: body.threads, next: body.next };
  });
  return (
    <>
      {more.items.map((thread) => (
        <ThreadListItem key={thread.id} thread={thread} />
      ))}
      {more.hasMore && (
        <li>
          <LoadMoreButton label="Show more threads" testId="more-threads" loading={more.loading} error={more.error} onClick={() => void more.loadMore()} />
        </li>
      )}
    </>
  );
}
