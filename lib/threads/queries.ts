import type { Db } from "@/lib/db/client";
import type { ThreadKind } from "@/lib/db/generated/client";
import type { NewThread, RenameThread } from "@/lib/threads/schemas";

/** Messages a chat page loads at first; older ones stay reachable through search and the episode timeline. */
export const MESSAGES_SHOWN = 400;

export function listThreads(db: Db, workspaceId: string) {
  return db.thread.findMany({
    where: { workspaceId },
    orderBy: { updatedAt: "desc" },
    select: { id: true, title: true, kind: true, updatedAt: true, lastSeq: true },
  });
}

/** What a turn needs of its thread: kind, workspace and the business's name (read as the turn claims it, in turn-lease.ts). */
export type TurnThread = { id: string; workspaceId: string; kind: ThreadKind; title: string; workspace: { name: string } };

/** The thread's own fields without its messages; null for another workspace's thread. */
export function findThreadSummary(db: Db, workspaceId: string, threadId: string) {
  return db.thread.findFirst({
    where: { id: threadId, workspaceId },
    select: { id: true, title: true, kind: true, lastSeq: true, consolidatedSeq: true },
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

/**
 * Names an untitled, empty thread after the message about to become its
 * first; a thread someone named, or one that already has messages, keeps
 * its title. A turn does the same in its first statement
 * (claimTurnAndAppend in turn-lease.ts).
 */
export async function titleUntitledThread(db: Db, workspaceId: string, threadId: string, firstMessage: string): Promise<void> {
  await db.thread.updateMany({
    where: { id: threadId, workspaceId, title: UNTITLED_THREAD, lastSeq: 0 },
    data: { title: titleFromMessage(firstMessage) },
  });
}

/** Renames a thread of this workspace; null when there is none with that id. */
export async function renameThread(db: Db, workspaceId: string, threadId: string, input: RenameThread) {
  const { count } = await db.thread.updateMany({ where: { id: threadId, workspaceId }, data: { title: input.title } });
  return count === 0 ? null : findThreadSummary(db, workspaceId, threadId);
}

export function createThread(db: Db, workspaceId: string, input: NewThread) {
  return db.thread.create({
    data: { workspaceId, title: input.title ?? UNTITLED_THREAD, kind: input.kind },
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
