import type { Db, Tx } from "@/lib/db/client";
import type { Episode } from "@/lib/db/generated/client";
import type { EpisodeLine } from "@/lib/episodes/types";

export type EpisodeToSave = {
  threadId: string;
  fromSeq: number;
  toSeq: number;
  fromAt: Date;
  toAt: Date;
  gist: string;
  /** False while the stretch is still open: the next pass extends it. */
  closed: boolean;
  /** The facts the memory pass actually wrote: the episode's pointers. */
  factIds: string[];
};

/** Each fact's page title, in filing order. */
async function pagesOf(tx: Tx, factIds: string[]): Promise<{ factId: string; page: string }[]> {
  if (factIds.length === 0) return [];
  return tx.$queryRaw<{ factId: string; page: string }[]>`
    SELECT f.id AS "factId", p.title AS page FROM "Fact" f JOIN "Page" p ON p.id = f."pageId"
    WHERE f.id = ANY(${factIds}::text[]) ORDER BY f."createdAt", f.id`;
}

/**
 * Keyed by (thread, toSeq): a retried pass over the same stretch replaces its
 * record. The pointers' page titles are stored on the episode as it is
 * written, so reading a line back needs no join; they come back with it.
 */
export async function saveEpisode(tx: Tx, episode: EpisodeToSave) {
  const { factIds, ...fields } = episode;
  const pointers = await pagesOf(tx, [...new Set(factIds)]);
  const data = { ...fields, pages: [...new Set(pointers.map((p) => p.page))] };
  const saved = await tx.episode.upsert({
    where: { threadId_toSeq: { threadId: episode.threadId, toSeq: episode.toSeq } },
    create: data,
    update: data,
  });
  await tx.episodeFact.deleteMany({ where: { episodeId: saved.id } });
  if (pointers.length > 0) await tx.episodeFact.createMany({ data: pointers.map(({ factId }) => ({ episodeId: saved.id, factId })) });
  return { episode: saved, pointers };
}

export function toLine(episode: Pick<Episode, "id" | "fromSeq" | "toSeq" | "fromAt" | "toAt" | "gist" | "pages">): EpisodeLine {
  const { id, fromSeq, toSeq, fromAt, toAt, gist, pages } = episode;
  return { id, fromSeq, toSeq, fromAt, toAt, gist, pages };
}

/** The thread's first consolidated stretch: what the conversation was started for. */
export async function readFirstEpisode(db: Db, threadId: string): Promise<EpisodeLine | null> {
  const first = await db.episode.findFirst({ where: { threadId }, orderBy: { toSeq: "asc" } });
  return first ? toLine(first) : null;
}

/** The n stretches that ended just before `beforeSeq`, newest first (§06.3 reads exactly n). */
export async function readRecentEpisodes(db: Db, threadId: string, beforeSeq: number, n: number): Promise<EpisodeLine[]> {
  const recent = await db.episode.findMany({ where: { threadId, toSeq: { lt: beforeSeq } }, orderBy: { toSeq: "desc" }, take: n });
  return recent.map(toLine);
}

/** Every episode of a thread, oldest first, for its timeline. */
export async function listEpisodes(db: Db, threadId: string): Promise<EpisodeLine[]> {
  const all = await db.episode.findMany({ where: { threadId }, orderBy: { toSeq: "asc" } });
  return all.map(toLine);
}
