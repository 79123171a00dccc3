import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { inject } from "vitest";
import { PrismaClient } from "@/lib/db/generated/client";
import type { Db } from "@/lib/db/client";
import { countStatements, type StatementCounter } from "@/lib/db/statements";
import type { QueueBackend } from "@/lib/jobs/boss";
import { forFile } from "@/tests/support/for-file";

/** `queue` is where a memory-pass queue on this database keeps its jobs; `statements` counts what `db` sends. */
export type TestDb = { db: Db; kind: "pglite" | "postgres"; queue: QueueBackend; statements: StatementCounter; close: () => Promise<void> };

/** A freshly migrated database of its own for one test file. */
export async function openTestDb(): Promise<TestDb> {
  if (process.env.TEST_DATABASE === "postgres") return openPostgresCopy();
  const snapshot = Buffer.from(inject("pgliteSnapshot"), "base64");
  const pglite = new PGlite({ loadDataDir: new Blob([snapshot]) });
  const { factory, counter } = countStatements(new PrismaPGlite(pglite));
  const db = new PrismaClient({ adapter: factory });
  return {
    db,
    kind: "pglite",
    queue: { pglite },
    statements: counter,
    close: async () => {
      await db.$disconnect();
      await pglite.close();
    },
  };
}

async function openPostgresCopy(): Promise<TestDb> {
  const databaseUrl = process.env.DATABASE_URL!;
  const name = `episodic_buffer_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  // PostgreSQL copies a template for one CREATE DATABASE at a time.
  await admin.query("SELECT pg_advisory_lock(727001)");
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject("postgresTemplate")}`);
  } finally {
    await admin.query("SELECT pg_advisory_unlock(727001)");
  }
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const { factory, counter } = countStatements(new PrismaPg({ connectionString: url.toString() }));
  const db = new PrismaClient({ adapter: factory });
  return {
    db,
    kind: "postgres",
    queue: { connectionString: url.toString() },
    statements: counter,
    close: async () => {
      await db.$disconnect();
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      await admin.end();
    },
  };
}

/**
 * The file's own database as the process's: getDb() hands it out (to route
 * bodies, to the auth adapter, which is built on it afresh), opened before
 * the file's tests and let go after them.
 */
export function appDbForFile(): TestDb {
  const holder = globalThis as { episodicBufferDb?: Promise<Db>; episodicBufferAuth?: unknown };
  return forFile(async () => {
    const t = await openTestDb();
    holder.episodicBufferDb = Promise.resolve(t.db);
    return {
      ...t,
      close: async () => {
        delete holder.episodicBufferDb;
        delete holder.episodicBufferAuth;
        await t.close();
      },
    };
  });
}
