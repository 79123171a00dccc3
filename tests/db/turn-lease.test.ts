import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UIMessageChunk } from "ai";
import { failureText, runTurn, startTurn } from "@/lib/agent/turn";
import { everyRole, type ModelChoice } from "@/lib/models";
import type { Db } from "@/lib/db/client";
import { PrismaClient } from "@/lib/db/generated/client";
import { currentInstance, HEARTBEAT_MS, INSTANCE_DEAD_AFTER_MS } from "@/lib/threads/instances";
import { turnInFlight } from "@/lib/threads/turn-lease";
import { makeThread, makeWorkspace, testConfig } from "@/tests/db/fixtures";
import { openTestDb, type TestDb } from "@/tests/db/test-db";
import { scriptedChoice, scriptedModel, scriptedModels } from "@/tests/support/scripted-model";

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
    models: scriptedModels(scriptedModel([{ text: "Noted." }])),
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

describe("a turn's hold on its thread", () => {
  /** Runs one turn of `choice` on a new thread: what the stream carried, how the turn settled, and how often the thread was released. */
  async function turnOf(slug: string, choice: ModelChoice) {
    const workspace = await makeWorkspace(t.db, slug);
    const thread = await makeThread(t.db, workspace.id);
    t.statements.reset();
    const turn = await startTurn({ db: t.db, config: testConfig(), models: everyRole(choice), workspaceId: workspace.id, threadId: thread.id, text: "We open at nine.", consolidate: { kind: "skip" } });
    const chunks: UIMessageChunk[] = [];
    await turn.stream.pipeTo(new WritableStream({ write: (chunk) => void chunks.push(chunk) }));
    const settled = await turn.finished.then(
      (outcome) => ({ outcome, error: null }),
      (error: unknown) => ({ outcome: null, error: error as Error }),
    );
    const releases = t.statements.sql.filter((sql) => /UPDATE "public"\."Thread" SET "turnLeaseId"/.test(sql)).length;
    const stored = await t.db.thread.findUniqueOrThrow({ where: { id: thread.id } });
    const messages = await t.db.message.findMany({ where: { threadId: thread.id }, orderBy: { seq: "asc" } });
    return { chunks, ...settled, releases, free: stored.turnLeaseId === null, messages };
  }

  const errorsOf = (chunks: UIMessageChunk[]) => chunks.flatMap((c) => (c.type === "error" ? [c.errorText] : []));

  it("is released once when the reply is saved", async () => {
    const turn = await turnOf("release-answered", scriptedChoice(scriptedModel([{ text: "Noted." }])));
    expect(turn.outcome?.answer).toBe("Noted.");
    expect(turn).toMatchObject({ releases: 1, free: true });
  });

  it("is released once when the call fails, the message kept", async () => {
    const turn = await turnOf("release-failed-call", scriptedChoice(scriptedModel([{ fail: "the provider is down" }])));
    expect(errorsOf(turn.chunks)).toEqual([failureText("the provider is down")]);
    expect(turn.outcome?.trace.error).toContain("the provider is down");
    expect(turn).toMatchObject({ releases: 1, free: true });
    expect(turn.messages.map((m) => m.role)).toEqual(["USER"]);
  });

  it("is released once when the model cannot be made ready, and the model is asked nothing", async () => {
    const model = scriptedModel([{ text: "should not run" }]);
    const choice = scriptedChoice(model);
    const turn = await turnOf("release-not-ready", { ...choice, runtime: { ...choice.runtime, ready: () => Promise.reject(new Error("the engine did not load")) } });
    expect(errorsOf(turn.chunks)).toEqual([failureText("the engine did not load")]);
    expect(model.calls).toHaveLength(0);
    expect(turn.outcome?.trace.error).toBe("the engine did not load");
    expect(turn).toMatchObject({ releases: 1, free: true });
  });

  it("is released once when the turn breaks before its model is asked: the stream says so, the turn fails, the message stays", async () => {
    const model = scriptedModel([{ text: "should not run" }]);
    const choice = scriptedChoice(model);
    const broken = { ...choice, runtime: { ...choice.runtime, contextSize: () => Promise.reject(new Error("the provider's address does not resolve")) } };
    const turn = await turnOf("release-broken", broken);
    expect(errorsOf(turn.chunks)).toEqual([failureText("the server could not prepare the reply")]);
    expect(turn.error?.message).toBe("the provider's address does not resolve");
    expect(model.calls).toHaveLength(0);
    expect(turn).toMatchObject({ releases: 1, free: true });
    expect(turn.messages.map((m) => [m.role, m.text])).toEqual([["USER", "We open at nine."]]);
  });
});
