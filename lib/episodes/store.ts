import type { BufferMark, EpisodeLine, EpisodeRecord } from "episodic-buffer";
import type { Db, Tx } from "@/lib/db/client";
import type { Episode, EpisodeFold } from "@/lib/db/generated/client";
import { factPages } from "@/lib/episodes/sql";
import { pageIdsByTitle } from "@/lib/pages/queries";

/** The package's episode record, its pointers fact ids, and what the app keeps beside it. */
export type EpisodeToSave = Omit<EpisodeRecord, "pointers"> & {
  /** False while the stretch is still open: the next pass extends it. */
  closed: boolean;
  /** The facts the memory pass actually wrote: the episode's pointers. */
  factIds: string[];
  /** An extended stretch keeps the owner's wording of the line it grew from; left out, a retried pass leaves it as it is. */
  ownerGist?: string | null;
  ownerEditedAt?: Date | null;
};

/** Each fact's page title, in filing order. */
export async function pagesOf(tx: Tx, factIds: string[]): Promise<{ factId: string; page: string }[]> {
  if (factIds.length === 0) return [];
  return tx.$queryRawTyped(factPages(factIds));
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

/** How many pointers a line has, and how many of those records were rejected or superseded since. */
export type PointerCounts = { pointers: number; rejected: number; superseded: number; ownerEdited: boolean };

/**
 * What a line must say about its records (§10 reconsolidation): a line whose
 * every pointer the owner rejected says so, and so does one pointing at a
 * value corrected or replaced since; the owner's own wording is marked as his.
 */
export function lineMarks(counts: PointerCounts): BufferMark[] {
  const rejected = counts.pointers > 0 && counts.rejected === counts.pointers;
  return [
    ...(rejected ? (["rejected"] as const) : []),
    ...(!rejected && counts.superseded > 0 ? (["corrected"] as const) : []),
    ...(counts.ownerEdited ? (["owner-edit"] as const) : []),
  ];
}

type LineFields = Pick<Episode, "id" | "fromSeq" | "toSeq" | "fromAt" | "toAt" | "gist" | "pages"> & { ownerGist?: string | null };

/** The owner's wording, when he gave one, is what the line shows. */
export function toLine(episode: LineFields, marks: BufferMark[] = []): EpisodeLine {
  const { id, fromSeq, toSeq, fromAt, toAt, gist, pages } = episode;
  return { id, fromSeq, toSeq, fromAt, toAt, gist: episode.ownerGist ?? gist, pages, marks };
}

export function foldLine(fold: Pick<EpisodeFold, "id" | "fromSeq" | "toSeq" | "fromAt" | "toAt" | "gist" | "pages">): EpisodeLine {
  return toLine(fold);
}

/** A line with its marks, from the pointer counts the episode keeps (triggers refresh them; see the episode_pointer_marks migration). */
const markedLine = (episode: Episode) =>
  toLine(
    episode,
    lineMarks({
      pointers: episode.pointerCount,
      rejected: episode.rejectedPointers,
      superseded: episode.supersededPointers,
      ownerEdited: episode.ownerGist !== null,
    }),
  );

/** The thread's first stretch, as the buffer reads it; null when none was filed yet. */
export async function firstEpisode(db: Tx, threadId: string): Promise<EpisodeLine | null> {
  const first = await db.episode.findFirst({ where: { threadId }, orderBy: { toSeq: "asc" } });
  return first && markedLine(first);
}

/** At most `limit` episodes ending before message `beforeSeq`, newest first. */
export async function episodesBefore(db: Tx, threadId: string, beforeSeq: number, limit: number): Promise<EpisodeLine[]> {
  const rows = await db.episode.findMany({ where: { threadId, toSeq: { lt: beforeSeq } }, orderBy: { toSeq: "desc" }, take: limit });
  return rows.map(markedLine);
}

/** Every fold of a thread, oldest first, with how many episodes each covers. */
export async function listFolds(db: Db, threadId: string): Promise<(EpisodeLine & { episodes: number })[]> {
  const all = await db.episodeFold.findMany({ where: { threadId }, orderBy: { toSeq: "asc" } });
  return all.map((f) => ({ ...foldLine(f), episodes: f.episodes }));
}

/** The stretch that ended just before `seq`, with its pointers, when it is still open (a pass may extend it); null otherwise. */
export async function openEpisodeBefore(db: Db, threadId: string, seq: number) {
  const latest = await db.episode.findFirst({
    where: { threadId, toSeq: { lt: seq } },
    orderBy: { toSeq: "desc" },
    include: { pointers: { select: { factId: true } } },
  });
  return latest && !latest.closed ? latest : null;
}

export type OpenEpisode = NonNullable<Awaited<ReturnType<typeof openEpisodeBefore>>>;

/** Closes a stretch as it stood: its line stays, and the next messages open a new one. */
export async function closeEpisode(tx: Tx, episodeId: string): Promise<void> {
  await tx.episode.update({ where: { id: episodeId }, data: { closed: true } });
}

/** Removes an episode row, so the extended stretch it grew into is saved under its new (thread, toSeq). */
export async function deleteEpisode(tx: Tx, episodeId: string): Promise<void> {
  await tx.episode.delete({ where: { id: episodeId } });
}

/**
 * What a fold could next cover: the first `take` episodes after the newest
 * fold (and after the thread's first stretch, which the buffer always shows
 * as it is), oldest first, with `after`, the seq they follow. Null for a
 * thread with no episode yet.
 */
export async function episodesAfterNewestFold(db: Db, threadId: string, take: number): Promise<{ after: number; next: Episode[] } | null> {
  const [first, lastFold] = await Promise.all([
    db.episode.findFirst({ where: { threadId }, orderBy: { toSeq: "asc" }, select: { toSeq: true } }),
    db.episodeFold.findFirst({ where: { threadId }, orderBy: { toSeq: "desc" }, select: { toSeq: true } }),
  ]);
  if (!first) return null;
  const after = Math.max(first.toSeq, lastFold?.toSeq ?? 0);
  return { after, next: await db.episode.findMany({ where: { threadId, fromSeq: { gt: after } }, orderBy: { toSeq: "asc" }, take }) };
}

/** Dates the episodes ending at or after `fromSeq` at `at`, like the turns they cover (see redateMessages). */
export async function redateEpisodesFrom(db: Db, threadId: string, fromSeq: number, at: Date): Promise<void> {
  await db.episode.updateMany({ where: { threadId, toSeq: { gte: fromSeq } }, data: { fromAt: at, toAt: at } });
}

export type FoldToSave = Omit<EpisodeFold, "id" | "createdAt">;

/** Keyed by (thread, toSeq): a retried fold over the same episodes replaces itself. */
export async function saveFold(tx: Tx, fold: FoldToSave): Promise<EpisodeFold> {
  return tx.episodeFold.upsert({ where: { threadId_toSeq: { threadId: fold.threadId, toSeq: fold.toSeq } }, create: fold, update: fold });
}

/**
 * The owner's own wording of a line, recorded as his edit (null gives the
 * line back to the memory pass). It is a column of its own, so a retried
 * pass, which rewrites the gist, keeps it.
 */
export async function editEpisodeLine(db: Db, workspaceId: string, episodeId: string, text: string | null): Promise<Episode | null> {
  const changed = await db.episode.updateMany({
    where: { id: episodeId, thread: { workspaceId, kind: "OWNER" } },
    data: { ownerGist: text, ownerEditedAt: text === null ? null : new Date() },
  });
  return changed.count === 0 ? null : db.episode.findUniqueOrThrow({ where: { id: episodeId } });
}

/** A timeline's line: the episode as the buffer reads it, and the memory pass's own wording beside the owner's. */
export type TimelineLine = EpisodeLine & { ownerEditedAt: Date | null; machineGist: string };

/** Episodes a timeline shows at a time. */
export const EPISODES_PER_PAGE = 30;

/**
 * A thread's episodes, oldest first, with their marks and whether the owner
 * reworded them, `limit` at a time from the one ending at `afterSeq`;
 * `nextAfterSeq` continues the timeline, null at its end.
 */
export async function listEpisodes(
  db: Db,
  threadId: string,
  { afterSeq = 0, limit = EPISODES_PER_PAGE }: { afterSeq?: number; limit?: number } = {},
): Promise<{ items: TimelineLine[]; nextAfterSeq: number | null }> {
  const rows = await db.episode.findMany({ where: { threadId, toSeq: { gt: afterSeq } }, orderBy: { toSeq: "asc" }, take: limit + 1 });
  const items = rows.slice(0, limit).map((e) => ({ ...markedLine(e), ownerEditedAt: e.ownerEditedAt, machineGist: e.gist }));
  return { items, nextAfterSeq: rows.length > limit ? items[items.length - 1].toSeq : null };
}

/**
 * How many episodes end before `beforeSeq`, leaving out the ones named and
 * those inside the stretches given (folds the buffer shows): the buffer's
 * gap, counted without reading it.
 */
export function countEpisodes(
  db: Db,
  threadId: string,
  { beforeSeq, except = [], outside = [] }: { beforeSeq?: number; except?: string[]; outside?: { fromSeq: number; toSeq: number }[] } = {},
): Promise<number> {
  return db.episode.count({
    where: { threadId, toSeq: { lt: beforeSeq }, id: { notIn: except }, NOT: outside.map((f) => ({ fromSeq: { gte: f.fromSeq }, toSeq: { lte: f.toSeq } })) },
  });
}

/** A page of the timeline with the ids of the pages its lines (and `alsoPages`) point at, so each can link them. */
export async function timelinePage(db: Db, workspaceId: string, threadId: string, afterSeq = 0, alsoPages: string[] = []) {
  const page = await listEpisodes(db, threadId, { afterSeq });
  return { ...page, pageIds: await pageIdsByTitle(db, workspaceId, [...page.items.flatMap((e) => e.pages), ...alsoPages]) };
}
