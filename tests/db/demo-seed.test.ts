import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PromptScreen } from "@/lib/guard/screen";
import { previewNextTurn } from "@/lib/agent/preview";
import { readWindowWithBuffer } from "@/lib/buffer/read";
import { readConfig } from "@/lib/config";
import { turnTraceSchema } from "@/lib/contracts/trace";
import type { Db } from "@/lib/db/client";
import type { Workspace } from "@/lib/db/generated/client";
import { seedDemoWorkspace } from "@/lib/workspaces/demo";
import { DEMO_WORKSPACE_SLUG } from "@/lib/workspaces/demo-template";
import { DEMO_THREADS, DEMO_SUPPORT, DEMO_TURNS } from "@/lib/workspaces/demo-story";
import { openTestDb, type TestDb } from "@/tests/db/test-db";

const WINDOW = 30;

let t: TestDb;
let workspace: Workspace;

async function everything(db: Db) {
  return {
    workspaces: await db.workspace.count(),
    threads: await db.thread.count(),
    messages: await db.message.count(),
    pages: await db.page.count(),
    facts: await db.fact.count(),
    episodes: await db.episode.count(),
    pointers: await db.episodeFact.count(),
  };
}

beforeAll(async () => {
  t = await openTestDb();
  const started = performance.now();
  // Two first requests at once: the unique slug lets one seed and the other wait for its row.
  const [a, b] = await Promise.all([seedDemoWorkspace(t.db), seedDemoWorkspace(t.db)]);
  console.log(`seeding the demo workspace (two concurrent calls) took ${Math.round(performance.now() - started)} ms on ${t.kind}`);
  expect(b.id).toBe(a.id);
  workspace = a;
});
afterAll(() => t.close());

function threadTitled(title: string) {
  return t.db.thread.findFirstOrThrow({ where: { workspaceId: workspace.id, title } });
}

describe("the seeded demo workspace", () => {
  it("holds the story's three threads, once, fully consolidated", async () => {
    expect(workspace).toMatchObject({ slug: DEMO_WORKSPACE_SLUG, name: "Bayou Bean Coffee" });
    const threads = await t.db.thread.findMany({ where: { workspaceId: workspace.id } });
    expect(threads.map((th) => th.title).sort()).toEqual([...DEMO_THREADS.map((th) => th.title), DEMO_SUPPORT.title].sort());
    for (const thread of threads) {
      expect(await t.db.message.count({ where: { threadId: thread.id } })).toBe(thread.lastSeq);
      expect(thread.consolidatedSeq).toBe(thread.lastSeq);
    }
  });

  it("has a long owner thread spread over weeks, alternating owner and agent", async () => {
    const long = await threadTitled("Second location planning");
    expect(long.kind).toBe("OWNER");
    expect(long.lastSeq).toBeGreaterThanOrEqual(150);
    expect(long.lastSeq).toBeLessThanOrEqual(200);
    const messages = await t.db.message.findMany({ where: { threadId: long.id }, orderBy: { seq: "asc" } });
    expect(messages.every((m, i) => m.speaker === (i % 2 === 0 ? "OWNER" : "AGENT"))).toBe(true);
    const first = messages[0];
    const last = messages[messages.length - 1];
    expect(first.createdAt.toISOString().slice(0, 10)).toBe("2026-10-02");
    const weeks = (last.createdAt.getTime() - first.createdAt.getTime()) / (7 * 24 * 3600 * 1000);
    expect(weeks).toBeGreaterThan(5);
    expect(weeks).toBeLessThan(6.5);
    expect(messages.slice(0, 8).map((m) => m.text).join(" ")).toMatch(/Houma[\s\S]*\$2,500/);
  });

  it("filed pages and facts, confirmed and pending", async () => {
    const pages = await t.db.page.findMany({ where: { workspaceId: workspace.id }, select: { title: true } });
    // Pages are named for what their facts are about, in the story's own words.
    expect(pages.map((p) => p.title)).toEqual(expect.arrayContaining(["Espresso Machine", "Equipment", "Landlord", "Pastries"]));
    expect(pages.map((p) => p.title)).not.toContain("General");
    const byStatus = await t.db.fact.groupBy({ by: ["status"], where: { page: { workspaceId: workspace.id } }, _count: true });
    const count = Object.fromEntries(byStatus.map((g) => [g.status, g._count]));
    expect(count.CONFIRMED).toBeGreaterThan(10);
    expect(count.PENDING).toBeGreaterThanOrEqual(1);
    const lease = await t.db.fact.findMany({ where: { page: { workspaceId: workspace.id }, status: "CONFIRMED", text: { contains: "Main St lease" } } });
    expect(lease.length).toBeGreaterThan(0);
  });

  it("gives the long thread an episode per stretch, and a buffer with a first line and a gap", async () => {
    const long = await threadTitled("Second location planning");
    const episodes = await t.db.episode.findMany({ where: { threadId: long.id }, orderBy: { toSeq: "asc" } });
    expect(episodes.length).toBeGreaterThanOrEqual(15);
    expect(episodes[0].fromSeq).toBe(1);
    expect(episodes[0].gist).toMatch(/Houma/);
    expect(episodes[0].gist).toMatch(/^The owner opened the thread to /);
    const all = await t.db.episode.findMany({ orderBy: [{ threadId: "asc" }, { toSeq: "asc" }] });
    if (process.env.PRINT_EPISODES) console.log(all.map((e) => `#${e.fromSeq}-${e.toSeq} ${e.gist}`).join("\n"));
    for (const e of all) {
      expect(e.gist.split(/\s+/).length).toBeLessThan(25);
      // The lines are the agent's notes about the owner, never the owner's first person.
      expect(e.gist).not.toMatch(/(?<![\p{L}'])(?:I|we|my|our|I'm|we're|I've|we've)(?![\p{L}'])/iu);
    }

    const { messages: window, buffer } = await readWindowWithBuffer(t.db, long.id, { window: WINDOW, maxLines: 12, maxLineChars: 220 }, new PromptScreen());
    // The lease was settled before the window: a question about it needs the buffer.
    expect(window.some((m) => /lease/i.test(m.text))).toBe(false);
    expect(buffer.status).toBe("injected");
    expect(buffer.gap).toBe(true);
    expect(buffer.chosen[0]).toMatchObject({ reason: "first", fromSeq: 1 });
    expect(buffer.chosen.filter((c) => c.reason === "recent").length).toBeGreaterThan(5);
  });

  it("asks the long thread real questions: one opens a page a buffer line points at, one searches the gap, one answers from recall", async () => {
    const long = await threadTitled(DEMO_TURNS.thread);
    const rows = await t.db.turnTrace.findMany({ where: { threadId: long.id }, orderBy: { createdAt: "asc" } });
    expect(rows).toHaveLength(DEMO_TURNS.questions.length);
    const [opened, searched, recalled] = rows.map((row) => turnTraceSchema.parse({ ...(row.data as object), prompt: row.prompt }));
    // The first question names neither the page nor the person: a buffer line about it points at the page, which it opens.
    expect(opened.buffer.status).toBe("injected");
    expect(opened.toolCalls.map((c) => c.name)).toEqual(["read_page"]);
    const openedTitle = (opened.toolCalls[0].input as { title: string }).title;
    expect(opened.buffer.chosen.some((c) => c.pages.includes(openedTitle))).toBe(true);
    expect(opened.recall.pages.map((p) => p.title)).not.toContain(openedTitle);
    expect(opened.toolCalls[0].reason).toMatch(/line of \d{4}-\d{2}-\d{2}/);
    const search = searched.toolCalls.find((c) => c.name === "search_chat_history")?.output as { matches: { seq: number }[] };
    const firstRecent = searched.buffer.chosen.find((c) => c.reason === "recent")!;
    expect(search.matches.some((m) => m.seq < firstRecent.fromSeq && m.seq > searched.buffer.chosen[0].toSeq)).toBe(true);
    // The third names a page recall brings into the prompt: answered from it, nothing opened.
    expect(recalled.toolCalls).toEqual([]);
    expect(rows.every((row) => row.assistantMessageId !== null)).toBe(true);
  });

  it("answers each seeded question with the story's own values", async () => {
    const long = await threadTitled(DEMO_TURNS.thread);
    const rows = await t.db.turnTrace.findMany({ where: { threadId: long.id }, orderBy: { createdAt: "asc" }, select: { assistantMessageId: true } });
    const replies = await t.db.message.findMany({ where: { id: { in: rows.map((r) => r.assistantMessageId!) } }, orderBy: { seq: "asc" } });
    expect(replies).toHaveLength(DEMO_TURNS.answers.length);
    DEMO_TURNS.answers.forEach((values, i) => {
      for (const value of values) expect(replies[i].text).toContain(value);
    });
  });

  it("previews the next turn of the long thread before anyone types, without writing anything", async () => {
    const long = await threadTitled(DEMO_TURNS.thread);
    const before = await everything(t.db);
    const preview = await previewNextTurn(t.db, readConfig({}), workspace.id, long.id);
    expect(await everything(t.db)).toEqual(before);
    expect(preview.window).toMatchObject({ count: WINDOW, toSeq: long.lastSeq, fromSeq: long.lastSeq - WINDOW + 1 });
    expect(preview.buffer.status).toBe("injected");
    expect(preview.buffer.gap).toBe(true);
    expect(preview.buffer.chosen[0]).toMatchObject({ reason: "first", fromSeq: 1 });
    expect(preview.buffer.chosen.filter((c) => c.reason === "recent").length).toBeGreaterThan(0);
    expect(preview.recall).toEqual({ query: "", feed: false, pages: [] });
    for (const title of preview.buffer.chosen.flatMap((c) => c.pages)) expect(preview.pageIds[title]).toBeTruthy();
  });

  it("keeps everything a customer said out of memory", async () => {
    const support = await threadTitled("Customer questions");
    expect(support.kind).toBe("SUPPORT");
    const said = await t.db.message.findMany({ where: { threadId: support.id, role: "USER" } });
    expect(said.every((m) => m.speaker === "CUSTOMER")).toBe(true);
    expect(said.some((m) => /ignore your instructions/i.test(m.text))).toBe(true);
    expect(await t.db.fact.count({ where: { threadId: support.id } })).toBe(0);
    expect(await t.db.episode.count({ where: { threadId: support.id } })).toBe(0);
    expect(await t.db.fact.count({ where: { text: { contains: "free coffee for a year" } } })).toBe(0);
  });

  it("answers the customer with the live agent, which sees only what the owner published", async () => {
    const support = await threadTitled("Customer questions");
    const messages = await t.db.message.findMany({ where: { threadId: support.id }, orderBy: { seq: "asc" } });
    expect(messages.map((m) => m.role)).toEqual(messages.map((_, i) => (i % 2 === 0 ? "USER" : "ASSISTANT")));
    const traces = await t.db.turnTrace.findMany({ where: { threadId: support.id } });
    expect(traces).toHaveLength(messages.length / 2);
    expect(await t.db.page.count({ where: { workspaceId: workspace.id, visibility: "PUBLIC" } })).toBeGreaterThan(0);
    const privateFacts = await t.db.fact.findMany({ where: { page: { workspaceId: workspace.id, visibility: "PRIVATE" } } });
    const replies = messages.filter((m) => m.role === "ASSISTANT").map((m) => m.text.toLowerCase()).join("\n");
    expect(privateFacts.filter((f) => replies.includes(f.text.toLowerCase()))).toEqual([]);
    expect(replies).not.toMatch(/\$2,350|\$2,500|main st/);
  });

  it("seeds nothing more when called again, one at a time or at once", async () => {
    const before = await everything(t.db);
    expect((await seedDemoWorkspace(t.db)).id).toBe(workspace.id);
    await Promise.all([seedDemoWorkspace(t.db), seedDemoWorkspace(t.db), seedDemoWorkspace(t.db)]);
    expect(await everything(t.db)).toEqual(before);
  });
});
