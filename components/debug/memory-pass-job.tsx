"use client";

import { useState } from "react";
import type { MemoryPassJob } from "@/lib/contracts/memory-pass-report";
import { Badge, type Tone } from "@/components/ui/badge";

const JOB_STATUS: Record<MemoryPassJob["status"], { label: string; tone: Tone }> = {
  queued: { label: "queued…", tone: "sky" },
  running: { label: "running…", tone: "sky" },
  done: { label: "done", tone: "emerald" },
  failed: { label: "failed", tone: "red" },
};

export function memoryPassJobBadge(job: MemoryPassJob) {
  const status = JOB_STATUS[job.status];
  return (
    <Badge tone={status.tone} testId="memory-pass-job">
      {status.label}
    </Badge>
  );
}

/**
 * Where the turn's memory-pass job stands. It runs after the reply, on
 * whichever app instance picks it up; a failed one (after its retries) can be
 * queued again from here.
 */
export function MemoryPassJobLine({ job, onRetry }: { job: MemoryPassJob; onRetry: () => Promise<void> }) {
  const [retrying, setRetrying] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const attempt = job.attempts > 1 ? ` (attempt ${job.attempts})` : "";
  const text = {
    queued: job.error ? `Waiting to try again after: ${job.error}` : "Queued: it runs after the reply, so the reply never waits for it.",
    running: `Running${attempt}.`,
    done: `Done${attempt}.`,
    failed: `Failed after ${job.attempts} attempts: ${job.error ?? "unknown error"}`,
  }[job.status];
  return (
    <div className={`text-xs ${job.status === "failed" ? "text-red-800" : "text-slate-600"}`} data-testid="memory-pass-job-line">
      <p role={job.status === "failed" ? "alert" : "status"}>{text}</p>
      {job.status === "failed" && (
        <button
          type="button"
          disabled={retrying}
          onClick={() => {
            setRetrying(true);
            setProblem(null);
            onRetry().then(
              () => setRetrying(false),
              (reason: unknown) => {
                setRetrying(false);
                setProblem((reason as Error).message);
              },
            );
          }}
          className="mt-1 rounded-md bg-red-600 px-2 py-1 font-medium text-white hover:bg-red-500 disabled:opacity-50"
        >
          Retry the memory pass
        </button>
      )}
      {problem && <p className="mt-1 text-red-700">Could not queue it again: {problem}</p>}
    </div>
  );
}
