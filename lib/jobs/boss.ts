import type { PGlite } from "@electric-sql/pglite";
import { fromPglite, PgBoss } from "pg-boss";

// The job queue lives in the app's own database (pg-boss): on PostgreSQL any
// instance may run a job, on the embedded PGlite this process does; either way
// a job outlives the process that queued it. One per process carries every
// queue: the memory pass and thread imports.

/** Where the queue keeps its jobs: the PostgreSQL server, or the process's embedded database. */
export type QueueBackend = { connectionString: string } | { pglite: PGlite };

/** A started job queue. Its monitor is what notices a job whose server stopped sending heartbeats: every 10 s, not the default minute. */
export async function startJobBoss(backend: QueueBackend): Promise<PgBoss> {
  const watch = { monitorIntervalSeconds: 10, superviseIntervalSeconds: 10 };
  const boss =
    "pglite" in backend
      ? new PgBoss({ db: fromPglite(backend.pglite), backend: "pglite", ...watch })
      : new PgBoss({ connectionString: backend.connectionString, max: 4, ...watch });
  boss.on("error", (error: unknown) => console.error("job queue:", error));
  await boss.start();
  return boss;
}
