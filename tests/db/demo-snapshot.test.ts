import { existsSync, lstatSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { verifyPassword } from "better-auth/crypto";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_OWNER } from "@/lib/auth/demo-account";
import type { Db } from "@/lib/db/client";
import { PrismaClient } from "@/lib/db/generated/client";
import { openEmbeddedDatabase } from "@/lib/db/pglite";
import { startupStatus } from "@/lib/db/startup-status";
import { DEMO_WORKSPACE_SLUG } from "@/lib/workspaces/demo-template";
import { seedDemoOwner } from "@/lib/workspaces/demo-owner";
import { makeDemoSnapshot } from "@/lib/workspaces/demo-snapshot";
import { openTestDb, type TestDb } from "@/tests/db/test-db";

// npm run demo seeds the demo once into a snapshot, and a server whose data
// directory is new starts from it instead of seeding on its first request.
// Whoever opens the demo must find the same demo either way.

const root = mkdtempSync(path.join(tmpdir(), "episodic-snapshot-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Entries under `dir` (itself included) another user could read or write. */
function openToOthers(dir: string): string[] {
  const stats = lstatSync(dir);
  const own = (stats.mode & 0o077) === 0 ? [] : [dir];
  return stats.isDirectory() ? [...own, ...readdirSync(dir).flatMap((name) => openToOthers(path.join(dir, name)))] : own;
}

// The embedded database's own mechanism; PostgreSQL seeds in place.
describe.skipIf(process.env.TEST_DATABASE === "postgres")("a new data directory given a snapshot", () => {
  const snapshot = path.join(root, "migrated.tar");
  beforeAll(() => writeFileSync(snapshot, Buffer.from(inject("pgliteSnapshot"), "base64")));

  it("starts as a copy of the snapshot's database, private to the user; once there, it is opened, never restored again", async () => {
    const dataDir = path.join(root, "restored");
    const opened: string[] = [];
    const first = await openEmbeddedDatabase(dataDir, { snapshot, onOpen: (how) => opened.push(how) });
    const migrated = await first.query<{ n: number }>("SELECT count(*)::int AS n FROM _prisma_migrations");
    expect(migrated.rows[0].n).toBeGreaterThan(1);
    await first.exec(`INSERT INTO "Workspace" (id, slug, name) VALUES ('w1', 'kept', 'Kept')`);
    await first.close();
    expect(openToOthers(dataDir)).toEqual([]);

    const again = await openEmbeddedDatabase(dataDir, { snapshot, onOpen: (how) => opened.push(how) });
    const kept = await again.query<{ slug: string }>(`SELECT slug FROM "Workspace"`);
    await again.close();
    expect(opened).toEqual(["restoring", "opening"]);
    expect(kept.rows.map((r) => r.slug)).toEqual(["kept"]);
  });

  it("that cannot be restored stops the start with the reason and leaves no half-made directory behind", async () => {
    const bad = path.join(root, "bad.tar.gz");
    writeFileSync(bad, "not a database");
    const dataDir = path.join(root, "from-bad");
    await expect(openEmbeddedDatabase(dataDir, { snapshot: bad })).rejects.toThrow(/The database snapshot .*bad\.tar\.gz \(PGLITE_SNAPSHOT\) could not be restored/);
    expect(existsSync(dataDir)).toBe(false);
  });
});

/** What anyone who opens the demo sees of it, without ids and the clock times of the seed's own run. */
async function demoAsSeen(db: Db) {
  const workspace = await db.workspace.findUniqueOrThrow({ where: { slug: DEMO_WORKSPACE_SLUG } });
  const threads = await db.thread.findMany({
    where: { workspaceId: workspace.id },
    orderBy: { title: "asc" },
    select: {
      title: true,
      kind: true,
      lastSeq: true,
      consolidatedSeq: true,
      messages: { orderBy: { seq: "asc" }, select: { seq: true, speaker: true, status: true, text: true, createdAt: true } },
      episodes: { orderBy: { fromSeq: "asc" }, select: { fromSeq: true, toSeq: true, gist: true, closed: true, pointerCount: true } },
    },
  });
  const pages = await db.page.findMany({
    where: { workspaceId: workspace.id },
    orderBy: { title: "asc" },
    select: { title: true, visibility: true, facts: { orderBy: [{ key: "asc" }, { text: "asc" }], select: { key: true, text: true, status: true, source: true } } },
  });
  return { name: workspace.name, threads, pages };
}

describe.skipIf(process.env.TEST_DATABASE === "postgres")("the demo's snapshot", () => {
  let t: TestDb;
  let restored: { pglite: PGlite; db: Db };
  let steps: string[];

  beforeAll(async () => {
    // The demo as a server's first request seeds it, and as the snapshot holds it.
    t = await openTestDb();
    await seedDemoOwner(t.db);
    const file = path.join(root, "demo.tar.gz");
    const before = startupStatus().steps.length;
    writeFileSync(file, Buffer.from(await (await makeDemoSnapshot()).arrayBuffer()));
    steps = startupStatus().steps.slice(before).map((step) => step.phase);
    const pglite = await openEmbeddedDatabase(path.join(root, "demo"), { snapshot: file });
    restored = { pglite, db: new PrismaClient({ adapter: new PrismaPGlite(pglite) }) };
  }, 900_000);
  afterAll(async () => {
    await restored?.db.$disconnect();
    await restored?.pglite.close();
    await t?.close();
  });

  it("holds the same demo as seeding on a first request writes: threads, messages, episodes, pages and facts", async () => {
    const [seeded, fromSnapshot] = [await demoAsSeen(t.db), await demoAsSeen(restored.db)];
    expect(fromSnapshot.threads.length).toBeGreaterThanOrEqual(3);
    expect(fromSnapshot.pages.length).toBeGreaterThan(3);
    for (const thread of fromSnapshot.threads) expect(thread.consolidatedSeq).toBe(thread.lastSeq);
    expect(fromSnapshot).toEqual(seeded);
  });

  it("holds the demo's owner, whose published password signs in, and nothing anyone did: no session, no copy, no job", async () => {
    const credential = await restored.db.account.findFirstOrThrow({ where: { user: { email: DEMO_OWNER.email }, providerId: "credential" } });
    expect(await verifyPassword({ hash: credential.password!, password: DEMO_OWNER.password })).toBe(true);
    expect(await restored.db.session.count()).toBe(0);
    expect((await restored.db.workspace.findMany()).map((w) => w.slug)).toEqual([DEMO_WORKSPACE_SLUG]);
    const jobs = await restored.pglite.query<{ n: number }>("SELECT count(*)::int AS n FROM pgboss.job");
    expect(jobs.rows[0].n).toBe(0);
  });

  it("was timed step by step as it was made, as a server's first start is", () => {
    expect(steps).toEqual(expect.arrayContaining(["opening", "migrating", "queue", "seeding", "consolidating", "replaying", "ready"]));
  });
});
