import { readConfig } from "@/lib/config";
import { getDb, getEmbeddedDatabase } from "@/lib/db/client";
import { startMemoryPassQueue, type MemoryPassQueue } from "@/lib/jobs/memory-pass";
import { chooseModel } from "@/lib/models";

// One queue (and worker) per server process, like the database: Next loads
// modules several times, so it is cached on globalThis.
const holder = globalThis as typeof globalThis & { episodicBufferMemoryQueue?: Promise<MemoryPassQueue> };

async function start(): Promise<MemoryPassQueue> {
  const config = readConfig();
  const db = await getDb();
  const pglite = await getEmbeddedDatabase();
  const backend = config.databaseUrl ? { connectionString: config.databaseUrl } : pglite ? { pglite } : null;
  if (!backend) throw new Error("No database for the memory-pass queue: neither DATABASE_URL nor an embedded database is open.");
  const choice = chooseModel(config);
  return startMemoryPassQueue({
    db,
    backend,
    model: choice.model,
    runtime: choice.runtime,
    timeoutMs: config.memoryPassTimeoutMs,
    retries: config.memoryPassRetries,
    folds: config.bufferFolds,
  });
}

/** The server's memory-pass queue, started (with its worker) on first use or by instrumentation at boot. */
export function getMemoryPassQueue(): Promise<MemoryPassQueue> {
  holder.episodicBufferMemoryQueue ??= start().catch((error: unknown) => {
    holder.episodicBufferMemoryQueue = undefined;
    throw error;
  });
  return holder.episodicBufferMemoryQueue;
}
