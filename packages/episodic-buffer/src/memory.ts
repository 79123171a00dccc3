import { linePages, type EpisodeRecord, type EpisodeStore, type Pointer, type SavedEpisode } from "./store.ts";
import type { EpisodeLine } from "./types.ts";

export type InMemoryOptions = {
  /** The page a record was filed on; null when the record does not exist. Unless given, a pointer is the page's own title. */
  pageOf?: (pointer: string) => string | null;
};

/** A store that keeps episodes in this process: for tests, examples and agents whose memory lives in memory too. */
export function inMemoryEpisodeStore({ pageOf = (pointer) => pointer }: InMemoryOptions = {}): EpisodeStore & {
  /** Every episode of a thread, oldest first. */
  episodes(threadId: string): SavedEpisode[];
} {
  const threads = new Map<string, Map<number, SavedEpisode>>();
  let next = 1;
  const ofThread = (threadId: string) => [...(threads.get(threadId)?.values() ?? [])].sort((a, b) => a.toSeq - b.toSeq);
  const line = (e: SavedEpisode): EpisodeLine => ({ id: e.id, fromSeq: e.fromSeq, toSeq: e.toSeq, fromAt: e.fromAt, toAt: e.toAt, gist: e.gist, pages: linePages(e.pointers), marks: [] });
  const resolve = (pointers: readonly string[]): Pointer[] =>
    [...new Set(pointers)].flatMap((id) => {
      const page = pageOf(id);
      return page === null ? [] : [{ id, page }];
    });

  return {
    async firstEpisode(threadId) {
      const first = ofThread(threadId)[0];
      return first ? line(first) : null;
    },
    async episodesBefore(threadId, beforeSeq, limit) {
      return ofThread(threadId)
        .filter((e) => e.toSeq < beforeSeq)
        .reverse()
        .slice(0, Math.max(0, limit))
        .map(line);
    },
    async upsertEpisode({ pointers, ...episode }: EpisodeRecord) {
      const thread = threads.get(episode.threadId) ?? new Map<number, SavedEpisode>();
      threads.set(episode.threadId, thread);
      const saved: SavedEpisode = { ...episode, id: thread.get(episode.toSeq)?.id ?? `episode-${next++}`, pointers: resolve(pointers) };
      thread.set(episode.toSeq, saved);
      return saved;
    },
    async resolvePointers(pointers) {
      return resolve(pointers);
    },
    episodes: ofThread,
  };
}
