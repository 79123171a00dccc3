import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import type { TestProject } from "vitest/node";
import { applyMigrations } from "@/lib/db/migrations";

// Migrate one database per run; each test file then gets its own copy
// (a PGlite data-dir clone, or a PostgreSQL database made from a template).

declare module "vitest" {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    postgresTemplate: string;
  }
}

/** Separate names let two checkouts run their database tests on one server at once. */
export const POSTGRES_TEMPLATE = process.env.TEST_PG_TEMPLATE ?? "episodic_buffer_test_template";

async function migratedPgliteSnapshot(): Promise<string> {
  const pglite = new PGlite("memory://");
  await applyMigrations(new PrismaPGlite(pglite));
  const dump = await pglite.dumpDataDir("none");
  await pglite.close();
  return Buffer.from(await dump.arrayBuffer()).toString("base64");
}

async function migratedPostgresTemplate(databaseUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${POSTGRES_TEMPLATE}`);
  await admin.query(`CREATE DATABASE ${POSTGRES_TEMPLATE}`);
  await admin.end();
  const url = new URL(databaseUrl);
  url.pathname = `/${POSTGRES_TEMPLATE}`;
  // Our own pool, closed afterwards: a template with open connections cannot be copied.
  const pool = new pg.Pool({ connectionString: url.toString() });
  await applyMigrations(new PrismaPg(pool));
  await pool.end();
}

export default async function setup(project: TestProject) {
  const which = project.config.env?.TEST_DATABASE;
  if (which === "postgres") {
    const databaseUrl = process.env.DATABASE_URL;
    if (!databaseUrl) throw new Error("The db:postgres project needs DATABASE_URL.");
    await migratedPostgresTemplate(databaseUrl);
    project.provide("postgresTemplate", POSTGRES_TEMPLATE);
  } else {
    project.provide("pgliteSnapshot", await migratedPgliteSnapshot());
  }
}
