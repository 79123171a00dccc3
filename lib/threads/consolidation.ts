import type { Db, Tx } from "@/lib/db/client";
import type { Message, Speaker } from "@/lib/db/generated/client";

// A thread's consolidation cursor (`consolidatedSeq`): the memory pass files
// the messages after it, and moves it only where no other pass moved it first.

/** The COMPLETE messages after the cursor, oldest first: a reply cut off before it finished is not something the agent said in full. */
export function messagesToFile(db: Db, threadId: string, afterSeq: number, take: number): Promise<Message[]> {
  return db.message.findMany({ where: { threadId, seq: { gt: afterSeq }, status: "COMPLETE" }, orderBy: { seq: "asc" }, take });
}

/** The messages of these speakers from `fromSeq` up to `beforeSeq`, oldest first. */
export function messagesBetween(db: Db, threadId: string, { fromSeq, beforeSeq }: { fromSeq: number; beforeSeq: number }, speakers: Speaker[]): Promise<Message[]> {
  return db.message.findMany({ where: { threadId, seq: { gte: fromSeq, lt: beforeSeq }, speaker: { in: speakers } }, orderBy: { seq: "asc" } });
}

/** Moves the cursor from `from` to `to`; false when it no longer stood at `from` (another pass covered these messages first). */
export async function advanceCursor(db: Db | Tx, threadId: string, { from, to }: { from: number; to: number }): Promise<boolean> {
  const moved = await db.thread.updateMany({ where: { id: threadId, consolidatedSeq: from }, data: { consolidatedSeq: to } });
  return moved.count === 1;
}
