import type { UIMessage } from "ai";
import type { Db, Tx } from "@/lib/db/client";
import type { Message, Prisma, Role, Speaker } from "@/lib/db/generated/client";

export type NewMessage = {
  role: Role;
  speaker: Speaker;
  text: string;
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

/** Stored messages as the AI SDK UI shows them. */
export function toUIMessage(message: Message): UIMessage {
  return {
    id: message.id,
    role: message.role === "USER" ? "user" : "assistant",
    parts: message.parts as UIMessage["parts"],
  };
}
