import type { UIMessage } from "ai";
import type { Db, Tx } from "@/lib/db/client";
import type { Message, MessageStatus, Prisma, Role, Speaker } from "@/lib/db/generated/client";

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

export async function appendMessage(db: Db, threadId: string, message: NewMessage): Promise<Message> {
  const [row] = await db.$transaction((tx) => appendMessages(tx, threadId, [message]));
  return row;
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
