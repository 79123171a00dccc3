import type { Db } from "@/lib/db/client";
import type { Episode } from "@/lib/db/generated/client";

// Episodes written by the thousand with their pointers, for a seeded world
// (the benchmark, the paging tests): closed, as the memory pass leaves a
// stretch it has moved past; the pointers' triggers count each one's marks.

/** An episode written in bulk, its id chosen by the caller, with the facts it points at. */
export type BulkEpisode = Pick<Episode, "id" | "threadId" | "fromSeq" | "toSeq" | "fromAt" | "toAt" | "gist" | "pages" | "createdAt"> & {
  factIds: readonly string[];
};

export async function saveEpisodesInBulk(db: Db, episodes: readonly BulkEpisode[]): Promise<void> {
  await db.$transaction([
    db.episode.createMany({ data: episodes.map(({ factIds: _factIds, ...episode }) => episode) }),
    db.episodeFact.createMany({ data: episodes.flatMap((episode) => episode.factIds.map((factId) => ({ episodeId: episode.id, factId }))) }),
  ]);
}
