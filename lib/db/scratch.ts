// A database of a run's own (evaluation, benchmark), so it never touches the
// user's data: an in-memory PGlite by default, or a fresh PostgreSQL database
// created on the given server and dropped afterwards, also on Ctrl-C.

import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import type { Db } from "@/lib/db/client";
import { PrismaClient } from "@/lib/db/generated/client";
import { applyMigrations } from "@/lib/db/migrations";
import { countStatements, type StatementCounter } from "@/lib/db/statements";

/** `statements` counts what the client sends (the benchmark's statements per turn). */
export type ScratchDatabase = { db: Db; kind: "pglite" | "postgres"; statements: StatementCounter; close: () => Promise<void> };

async function openPglite(): Promise<ScratchDatabase> {
  const pglite = new PGlite("memory://");
  await applyMigrations(new PrismaPGlite(pglite));
  const { factory, counter } = countStatements(new PrismaPGlite(pglite));
  const db = new PrismaClient({ adapter: factory });
  return {
    db,
    kind: "pglite",
    statements: counter,
    close: async () => {
      await db.$disconnect();
      await pglite.close();
    },
  };
}

async function onServer(databaseUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function openPostgres(databaseUrl: string, purpose: string): Promise<ScratchDatabase> {
  const name = `episodic_buffer_${purpose}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  // FORCE: an interrupted run may still hold connections to it.
  const drop = () => onServer(databaseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  const onInterrupt = () => void drop().finally(() => process.exit(130));
  await onServer(databaseUrl, `CREATE DATABASE ${name}`);
  process.once("SIGINT", onInterrupt);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString() });
  const { factory, counter } = countStatements(new PrismaPg(pool));
  const db = new PrismaClient({ adapter: factory });
  const close = async () => {
    process.off("SIGINT", onInterrupt);
    await db.$disconnect();
    await pool.end();
    await drop();
  };
  try {
    await applyMigrations(new PrismaPg(pool));
  } catch (error) {
    await close();
    throw error;
  }
  return { db, kind: "postgres", statements: counter, close };
}

/** PostgreSQL when a server URL is given (a new database named for the purpose), else an in-memory PGlite. */
export function openScratchDatabase(options: { purpose: "eval" | "bench"; databaseUrl?: string }): Promise<ScratchDatabase> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.purpose) : openPglite();
}
