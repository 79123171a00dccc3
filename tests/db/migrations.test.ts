import { readdirSync } from "node:fs";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyMigrations, migrationsDir, unappliedMigrations } from "@/lib/db/migrations";
import { openTestDb, type TestDb } from "@/tests/db/test-db";

// Every start applies the migrations it has not applied yet. Which those are
// is read from _prisma_migrations first, so a start with none to apply (every
// start but the first) never loads Prisma's schema engine.

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(() => t?.close());

const factory = () => ("pglite" in t.queue ? new PrismaPGlite(t.queue.pglite) : new PrismaPg({ connectionString: t.queue.connectionString }));
const names = readdirSync(migrationsDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const newest = names.at(-1)!;

describe("the migrations a start applies", () => {
  it("are none on a migrated database, and applying them is then a no-op", async () => {
    expect(names.length).toBeGreaterThan(1);
    expect(await unappliedMigrations(factory())).toEqual([]);
    expect(await applyMigrations(factory())).toEqual([]);
  });

  it("include one the database has no finished record of: missing, or failed part-way", async () => {
    const [row] = await t.db.$queryRaw<{ id: string }[]>`SELECT id FROM _prisma_migrations WHERE migration_name = ${newest}`;
    await t.db.$executeRaw`UPDATE _prisma_migrations SET finished_at = NULL WHERE id = ${row.id}`;
    expect(await unappliedMigrations(factory())).toEqual([newest]);
    await t.db.$executeRaw`DELETE FROM _prisma_migrations WHERE id = ${row.id}`;
    expect(await unappliedMigrations(factory())).toEqual([newest]);
  });

  it("are all of them on a database that has never been migrated", async () => {
    await t.db.$executeRaw`DROP TABLE _prisma_migrations`;
    expect(await unappliedMigrations(factory())).toEqual(names);
  });
});
