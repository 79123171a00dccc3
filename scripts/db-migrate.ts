// Applies prisma/migrations to the configured database: PostgreSQL when
// DATABASE_URL is set, else the embedded PGlite data directory.
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { readConfig } from "@/lib/config";
import { applyMigrations } from "@/lib/db/migrations";
import { openEmbeddedDatabase } from "@/lib/db/pglite";

const config = readConfig();

async function adapterFactory() {
  if (!config.databaseUrl) return new PrismaPGlite(await openEmbeddedDatabase(config.pgliteDataDir));
  // The engine's shadow-database handling ignores the name in a connection
  // string, so the parts are passed one by one.
  const url = new URL(config.databaseUrl);
  return new PrismaPg({
    host: url.hostname,
    port: Number(url.port || 5432),
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    database: url.pathname.slice(1),
  });
}

const applied = await applyMigrations(await adapterFactory());
console.log(applied.length > 0 ? `Applied ${applied.join(", ")}` : "The database is up to date.");
process.exit(0);
