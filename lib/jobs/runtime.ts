import type { PgBoss } from "pg-boss";
import { readConfig } from "@/lib/config";
import { getDb, getEmbeddedDatabase } from "@/lib/db/client";
import { reportStartup } from "@/lib/db/startup-status";
import { startJobBoss } from "@/lib/jobs/boss";
import { startMemoryPassQueue, type MemoryPassQueue } from "@/lib/jobs/memory-pass";
import { startThreadImportQueue, type ThreadImportQueue } from "@/lib/jobs/thread-import";
import { chooseModels } from "@/lib/models";

// One job queue (and its workers) per server process, like the database: Next
// loads modules several times, so what is started is kept on globalThis.
const holder = globalThis as typeof globalThis & { episodicBufferJobs?: Map<string, Promise<unknown>> };
const started = (holder.episodicBufferJobs ??= new Map());

/** Starts something once per process; a failed start is forgotten, so the next call tries again. */
function once<T>(name: string, start: () => Promise<T>): Promise<T> {
  let running = started.get(name) as Promise<T> | undefined;
  if (!running) {
    running = start().catch((error: unknown) => {
      started.delete(name);
      throw error;
    });
    started.set(name, running);
  }
  return running;
}

function getJobBoss(): Promise<PgBoss> {
  return once("boss", async () => {
    const config = readConfig();
    await getDb();
    const pglite = await getEmbeddedDatabase();
    const backend = config.databaseUrl ? { connectionString: config.databaseUrl } : pglite ? { pglite } : null;
    if (!backend) throw new Error("No database for the job queue: neither DATABASE_URL nor an embedded database is open.");
    return startJobBoss(backend);
  });
}

/** The server's memory-pass queue, started (with its worker) on first use or by instrumentation at boot. */
export function getMemoryPassQueue(): Promise<MemoryPassQueue> {
  return once("memory-pass", async () => {
    const config = readConfig();
    return startMemoryPassQueue({
      db: await getDb(),
      backend: { boss: await getJobBoss() },
      memory: chooseModels(config).memory,
      timeoutMs: config.memoryPassTimeoutMs,
      retries: config.memoryPassRetries,
      folds: config.bufferFolds,
    });
  });
}

/** The server's thread-import queue, started (with its worker) on first use or by instrumentation at boot. */
export function getThreadImportQueue(): Promise<ThreadImportQueue> {
  return once("thread-import", async () => startThreadImportQueue({ db: await getDb(), boss: await getJobBoss() }));
}

/** Starts every queue's worker, so jobs a stopped server left (or another instance queued) run without waiting for a request. */
export async function startJobWorkers(): Promise<void> {
  await getDb();
  reportStartup("queue", "Starting the job queue…");
  await Promise.all([getMemoryPassQueue(), getThreadImportQueue()]);
  reportStartup("ready", "The server is ready.");
}
