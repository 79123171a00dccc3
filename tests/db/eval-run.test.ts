import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SUMMARY_HEADER } from "@/lib/contracts/prompt/summary";
import { runTurn } from "@/lib/agent/turn";
import { ARM_IDS, COMPARISONS } from "@/lib/eval/arms";
import { compressorStrategy } from "@/lib/context/compressor";
import { POSITIONS } from "@/lib/eval/positions";
import { plantedSource } from "@/evaluation/planted/generator";
import { evalReportSchema, type EvalReport } from "@/lib/eval/report-schema";
import { askUnderArm, casesFor, compressorSummary, loadCase, runEvaluation, type Evaluation } from "@/lib/eval/run";
import { chooseModels } from "@/lib/models";
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
const models = chooseModels(config);
const options = { arms: [...ARM_IDS], window: WINDOW, stretch: 6, seed: 1, bufferReach: 72 };
const evaluation: Evaluation = { source: plantedSource(POSITIONS.length, POSITIONS, options), options };

describe("a small planted-fact run, one thread per fact position", () => {
  let report: EvalReport;
  const written: string[] = [];
  beforeAll(async () => {
    report = await runEvaluation({ db: t.db, database: t.kind, models, config }, evaluation, {
      onCaseResults: (results) => void written.push(...results.map((r) => r.id)),
    });
  }, 900_000);

  it("produces a report the shared schema accepts, as written to disk", () => {
    expect(evalReportSchema.parse(JSON.parse(JSON.stringify(report)))).toEqual(report);
    expect(report).toMatchObject({ source: "planted", database: t.kind, regimes: ["outside", "inside"], groups: [...POSITIONS] });
    expect(report.cases).toHaveLength(POSITIONS.length);
    expect(report.accuracy).toHaveLength(ARM_IDS.length * 2);
    expect(report.byGroup).toHaveLength(ARM_IDS.length * POSITIONS.length);
    expect(report.groupComparisons?.map((c) => c.group)).toEqual(POSITIONS.flatMap((p) => Array(COMPARISONS.length).fill(p)));
    for (const c of report.comparisons) expect(c.pHolm).toBeGreaterThanOrEqual(c.pValue);
  });

  it("reports each case as soon as it is done", () => {
    expect(written).toEqual(report.cases.map((c) => c.id));
  });

  it("pairs every arm on the same threads, and sets each case's regime by where its fact sits", () => {
    for (const c of report.cases) expect(c.results.map((r) => r.arm)).toEqual([...ARM_IDS]);
    const regimeOf = (group: string) => report.cases.find((c) => c.group === group)!.regime;
    expect(["first-stretch", "far-middle", "middle", "before-window"].map(regimeOf)).toEqual(["outside", "outside", "outside", "outside"]);
    expect(["inside-window", "fits-window"].map(regimeOf)).toEqual(["inside", "inside"]);
  });

  it("shows the buffer nothing to add where the thread fits the window: C answers as B does", () => {
    const fits = report.cases.find((c) => c.group === "fits-window")!;
    const [b, c] = ["B", "C"].map((arm) => fits.results.find((r) => r.arm === arm)!);
    expect(c.bufferStatus).not.toBe("injected");
    expect(c.answer).toBe(b.answer);
  });

  it("costs nothing extra for the buffer where the thread fits the window, and the buffer elsewhere", () => {
    const fits = (arm: string) => report.groupCosts!.find((c) => c.group === "fits-window" && c.arm === arm)!;
    expect(fits("C").addedTokens.mean).toBe(0);
    expect(fits("C").promptTokens.mean).toBe(fits("B").promptTokens.mean);
    const costs = (arm: string) => report.costs.find((c) => c.arm === arm)!;
    expect(costs("A").addedTokens.mean).toBe(0);
    expect(costs("C").addedTokens.mean).toBeGreaterThan(0);
    expect(costs("C").allCallsInputTokens!.mean).toBeGreaterThanOrEqual(costs("C").promptTokens.mean);
    expect(costs("E").promptTokens.mean).toBeGreaterThan(costs("B").promptTokens.mean);
    expect(report.cases.every((c) => (c.memoryPass?.passes ?? 0) > 0)).toBe(true);
  });

  it("leaves no evaluation data behind", async () => {
    expect(await t.db.workspace.count({ where: { slug: { startsWith: "eval-" } } })).toBe(0);
  });
});

describe("each arm sees the same thread", () => {
  const [c] = casesFor({ source: plantedSource(1, ["far-middle"], { ...options, seed: 5 }), options: { ...options, seed: 5 } });

  it("restores the thread after every arm", async () => {
    const loaded = await loadCase(t.db, models.memory.model, c, "restore-check", 6);
    const snapshot = async () => ({
      thread: await t.db.thread.findUniqueOrThrow({ where: { id: loaded.threadId }, select: { lastSeq: true, consolidatedSeq: true } }),
      messages: await t.db.message.count({ where: { threadId: loaded.threadId } }),
      facts: await t.db.fact.count({ where: { threadId: loaded.threadId } }),
      episodes: await t.db.episode.count({ where: { threadId: loaded.threadId } }),
      traces: await t.db.turnTrace.count({ where: { threadId: loaded.threadId } }),
    });
    const before = await snapshot();
    expect(before).toMatchObject({ messages: c.messages.length, traces: 0, thread: { lastSeq: c.messages.length, consolidatedSeq: c.messages.length } });
    const summary = await compressorSummary(models.summary.model, loaded, WINDOW, 6);
    const answers: string[] = [];
    for (const arm of ARM_IDS) {
      const result = await askUnderArm({ ctx: { db: t.db, models, config }, loaded, probe: c.probes[0], filedPages: [], arm, window: WINDOW, summary });
      answers.push(result.answer);
      expect(await snapshot()).toEqual(before);
    }
    // Asking again under the first arm gives the same answer: nothing of the earlier arms lingers.
    const again = await askUnderArm({ ctx: { db: t.db, models, config }, loaded, probe: c.probes[0], filedPages: [], arm: "A", window: WINDOW, summary });
    expect(again.answer).toBe(answers[0]);
  });

  it("shows the compressor's head, its summary, then the tail", async () => {
    const loaded = await loadCase(t.db, models.memory.model, c, "compressor-check", 6);
    const { note, cost } = await compressorSummary(models.summary.model, loaded, WINDOW, 6);
    expect(cost.calls).toBeGreaterThan(0);
    const outcome = await runTurn({
      db: t.db,
      config,
      models,
      workspaceId: loaded.workspaceId,
      threadId: loaded.threadId,
      text: c.probes[0].question,
      context: { strategy: compressorStrategy(WINDOW, { note, cost }), recall: true, feed: false },
      consolidate: { kind: "skip" },
    });
    const messages = outcome.trace.prompt.messages as Array<{ role: string; content: unknown }>;
    expect(outcome.trace.window).toMatchObject({ count: WINDOW, fromSeq: 1 });
    // The summary sits right after the head's four messages, as a text part of a user turn; no message is a system one.
    const summaryAt = messages.findIndex((m) => JSON.stringify(m.content).includes(SUMMARY_HEADER));
    expect(messages[summaryAt].role).toBe("user");
    expect(summaryAt).toBe(4);
    expect(messages.filter((m) => m.role === "system")).toHaveLength(0);
  });
});
