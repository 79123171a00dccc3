// Writes the paging spec's database before its server starts (PGlite has no
// lock, so nothing else may have it open): a small and a big workspace of the
// same shape, both owned by the demo owner, and an empty demo workspace so the
// server does not spend minutes seeding one this spec never opens.
// Usage: tsx e2e/support/seed-paging.ts <pglite data dir> <json sizes: { small, big }>
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PrismaClient } from "@/lib/db/generated/client";
import { applyMigrations } from "@/lib/db/migrations";
import { DEMO_WORKSPACE_SLUG } from "@/lib/workspaces/demo-template";
import { DEMO_OWNER } from "@/lib/auth/demo-account";
import { ensureDemoOwner } from "@/lib/workspaces/demo-owner";
import { PAGING_STYLE, seedWorkspace, type WorkspaceSize } from "@/scripts/seed-world";

const [dataDir, sizes] = process.argv.slice(2);
const { small, big } = JSON.parse(sizes) as { small: WorkspaceSize; big: WorkspaceSize };
/** Forty facts to a page: 27 confirmed, past the first 20 a page shows of them. */
const style = { ...PAGING_STYLE, factsPerPage: 40 };
const pglite = new PGlite(dataDir);
await applyMigrations(new PrismaPGlite(pglite));
const db = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
await db.workspace.create({ data: { slug: DEMO_WORKSPACE_SLUG, name: "Demo (left empty)" } });
const seeded = {
  small: await seedWorkspace(db, { ...style, slug: "paging-small" }, small),
  big: await seedWorkspace(db, { ...style, slug: "paging-big" }, big),
};
await ensureDemoOwner(db);
const owner = await db.user.findUniqueOrThrow({ where: { email: DEMO_OWNER.email } });
await db.membership.createMany({ data: [seeded.small, seeded.big].map((w) => ({ userId: owner.id, workspaceId: w.workspaceId })) });
await db.$disconnect();
await pglite.close();
console.log(JSON.stringify(seeded));
process.exit(0);
