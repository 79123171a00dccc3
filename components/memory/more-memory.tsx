"use client";

import { FactItem } from "@/components/pages/fact-item";
import { fetchJson, LoadMoreButton, useLoadMore } from "@/components/ui/load-more";

type FetchedFact = Parameters<typeof FactItem>[0]["fact"];

/** The Memory screen's older facts under the same filter, a page at a time after the ones the server rendered. */
export function MoreMemory({ query, next }: { query: string; next: string | null }) {
  const more = useLoadMore(next, async (cursor: string) => {
    const params = new URLSearchParams(query);
    params.set("cursor", cursor);
    const body = await fetchJson<{ facts: FetchedFact[]; next: string | null }>(`/api/memory?${params}`);
    return { items: body.facts, next: body.next };
  });
  return (
    <>
      {more.items.map((fact) => (
        <FactItem key={fact.id} fact={fact} showPage />
      ))}
      {more.hasMore && (
        <li>
          <LoadMoreButton label="Show older facts" testId="more-memory" loading={more.loading} error={more.error} onClick={() => void more.loadMore()} />
        </li>
      )}
    </>
  );
}
