"use client";

import { FactItem } from "@/components/pages/fact-item";
import { fetchJson, LoadMoreList } from "@/components/ui/load-more";

type FetchedFact = Parameters<typeof FactItem>[0]["fact"];

/** The Memory screen's older facts under the same filter, a page at a time after the ones the server rendered. */
export function MoreMemory({ query, next }: { query: string; next: string | null }) {
  const fetchPage = async (cursor: string) => {
    const params = new URLSearchParams(query);
    params.set("cursor", cursor);
    const body = await fetchJson<{ facts: FetchedFact[]; next: string | null }>(`/api/memory?${params}`);
    return { items: body.facts, next: body.next };
  };
  return (
    <LoadMoreList next={next} fetchPage={fetchPage} label="Show older facts" testId="more-memory">
      {(facts) => facts.map((fact) => <FactItem key={fact.id} fact={fact} showPage />)}
    </LoadMoreList>
  );
}
