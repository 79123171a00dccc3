import type { Db } from "../db/client";
import type { NewThread } from "./schemas";

/** Messages a chat page loads at first; older ones stay reachable through search and the episode timeline. */
export const MESSAGES_SHOWN = 400;

export function listThreads(db: Db, workspaceId: string) {
  return db.thread.findMany({
    where: { workspaceId },
    orderBy: { updatedAt: "desc" },
    select: { id: true, title: true, kind: true, updatedAt: true, lastSeq: true },
  });
}

export function createThread(db: Db, workspaceId: string, input: NewThread) {
  return db.thread.create({
    data: { workspaceId, title: input.title ?? "New thread", kind: input.kind },
    select: { id: true, title: true, kind: true, updatedAt: true, lastSeq: true },
  });
}

/** A thread of this workspace with its latest messages, oldest first; null for another workspace's thread. */
export async function findThread(db: Db, workspaceId: string, threadId: string) {
  const thread = await db.thread.findFirst({ where: { id: threadId, workspaceId } });
  if (!thread) return null;
  const messages = (
    await db.message.findMany({ where: { threadId }, orderBy: { seq: "desc" }, take: MESSAGES_SHOWN })
  ).reverse();
  return { thread, messages };
}
