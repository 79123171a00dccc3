import type { Db, Tx } from "@/lib/db/client";
import type { Episode } from "@/lib/db/generated/client";
import type { EpisodeLine } from "@/lib/episodes/types";
import { pageIdsByTitle } from "@/lib/pages/queries";

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

/** The pages the facts were filed into, in filing order, each once. */
async function pageTitlesOf(tx: Tx, factIds: string[]): Promise<string[]> {
  if (factIds.length === 0) return [];
  const facts = await tx.fact.findMany({
    where: { id: { in: factIds } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { page: { select: { title: true } } },
  });
  return [...new Set(facts.map((f) => f.page.title))];
}

/**
 * Keyed by (thread, toSeq): a retried pass over the same stretch replaces its
 * record. The pointers' page titles are stored on the episode as it is
 * written, so reading a line back needs no join.
 */
export async function saveEpisode(tx: Tx, episode: EpisodeToSave) {
  const { factIds, ...fields } = episode;
  const ids = [...new Set(factIds)];
  const data = { ...fields, pages: await pageTitlesOf(tx, ids) };
  const saved = await tx.episode.upsert({
    where: { threadId_toSeq: { threadId: episode.threadId, toSeq: episode.toSeq } },
    create: data,
    update: data,
  });
  await tx.episodeFact.deleteMany({ where: { episodeId: saved.id } });
  await tx.episodeFact.createMany({ data: ids.map((factId) => ({ episodeId: saved.id, factId })) });
  return saved;
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

/** Episodes a timeline shows at a time. */
export const EPISODES_PER_PAGE = 30;

/**
 * A thread's episodes, oldest first, `limit` at a time from the one ending
 * at `afterSeq`; `nextAfterSeq` continues the timeline, null at its end.
 */
export async function listEpisodes(
  db: Db,
  threadId: string,
  { afterSeq = 0, limit = EPISODES_PER_PAGE }: { afterSeq?: number; limit?: number } = {},
): Promise<{ items: EpisodeLine[]; nextAfterSeq: number | null }> {
  const rows = await db.episode.findMany({ where: { threadId, toSeq: { gt: afterSeq } }, orderBy: { toSeq: "asc" }, take: limit + 1 });
  const items = rows.slice(0, limit).map(toLine);
  return { items, nextAfterSeq: rows.length > limit ? items[items.length - 1].toSeq : null };
}

/** How many episodes end before `beforeSeq`, leaving out the ones named: the buffer's gap, counted without reading it. */
export function countEpisodes(db: Db, threadId: string, { beforeSeq, except = [] }: { beforeSeq?: number; except?: string[] } = {}): Promise<number> {
  return db.episode.count({ where: { threadId, toSeq: { lt: beforeSeq }, id: { notIn: except } } });
}

/** A page of the timeline with the ids of the pages its lines point at, so each can link them. */
export async function timelinePage(db: Db, workspaceId: string, threadId: string, afterSeq = 0) {
  const page = await listEpisodes(db, threadId, { afterSeq });
  return { ...page, pageIds: await pageIdsByTitle(db, workspaceId, page.items.flatMap((e) => e.pages)) };
}
