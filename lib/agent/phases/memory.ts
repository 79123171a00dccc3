import type { LanguageModel } from "ai";
import type { TurnTraceData } from "@/lib/contracts/trace";
import type { Db } from "@/lib/db/client";
import { runMemoryPass } from "@/lib/memory/pass";
import { updateTrace } from "@/lib/traces/store";

/** Phase 5: the memory pass over what the thread has not yet consolidated, reported into the turn's trace. */
export async function consolidateAfterTurn(
  db: Db,
  model: LanguageModel,
  threadId: string,
  episodeMaxMessages: number,
  traceId: string,
  trace: TurnTraceData,
) {
  const report = await runMemoryPass(db, model, threadId, { episodeMaxMessages });
  const updated: TurnTraceData = {
    ...trace,
    memoryPass: report,
    timings: { ...trace.timings, memoryPassMs: Math.round(report.ms * 10) / 10 },
  };
  await updateTrace(db, traceId, updated);
  return updated;
}
