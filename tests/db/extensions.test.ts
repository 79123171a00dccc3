import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runTurn } from "@/lib/agent/turn";
import { readWindowWithBuffer, type BufferSettings } from "@/lib/buffer/read";
import { episodicBufferStrategy } from "@/lib/context/episodic-buffer";
import { BUFFER_GAP_LINE, BUFFER_MARKS } from "@/lib/contracts/prompt/buffer-block";
import { parseMemoryInput } from "@/lib/contracts/prompt/memory-input";
import { editEpisodeLine } from "@/lib/episodes/store";
import { PromptScreen } from "@/lib/guard/screen";
import { runMemoryPass } from "@/lib/memory/pass";
import { everyRole, offlineRuntime } from "@/lib/models";
import { correctFact, reviewFact } from "@/lib/pages/facts";
import { addConversation, makeThread, makeWorkspace, testConfig } from "@/tests/db/fixtures";
import { scriptedModel, type ScriptedCall } from "@/tests/support/scripted-model";
import { openTestDb, type TestDb } from "@/tests/db/test-db";

// The design's three §10 extensions on the real database, with a scripted
// model stating each memory pass's output: folds written by the pass that
// found one due and shown for the far middle, recall widened by the pages the
// visible lines point at, and records repaired with the lines that point at
// them marked.

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(() => t?.close());

const STRETCHES = 12;
/** Two messages a stretch; the window shows the last two stretches, so ten end before it. */
const SETTINGS: BufferSettings = { window: 4, maxLines: 4, maxLineChars: 220 };
const screen = () => new PromptScreen();

const inputOf = (call: ScriptedCall) => parseMemoryInput(call.promptText.slice(call.promptText.indexOf("user: ") + "user: ".length));

type Built = { workspaceId: string; threadId: string; factIds: string[]; foldPrompts: string[][] };

/**
 * Twelve two-message stretches, one pass each, each filing one fact on a page
 * of its own ("Topic n"). Stretch 9's fact is the agent's (pending); stretch
 * 10 corrects stretch 8's value, naming the fact it replaces.
 */
async function buildThread(slug: string): Promise<Built> {
  const workspace = await makeWorkspace(t.db, slug);
  const thread = await makeThread(t.db, workspace.id);
  const factIds: string[] = [];
  const foldPrompts: string[][] = [];
  for (let n = 1; n <= STRETCHES; n++) {
    const [owner, agent] = await addConversation(t.db, thread.id, [
      { who: "owner", text: n === 10 ? "No, the topic 8 figure was $850, not $800." : `Topic ${n} is settled at $${n}00.` },
      { who: "agent", text: n === 9 ? "I suggest topic 9 at $950." : "Noted." },
    ]);
    const fact =
      n === 10
        ? { page: "Topic 8", key: "topic 8 figure", text: "The topic 8 figure is $850.", messageSeq: owner.seq, replaces: factIds[7] }
        : { page: `Topic ${n}`, key: `topic ${n} figure`, text: `Topic ${n} is $${n}00.`, messageSeq: n === 9 ? agent.seq : owner.seq, replaces: null };
    const model = scriptedModel([
      (call) => {
        const due = inputOf(call).fold;
        foldPrompts.push(due);
        return { object: { facts: [fact], episode: `Stretch ${n}.`, stretch: "ends", fold: due.length > 0 ? `Fold of ${due.length} stretches.` : null } };
      },
    ]);
    const report = await runMemoryPass(t.db, model, thread.id, { folds: true });
    expect(report.status).toBe("filed");
    factIds.push(report.facts[0].id);
  }
  return { workspaceId: workspace.id, threadId: thread.id, factIds, foldPrompts };
}

describe("chunks of chunks", () => {
  let built: Built;
  beforeAll(async () => {
    built = await buildThread("folds");
  });

  it("words a fold in the pass that finds four closed stretches after the first one, pointing at all their pages", async () => {
    // Passes 6 and 10 find stretches 2–5 and 6–9 closed: no other pass is shown lines to fold.
    expect(built.foldPrompts.map((lines, i) => (lines.length > 0 ? i + 1 : null)).filter(Boolean)).toEqual([6, 10]);
    expect(built.foldPrompts[5][0]).toMatch(/^- \d{4}-\d{2}-\d{2}: Stretch 2\. \(filed in pages\/Topic 2\)$/);
    const folds = await t.db.episodeFold.findMany({ where: { threadId: built.threadId }, orderBy: { toSeq: "asc" } });
    expect(folds.map((f) => [f.fromSeq, f.toSeq, f.episodes, f.pages])).toEqual([
      [3, 10, 4, ["Topic 2", "Topic 3", "Topic 4", "Topic 5"]],
      [11, 18, 4, ["Topic 6", "Topic 7", "Topic 8", "Topic 9"]],
    ]);
    // The folded stretches stay: a fold replaces nothing.
    expect(await t.db.episode.count({ where: { threadId: built.threadId } })).toBe(STRETCHES);
  });

  it("shows the first stretch, a fold for the far middle and the recent lines, with the gap only where nothing covers a stretch", async () => {
    const { buffer } = await readWindowWithBuffer(t.db, built.threadId, { ...SETTINGS, folds: true }, screen());
    expect(buffer.chosen.map((c) => [c.reason, c.fromSeq, c.toSeq])).toEqual([
      ["first", 1, 2],
      ["fold", 3, 10],
      ["recent", 17, 18],
      ["recent", 19, 20],
    ]);
    const lines = buffer.block!.split("\n");
    const foldAt = lines.findIndex((l) => l.includes("Fold of 4 stretches."));
    expect(lines[foldAt]).toMatch(/^- \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}: Fold of 4 stretches\. \(filed in pages\/Topic 2, pages\/Topic 3, pages\/Topic 4, \+1 more\)$/);
    // Stretches 7 and 8 were read and are covered by no shown line: the one gap follows the fold.
    expect(lines[foldAt + 1]).toBe(BUFFER_GAP_LINE);
    expect(lines.filter((l) => l === BUFFER_GAP_LINE)).toHaveLength(1);
  });

  it("shows no fold with folds off, and the plain buffer's gap after the first line", async () => {
    const { buffer } = await readWindowWithBuffer(t.db, built.threadId, SETTINGS, screen());
    expect(buffer.chosen.map((c) => c.reason)).toEqual(["first", "recent", "recent", "recent"]);
    expect(buffer.block!.split("\n").indexOf(BUFFER_GAP_LINE)).toBe(buffer.block!.split("\n").findIndex((l) => l.includes("Stretch 1.")) + 1);
  });
});

describe("reconsolidation", () => {
  let built: Built;
  beforeAll(async () => {
    built = await buildThread("repairs");
  });

  it("supersedes a corrected fact with provenance to the correcting message, and marks the line pointing at it", async () => {
    const old = await t.db.fact.findUniqueOrThrow({ where: { id: built.factIds[7] } });
    const correcting = await t.db.message.findFirstOrThrow({ where: { threadId: built.threadId, seq: 19 } });
    expect(old).toMatchObject({ status: "SUPERSEDED", supersededById: built.factIds[9] });
    expect(old.supersededReason).toContain("message #19");
    expect(await t.db.fact.findUniqueOrThrow({ where: { id: built.factIds[9] } })).toMatchObject({ messageId: correcting.id, status: "CONFIRMED" });

    const { buffer } = await readWindowWithBuffer(t.db, built.threadId, { ...SETTINGS, marks: true }, screen());
    const line = buffer.chosen.find((c) => c.fromSeq === 15)!;
    expect(line.marks).toEqual(["corrected"]);
    expect(line.line).toContain(BUFFER_MARKS.corrected);
  });

  it("marks a line whose only record the owner rejected, and only with marks on", async () => {
    await reviewFact(t.db, built.workspaceId, built.factIds[8], "reject");
    const marked = await readWindowWithBuffer(t.db, built.threadId, { ...SETTINGS, marks: true }, screen());
    const line = marked.buffer.chosen.find((c) => c.fromSeq === 17)!;
    expect(line.marks).toEqual(["rejected"]);
    expect(line.line).toContain(BUFFER_MARKS.rejected);
    const plain = await readWindowWithBuffer(t.db, built.threadId, SETTINGS, screen());
    expect(plain.buffer.chosen.find((c) => c.fromSeq === 17)!.marks).toEqual([]);
  });

  it("keeps the owner's wording of a line across a retried pass over its stretch", async () => {
    const episode = await t.db.episode.findFirstOrThrow({ where: { threadId: built.threadId, toSeq: 20 } });
    await editEpisodeLine(t.db, built.workspaceId, episode.id, "The owner's own note on topic 10.");
    // A retry: the cursor goes back and the same pass runs again over stretch 10.
    await t.db.thread.update({ where: { id: built.threadId }, data: { consolidatedSeq: 18 } });
    const retry = scriptedModel([
      { object: { facts: [], episode: "Stretch 10, worded again.", stretch: "ends", fold: null } },
    ]);
    expect((await runMemoryPass(t.db, retry, built.threadId, { maxMessages: 2 })).status).toBe("filed");
    const after = await t.db.episode.findFirstOrThrow({ where: { threadId: built.threadId, toSeq: 20 } });
    expect(after).toMatchObject({ id: episode.id, gist: "Stretch 10, worded again.", ownerGist: "The owner's own note on topic 10." });
    expect(after.ownerEditedAt).not.toBeNull();
    await t.db.thread.update({ where: { id: built.threadId }, data: { consolidatedSeq: 24 } });

    const { buffer } = await readWindowWithBuffer(t.db, built.threadId, { ...SETTINGS, marks: true }, screen());
    const line = buffer.chosen.find((c) => c.toSeq === 20)!;
    expect(line.line).toContain("The owner's own note on topic 10.");
    expect(line.marks).toContain("owner-edit");
  });

  it("records the owner's hand correction of a fact as his edit, and a retried pass files nothing over it", async () => {
    const corrected = await correctFact(t.db, built.workspaceId, built.factIds[11], "Topic 12 is $1,250.");
    expect(corrected).toMatchObject({ source: "OWNER", status: "CONFIRMED", key: "topic 12 figure" });
    expect(corrected.ownerEditedAt).not.toBeNull();
    expect(await t.db.fact.findUniqueOrThrow({ where: { id: built.factIds[11] } })).toMatchObject({
      status: "SUPERSEDED",
      supersededById: corrected.id,
      supersededReason: 'the owner corrected "topic 12 figure" by hand',
    });
    await expect(correctFact(t.db, built.workspaceId, built.factIds[11], "again")).rejects.toMatchObject({ code: "conflict:correction" });

    await t.db.thread.update({ where: { id: built.threadId }, data: { consolidatedSeq: 22 } });
    const owner = await t.db.message.findFirstOrThrow({ where: { threadId: built.threadId, seq: 23 } });
    const retry = scriptedModel([
      { object: { facts: [{ page: "Topic 12", key: "topic 12 figure", text: "Topic 12 is $1200.", messageSeq: owner.seq, replaces: null }], episode: "Stretch 12.", stretch: "ends", fold: null } },
    ]);
    await runMemoryPass(t.db, retry, built.threadId, { maxMessages: 2 });
    const live = await t.db.fact.findMany({ where: { page: { title: "Topic 12", workspaceId: built.workspaceId }, status: { in: ["CONFIRMED", "PENDING"] } } });
    expect(live.map((f) => f.text)).toEqual(["Topic 12 is $1,250."]);
  });
});

describe("feed recall", () => {
  let built: Built;
  const config = testConfig({ RECALL_PAGES: "3" });
  beforeAll(async () => {
    built = await buildThread("feed");
  });

  async function ask(text: string, feed: boolean) {
    const model = scriptedModel([{ text: "Noted." }]);
    const outcome = await runTurn({
      db: t.db,
      config,
      models: everyRole({ kind: "offline", label: "scripted", modelId: "scripted", model, runtime: offlineRuntime({}) }),
      workspaceId: built.workspaceId,
      threadId: built.threadId,
      text,
      context: { strategy: episodicBufferStrategy(SETTINGS), recall: true, feed },
      consolidate: { kind: "skip" },
    });
    await t.db.message.deleteMany({ where: { threadId: built.threadId, seq: { gt: 2 * STRETCHES } } });
    await t.db.thread.update({ where: { id: built.threadId }, data: { lastSeq: 2 * STRETCHES } });
    return { outcome, prompt: model.calls[0].promptText };
  }

  it("brings the pages the visible lines point at into recall when the owner's words name none of them", async () => {
    const { outcome, prompt } = await ask("How is everything looking?", true);
    const { buffer, recall } = outcome.trace;
    // Lines shown: stretch 1 and stretches 8–10 before the window, whose shown window holds the new question.
    const pointed = new Set(buffer.chosen.flatMap((c) => c.pages));
    expect(recall.feed).toBe(true);
    expect(recall.pages.length).toBeGreaterThan(0);
    expect(recall.pages.length).toBeLessThanOrEqual(3);
    for (const page of recall.pages) {
      expect(page.fed).toBe(true);
      expect(pointed.has(page.title)).toBe(true);
    }
    expect(prompt).toContain(`pages/${recall.pages[0].title}`);
    const off = await ask("How is everything looking?", false);
    expect(off.outcome.trace.recall.pages).toEqual([]);
  });

  it("feeds the same pages whatever the owner asks: only the lines choose them, never his words", async () => {
    const vague = (await ask("How is everything looking?", true)).outcome.trace.recall.pages.filter((p) => p.fed).map((p) => p.title);
    // "$300" is said only on Topic 3's page, which no visible line points at: recall finds it by the words.
    const named = (await ask("Was it $300 in the end?", true)).outcome.trace.recall.pages;
    expect(named[0]).toMatchObject({ title: "Topic 3", fed: false });
    // The feed's own pages beside it are the same ones, in the same order.
    const fedNamed = named.filter((p) => p.fed).map((p) => p.title);
    expect(fedNamed.length).toBeGreaterThan(0);
    expect(fedNamed).toEqual(vague.slice(0, fedNamed.length));
  });
});
