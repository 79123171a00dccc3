import type { LanguageModel } from "ai";
import type { MemoryPassReport } from "@/lib/contracts/memory-pass-report";
import type { Db } from "@/lib/db/client";
import { runMemoryPass, type MemoryPassOptions } from "@/lib/memory/pass";
import { unfiledReport } from "@/lib/memory/report";
import { advanceCursor } from "@/lib/threads/consolidation";

/**
 * The memory pass of a thread the owner keeps out of memory: nothing is
 * read, filed or written as an episode line, and the cursor moves past the
 * thread's messages, so what was said while the switch was on is never filed
 * later either. Null when the thread takes part in memory (or is gone).
 */
async function skipKeptOut(db: Db, threadId: string): Promise<MemoryPassReport | null> {
  const started = performance.now();
  const thread = await db.thread.findUnique({ where: { id: threadId }, select: { keepOutOfMemory: true, consolidatedSeq: true, lastSeq: true } });
  if (!thread?.keepOutOfMemory) return null;
  // Conditional on the cursor read, like a pass's own advance: a pass that got there first keeps what it covered.
  await advanceCursor(db, threadId, { from: thread.consolidatedSeq, to: thread.lastSeq });
  const covered = { fromSeq: thread.consolidatedSeq + 1, toSeq: Math.max(thread.consolidatedSeq, thread.lastSeq) };
  return unfiledReport("kept-out", covered, performance.now() - started);
}

/** Phase 5 wherever it runs (the queue's job, inline after a turn): the memory pass, unless the thread is kept out of memory. */
export async function memoryPassUnlessKeptOut(db: Db, model: LanguageModel, threadId: string, options: MemoryPassOptions = {}): Promise<MemoryPassReport> {
  return (await skipKeptOut(db, threadId)) ?? runMemoryPass(db, model, threadId, options);
}
