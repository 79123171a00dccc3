import type { TurnTraceData } from "@/lib/contracts/trace";
import type { Db } from "@/lib/db/client";
import { withMemoryPass, type MemoryPassQueue } from "@/lib/jobs/memory-pass";
import { memoryPassUnlessKeptOut } from "@/lib/memory/kept-out";
import type { ModelChoice } from "@/lib/models";
import { withTimeout } from "@/lib/models/timeout";
import { updateTrace } from "@/lib/traces/store";

/**
 * Phase 5, inline: the memory pass over what the thread has not yet
 * consolidated, run here and reported into the turn's trace (the evaluation
 * and scripts, which run without a server).
 */
export async function consolidateAfterTurn(
  db: Db,
  { model, runtime }: Pick<ModelChoice, "model" | "runtime">,
  settings: { timeoutMs: number; episodeMaxMessages: number; folds: boolean },
  threadId: string,
  traceId: string,
  trace: TurnTraceData,
) {
  const report = await memoryPassUnlessKeptOut(db, withTimeout(model, settings.timeoutMs), threadId, {
    episodeMaxMessages: settings.episodeMaxMessages,
    folds: settings.folds,
    runtime,
  });
  const updated = { ...withMemoryPass(trace, { status: report.status === "failed" ? "failed" : "done", attempts: 1, error: report.error }, report) };
  await updateTrace(db, traceId, updated);
  return updated;
}

/**
 * Phase 5, on the server: the pass becomes a job on the thread's queue, so
 * the reply's stream ends without waiting for it. The trace was written
 * saying "queued" (persist.ts), so the job (on this instance or another)
 * finds the turn to report to.
 */
export async function queueAfterTurn(queue: Pick<MemoryPassQueue, "enqueue">, threadId: string): Promise<void> {
  await queue.enqueue(threadId);
}
