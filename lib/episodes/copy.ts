import type { Tx } from "@/lib/db/client";
import type { CopiedIds } from "@/lib/db/ids";

/**
 * Copies the episodes, pointers and folds of a workspace's own threads,
 * under copied ids; the threads and the facts pointed at must be copied
 * first. The pointers' triggers count each episode's marks again.
 */
export async function copyEpisodes(tx: Tx, fromWorkspaceId: string, ids: CopiedIds): Promise<void> {
  const ofThreads = { thread: { workspaceId: fromWorkspaceId, visitorId: null } };
  const episodes = await tx.episode.findMany({ where: ofThreads });
  await tx.episode.createMany({ data: episodes.map((episode) => ({ ...episode, id: ids.of(episode.id), threadId: ids.of(episode.threadId) })) });
  const pointers = await tx.episodeFact.findMany({ where: { episode: ofThreads } });
  await tx.episodeFact.createMany({ data: pointers.map((pointer) => ({ episodeId: ids.of(pointer.episodeId), factId: ids.of(pointer.factId) })) });
  const folds = await tx.episodeFold.findMany({ where: ofThreads });
  await tx.episodeFold.createMany({ data: folds.map((fold) => ({ ...fold, id: ids.of(fold.id), threadId: ids.of(fold.threadId) })) });
}
