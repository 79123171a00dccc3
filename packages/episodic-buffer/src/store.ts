// Where episodes live, behind four calls: the read path needs the thread's
// first episode and the N ending before the window, the write path an upsert
// keyed by (thread, to), and a reader the records a line points at. Adapters:
// inMemoryEpisodeStore (memory.ts), postgresEpisodeStore (postgres.ts, plain
// SQL), and the reference app's Prisma adapter over its own tables.
import type { EpisodeLine } from "./types.ts";

/** A record a line points at, and the page it was filed on. */
export type Pointer = { id: string; page: string };

/** An episode as the memory pass writes it (design §06.1): one per consolidated stretch of a thread. */
export type EpisodeRecord = {
  threadId: string;
  fromSeq: number;
  /** With threadId, the record's key: a retried write over the same stretch replaces its record. */
  toSeq: number;
  fromAt: Date;
  toAt: Date;
  gist: string;
  /** The ids of the records the pass wrote (linePointers), never ones the model merely proposed. */
  pointers: string[];
};

/** An episode as stored: its id, and its pointers resolved to the pages they lead to, in filing order. */
export type SavedEpisode = Omit<EpisodeRecord, "pointers"> & { id: string; pointers: Pointer[] };

export interface EpisodeStore {
  /** The thread's first stretch (the lowest `toSeq`), or null when none was filed yet. */
  firstEpisode(threadId: string): Promise<EpisodeLine | null>;
  /** At most `limit` episodes ending before message `beforeSeq`, newest first. */
  episodesBefore(threadId: string, beforeSeq: number, limit: number): Promise<EpisodeLine[]>;
  /** Writes the episode keyed by (threadId, toSeq), replacing one written before under that key. */
  upsertEpisode(episode: EpisodeRecord): Promise<SavedEpisode>;
  /** The pages the given records were filed on, in filing order; a pointer naming nothing is left out. */
  resolvePointers(pointers: readonly string[]): Promise<Pointer[]>;
}

/** The page titles a line shows: each page once, in the order its records were filed. */
export function linePages(pointers: readonly Pointer[]): string[] {
  return [...new Set(pointers.map((p) => p.page))];
}
