import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runTurn } from "@/lib/agent/turn";
import type { Db } from "@/lib/db/client";
import { PrismaClient } from "@/lib/db/generated/client";
import { currentInstance, HEARTBEAT_MS, INSTANCE_DEAD_AFTER_MS } from "@/lib/threads/instances";
import { turnInFlight } from "@/lib/threads/turn-lease";
import { makeThread, makeWorkspace, testConfig } from "@/tests/db/fixtures";
import { openTestDb, type TestDb } from "@/tests/db/test-db";
import { scriptedChoice, scriptedModel } from "@/tests/support/scripted-model";

// A turn's claim names the instance that made it. A claim whose instance
// stopped beating frees the thread at once; one whose instance still beats
// holds it, however long the wait.

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(async () => {
  await t?.close();
});

/** Another server's instance, last heard from `ago` ms back, holding a fresh claim on a new thread. */
async function threadHeldBy(slug: string, ago: number) {
  const workspace = await makeWorkspace(t.db, slug);
  const thread = await makeThread(t.db, workspace.id);
  const instance = `other-server-${slug}`;
  const heard = new Date(Date.now() - ago);
  await t.db.serverInstance.create({ data: { id: instance, startedAt: heard, heartbeatAt: heard } });
  await t.db.thread.update({
    where: { id: thread.id },
    data: { turnLeaseId: "a-claim-of-the-other-server", turnLeaseUntil: new Date(Date.now() + 10 * 60_000), turnLeaseInstance: instance },
  });
  return { workspaceId: workspace.id, threadId: thread.id };
}

/** A send from this process to a database another process may share (PostgreSQL), waiting at most `waitMs` for the thread. */
const send = (ids: { workspaceId: string; threadId: string }, waitMs: number) =>
  runTurn({
    db: t.db,
    config: { ...testConfig({ TURN_WAIT_MS: String(waitMs) }), databaseUrl: "postgresql://shared/db" },
    choice: scriptedChoice(scriptedModel([{ text: "Noted." }])),
    ...ids,
    text: "We open at nine.",
    consolidate: { kind: "skip" },
  });

describe("a thread held by another server", () => {
  it("is free at once when that server stopped sending heartbeats, long before its claim expires", async () => {
    const held = await threadHeldBy("dead-holder", INSTANCE_DEAD_AFTER_MS + 5_000);
    expect(await turnInFlight(t.db, held.threadId)).toBe(false);
    // No wait allowed: a thread still held would answer 409 at once.
    const outcome = await send(held, 0);
    expect(outcome.answer).toBe("Noted.");
    expect(await t.db.thread.findUniqueOrThrow({ where: { id: held.threadId } })).toMatchObject({ turnLeaseId: null, turnLeaseInstance: null });
  });

  it("stays held while that server is alive, and the send is refused with a 409 after its wait", async () => {
    const held = await threadHeldBy("live-holder", 0);
    expect(await turnInFlight(t.db, held.threadId)).toBe(true);
    await expect(send(held, 300)).rejects.toMatchObject({ status: 409 });
    expect(await t.db.message.count({ where: { threadId: held.threadId } })).toBe(0);
  });

  it("is claimed in this process's own name, which keeps beating", async () => {
    const instance = await currentInstance(t.db, { sole: false });
    const before = await t.db.serverInstance.findUniqueOrThrow({ where: { id: instance } });
    await new Promise((resolve) => setTimeout(resolve, HEARTBEAT_MS + 1_000));
    const after = await t.db.serverInstance.findUniqueOrThrow({ where: { id: instance } });
    expect(after.heartbeatAt.getTime()).toBeGreaterThan(before.heartbeatAt.getTime());
  });
});

/** Another client on the same database, as a process that has just opened it would have. */
function freshClient(): Db {
  const adapter = "pglite" in t.queue ? new PrismaPGlite(t.queue.pglite) : new PrismaPg({ connectionString: t.queue.connectionString });
  return new PrismaClient({ adapter });
}

describe("on the embedded database", () => {
  it("treats every other instance as dead once a process opens it: only one process can have it open", async () => {
    const held = await threadHeldBy("sole-database", 0);
    expect(await turnInFlight(t.db, held.threadId)).toBe(true);
    const opened = freshClient();
    try {
      await currentInstance(opened, { sole: true });
      expect(await turnInFlight(opened, held.threadId)).toBe(false);
      expect(await opened.serverInstance.count({ where: { id: "other-server-sole-database" } })).toBe(0);
    } finally {
      await opened.$disconnect();
    }
  });
});
