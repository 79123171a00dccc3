import type { MemoryPassJob, MemoryPassReport } from "@/lib/contracts/memory-pass-report";
import type { StoredTraceData } from "@/lib/traces/store";

/** The trace with its memory pass's outcome set: the job's state now, and the pass's report (and its time) once there is one. */
export function setPassOutcome<T extends StoredTraceData>(trace: T, job: Omit<MemoryPassJob, "updatedAt">, report?: MemoryPassReport): T {
  return {
    ...trace,
    memoryPassJob: { ...job, updatedAt: new Date().toISOString() },
    ...(report ? { memoryPass: report, timings: { ...trace.timings, memoryPassMs: Math.round(report.ms * 10) / 10 } } : {}),
  };
}
