import type { EpisodeRecord, EpisodeStore, SavedEpisode } from "episodic-buffer";
import type { Db, Tx } from "@/lib/db/client";
import { episodesBefore, firstEpisode, pagesOf, saveEpisode, type EpisodeToSave } from "@/lib/episodes/store";

/** What the app's memory pass writes beyond the package's record: whether the stretch closed, and the owner's wording an extended stretch keeps. */
export type AppEpisodeRecord = EpisodeRecord & Partial<Pick<EpisodeToSave, "closed" | "ownerGist" | "ownerEditedAt">>;

/**
 * The episodic-buffer package's store over the app's own tables (Episode,
 * with its pointers in EpisodeFact, each a fact id leading to the fact's
 * page): the memory pass writes its line through it. Given a transaction
 * (`{ tx }`), it writes in it; given the client (`{ db }`), each write is a
 * transaction of its own. The turn's read path does not go through it: it
 * reads the window and the buffer's episodes in one statement (lib/buffer/read.ts).
 */
export function prismaEpisodeStore(client: { db: Db } | { tx: Tx }): EpisodeStore & { upsertEpisode(episode: AppEpisodeRecord): Promise<SavedEpisode> } {
  const db = "tx" in client ? client.tx : client.db;
  const write = <T>(run: (tx: Tx) => Promise<T>) => ("tx" in client ? run(client.tx) : client.db.$transaction(run));
  return {
    firstEpisode: (threadId) => firstEpisode(db, threadId),
    episodesBefore: (threadId, beforeSeq, limit) => episodesBefore(db, threadId, beforeSeq, limit),
    async upsertEpisode({ pointers, closed = true, ...episode }: AppEpisodeRecord) {
      const saved = await write((tx) => saveEpisode(tx, { ...episode, closed, factIds: pointers }));
      const { id, threadId, fromSeq, toSeq, fromAt, toAt, gist } = saved.episode;
      return { id, threadId, fromSeq, toSeq, fromAt, toAt, gist, pointers: saved.pointers.map((p) => ({ id: p.factId, page: p.page })) };
    },
    async resolvePointers(pointers) {
      return (await pagesOf(db, [...new Set(pointers)])).map((p) => ({ id: p.factId, page: p.page }));
    },
  };
}
