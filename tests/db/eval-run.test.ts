import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SUMMARY_HEADER } from "@/lib/contracts/prompt/summary";
import { runTurn } from "@/lib/agent/turn";
import { ARM_IDS } from "@/lib/eval/arms";
import { plantedCase } from "@/lib/eval/cases";
import { compressorStrategy } from "@/lib/context/compressor";
import { generateThreads } from "@/lib/eval/generator";
import { evalReportSchema, type EvalReport } from "@/lib/eval/report-schema";
import { askUnderArm, compressorSummary, loadCase, runEvaluation, type Evaluation } from "@/lib/eval/run";
import { chooseModel } from "@/lib/models";
import { testConfig } from "@/tests/db/fixtures";
import { openTestDb, type TestDb } from "@/tests/db/test-db";

// A small planted-fact evaluation through the real turn pipeline and
// database with the offline model: the report's shape, pairing, and the
// harness's own guarantees (each arm sees the same thread).

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(() => t?.close());

const WINDOW = 30;
const config = testConfig({ CHAT_WINDOW: String(WINDOW) });
// No key or base URL in a test config: the offline model, streaming at full speed.
const choice = chooseModel(config);
const evaluation: Evaluation = {
  source: { kind: "planted", threads: 6, regimes: ["outside", "inside"] },
  options: { arms: [...ARM_IDS], window: WINDOW, stretch: 6, seed: 1 },
};

describe("a small planted-fact run", () => {
  let report: EvalReport;
  beforeAll(async () => {
    report = await runEvaluation({ db: t.db, database: t.kind, choice, config }, evaluation);
  }, 600_000);

  const correct = (arm: string, regime: string) => report.accuracy.find((r) => r.arm === arm && r.regime === regime)!.correct;

  it("produces a report the shared schema accepts, as written to disk", () => {
    expect(evalReportSchema.parse(JSON.parse(JSON.stringify(report)))).toEqual(report);
    expect(report).toMatchObject({ source: "planted", database: t.kind, regimes: ["outside", "inside"] });
    expect(report.cases).toHaveLength(12);
    expect(report.accuracy).toHaveLength(10);
    expect(report.comparisons.map((c) => `${c.regime} ${c.arm}−${c.baseline}`)).toEqual(
      ["outside", "inside"].flatMap((r) => [`${r} C−A`, `${r} C−B`, `${r} C−D`, `${r} C−E`, `${r} B−A`]),
    );
  });

  it("pairs every arm on the same threads, and both regimes on the same thread ids", () => {
    for (const c of report.cases) expect(c.results.map((r) => r.arm)).toEqual([...ARM_IDS]);
    const ids = (regime: string) => report.cases.filter((c) => c.regime === regime).map((c) => c.id);
    expect(ids("outside")).toEqual(ids("inside"));
    expect(report.comparisons.every((c) => c.n === 6)).toBe(true);
  });

  it("answers the control at least as well as the buried fact, and with recall every topic-naming question", () => {
    for (const arm of ARM_IDS) expect(correct(arm, "inside").count).toBeGreaterThanOrEqual(correct(arm, "outside").count);
    const namingTopic = report.slices.filter((s) => s.regime === "inside" && s.value === "true" && s.arm !== "A");
    expect(namingTopic).toHaveLength(4);
    for (const slice of namingTopic) expect(slice.correct.rate).toBe(1);
  });

  it("shows the buffer's first line pointing at the fact's page, and opens it on some buried threads", () => {
    const outside = report.accuracy.find((r) => r.arm === "C" && r.regime === "outside")!;
    expect(outside.pointed?.rate).toBe(1);
    expect(outside.opened.count).toBeGreaterThan(0);
    expect(report.cases.every((c) => c.filedPages.length > 0)).toBe(true);
  });

  it("costs the buffer only in the buffer arm and summary calls only in the compressor arm", () => {
    const costs = (arm: string) => report.costs.find((c) => c.arm === arm)!;
    expect(costs("A").addedTokens.mean).toBe(0);
    expect(costs("C").addedTokens.mean).toBeGreaterThan(0);
    expect(costs("D").modelCalls.mean).toBeGreaterThan(costs("B").modelCalls.mean + 5);
    expect(costs("E").promptTokens.mean).toBeGreaterThan(costs("B").promptTokens.mean);
  });

  it("leaves no evaluation data behind", async () => {
    expect(await t.db.workspace.count({ where: { slug: { startsWith: "eval-" } } })).toBe(0);
  });
});

describe("each arm sees the same thread", () => {
  const [thread] = generateThreads({ count: 1, seed: 5, window: WINDOW, regime: "outside" });
  const c = plantedCase(thread);

  it("restores the thread after every arm", async () => {
    const loaded = await loadCase(t.db, choice.model, c, "restore-check", 6);
    const snapshot = async () => ({
      thread: await t.db.thread.findUniqueOrThrow({ where: { id: loaded.threadId }, select: { lastSeq: true, consolidatedSeq: true } }),
      messages: await t.db.message.count({ where: { threadId: loaded.threadId } }),
      facts: await t.db.fact.count({ where: { threadId: loaded.threadId } }),
      episodes: await t.db.episode.count({ where: { threadId: loaded.threadId } }),
      traces: await t.db.turnTrace.count({ where: { threadId: loaded.threadId } }),
    });
    const before = await snapshot();
    expect(before).toMatchObject({ messages: thread.messages.length, traces: 0, thread: { lastSeq: thread.messages.length, consolidatedSeq: thread.messages.length } });
    const summary = await compressorSummary(choice.model, loaded, WINDOW, 6);
    const answers: string[] = [];
    for (const arm of ARM_IDS) {
      const result = await askUnderArm({ ctx: { db: t.db, choice, config }, loaded, probe: c.probes[0], filedPages: [], arm, window: WINDOW, summary });
      answers.push(result.answer);
      expect(await snapshot()).toEqual(before);
    }
    // Asking again under the first arm gives the same answer: nothing of the earlier arms lingers.
    const again = await askUnderArm({ ctx: { db: t.db, choice, config }, loaded, probe: c.probes[0], filedPages: [], arm: "A", window: WINDOW, summary });
    expect(again.answer).toBe(answers[0]);
  });

  it("shows the compressor's head, its summary, then the tail", async () => {
    const loaded = await loadCase(t.db, choice.model, c, "compressor-check", 6);
    const { note, cost } = await compressorSummary(choice.model, loaded, WINDOW, 6);
    expect(cost.calls).toBeGreaterThan(0);
    const outcome = await runTurn({
      db: t.db,
      config,
      choice,
      workspaceId: loaded.workspaceId,
      threadId: loaded.threadId,
      text: c.probes[0].question,
      context: { strategy: compressorStrategy(WINDOW, { note, cost }), recall: true },
      consolidate: false,
    });
    const messages = outcome.trace.prompt.messages as Array<{ role: string; content: unknown }>;
    expect(outcome.trace.window).toMatchObject({ count: WINDOW, fromSeq: 1 });
    expect(messages).toHaveLength(WINDOW + 1);
    expect(messages[4]).toMatchObject({ role: "system" });
    expect(String(messages[4].content).startsWith(SUMMARY_HEADER)).toBe(true);
    expect(messages.filter((m) => m.role === "system")).toHaveLength(1);
  });
});
