// Writes lib/<module>/sql/index.ts from the .sql files beside it, each
// statement described by PostgreSQL on an in-memory PGlite at the committed
// migrations (see scripts/typed-sql.ts). Run it after changing a statement or
// a migration, and commit what it wrote.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { applyMigrations } from "@/lib/db/migrations";
import { ROOT, typedSqlModules } from "@/scripts/typed-sql";

const pglite = new PGlite("memory://");
await applyMigrations(new PrismaPGlite(pglite));
const modules = await typedSqlModules(pglite);
await pglite.close();
for (const [file, text] of modules) {
  const before = await readFile(file, "utf8").catch(() => null);
  if (before === text) continue;
  await writeFile(file, text);
  console.log(`Wrote ${path.relative(ROOT, file)}`);
}
console.log(`${modules.size} statement modules are current.`);
// The schema engine can leave a timer pending.
process.exit(0);
