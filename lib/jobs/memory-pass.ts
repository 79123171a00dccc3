import type { Job, PgBoss } from "pg-boss";
import type { MemoryPassJob, MemoryPassReport } from "@/lib/contracts/memory-pass-report";
import type { Db } from "@/lib/db/client";
import { startJobBoss, type QueueBackend } from "@/lib/jobs/boss";
import { memoryPassUnlessKeptOut } from "@/lib/memory/kept-out";
import { modelRef, type ModelChoice } from "@/lib/models";
import { withTimeout } from "@/lib/models/timeout";
import { setPassOutcome } from "@/lib/traces/pass-outcome";
import { tracesByMemoryPassStatus, updateTrace, type StoredTraceData } from "@/lib/traces/store";

// The memory pass runs after the reply, as a job on a queue kept in the
// app's own database (pg-boss): on PostgreSQL any instance may run it, on the
// embedded PGlite this process does; either way a job outlives the process
// that queued it, so a server stopped mid-pass runs it again when one starts.
// One job per thread at a time (a "stately" queue keyed by thread: one
// queued and one running at most), so a thread's passes never race for its
// cursor and a burst of turns costs one pass per finished job, not one each.

export const MEMORY_PASS_QUEUE = "memory-pass";

export type MemoryPassQueueOptions = {
  db: Db;
  /** Where a queue of its own keeps its jobs, or the process's running queue to share (which then outlives this one). */
  backend: QueueBackend | { boss: PgBoss };
  /**
   * The memory role's model, with its runtime: each pass fits its context, and
   * a model that must load first does so outside the pass's limit.
   */
  memory: ModelChoice;
  /** Each pass's model-call limit; the job is also stopped when it outlives this by a margin. */
  timeoutMs: number;
  /** Retries after a failed pass, with exponential backoff, before the job is marked failed. */
  retries: number;
  /** §10: each pass also folds older stretches when a fold is due (BUFFER_FOLDS). */
  folds?: boolean;
  /** Whether this process runs jobs as well as queueing them. */
  work?: boolean;
  /** Seconds between backoff retries, doubled each time (tests shorten it). */
  retryDelaySeconds?: number;
};

export type MemoryPassQueue = {
  /** Queues a pass over what the thread has not consolidated; a pass already waiting for the thread covers it. */
  enqueue: (threadId: string) => Promise<void>;
  /** Queues the thread's failed passes again, from a fresh set of retries; the number of turns requeued. */
  retryFailed: (threadId: string) => Promise<number>;
  stop: () => Promise<void>;
};

type Payload = { threadId: string };

async function markTraces(db: Db, traces: { id: string; data: StoredTraceData }[], job: Omit<MemoryPassJob, "updatedAt">, report?: MemoryPassReport) {
  for (const trace of traces) await updateTrace(db, trace.id, setPassOutcome(trace.data, job, report));
}

class MemoryPassFailed extends Error {}

/**
 * One job: the turns waiting on this thread's pass are marked running, one
 * pass runs over everything after the cursor, and its report goes to each of
 * them. A failed pass throws, so the queue retries it after a backoff; the
 * last failure marks the turns failed with its error.
 */
async function runJob(options: MemoryPassQueueOptions, job: Job<Payload>): Promise<void> {
  const { db } = options;
  const { threadId } = job.data;
  const attempts = job.retryCount + 1;
  const thread = await db.thread.findUnique({ where: { id: threadId }, select: { id: true } });
  if (!thread) return;
  const model = modelRef(options.memory);
  const waiting = await tracesByMemoryPassStatus(db, threadId, ["queued", "running"]);
  await markTraces(db, waiting, { status: "running", attempts, model });
  let report: MemoryPassReport;
  try {
    const { runtime } = options.memory;
    await runtime.ready();
    report = await memoryPassUnlessKeptOut(db, withTimeout(options.memory.model, options.timeoutMs, job.signal), threadId, { folds: options.folds, runtime });
  } catch (error) {
    report = { status: "failed", fromSeq: 0, toSeq: 0, facts: [], dropped: [], episode: null, fold: null, error: (error as Error).message, ms: 0 };
  }
  if (report.status === "failed") {
    const final = job.retryCount >= options.retries;
    await markTraces(db, waiting, { status: final ? "failed" : "queued", attempts, error: report.error, model }, final ? report : undefined);
    throw new MemoryPassFailed(report.error ?? "the memory pass failed");
  }
  await markTraces(db, waiting, { status: "done", attempts, model }, report);
}

export async function startMemoryPassQueue(options: MemoryPassQueueOptions): Promise<MemoryPassQueue> {
  const shared = "boss" in options.backend;
  const boss = "boss" in options.backend ? options.backend.boss : await startJobBoss(options.backend);
  const timeoutSeconds = Math.ceil(options.timeoutMs / 1000);
  await boss.createQueue(MEMORY_PASS_QUEUE, {
    policy: "stately",
    retryLimit: options.retries,
    retryDelay: options.retryDelaySeconds ?? 5,
    retryBackoff: true,
    retryDelayMax: 300,
    // A running pass refreshes its heartbeat; a server that died mid-pass stops, and the job is retried.
    heartbeatSeconds: 10,
    expireInSeconds: timeoutSeconds + 60,
  });
  const workerId =
    (options.work ?? true)
      ? await boss.work<Payload>(MEMORY_PASS_QUEUE, { batchSize: 1, localConcurrency: 2, pollingIntervalSeconds: 1 }, async ([job]) => runJob(options, job))
      : null;
  const enqueue = async (threadId: string) => {
    await boss.send(MEMORY_PASS_QUEUE, { threadId } satisfies Payload, { singletonKey: threadId });
    // This instance's worker fetches the job at once rather than at its next poll, so the pass starts as the reply ends;
    // another instance's worker (PostgreSQL) still finds it within its one-second poll.
    if (workerId) boss.notifyWorker(workerId);
  };
  return {
    enqueue,
    async retryFailed(threadId) {
      const failed = await tracesByMemoryPassStatus(options.db, threadId, ["failed"]);
      await markTraces(options.db, failed, { status: "queued", attempts: 0 });
      if (failed.length > 0) await enqueue(threadId);
      return failed.length;
    },
    stop: async () => {
      if (shared) await boss.offWork(MEMORY_PASS_QUEUE);
      else await boss.stop({ graceful: true, timeout: 5_000 });
    },
  };
}
