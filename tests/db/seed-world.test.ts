import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordIdSchema } from "@/lib/contracts/ids";
import { recallPages } from "@/lib/pages/recall";
import { appendMessages } from "@/lib/threads/messages";
import { openTestDb, type TestDb } from "@/tests/db/test-db";
import { growWorkspace, MESSAGES_PER_EPISODE, PAGING_STYLE, seedWorkspace, type SeededWorkspace } from "@/scripts/seed-world";

// The seeder shared by the benchmark and the paging tests: the shape it
// promises (an episode per six messages pointing at facts, pages of facts in
// a fixed mix of statuses, the thread's counters), growth that writes only
// what is missing, and the numbered wording's rows all the same length.

let t: TestDb;
let varied: SeededWorkspace;

beforeAll(async () => {
  t = await openTestDb();
  varied = await seedWorkspace(t.db, { slug: "varied", wording: "varied" }, { messages: 300, facts: 250, threads: 3 });
});
afterAll(() => t?.close());

const statusCounts = async (pageId: string) =>
  Object.fromEntries((await t.db.fact.groupBy({ by: ["status"], where: { pageId }, _count: true })).map((g) => [g.status, g._count]));

describe("a seeded workspace", () => {
  it("has its long thread numbered from 1, owner and agent in turn, its counters at the last message and the last episode", async () => {
    const thread = await t.db.thread.findUniqueOrThrow({ where: { id: varied.longThreadId } });
    expect(thread).toMatchObject({ lastSeq: 300, consolidatedSeq: 300 });
    const messages = await t.db.message.findMany({ where: { threadId: varied.longThreadId }, orderBy: { seq: "asc" } });
    expect(messages.map((m) => m.seq)).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
    expect(messages.slice(0, 2).map((m) => [m.role, m.speaker])).toEqual([["USER", "OWNER"], ["ASSISTANT", "AGENT"]]);
    expect(messages[0].parts).toEqual([{ type: "text", text: messages[0].text }]);
    expect(messages.every((m) => recordIdSchema.safeParse(m.id).success)).toBe(true);
  });

  it("files an episode per six messages, each pointing at one to three facts and naming their pages", async () => {
    const episodes = await t.db.episode.findMany({ where: { threadId: varied.longThreadId }, orderBy: { toSeq: "asc" }, include: { pointers: { include: { fact: { include: { page: true } } } } } });
    expect(episodes.map((e) => [e.fromSeq, e.toSeq])).toEqual(Array.from({ length: 50 }, (_, i) => [i * MESSAGES_PER_EPISODE + 1, (i + 1) * MESSAGES_PER_EPISODE]));
    for (const episode of episodes) {
      expect(episode.pointerCount).toBe(episode.pointers.length);
      expect(episode.pointers.length).toBeGreaterThanOrEqual(1);
      expect(episode.pointers.length).toBeLessThanOrEqual(3);
      expect(new Set(episode.pages)).toEqual(new Set(episode.pointers.map((p) => p.fact.page.title)));
    }
  });

  it("puts 100 facts on a page, 17 confirmed, 2 pending and 1 superseded in every 20, each citing an owner's message", async () => {
    const pages = await t.db.page.findMany({ where: { workspaceId: varied.workspaceId }, orderBy: { updatedAt: "asc" } });
    expect(pages.map((p) => p.id)[0]).toBe(varied.firstPageId);
    expect(pages).toHaveLength(3);
    expect(await statusCounts(pages[0].id)).toEqual({ CONFIRMED: 85, PENDING: 10, SUPERSEDED: 5 });
    expect(await statusCounts(pages[2].id)).toEqual({ CONFIRMED: 43, PENDING: 5, SUPERSEDED: 2 });
    const cited = await t.db.fact.findMany({ where: { page: { workspaceId: varied.workspaceId } }, select: { message: { select: { speaker: true } }, workspaceId: true } });
    expect(cited.every((f) => f.message.speaker === "OWNER" && f.workspaceId === varied.workspaceId)).toBe(true);
  });

  it("words its facts so an owner's question recalls pages", async () => {
    expect((await recallPages(t.db, varied.workspaceId, "What did we decide about the lease deposit?", 3)).length).toBeGreaterThan(0);
  });

  it("adds further threads of two messages, older than the long one", async () => {
    const threads = await t.db.thread.findMany({ where: { workspaceId: varied.workspaceId }, orderBy: { updatedAt: "desc" }, include: { _count: { select: { messages: true } } } });
    expect(threads.map((th) => [th.title, th.lastSeq, th._count.messages])).toEqual([
      ["The long thread", 300, 300],
      ["Thread number 00003", 2, 2],
      ["Thread number 00002", 2, 2],
      ["Thread number 00001", 2, 2],
    ]);
  });

  it("grows in place: only what is missing is written, after messages others appended", async () => {
    const grown = await seedWorkspace(t.db, { slug: "grown", wording: "varied" }, { messages: 120, facts: 150 });
    await appendMessages(t.db, grown.longThreadId, [{ role: "USER", speaker: "OWNER", text: "A turn." }, { role: "ASSISTANT", speaker: "AGENT", text: "A turn." }]);
    await growWorkspace(t.db, grown, { messages: 240, facts: 320 });
    expect(grown.size).toEqual({ messages: 240, episodes: 40, facts: 320, threads: 0 });
    expect(await t.db.message.count({ where: { threadId: grown.longThreadId } })).toBe(240);
    expect(await t.db.message.count({ where: { threadId: grown.longThreadId, text: "A turn." } })).toBe(2);
    expect(await t.db.fact.count({ where: { page: { workspaceId: grown.workspaceId } } })).toBe(320);
    expect(await t.db.episode.count({ where: { threadId: grown.longThreadId } })).toBe(40);
    // A seeded world is the same whatever the stops it was grown through.
    const once = await seedWorkspace(t.db, { slug: "once", wording: "varied" }, { messages: 240, facts: 320 });
    const texts = async (workspaceId: string) => (await t.db.fact.findMany({ where: { page: { workspaceId } }, orderBy: { createdAt: "asc" } })).map((f) => [f.key, f.text, f.status]);
    expect(await texts(grown.workspaceId)).toEqual(await texts(once.workspaceId));
  });

  it("refuses episodes the messages cannot hold", async () => {
    await expect(seedWorkspace(t.db, { slug: "short", wording: "varied" }, { messages: 30, facts: 10, episodes: 6 })).rejects.toThrow(/6 episodes need 36 messages/);
  });
});

describe("the numbered wording", () => {
  it("writes every message, fact and episode line of a kind at one length, and points every episode at the first fact when asked", async () => {
    const numbered = await seedWorkspace(t.db, { ...PAGING_STYLE, factsPerPage: 30, slug: "numbered" }, { messages: 200, facts: 90, episodes: 20 });
    const lengths = async <T extends { text?: string; gist?: string }>(rows: Promise<T[]>) => new Set((await rows).map((r) => (r.text ?? r.gist)!.length));
    expect(await lengths(t.db.message.findMany({ where: { threadId: numbered.longThreadId } }))).toHaveProperty("size", 1);
    expect(await lengths(t.db.fact.findMany({ where: { page: { workspaceId: numbered.workspaceId } } }))).toHaveProperty("size", 1);
    expect(await lengths(t.db.episode.findMany({ where: { threadId: numbered.longThreadId } }))).toHaveProperty("size", 1);
    expect(await statusCounts(numbered.firstPageId)).toEqual({ CONFIRMED: 20, PENDING: 10 });
    const pointers = await t.db.episodeFact.findMany({ where: { episode: { threadId: numbered.longThreadId } }, include: { fact: true } });
    expect(pointers).toHaveLength(20);
    expect(new Set(pointers.map((p) => p.fact.pageId))).toEqual(new Set([numbered.firstPageId]));
  });
});
