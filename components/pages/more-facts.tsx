"use client";

import Link from "next/link";
import { FactItem } from "@/components/pages/fact-item";
import { dayRange, seqRange } from "@/components/ui/format";
import { fetchJson, LoadMoreList } from "@/components/ui/load-more";
import { messageHref, threadHref } from "@/components/ui/routes";
import type { FactGroup } from "@/lib/pages/queries";

type FetchedFact = Parameters<typeof FactItem>[0]["fact"];

/** The rest of one fact group, a page at a time after the facts the server rendered. */
export function MoreFacts({ pageId, group, next }: { pageId: string; group: FactGroup; next: string | null }) {
  const fetchPage = async (cursor: string) => {
    const query = new URLSearchParams({ group, cursor });
    const body = await fetchJson<{ facts: FetchedFact[]; next: string | null }>(`/api/pages/${pageId}/facts?${query}`);
    return { items: body.facts, next: body.next };
  };
  return (
    <LoadMoreList next={next} fetchPage={fetchPage} label="Show more facts" testId={`more-facts-${group}`}>
      {(facts) => facts.map((fact) => <FactItem key={fact.id} fact={fact} />)}
    </LoadMoreList>
  );
}

export type PageEpisode = {
  id: string;
  gist: string;
  fromSeq: number;
  toSeq: number;
  fromAt: Date | string;
  toAt: Date | string;
  thread: { id: string; title: string };
};

/** One episode that points at the page, with links to its thread and its messages. */
export function PageEpisodeItem({ episode }: { episode: PageEpisode }) {
  return (
    <li className="rounded-lg bg-white p-3 text-sm shadow-sm ring-1 ring-slate-200" data-testid="page-episode">
      <p>{episode.gist}</p>
      <p className="mt-1 text-xs text-slate-500">
        <Link href={threadHref(episode.thread.id)} className="text-indigo-700 underline underline-offset-2">
          {episode.thread.title}
        </Link>{" "}
        · {dayRange(episode.fromAt, episode.toAt)} ·{" "}
        <Link href={messageHref(episode.thread.id, episode.fromSeq)} className="text-indigo-700 underline underline-offset-2">
          {seqRange(episode.fromSeq, episode.toSeq)}
        </Link>
      </p>
    </li>
  );
}

/** Older episodes pointing at the page, a page at a time after the ones the server rendered. */
export function MorePageEpisodes({ pageId, next }: { pageId: string; next: string | null }) {
  const fetchPage = async (cursor: string) => {
    const body = await fetchJson<{ episodes: PageEpisode[]; next: string | null }>(`/api/pages/${pageId}/episodes?cursor=${encodeURIComponent(cursor)}`);
    return { items: body.episodes, next: body.next };
  };
  return (
    <LoadMoreList next={next} fetchPage={fetchPage} label="Show more episodes" testId="more-page-episodes">
      {(episodes) => episodes.map((episode) => <PageEpisodeItem key={episode.id} episode={episode} />)}
    </LoadMoreList>
  );
}
