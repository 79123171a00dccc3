import type { Message } from "@/lib/db/generated/client";

/** A stored message as plain data, for the memory pass's steps that need no database; message `seq` is dated `seq` minutes after 15:00. */
export function storedMessage(seq: number, speaker: Message["speaker"], text: string, threadId = "t1"): Message {
  return {
    id: `m${seq}`,
    threadId,
    seq,
    role: speaker === "AGENT" ? "ASSISTANT" : "USER",
    speaker,
    status: "COMPLETE",
    text,
    parts: [{ type: "text", text }],
    createdAt: minute(seq),
  };
}

/** The time a message of this number was stored at. */
export const minute = (n: number) => new Date(Date.UTC(2026, 9, 2, 15, n));
