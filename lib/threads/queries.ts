import type { Db } from "@/lib/db/client";
import type { NewThread } from "@/lib/threads/schemas";

/** Messages a chat page loads at first; older ones stay reachable through search and the episode timeline. */
export const MESSAGES_SHOWN = 400;

export function listThreads(db: Db, workspaceId: string) {
  return db.thread.findMany({
    where: { workspaceId },
    orderBy: { updatedAt: "desc" },
    select: { id: true, title: true, kind: true, updatedAt: true, lastSeq: true },
  });
}

/** What a turn needs of its thread: kind, workspace and the business's name; null for another workspace's thread. */
export function findThreadForTurn(db: Db, workspaceId: string, threadId: string) {
  return db.thread.findFirst({
    where: { id: threadId, workspaceId },
    select: { id: true, workspaceId: true, kind: true, title: true, workspace: { select: { name: true } } },
  });
}

export type TurnThread = NonNullable<Awaited<ReturnType<typeof findThreadForTurn>>>;

/** The thread's own fields without its messages; null for another workspace's thread. */
export function findThreadSummary(db: Db, workspaceId: string, threadId: string) {
  return db.thread.findFirst({
    where: { id: threadId, workspaceId },
    select: { id: true, title: true, kind: true, lastSeq: true, consolidatedSeq: true },
  });
}

export function createThread(db: Db, workspaceId: string, input: NewThread) {
  return db.thread.create({
    data: { workspaceId, title: input.title ?? "New thread", kind: input.kind },
    select: { id: true, title: true, kind: true, updatedAt: true, lastSeq: true },
  });
}

/**
 * A thread of this workspace with a stretch of its messages, oldest first:
 * the latest ones, or, when `aroundSeq` is older than those, the stretch
 * around it so a link to an old message lands on it. Null for another
 * workspace's thread.
 */
export async function findThread(db: Db, workspaceId: string, threadId: string, options: { aroundSeq?: number } = {}) {
  const thread = await db.thread.findFirst({ where: { id: threadId, workspaceId } });
  if (!thread) return null;
  const { aroundSeq } = options;
  if (aroundSeq !== undefined && aroundSeq <= thread.lastSeq - MESSAGES_SHOWN) {
    const messages = await db.message.findMany({
      where: { threadId, seq: { gte: Math.max(1, aroundSeq - MESSAGES_SHOWN / 2) } },
      orderBy: { seq: "asc" },
      take: MESSAGES_SHOWN,
    });
    return { thread, messages, latest: false };
  }
  const messages = (
    await db.message.findMany({ where: { threadId }, orderBy: { seq: "desc" }, take: MESSAGES_SHOWN })
  ).reverse();
  return { thread, messages, latest: true };
}
