// Creates prisma/migrations/<timestamp>_<name>/migration.sql from the change
// between the committed migrations and prisma/schema.prisma. Runs on an
// in-memory PGlite, so it needs no server and no native engine.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { migrationsDir, pendingSchemaChange } from "@/lib/db/migrations";

const name = (process.argv[2] ?? "").toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_|_$/g, "");
if (!name) {
  console.error("usage: npm run db:new-migration -- <name>");
  process.exit(2);
}

const pglite = new PGlite("memory://");
const sql = await pendingSchemaChange(new PrismaPGlite(pglite));
if (!sql) {
  console.log("The schema matches the migrations: nothing to create.");
} else {
  const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
  const dir = path.join(migrationsDir, `${stamp}_${name}`);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(migrationsDir, "migration_lock.toml"), 'provider = "postgresql"\n');
  await writeFile(path.join(dir, "migration.sql"), sql);
  console.log(`Created ${path.relative(process.cwd(), dir)}/migration.sql`);
}
// The engine can leave a timer pending after a diff.
process.exit(0);
