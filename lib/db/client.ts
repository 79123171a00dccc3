import type { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { readConfig } from "@/lib/config";
import { PrismaClient, type Prisma } from "@/lib/db/generated/client";
import { applyMigrations } from "@/lib/db/migrations";
import { openEmbeddedDatabase } from "@/lib/db/pglite";
import { reportStartup } from "@/lib/db/startup-status";

export type Db = PrismaClient;
/** What runs inside `db.$transaction(async (tx) => …)`. */
export type Tx = Prisma.TransactionClient;

/** PostgreSQL when DATABASE_URL is set, else embedded PGlite migrated on first open. */
async function connect(): Promise<Db> {
  const config = readConfig();
  if (config.databaseUrl) {
    reportStartup("ready", "Connected to PostgreSQL.");
    return new PrismaClient({ adapter: new PrismaPg({ connectionString: config.databaseUrl }) });
  }
  const pglite = await openEmbeddedDatabase(config.pgliteDataDir, {
    snapshot: config.pgliteSnapshot,
    onOpen: (how) =>
      how === "restoring"
        ? reportStartup("restoring", "Restoring the demo database from its snapshot…")
        : reportStartup("opening", "Opening the embedded database (PGlite)…"),
  });
  holder.episodicBufferPglite = pglite;
  const adapter = new PrismaPGlite(pglite);
  reportStartup("migrating", "Applying database migrations…");
  await applyMigrations(adapter);
  reportStartup("ready", "The database is ready.");
  return new PrismaClient({ adapter });
}

// Next loads a module several times in one process (route handlers, pages,
// hot reload); caching on globalThis keeps a single database per process.
const holder = globalThis as typeof globalThis & { episodicBufferDb?: Promise<Db>; episodicBufferPglite?: PGlite };

export function getDb(): Promise<Db> {
  holder.episodicBufferDb ??= connect().catch((error: unknown) => {
    holder.episodicBufferDb = undefined;
    throw error;
  });
  return holder.episodicBufferDb;
}

/** The embedded database behind getDb(), or null on PostgreSQL: the job queue shares its one connection. */
export async function getEmbeddedDatabase(): Promise<PGlite | null> {
  await getDb();
  return holder.episodicBufferPglite ?? null;
}
