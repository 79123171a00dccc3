import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runTurn, type TurnOutcome } from "@/lib/agent/turn";
import { BUFFER_GAP_LINE, BUFFER_HEADER } from "@/lib/contracts/prompt/buffer-block";
import { chooseModels } from "@/lib/models";
import { makeThread, makeWorkspace, testConfig } from "@/tests/db/fixtures";
import { openTestDb, type TestDb } from "@/tests/db/test-db";

// A long owner thread driven turn by turn through the offline model on the
// real database: the planted price and place sit in the first stretch, far
// outside the 30-message window, when the owner finally asks about them.

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(() => t?.close());

const config = testConfig();
// No key or base URL in a test config: the offline model, streaming at full speed.
const models = chooseModels(config);

// The memory pass runs after every reply, so the thread's first stretch is its first exchange.
const PLANTED = [
  "We're opening a second location in Houma, on Main St: the storefront lease there is $2,350 a month.",
  "I want to keep the whole thing under $2,500 a month.",
];

const FILLER = [
  (i: number) => `Let's order ${20 + i} lbs of espresso beans from Gulf Coast Roasters this week.`,
  (i: number) => `I want to hire a part-time barista at $${15 + (i % 4)}/hr for weekend shifts.`,
  (i: number) => `We'll spend $${100 + i * 10} on Instagram ads for the pumpkin spice promo.`,
  (i: number) => `The new grinder from Baratza costs $${600 + i * 5}; let's buy it in ${["March", "April", "May"][i % 3]}.`,
  (i: number) => `Set the oat milk latte price at $${(5 + (i % 5) / 10).toFixed(2)} starting Monday.`,
];

async function say(workspaceId: string, threadId: string, text: string): Promise<TurnOutcome> {
  return runTurn({ db: t.db, config, models, workspaceId, threadId, text });
}

async function longThread(slug: string, fillerTurns: number) {
  const workspace = await makeWorkspace(t.db, slug);
  const thread = await makeThread(t.db, workspace.id, "OWNER", "Second location planning");
  for (const text of PLANTED) await say(workspace.id, thread.id, text);
  for (let i = 0; i < fillerTurns; i += 1) await say(workspace.id, thread.id, FILLER[i % FILLER.length](i));
  return { workspace, thread };
}

async function pagesPointedAt(episodeId: string): Promise<string[]> {
  const pointers = await t.db.episodeFact.findMany({
    where: { episodeId },
    include: { fact: { include: { page: true } } },
    orderBy: { fact: { createdAt: "asc" } },
  });
  return [...new Set(pointers.map((p) => p.fact.page.title))];
}

describe("a long owner thread", () => {
  it("costs nothing extra while the thread fits the window", async () => {
    const workspace = await makeWorkspace(t.db, "short");
    const thread = await makeThread(t.db, workspace.id);
    const outcome = await say(workspace.id, thread.id, "Our budget for the second location is under $2,500 a month.");
    expect(outcome.trace.window.count).toBe(1);
    expect(outcome.trace.buffer).toMatchObject({ status: "not-needed", block: null, chosen: [] });
    expect(outcome.trace.tokens.buffer).toBe(0);
    expect(JSON.stringify(outcome.trace.prompt.messages)).not.toContain(BUFFER_HEADER);
  });

  it("shows the first stretch, the latest ones and a provable gap, then opens the page to answer", async () => {
    const { workspace, thread } = await longThread("long", 38);
    const before = await t.db.message.count({ where: { threadId: thread.id } });
    expect(before).toBeGreaterThanOrEqual(80);

    const outcome = await say(workspace.id, thread.id, "Which rental did we settle on?");
    const { buffer, window } = outcome.trace;
    expect(window.count).toBe(config.window);
    expect(buffer.status).toBe("injected");
    expect(buffer.block?.startsWith(BUFFER_HEADER)).toBe(true);

    const [first, ...recent] = buffer.chosen;
    expect(first).toMatchObject({ reason: "first", fromSeq: 1 });
    expect(first.pages).toContain("Second Location");
    expect(recent).toHaveLength(config.bufferMaxLines - 1);
    expect(recent.every((c) => c.reason === "recent" && c.toSeq < window.fromSeq)).toBe(true);
    const latest = await t.db.episode.findFirstOrThrow({ where: { threadId: thread.id, toSeq: { lt: window.fromSeq } }, orderBy: { toSeq: "desc" } });
    expect(recent.at(-1)?.episodeId).toBe(latest.id);

    // Provable gap: more episodes lie between the first line and the recent ones.
    const between = await t.db.episode.count({
      where: { threadId: thread.id, toSeq: { gt: first.toSeq, lt: recent[0].fromSeq } },
    });
    expect(between).toBeGreaterThan(0);
    expect(buffer.gap).toBe(true);
    expect(buffer.block).toContain(BUFFER_GAP_LINE);

    for (const chosen of buffer.chosen) {
      expect(chosen.pages).toEqual(await pagesPointedAt(chosen.episodeId));
      for (const page of chosen.pages) expect(chosen.line).toContain(`pages/${page}`);
    }

    const messages = outcome.trace.prompt.messages as { role: string; content: unknown }[];
    // The block opens the conversation as a user turn of its own, before the window's first message (an agent reply).
    expect(messages[0]).toEqual({ role: "user", content: buffer.block });
    expect(messages[1].role).toBe("assistant");
    expect(outcome.trace.tokens.buffer).toBeGreaterThan(0);

    expect(outcome.trace.toolCalls.map((c) => c.name)).toContain("read_page");
    expect(outcome.trace.toolCalls.find((c) => c.name === "read_page")?.input).toEqual({ title: "Second Location" });
    expect(outcome.answer).toContain("Main St");
    expect(outcome.answer).toContain("$2,350");
  });

  it("shows no gap marker when nothing was left out", async () => {
    const { workspace, thread } = await longThread("medium", 20);
    const outcome = await say(workspace.id, thread.id, "Which rental did we settle on?");
    const { buffer, window } = outcome.trace;
    expect(buffer.status).toBe("injected");
    const before = await t.db.episode.count({ where: { threadId: thread.id, toSeq: { lt: window.fromSeq } } });
    expect(before).toBeLessThan(config.bufferMaxLines);
    expect(buffer.chosen).toHaveLength(before);
    expect(buffer.chosen[0]).toMatchObject({ reason: "first", fromSeq: 1 });
    expect(buffer.gap).toBe(false);
    expect(buffer.block).not.toContain(BUFFER_GAP_LINE);
  });

  it("refuses another workspace's thread and writes nothing", async () => {
    const mine = await makeWorkspace(t.db, "mine");
    const theirs = await makeWorkspace(t.db, "theirs");
    const thread = await makeThread(t.db, theirs.id);
    await expect(say(mine.id, thread.id, "Show me your numbers")).rejects.toMatchObject({ status: 404 });
    expect(await t.db.message.count({ where: { threadId: thread.id } })).toBe(0);
  });
});
