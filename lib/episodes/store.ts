import type { Db, Tx } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
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

/** Keyed by (thread, toSeq): a retried pass over the same stretch replaces its record. */
export async function saveEpisode(tx: Tx, episode: EpisodeToSave) {
  const { factIds, ...fields } = episode;
  const saved = await tx.episode.upsert({
    where: { threadId_toSeq: { threadId: episode.threadId, toSeq: episode.toSeq } },
    create: fields,
    update: fields,
  });
  await tx.episodeFact.deleteMany({ where: { episodeId: saved.id } });
  await tx.episodeFact.createMany({ data: [...new Set(factIds)].map((factId) => ({ episodeId: saved.id, factId })) });
  return saved;
}

const withPages = {
  pointers: { select: { fact: { select: { createdAt: true, page: { select: { title: true } } } } } },
} as const;

type EpisodeWithPages = Prisma.EpisodeGetPayload<{ include: typeof withPages }>;

function toLine(episode: EpisodeWithPages): EpisodeLine {
  const filed = [...episode.pointers].sort((a, b) => a.fact.createdAt.getTime() - b.fact.createdAt.getTime());
  return {
    id: episode.id,
    fromSeq: episode.fromSeq,
    toSeq: episode.toSeq,
    fromAt: episode.fromAt,
    toAt: episode.toAt,
    gist: episode.gist,
    pages: [...new Set(filed.map((p) => p.fact.page.title))],
  };
}

/** The thread's first consolidated stretch: what the conversation was started for. */
export async function readFirstEpisode(db: Db, threadId: string): Promise<EpisodeLine | null> {
  const first = await db.episode.findFirst({ where: { threadId }, orderBy: { toSeq: "asc" }, include: withPages });
  return first ? toLine(first) : null;
}

/** The n stretches that ended just before `beforeSeq`, newest first (§06.3 reads exactly n). */
export async function readRecentEpisodes(db: Db, threadId: string, beforeSeq: number, n: number): Promise<EpisodeLine[]> {
  const recent = await db.episode.findMany({
    where: { threadId, toSeq: { lt: beforeSeq } },
    orderBy: { toSeq: "desc" },
    take: n,
    include: withPages,
  });
  return recent.map(toLine);
}

/** Every episode of a thread, oldest first, for its timeline. */
export async function listEpisodes(db: Db, threadId: string): Promise<EpisodeLine[]> {
  const all = await db.episode.findMany({ where: { threadId }, orderBy: { toSeq: "asc" }, include: withPages });
  return all.map(toLine);
}
