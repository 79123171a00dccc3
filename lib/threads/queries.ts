import { afterKeyset, keysetPage, type Keyset, type KeysetPage } from "@/lib/contracts/cursor";
import type { Db, Tx } from "@/lib/db/client";
import type { Message, ThreadKind } from "@/lib/db/generated/client";
import { RequestError } from "@/lib/errors";
import type { NewThread, ThreadUpdate } from "@/lib/threads/schemas";

/** Messages a chat page loads at a time: more than a tall screen holds, few enough that the page stays under 100 KB however long the thread. */
export const MESSAGES_PER_PAGE = 50;

/** Threads the sidebar lists at a time; more come on demand. */
export const THREADS_PER_PAGE = 20;

const threadListing = { id: true, title: true, kind: true, updatedAt: true, lastSeq: true } as const;

export type ThreadListing = Awaited<ReturnType<typeof createThread>>;

/** The workspace's threads, most recently changed first, `limit` at a time from `after`. */
export async function listThreads(
  db: Db,
  workspaceId: string,
  { after, limit = THREADS_PER_PAGE }: { after?: Keyset; limit?: number } = {},
): Promise<KeysetPage<ThreadListing>> {
  const rows = await db.thread.findMany({
    where: { workspaceId, ...(after ? afterKeyset("updatedAt", after, "desc") : {}) },
    orderBy: [{ updatedAt: "desc" }, { id: "desc" }],
    take: limit + 1,
    select: threadListing,
  });
  return keysetPage(rows, limit, (t) => ({ at: t.updatedAt, id: t.id }));
}

/** Whether the thread's turn claim has not lapsed (turn-lease.ts's turnInFlight also frees a dead instance's claim). */
function claimUnexpired(thread: { turnLeaseUntil: Date | null }, now = new Date()): boolean {
  return thread.turnLeaseUntil !== null && thread.turnLeaseUntil > now;
}

/** What a turn needs of its thread: kind, workspace and the business's name (read as the turn claims it, in turn-lease.ts). */
export type TurnThread = { id: string; workspaceId: string; kind: ThreadKind; title: string; workspace: { name: string } };

/** The thread's own fields without its messages; null for another workspace's thread. */
export function findThreadSummary(db: Db, workspaceId: string, threadId: string) {
  return db.thread.findFirst({
    where: { id: threadId, workspaceId },
    select: { id: true, title: true, kind: true, lastSeq: true, consolidatedSeq: true, keepOutOfMemory: true, visitorId: true },
  });
}

/** A thread nobody has named yet; its first message names it. */
export const UNTITLED_THREAD = "New thread";

/** Long enough to tell threads apart in the sidebar, short enough for a file name. */
export const AUTO_TITLE_CHARS = 60;

/** A title from a first message: one line, cut at a word boundary when it is long. */
export function titleFromMessage(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  if (line.length <= AUTO_TITLE_CHARS) return line || UNTITLED_THREAD;
  const cut = line.slice(0, AUTO_TITLE_CHARS - 1);
  const atWord = cut.lastIndexOf(" ");
  return `${(atWord > AUTO_TITLE_CHARS / 2 ? cut.slice(0, atWord) : cut).replace(/[\s,.;:!?-]+$/, "")}…`;
}

/** Renames a thread of this workspace, or keeps it out of memory (or lets it back in); null when there is none with that id. */
export async function updateThread(db: Db, workspaceId: string, threadId: string, input: ThreadUpdate) {
  const { count } = await db.thread.updateMany({ where: { id: threadId, workspaceId }, data: input });
  return count === 0 ? null : findThreadSummary(db, workspaceId, threadId);
}

/**
 * Deletes a thread of this workspace with everything that came from it: its
 * messages, the facts filed from them, its episode lines and its turns'
 * traces (the foreign keys cascade). A thread answering a message right now
 * is refused, so no reply is saved into a thread that is gone.
 */
export async function deleteThread(db: Db, workspaceId: string, threadId: string): Promise<{ id: string; title: string }> {
  return db.$transaction(async (tx) => {
    const thread = await tx.thread.findFirst({ where: { id: threadId, workspaceId }, select: { id: true, title: true, turnLeaseUntil: true } });
    if (!thread) throw new RequestError("not_found:thread");
    if (claimUnexpired(thread)) throw new RequestError("conflict:turn");
    await tx.thread.delete({ where: { id: thread.id } });
    return { id: thread.id, title: thread.title };
  });
}

/** A new thread; `createdAt` dates one written for a story (the demo's) rather than now. */
export function createThread(db: Db | Tx, workspaceId: string, input: NewThread & { createdAt?: Date }) {
  return db.thread.create({
    data: { workspaceId, title: input.title ?? UNTITLED_THREAD, kind: input.kind, ...(input.createdAt ? { createdAt: input.createdAt } : {}) },
    select: threadListing,
  });
}

/** Deletes every thread of a workspace, with everything that came from them (the foreign keys cascade): a demo copy's reset. */
export async function deleteWorkspaceThreads(tx: Tx, workspaceId: string): Promise<void> {
  await tx.thread.deleteMany({ where: { workspaceId } });
}

/** A stretch of a thread's messages, oldest first, and whether any lie before or after it. */
export type MessageStretch = { messages: Message[]; hasOlder: boolean; hasNewer: boolean };

/** Which stretch to read: the latest, the one ending just before a seq, starting just after one, or centred on one. */
export type StretchAt = { latest: true } | { before: number } | { after: number } | { around: number };

/**
 * One stretch of a thread's messages by seq, `limit` at a time: each read is
 * an index range on (thread, seq), so it costs the same at message 10 as at
 * message 100,000.
 */
export async function readStretch(db: Db, threadId: string, at: StretchAt, limit = MESSAGES_PER_PAGE): Promise<MessageStretch> {
  const older = (beforeSeq: number | undefined, take: number) =>
    db.message.findMany({ where: { threadId, seq: { lt: beforeSeq } }, orderBy: { seq: "desc" }, take: take + 1 });
  const newer = (fromSeq: number, take: number) =>
    db.message.findMany({ where: { threadId, seq: { gte: fromSeq } }, orderBy: { seq: "asc" }, take: take + 1 });
  if ("around" in at) {
    const half = Math.floor(limit / 2);
    const [before, from] = await Promise.all([older(at.around, half), newer(at.around, limit - half)]);
    return {
      messages: [...before.slice(0, half).reverse(), ...from.slice(0, limit - half)],
      hasOlder: before.length > half,
      hasNewer: from.length > limit - half,
    };
  }
  if ("after" in at) {
    const rows = await newer(at.after + 1, limit);
    return { messages: rows.slice(0, limit), hasOlder: at.after > 0 && (await older(at.after + 1, 0)).length > 0, hasNewer: rows.length > limit };
  }
  const rows = await older("before" in at ? at.before : undefined, limit);
  return { messages: rows.slice(0, limit).reverse(), hasOlder: rows.length > limit, hasNewer: "before" in at && (await newer(at.before, 0)).length > 0 };
}

/**
 * A thread of this workspace with a stretch of its messages: the latest
 * ones, or, when `aroundSeq` is older than those, the stretch around it so a
 * link to an old message lands on it. Null for another workspace's thread.
 */
export async function findThread(db: Db, workspaceId: string, threadId: string, options: { aroundSeq?: number } = {}) {
  const thread = await db.thread.findFirst({ where: { id: threadId, workspaceId } });
  if (!thread) return null;
  const { aroundSeq } = options;
  const deep = aroundSeq !== undefined && aroundSeq <= thread.lastSeq - MESSAGES_PER_PAGE;
  const stretch = await readStretch(db, threadId, deep ? { around: aroundSeq } : { latest: true });
  return { thread, ...stretch, latest: !stretch.hasNewer };
}

/** A stretch of the thread's messages, for loading more as the chat scrolls; null for another workspace's thread. */
export async function findMessages(db: Db, workspaceId: string, threadId: string, at: StretchAt, limit?: number) {
  const thread = await findThreadSummary(db, workspaceId, threadId);
  return thread ? readStretch(db, thread.id, at, limit) : null;
}
