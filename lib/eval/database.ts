// A database of the evaluation's own, so a run never touches the user's data:
// an in-memory PGlite by default, or a fresh PostgreSQL database created on
// the given server and dropped afterwards.

import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import type { Db } from "../db/client";
import { PrismaClient } from "../db/generated/client";
import { applyMigrations } from "../db/migrations";

export type EvalDatabase = { db: Db; kind: "pglite" | "postgres"; close: () => Promise<void> };

async function openPglite(): Promise<EvalDatabase> {
  const pglite = new PGlite("memory://");
  const adapter = new PrismaPGlite(pglite);
  await applyMigrations(adapter);
  const db = new PrismaClient({ adapter });
  return {
    db,
    kind: "pglite",
    close: async () => {
      await db.$disconnect();
      await pglite.close();
    },
  };
}

async function openPostgres(databaseUrl: string): Promise<EvalDatabase> {
  const name = `episodic_buffer_eval_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.end();
  };
  try {
    // Migrated through a pool of its own, closed before the client opens: nothing lingers on the new database.
    const pool = new pg.Pool({ connectionString: url.toString() });
    await applyMigrations(new PrismaPg(pool)).finally(() => pool.end());
  } catch (error) {
    await drop();
    throw error;
  }
  const db = new PrismaClient({ adapter: new PrismaPg({ connectionString: url.toString() }) });
  return {
    db,
    kind: "postgres",
    close: async () => {
      await db.$disconnect();
      await drop();
    },
  };
}

/** PostgreSQL when a URL is given (a new database on that server), else an in-memory PGlite. */
export function openEvalDatabase(databaseUrl?: string): Promise<EvalDatabase> {
  return databaseUrl ? openPostgres(databaseUrl) : openPglite();
}
