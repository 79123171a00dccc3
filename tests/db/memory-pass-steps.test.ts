import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveEpisode } from "@/lib/episodes/store";
import { commit, commitCursorOnly } from "@/lib/memory/commit";
import { gatherContext, gatherStretch } from "@/lib/memory/gather";
import type { Vetted } from "@/lib/memory/vet";
import { addConversation, makeThread, makeWorkspace } from "@/tests/db/fixtures";
import { openTestDb, type TestDb } from "@/tests/db/test-db";

// The memory pass's steps that touch the database: what gather reads, and
// what commit writes through the tables' owners (the pure steps have unit
// tests of their own).

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(async () => {
  await t?.close();
});

async function conversation(slug: string, kind: "OWNER" | "SUPPORT" = "OWNER") {
  const workspace = await makeWorkspace(t.db, slug);
  const thread = await makeThread(t.db, workspace.id, kind);
  const who = kind === "OWNER" ? "owner" : "customer";
  const messages = await addConversation(t.db, thread.id, [
    { who, text: "The Main St lease is $2,350 a month." },
    { who: "agent", text: "Noted: Main St at $2,350." },
    { who, text: "The opening is November 20." },
    { who: "agent", text: "I'll plan around November 20." },
  ]);
  return { workspace, thread, messages };
}

const noFiling = (overrides: Partial<Vetted> = {}): Vetted => ({ facts: [], dropped: [], closes: null, fold: null, episode: null, ...overrides });

describe("the memory pass's gather step", () => {
  it("reads the COMPLETE messages after the cursor, at most maxMessages, and which of them may be filed", async () => {
    const { thread, messages } = await conversation("gather-stretch");
    await t.db.thread.update({ where: { id: thread.id }, data: { consolidatedSeq: 1 } });
    await t.db.message.update({ where: { id: messages[2].id }, data: { status: "INTERRUPTED" } });
    const stretch = await gatherStretch(t.db, thread.id, { maxMessages: 2 });
    expect(stretch.thread.consolidatedSeq).toBe(1);
    expect(stretch.messages.map((m) => m.seq)).toEqual([2, 4]);
    expect(stretch.trusted.map((m) => m.seq)).toEqual([2, 4]);
  });

  it("trusts no one in a support thread", async () => {
    const { thread } = await conversation("gather-support", "SUPPORT");
    const stretch = await gatherStretch(t.db, thread.id, { maxMessages: 40 });
    expect(stretch.messages).toHaveLength(4);
    expect(stretch.trusted).toEqual([]);
  });

  it("shows the open stretch's earlier messages beside the new ones, and no fold unless asked", async () => {
    const { thread, messages } = await conversation("gather-open");
    await saveEpisode(t.db, { threadId: thread.id, fromSeq: 1, toSeq: 2, fromAt: messages[0].createdAt, toAt: messages[1].createdAt, gist: "Main St priced.", closed: false, factIds: [] });
    await t.db.thread.update({ where: { id: thread.id }, data: { consolidatedSeq: 2 } });
    const stretch = await gatherStretch(t.db, thread.id, { maxMessages: 40 });
    const context = await gatherContext(t.db, stretch, { folds: false });
    expect(context.open?.gist).toBe("Main St priced.");
    expect(context.earlier.map((m) => m.seq)).toEqual([1, 2]);
    expect(context.before, "the open stretch's own messages say what came before").toEqual([]);
    expect(context.due).toBeNull();
  });

  it("shows no earlier messages once the stretch before closed, only its last messages, for what the new ones point back at", async () => {
    const { thread, messages } = await conversation("gather-closed");
    await saveEpisode(t.db, { threadId: thread.id, fromSeq: 1, toSeq: 2, fromAt: messages[0].createdAt, toAt: messages[1].createdAt, gist: "Main St priced.", closed: true, factIds: [] });
    await t.db.thread.update({ where: { id: thread.id }, data: { consolidatedSeq: 2 } });
    const context = await gatherContext(t.db, await gatherStretch(t.db, thread.id, { maxMessages: 40 }), { folds: true });
    expect(context.open).toBeNull();
    expect(context.earlier).toEqual([]);
    expect(context.before.map((m) => m.seq)).toEqual([1, 2]);
  });

  it("shows the live facts of the pages the messages before the stretch are about, for a correction that names none of their words", async () => {
    const workspace = await makeWorkspace(t.db, "gather-correction");
    const thread = await makeThread(t.db, workspace.id);
    const messages = await addConversation(t.db, thread.id, [
      { who: "owner", text: "The Main St lease is $2,350 a month." },
      { who: "agent", text: "Noted: Main St at $2,350." },
      { who: "owner", text: "actually it's $3,100 now, fees got rolled in" },
      { who: "agent", text: "Got it." },
    ]);
    const first = await gatherStretch(t.db, thread.id, { maxMessages: 2 });
    await commit(t.db, first, noFiling({
      facts: [{ workspaceId: workspace.id, pageTitle: "Second Location", key: "lease price", text: "Main St lease at $2,350/mo", source: "OWNER", threadId: thread.id, messageId: messages[0].id, messageSeq: 1, replaces: null }],
      episode: { threadId: thread.id, fromSeq: 1, toSeq: 2, fromAt: messages[0].createdAt, toAt: messages[1].createdAt, gist: "Main St priced.", closed: true, keptFactIds: [], replaces: null },
    }));
    const context = await gatherContext(t.db, await gatherStretch(t.db, thread.id, { maxMessages: 40 }), { folds: false });
    expect(context.facts.map((f) => f.text)).toContain("Main St lease at $2,350/mo");
  });
});

describe("the memory pass's gather step, for a correction that names only the old figure", () => {
  it("shows the live fact stating that figure, however either writes it, long after it was said", async () => {
    const workspace = await makeWorkspace(t.db, "gather-figure");
    const thread = await makeThread(t.db, workspace.id);
    const messages = await addConversation(t.db, thread.id, [
      { who: "owner", text: "We spend around $6,300 a month with Penwarden Felt." },
      { who: "agent", text: "Noted." },
      ...["The kiln is booked for Friday.", "Two new students signed up.", "The sign out front needs paint."].flatMap((text) => [
        { who: "owner" as const, text },
        { who: "agent" as const, text: "Noted." },
      ]),
      { who: "owner", text: "correction btw, more like $7,150 not 6300" },
      { who: "agent", text: "Got it." },
    ]);
    const first = await gatherStretch(t.db, thread.id, { maxMessages: 2 });
    await commit(t.db, first, noFiling({
      facts: [{ workspaceId: workspace.id, pageTitle: "Penwarden Felt", key: "price", text: "We spend around $6,300 a month with Penwarden Felt.", source: "OWNER", threadId: thread.id, messageId: messages[0].id, messageSeq: 1, replaces: null }],
    }));
    await t.db.thread.update({ where: { id: thread.id }, data: { consolidatedSeq: 8 } });
    const context = await gatherContext(t.db, await gatherStretch(t.db, thread.id, { maxMessages: 40 }), { folds: false });
    expect(context.before.map((m) => m.text).join(" ")).not.toMatch(/Penwarden/);
    expect(context.facts.map((f) => f.text)).toContain("We spend around $6,300 a month with Penwarden Felt.");
  });
});

describe("the memory pass's commit step", () => {
  it("moves the cursor, files the facts and saves the line pointing at them", async () => {
    const { workspace, thread, messages } = await conversation("commit-filed");
    const stretch = await gatherStretch(t.db, thread.id, { maxMessages: 40 });
    const vetted = noFiling({
      facts: [{ workspaceId: workspace.id, pageTitle: "Second Location", key: "lease price", text: "Main St at $2,350/mo", source: "OWNER", threadId: thread.id, messageId: messages[0].id, messageSeq: 1, replaces: null }],
      episode: { threadId: thread.id, fromSeq: 1, toSeq: 4, fromAt: messages[0].createdAt, toAt: messages[3].createdAt, gist: "Main St priced.", closed: true, keptFactIds: [], replaces: null },
    });
    const committed = await commit(t.db, stretch, vetted);
    if (committed === "raced") throw new Error("raced");
    expect(committed.filed.map((f) => [f.pageTitle, f.fact.status])).toEqual([["Second Location", "CONFIRMED"]]);
    expect(committed.episode?.pointers).toEqual([{ factId: committed.filed[0].fact.id, page: "Second Location" }]);
    expect((await t.db.thread.findUniqueOrThrow({ where: { id: thread.id } })).consolidatedSeq).toBe(4);
  });

  it("replaces the open episode it extends and closes one a new subject leaves behind", async () => {
    const { thread, messages } = await conversation("commit-extend");
    const { episode: open } = await saveEpisode(t.db, { threadId: thread.id, fromSeq: 1, toSeq: 2, fromAt: messages[0].createdAt, toAt: messages[1].createdAt, gist: "Main St priced.", closed: false, factIds: [] });
    await t.db.thread.update({ where: { id: thread.id }, data: { consolidatedSeq: 2 } });
    const stretch = await gatherStretch(t.db, thread.id, { maxMessages: 40 });
    const extended = { threadId: thread.id, fromSeq: 1, toSeq: 4, fromAt: messages[0].createdAt, toAt: messages[3].createdAt, gist: "Main St priced; opening set.", closed: false, keptFactIds: [], replaces: open.id };
    await commit(t.db, stretch, noFiling({ episode: extended }));
    expect(await t.db.episode.findMany({ where: { threadId: thread.id }, select: { fromSeq: true, toSeq: true, gist: true } })).toEqual([{ fromSeq: 1, toSeq: 4, gist: "Main St priced; opening set." }]);

    const other = await conversation("commit-close");
    const { episode: before } = await saveEpisode(t.db, { threadId: other.thread.id, fromSeq: 1, toSeq: 2, fromAt: other.messages[0].createdAt, toAt: other.messages[1].createdAt, gist: "Main St priced.", closed: false, factIds: [] });
    await t.db.thread.update({ where: { id: other.thread.id }, data: { consolidatedSeq: 2 } });
    await commit(t.db, await gatherStretch(t.db, other.thread.id, { maxMessages: 40 }), noFiling({ closes: before.id }));
    expect((await t.db.episode.findUniqueOrThrow({ where: { id: before.id } })).closed).toBe(true);
  });

  it("writes nothing and says raced when another pass moved the cursor first", async () => {
    const { workspace, thread, messages } = await conversation("commit-raced");
    const stretch = await gatherStretch(t.db, thread.id, { maxMessages: 40 });
    await t.db.thread.update({ where: { id: thread.id }, data: { consolidatedSeq: 2 } });
    const vetted = noFiling({
      facts: [{ workspaceId: workspace.id, pageTitle: "Second Location", key: "lease price", text: "Main St at $2,350/mo", source: "OWNER", threadId: thread.id, messageId: messages[0].id, messageSeq: 1, replaces: null }],
    });
    expect(await commit(t.db, stretch, vetted)).toBe("raced");
    expect(await t.db.fact.count({ where: { threadId: thread.id } })).toBe(0);
    await expect(commitCursorOnly(t.db, stretch)).rejects.toThrow("another pass covered these messages first");
  });

  it("moves only the cursor past a stretch with nothing to file", async () => {
    const { thread } = await conversation("commit-cursor", "SUPPORT");
    await commitCursorOnly(t.db, await gatherStretch(t.db, thread.id, { maxMessages: 40 }));
    expect((await t.db.thread.findUniqueOrThrow({ where: { id: thread.id } })).consolidatedSeq).toBe(4);
    expect(await t.db.episode.count({ where: { threadId: thread.id } })).toBe(0);
  });
});
