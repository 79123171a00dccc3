import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runTurn } from "@/lib/agent/turn";
import { cursorSchema, type Keyset, type KeysetPage } from "@/lib/contracts/cursor";
import { EPISODES_PER_PAGE, listEpisodes } from "@/lib/episodes/store";
import { chooseModels } from "@/lib/models";
import { FACTS_PER_PAGE, getPage, listPageFacts, listPages, PAGES_PER_PAGE } from "@/lib/pages/queries";
import { findThread, listThreads, MESSAGES_PER_PAGE, readStretch, THREADS_PER_PAGE } from "@/lib/threads/queries";
import { getTrace, listTraceSummaries, TRACES_PER_PAGE } from "@/lib/traces/queries";
import { testConfig } from "@/tests/db/fixtures";
import { repeatTrace } from "@/lib/traces/bulk";
import { openTestDb, type TestDb } from "@/tests/db/test-db";
import { MESSAGES_PER_EPISODE, PAGING_STYLE, seedWorkspace, type SeededWorkspace } from "@/scripts/seed-world";

// Every list the app shows is read a page at a time by its sort key. Two
// workspaces, one a hundred times the other, are read side by side: what a
// read returns is the same size in both, and walking a list page by page
// reaches every row once, in order.

let t: TestDb;
let small: SeededWorkspace;
let big: SeededWorkspace;

/** Sixty facts to a page: twenty of them pending, a full page of the waiting group. */
const STYLE = { ...PAGING_STYLE, factsPerPage: 60 };
const SMALL = { messages: 1_000, threads: 10, pages: 10, episodes: 20 };
const BIG = { messages: 100_000, threads: 1_000, pages: 1_000, episodes: 1_000 };
const TRACES = { small: 5, big: 500 };
/** The real turn adds its question and reply to the long thread. */
const BIG_LAST = BIG.messages + 2;

beforeAll(async () => {
  t = await openTestDb();
  small = await seedWorkspace(t.db, { ...STYLE, slug: "paging-small" }, { ...SMALL, facts: SMALL.pages * STYLE.factsPerPage });
  big = await seedWorkspace(t.db, { ...STYLE, slug: "paging-big" }, { ...BIG, facts: BIG.pages * STYLE.factsPerPage });
  // One real turn on each long thread, its trace then copied as if every turn had run.
  const config = testConfig();
  for (const [bulk, copies] of [[small, TRACES.small], [big, TRACES.big]] as const) {
    await runTurn({ db: t.db, config, models: chooseModels(config), workspaceId: bulk.workspaceId, threadId: bulk.longThreadId, text: "What do we pay for butter?", consolidate: { kind: "skip" } });
    const trace = await t.db.turnTrace.findFirstOrThrow({ where: { threadId: bulk.longThreadId } });
    await repeatTrace(t.db, trace.id, copies);
  }
}, 600_000);
afterAll(() => t?.close());

const bytes = (value: unknown) => JSON.stringify(value).length;

/** Follows a list's cursors to its end. */
async function walk<T>(read: (after?: Keyset) => Promise<KeysetPage<T>>): Promise<{ items: T[]; pages: number }> {
  const items: T[] = [];
  let after: Keyset | undefined;
  for (let pages = 1; ; pages += 1) {
    const page = await read(after);
    items.push(...page.items);
    if (!page.next) return { items, pages };
    after = cursorSchema.parse(page.next);
  }
}

describe("a chat's messages", () => {
  it("opens on the latest stretch, the same size at 1,000 messages as at 100,000", async () => {
    const [a, b] = await Promise.all([findThread(t.db, small.workspaceId, small.longThreadId), findThread(t.db, big.workspaceId, big.longThreadId)]);
    expect(b!.messages.map((m) => m.seq)).toEqual(Array.from({ length: MESSAGES_PER_PAGE }, (_, i) => BIG_LAST - MESSAGES_PER_PAGE + 1 + i));
    expect(b).toMatchObject({ latest: true, hasOlder: true, hasNewer: false });
    expect(bytes(b!.messages) / bytes(a!.messages)).toBeLessThan(1.02);
  });

  it("loads the stretch before a seq, and after one, with whether more lie beyond", async () => {
    const before = await readStretch(t.db, big.longThreadId, { before: 99_941 });
    expect([before.messages[0].seq, before.messages.at(-1)!.seq]).toEqual([99_941 - MESSAGES_PER_PAGE, 99_940]);
    expect(before).toMatchObject({ hasOlder: true, hasNewer: true });
    const first = await readStretch(t.db, big.longThreadId, { before: 31 });
    expect(first.messages.map((m) => m.seq)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(first.hasOlder).toBe(false);
    const after = await readStretch(t.db, big.longThreadId, { after: 99_960 });
    expect(after.messages.map((m) => m.seq)).toEqual(Array.from({ length: BIG_LAST - 99_960 }, (_, i) => 99_961 + i));
    expect(after).toMatchObject({ hasOlder: true, hasNewer: false });
  });

  it("opens a link to an old message on the stretch around it; a recent one stays on the latest", async () => {
    const deep = await findThread(t.db, big.workspaceId, big.longThreadId, { aroundSeq: 50_000 });
    expect(deep!.messages).toHaveLength(MESSAGES_PER_PAGE);
    expect(deep!.messages[MESSAGES_PER_PAGE / 2].seq).toBe(50_000);
    expect(deep).toMatchObject({ latest: false, hasOlder: true, hasNewer: true });
    const recent = await findThread(t.db, big.workspaceId, big.longThreadId, { aroundSeq: BIG.messages - 10 });
    expect(recent!.latest).toBe(true);
    const start = await findThread(t.db, big.workspaceId, big.longThreadId, { aroundSeq: 3 });
    expect(start!.messages[0].seq).toBe(1);
    expect(start).toMatchObject({ latest: false, hasOlder: false });
  });
});

describe("the sidebar's threads", () => {
  it("walks every thread once, newest change first, a page at a time", async () => {
    const { items, pages } = await walk((after) => listThreads(t.db, big.workspaceId, { after }));
    expect(items).toHaveLength(BIG.threads + 1);
    expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
    expect(items[0].id).toBe(big.longThreadId);
    expect(items.slice(1).map((i) => i.title)).toEqual(Array.from({ length: BIG.threads }, (_, i) => `Thread number ${String(BIG.threads - i).padStart(5, "0")}`));
    expect(pages).toBe(Math.ceil((BIG.threads + 1) / THREADS_PER_PAGE));
  });

  it("sends the same first page for 11 threads as for 1,001", async () => {
    const [a, b] = await Promise.all([listThreads(t.db, small.workspaceId), listThreads(t.db, big.workspaceId)]);
    expect(b.items).toHaveLength(THREADS_PER_PAGE);
    expect(a.next).toBeNull();
    expect(bytes(b.items.slice(0, a.items.length)) / bytes(a.items)).toBeLessThan(1.02);
  });
});

describe("pages and their facts", () => {
  it("walks every page once, most recently changed first, with its own fact counts", async () => {
    const { items } = await walk((after) => listPages(t.db, big.workspaceId, { after }));
    expect(items.map((p) => p.title)).toEqual(Array.from({ length: BIG.pages }, (_, i) => `Page number ${String(BIG.pages - i).padStart(5, "0")}`));
    expect(items[0].counts).toEqual({ CONFIRMED: 40, PENDING: 20, REJECTED: 0, SUPERSEDED: 0 });
    const first = await listPages(t.db, big.workspaceId);
    expect(first.items).toHaveLength(PAGES_PER_PAGE);
  });

  it("shows a page with the first facts of each group and its latest episodes, whatever their number", async () => {
    const [a, b] = await Promise.all([getPage(t.db, small.workspaceId, small.firstPageId), getPage(t.db, big.workspaceId, big.firstPageId)]);
    expect(b!.facts.confirmed.items).toHaveLength(FACTS_PER_PAGE);
    expect(b!.facts.waiting.items).toHaveLength(FACTS_PER_PAGE);
    expect(b!.episodeCount).toBe(BIG.episodes);
    expect(a!.episodeCount).toBe(SMALL.episodes);
    expect(bytes(b) / bytes(a)).toBeLessThan(1.05);
  });

  it("walks one group's facts newest first, each once", async () => {
    const { items } = await walk((after) => listPageFacts(t.db, big.firstPageId, "confirmed", { after }));
    expect(items).toHaveLength(40);
    expect(items.every((f) => f.status === "CONFIRMED")).toBe(true);
    const times = items.map((f) => f.createdAt.getTime());
    expect(times).toEqual([...times].sort((x, y) => y - x));
  });
});

describe("the episode timeline", () => {
  it("pages through every episode oldest first by where it ends", async () => {
    const seen: number[] = [];
    let afterSeq = 0;
    for (;;) {
      const page = await listEpisodes(t.db, big.longThreadId, { afterSeq });
      expect(page.items.length).toBeLessThanOrEqual(EPISODES_PER_PAGE);
      seen.push(...page.items.map((e) => e.toSeq));
      if (page.nextAfterSeq === null) break;
      afterSeq = page.nextAfterSeq;
    }
    expect(seen).toEqual(Array.from({ length: BIG.episodes }, (_, i) => (i + 1) * MESSAGES_PER_EPISODE));
  });
});

describe("the debug panel's turns", () => {
  it("lists summaries without prompts, the same size for 6 turns as for 501, and reaches every turn", async () => {
    const a = await listTraceSummaries(t.db, small.workspaceId, small.longThreadId);
    const b = await listTraceSummaries(t.db, big.workspaceId, big.longThreadId);
    expect(b!.items).toHaveLength(TRACES_PER_PAGE);
    expect(a!.items).toHaveLength(TRACES.small + 1);
    expect(b!.items[0]).not.toHaveProperty("data");
    expect(bytes(b!.items[0])).toBeLessThan(400);
    const { items } = await walk(async (after) => (await listTraceSummaries(t.db, big.workspaceId, big.longThreadId, { after }))!);
    expect(new Set(items.map((i) => i.id)).size).toBe(TRACES.big + 1);
  });

  it("fetches one turn's whole trace on demand, and only in its own workspace", async () => {
    const [summary] = (await listTraceSummaries(t.db, big.workspaceId, big.longThreadId, { limit: 1 }))!.items;
    const trace = await getTrace(t.db, big.workspaceId, summary.id);
    expect(trace!.data.prompt.system.length).toBeGreaterThan(0);
    expect(trace!.userMessage?.text).toBe("What do we pay for butter?");
    expect(await getTrace(t.db, small.workspaceId, summary.id)).toBeNull();
  });
});
