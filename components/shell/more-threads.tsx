"use client";

import { fetchJson, LoadMoreList } from "@/components/ui/load-more";
import { ThreadListItem, type ListedThread } from "@/components/shell/nav-links";
import { byDay } from "@/components/shell/thread-days";

/** The sidebar's older threads, a page at a time after the ones the server rendered; `lastDay` is the day heading they continue from. */
export function MoreThreads({ next, lastDay }: { next: string | null; lastDay: string | null }) {
  const fetchPage = async (cursor: string) => {
    const body = await fetchJson<{ threads: ListedThread[]; next: string | null }>(`/api/threads?cursor=${encodeURIComponent(cursor)}`);
    return { items: body.threads, next: body.next };
  };
  return (
    <LoadMoreList next={next} fetchPage={fetchPage} label="Show more threads" testId="more-threads">
      {(threads) => byDay(threads, new Date(), lastDay).map(({ thread, heading }) => <ThreadListItem key={thread.id} thread={thread} heading={heading} />)}
    </LoadMoreList>
  );
}
