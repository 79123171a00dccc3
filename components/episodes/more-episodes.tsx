"use client";

import { TimelineItem, withinFold, type FoldRange, type TimelineEpisode } from "@/components/episodes/timeline-item";
import { fetchJson, LoadMoreList } from "@/components/ui/load-more";

type Fetched = { episodes: TimelineEpisode[]; nextAfterSeq: number | null; pageIds: Record<string, string> };

/** The timeline's later lines, a page at a time after the ones the server rendered. */
export function MoreEpisodes({
  threadId,
  afterSeq,
  inBuffer,
  folds,
}: {
  threadId: string;
  afterSeq: number | null;
  inBuffer: Record<string, string>;
  folds: FoldRange[];
}) {
  const fetchPage = async (after: number) => {
    const body = await fetchJson<Fetched>(`/api/threads/${threadId}/episodes?after=${after}`);
    return { items: body.episodes.map((episode) => ({ episode, pageIds: body.pageIds })), next: body.nextAfterSeq };
  };
  return (
    <LoadMoreList next={afterSeq} fetchPage={fetchPage} label="Show later episodes" testId="more-episodes">
      {(lines) =>
        lines.map(({ episode, pageIds }) => (
          <TimelineItem key={episode.id} threadId={threadId} episode={episode} reason={inBuffer[episode.id]} viaFold={withinFold(episode, folds)} pageIds={pageIds} />
        ))
      }
    </LoadMoreList>
  );
}
