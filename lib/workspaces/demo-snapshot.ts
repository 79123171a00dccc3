import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PrismaClient } from "@/lib/db/generated/client";
import { applyMigrations } from "@/lib/db/migrations";
import { reportStartup } from "@/lib/db/startup-status";
import { startJobBoss } from "@/lib/jobs/boss";
import { seedDemoOwner } from "@/lib/workspaces/demo-owner";

// The demo's seeded database, made once and then copied: npm run demo makes
// it beside the build, and a server whose data directory is new starts from
// it (PGLITE_SNAPSHOT) instead of creating an empty database, migrating it and
// filing the demo's 190 messages through the memory pass on the first
// request. The snapshot holds what that first start would have written and
// nothing else: the job queue's tables, the demo workspace (the template
// each demo session copies) and its owner's account; no job, no session, no
// copy.

/**
 * A new in-memory database, migrated, with the job queue's tables, the demo
 * workspace seeded and filed and its owner's account, dumped as PGlite's
 * gzipped data directory. The startup status reports each step, as a
 * server's first start does.
 */
export async function makeDemoSnapshot(): Promise<Blob> {
  reportStartup("opening", "Creating the demo's database…");
  const pglite = new PGlite();
  try {
    await pglite.waitReady;
    const adapter = new PrismaPGlite(pglite);
    reportStartup("migrating", "Applying database migrations…");
    await applyMigrations(adapter);
    reportStartup("queue", "Creating the job queue's tables…");
    const boss = await startJobBoss({ pglite });
    await boss.stop({ graceful: false, close: false });
    const db = new PrismaClient({ adapter });
    await seedDemoOwner(db);
    await db.$disconnect();
    return await pglite.dumpDataDir("gzip");
  } finally {
    await pglite.close();
  }
}
