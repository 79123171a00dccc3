import type { TurnTraceData } from "@/lib/contracts/trace";
import type { Db } from "@/lib/db/client";
import type { MemoryPassQueue } from "@/lib/jobs/memory-pass";
import { memoryPassUnlessKeptOut } from "@/lib/memory/kept-out";
import { modelRef, type ModelChoice } from "@/lib/models";
import { withTimeout } from "@/lib/models/timeout";
import { setPassOutcome } from "@/lib/traces/pass-outcome";
import { updateTrace } from "@/lib/traces/store";
import type { PersistedTurn } from "@/lib/agent/phases/persist";

/**
 * How a turn's memory pass runs: queued as a job (the server), inline before
 * the turn settles (scripts and the evaluation, with no server), or skipped
 * (the evaluation's question turns must not change memory).
 */
export type Consolidation = { kind: "queue"; queue: Pick<MemoryPassQueue, "enqueue"> } | { kind: "inline" } | { kind: "skip" };

export type MemoryPassSettings = { timeoutMs: number; episodeMaxMessages: number; folds: boolean };

/**
 * Phase 5: a finished reply (not a failed or interrupted one) is what the
 * memory pass consolidates. Queued, the trace was written saying "queued"
 * (persist.ts), so the job, on this instance or another, finds the turn to
 * report to with its own memory model. Inline, the pass runs here on
 * `memory` (the memory role's model) and its report, with the model that
 * filed it, goes into the trace. Returns the trace as it stands after the
 * phase.
 */
export async function memoryPhase(
  db: Db,
  memory: ModelChoice,
  consolidation: Consolidation,
  settings: MemoryPassSettings,
  threadId: string,
  persisted: PersistedTurn,
): Promise<TurnTraceData> {
  if (consolidation.kind === "skip" || persisted.assistantMessage?.status !== "COMPLETE") return persisted.trace;
  if (consolidation.kind === "queue") {
    await consolidation.queue.enqueue(threadId);
    return persisted.trace;
  }
  const report = await memoryPassUnlessKeptOut(db, withTimeout(memory.model, settings.timeoutMs), threadId, {
    episodeMaxMessages: settings.episodeMaxMessages,
    folds: settings.folds,
    runtime: memory.runtime,
  });
  const outcome = { status: report.status === "failed" ? ("failed" as const) : ("done" as const), attempts: 1, error: report.error, model: modelRef(memory) };
  const trace = setPassOutcome(persisted.trace, outcome, report);
  await updateTrace(db, persisted.traceId, trace);
  return trace;
}
