import type { UIMessage } from "ai";
import { z } from "zod";
import type { Db, Tx } from "@/lib/db/client";
import { newRecordId } from "@/lib/db/ids";
import { MessageStatus, Prisma, Role, Speaker, type Message } from "@/lib/db/generated/client";
import { jsonTimestamp } from "@/lib/db/json";
import { insertNextMessage } from "@/lib/threads/sql";

export type NewMessage = {
  role: Role;
  speaker: Speaker;
  text: string;
  /** COMPLETE unless the reply was cut off before it finished. */
  status?: MessageStatus;
  parts?: UIMessage["parts"];
  createdAt?: Date;
};

/** Appends messages in order; the thread's counter hands out sequence numbers atomically. */
export async function appendMessages(tx: Tx | Db, threadId: string, messages: NewMessage[]): Promise<Message[]> {
  if (messages.length === 0) return [];
  const thread = await tx.thread.update({
    where: { id: threadId },
    data: { lastSeq: { increment: messages.length } },
    select: { lastSeq: true },
  });
  const firstSeq = thread.lastSeq - messages.length + 1;
  const rows = messages.map((m, i) => ({
    threadId,
    seq: firstSeq + i,
    role: m.role,
    speaker: m.speaker,
    text: m.text,
    ...(m.status ? { status: m.status } : {}),
    parts: (m.parts ?? [{ type: "text", text: m.text }]) as Prisma.InputJsonValue,
    ...(m.createdAt ? { createdAt: m.createdAt } : {}),
  }));
  return tx.message.createManyAndReturn({ data: rows });
}

/** The parts a message is stored with: the UI's, or its text as one text part. */
export function storedParts(message: Pick<NewMessage, "parts" | "text">): string {
  return JSON.stringify(message.parts ?? [{ type: "text", text: message.text }]);
}

/**
 * Appends one message in one statement: the thread's counter is bumped and
 * the message inserted at the seq it hands out, atomically, with no
 * transaction around them.
 */
export async function appendMessage(db: Db | Tx, threadId: string, message: NewMessage): Promise<Message> {
  const now = new Date();
  const [row] = await db.$queryRawTyped(
    insertNextMessage(
      threadId,
      newRecordId(),
      message.role,
      message.speaker,
      message.status ?? "COMPLETE",
      message.text,
      storedParts(message),
      message.createdAt ?? now,
      now,
    ),
  );
  if (!row) throw new Error(`no thread ${threadId} to append a message to`);
  return row;
}

/** A message row as row_to_json gives it (timestamps as UTC wall-clock text): what a statement returns inside json. */
export const messageJson = z.object({
  id: z.string(),
  threadId: z.string(),
  seq: z.number().int(),
  role: z.enum(Role),
  speaker: z.enum(Speaker),
  status: z.enum(MessageStatus),
  text: z.string(),
  // json from the database is JSON by construction: checking it value by value would cost a turn's read for nothing.
  parts: z.custom<Prisma.JsonValue>(),
  createdAt: jsonTimestamp,
}) satisfies z.ZodType<Message, unknown>;

/** Rewrites a reply saved while it streamed: its text so far, or the finished reply with its parts and final status. */
export async function rewriteReply(db: Db, messageId: string, reply: Pick<NewMessage, "text" | "parts" | "status">): Promise<Message> {
  return db.message.update({
    where: { id: messageId },
    data: { text: reply.text, parts: (reply.parts ?? [{ type: "text", text: reply.text }]) as Prisma.InputJsonValue, ...(reply.status ? { status: reply.status } : {}) },
  });
}

/** The last `window` messages of a thread, oldest first: the history the model replays. */
export async function readWindow(db: Db, threadId: string, window: number): Promise<Message[]> {
  const newestFirst = await db.message.findMany({
    where: { threadId },
    orderBy: { seq: "desc" },
    take: window,
  });
  return newestFirst.reverse();
}

/** The first `n` messages of a thread before `beforeSeq`, oldest first: a compressor's protected head. */
export function readHead(db: Db, threadId: string, beforeSeq: number, n: number): Promise<Message[]> {
  return db.message.findMany({ where: { threadId, seq: { lt: beforeSeq } }, orderBy: { seq: "asc" }, take: n });
}

/** The thread's latest message: the one a retry answers when it is the user's. */
export function latestMessage(db: Db, threadId: string): Promise<Message | null> {
  return db.message.findFirst({ where: { threadId }, orderBy: { seq: "desc" } });
}

/** Dates these messages at `at`: turns played for a story keep the story's calendar. */
export async function redateMessages(db: Db, ids: string[], at: Date): Promise<void> {
  await db.message.updateMany({ where: { id: { in: ids } }, data: { createdAt: at } });
}

/** Removes every message after `lastSeq` and rewinds the thread's counter (the evaluation's question turns). */
export async function truncateThread(db: Db, threadId: string, lastSeq: number): Promise<void> {
  await db.$transaction([
    db.message.deleteMany({ where: { threadId, seq: { gt: lastSeq } } }),
    db.thread.update({ where: { id: threadId }, data: { lastSeq } }),
  ]);
}

/** Stored messages as the AI SDK UI shows them. */
export function toUIMessage(message: Message): UIMessage {
  return {
    id: message.id,
    role: message.role === "USER" ? "user" : "assistant",
    parts: message.parts as UIMessage["parts"],
  };
}
