import { setTimeout as sleep } from "node:timers/promises";
import type { Job, PgBoss } from "pg-boss";
import type { Db } from "@/lib/db/client";
import { failThreadImport, runThreadImport } from "@/lib/threads/transfer-imports";

// Thread imports run as jobs on the same queue as the memory pass: off the
// request that uploaded the file, on any instance, resumed after a crash
// (the job's heartbeat stops, the queue runs it again, and the import carries
// on from the messages already written). One import at a time per instance.

export const THREAD_IMPORT_QUEUE = "thread-import";

/** The shortest stop between an import's stretches. */
const PAUSE_MS = 5;

/**
 * Stops between stretches for as long as the stretch took: on the embedded
 * database every statement runs on the server's one thread and one
 * connection, so an import that only stopped briefly would keep each other
 * request waiting a stretch per statement it sends. At most half the
 * database's time goes to the import.
 */
function halfTheTime(minimumMs: number): () => Promise<void> {
  let resumed = performance.now();
  return async () => {
    await sleep(Math.max(minimumMs, performance.now() - resumed));
    resumed = performance.now();
  };
}

export type ThreadImportQueueOptions = {
  db: Db;
  boss: PgBoss;
  /** Retries after an import fails for a reason other than its file, before it is marked failed. */
  retries?: number;
  retryDelaySeconds?: number;
  /** Whether this process runs imports as well as queueing them. */
  work?: boolean;
  pauseMs?: number;
};

export type ThreadImportQueue = {
  enqueue: (importId: string) => Promise<void>;
  stop: () => Promise<void>;
};

type Payload = { importId: string };

export async function startThreadImportQueue({ db, boss, retries = 2, retryDelaySeconds = 5, work = true, pauseMs = PAUSE_MS }: ThreadImportQueueOptions): Promise<ThreadImportQueue> {
  await boss.createQueue(THREAD_IMPORT_QUEUE, {
    retryLimit: retries,
    retryDelay: retryDelaySeconds,
    retryBackoff: true,
    heartbeatSeconds: 10,
    // A 100,000-message import on a busy embedded database takes minutes; the heartbeat, not this, notices a dead server.
    expireInSeconds: 60 * 60,
  });
  if (work) {
    await boss.work<Payload>(THREAD_IMPORT_QUEUE, { batchSize: 1, localConcurrency: 1, pollingIntervalSeconds: 1 }, async ([job]: Job<Payload>[]) => {
      try {
        await runThreadImport(db, job.data.importId, { pause: halfTheTime(pauseMs) });
      } catch (error) {
        if (job.retryCount < retries) throw error;
        console.error("thread import failed:", error);
        await failThreadImport(db, job.data.importId, "The import failed on the server; upload the file again.");
      }
    });
  }
  return {
    async enqueue(importId) {
      await boss.send(THREAD_IMPORT_QUEUE, { importId } satisfies Payload, { singletonKey: importId });
    },
    stop: () => boss.offWork(THREAD_IMPORT_QUEUE),
  };
}
