import { describe, expect, it } from "vitest";
import { ARMS, type ArmId } from "@/lib/eval/arms";
import { buildReport, distribution, otherRoleModels, proportion, reportMarkdown, summaryMarkdown, type ReportInput } from "@/lib/eval/report";
import { evalReportSchema, type ArmCosts, type ArmResult, type CaseResult } from "@/lib/eval/report-schema";
import { rolesPlayed } from "@/lib/eval/run";
import { pairedBootstrap, wilson } from "@/lib/eval/stats";
import { offlineRuntime, type ModelChoice } from "@/lib/models";
import { createOfflineModel } from "@/lib/models/offline";

const COSTS: ArmCosts = {
  promptTokens: 600,
  inputTokens: 900,
  addedTokens: 0,
  recallTokens: 0,
  modelCalls: 1,
  summaryCalls: 0,
  toolCalls: 0,
  overheadMs: 10,
  totalMs: 100,
  summaryMs: 0,
};

function result(arm: ArmId, correct: boolean, overrides: Partial<ArmResult> = {}): ArmResult {
  return { arm, answer: correct ? "It is $2,350." : "Could you remind me?", correct, judged: null, opened: false, pointed: false, bufferStatus: "not-needed", error: null, costs: COSTS, ...overrides };
}

/** Ten outside threads: A right on 2, C right on 8 (C right wherever A is), C opened the page on 6. */
function outsideCases(): CaseResult[] {
  return Array.from({ length: 10 }, (_, i) => ({
    id: `t${i}`,
    regime: "outside",
    question: "What rent did we agree on?",
    expected: "$2,350",
    details: { kind: "price" },
    messages: 60,
    filedPages: ["Second Location"],
    results: [
      result("A", i < 2),
      result("C", i < 8, { opened: i < 6, pointed: true, costs: { ...COSTS, promptTokens: 900 + i * 10, addedTokens: 300, modelCalls: i < 6 ? 2 : 1 } }),
    ],
  }));
}

function input(cases: CaseResult[], overrides: Partial<ReportInput> = {}): ReportInput {
  return {
    source: "planted",
    createdAt: "2026-11-29T12:00:00.000Z",
    wallMs: 125_000,
    model: { kind: "offline", label: "Offline model", modelId: "offline-rules-1" },
    database: "pglite",
    settings: { threads: 10, seed: 1, window: 30, stretch: 6, judge: false, locomoFile: null, bootstrapIterations: 2_000 },
    arms: (["A", "C"] as const).map((id) => ({ id, label: ARMS[id].label, description: ARMS[id].description })),
    regimes: ["outside"],
    cases,
    ...overrides,
  };
}

describe("proportion and distribution", () => {
  it("gives the rate with its Wilson interval", () => {
    expect(proportion([true, true, false, false])).toEqual({ count: 2, n: 4, rate: 0.5, ...wilson(2, 4) });
    expect(proportion([])).toEqual({ count: 0, n: 0, rate: 0, low: 0, high: 1 });
  });

  it("gives mean, median and 95th percentile, and zeros for nothing", () => {
    const d = distribution([4, 1, 3, 2, 10]);
    expect(d).toMatchObject({ mean: 4, p50: 3 });
    expect(d.p95).toBeCloseTo(8.8);
    expect(distribution([])).toEqual({ mean: 0, p50: 0, p95: 0 });
  });
});

describe("buildReport", () => {
  const report = buildReport(input(outsideCases()));

  it("produces a report the shared schema accepts", () => {
    expect(evalReportSchema.parse(report)).toEqual(report);
    expect(report.version).toBe(1);
  });

  it("computes accuracy, opened and pointed rates per arm and regime", () => {
    const [a, c] = report.accuracy;
    expect(a).toMatchObject({ arm: "A", regime: "outside", correct: { count: 2, n: 10, rate: 0.2 }, judged: null, pointed: null });
    expect(c).toMatchObject({ arm: "C", correct: { count: 8, rate: 0.8 }, opened: { count: 6 }, pointed: { count: 10, rate: 1 } });
  });

  it("compares arms paired on the same cases, with the seeded bootstrap and exact McNemar", () => {
    expect(report.comparisons).toHaveLength(1);
    const [c] = report.comparisons;
    expect(c).toMatchObject({ regime: "outside", metric: "correct", arm: "C", baseline: "A", n: 10, meanArm: 0.8, meanBaseline: 0.2, onlyArm: 6, onlyBaseline: 0 });
    expect(c.diff).toBeCloseTo(0.6);
    // 6 discordant threads all one way: p = 2 · 0.5^6.
    expect(c.pValue).toBeCloseTo(2 / 64);
    expect(c.low).toBeGreaterThan(0);
    expect(c.high).toBeLessThanOrEqual(1);
    expect(buildReport(input(outsideCases())).comparisons).toEqual(report.comparisons);
  });

  it("seeds each comparison's bootstrap from the run seed", () => {
    const [c] = report.comparisons;
    const again = pairedBootstrap(
      outsideCases().map((x) => x.results[0].correct),
      outsideCases().map((x) => x.results[1].correct),
      { seed: 1, iterations: 2_000 },
    );
    expect(c.diff).toBe(again.diff);
    expect(buildReport(input(outsideCases(), { settings: { ...input([]).settings, seed: 2 } })).comparisons[0].low).not.toBeNaN();
  });

  it("summarises each arm's costs", () => {
    const c = report.costs.find((row) => row.arm === "C");
    expect(c).toMatchObject({ n: 10, addedTokens: { mean: 300, p50: 300, p95: 300 }, modelCalls: { mean: 1.6, p50: 2 } });
    expect(c?.promptTokens.mean).toBe(945);
  });

  it("adds judge accuracy and judge comparisons when a judge ran, counting only judged answers", () => {
    const cases = outsideCases().map((c, i) => ({ ...c, results: c.results.map((r) => ({ ...r, judged: i === 0 ? null : r.correct })) }));
    const judged = buildReport(input(cases, { settings: { ...input([]).settings, judge: true } }));
    expect(judged.accuracy[0].judged).toMatchObject({ count: 1, n: 9 });
    expect(judged.comparisons.map((c) => c.metric)).toEqual(["correct", "judged"]);
    expect(judged.comparisons[1].n).toBe(9);
  });

  it("breaks accuracy down by how the question is worded", () => {
    const cases = outsideCases().map((c, i) => ({ ...c, details: { questionNamesTopic: i % 2 === 0 } }));
    const sliced = buildReport(input(cases));
    expect(sliced.slices.filter((s) => s.arm === "A")).toEqual([
      { by: "questionNamesTopic", value: "false", arm: "A", regime: "outside", correct: proportion([false, true, false, false, false]) },
      { by: "questionNamesTopic", value: "true", arm: "A", regime: "outside", correct: proportion([true, false, false, false, false]) },
    ]);
    expect(summaryMarkdown(sliced)).toMatch(/\| A · Recent only \| false +\| 20\.0% /);
  });

  it("skips a comparison with no paired cases in a regime", () => {
    const report2 = buildReport(input(outsideCases(), { regimes: ["outside", "inside"] }));
    expect(report2.comparisons.map((c) => c.regime)).toEqual(["outside"]);
    expect(report2.accuracy.find((r) => r.regime === "inside")?.correct.n).toBe(0);
    expect(report2.slices.some((s) => s.regime === "inside")).toBe(false);
  });
});

describe("markdown", () => {
  const report = buildReport(input(outsideCases()));

  it("prints accuracy, differences and costs as tables", () => {
    const text = summaryMarkdown(report);
    expect(text).toContain("| A · Recent only | 20.0% [");
    expect(text).toMatch(/\| outside +\| scored +\| C − A +\| 80\.0% vs 20\.0% +\| \+60\.0 pp +\| \[.+\] pp +\| 6 \/ 0 +\| 0\.031 +\|/);
    expect(text).toMatch(/\| C · \+ buffer +\| 945 · 945 · 986 +\| 300 · 300 · 300 +\|/);
    expect(text).toContain("Wall time 2m 05s");
    expect(text).not.toContain("model judge");
  });

  it("lists LoCoMo questions with their evidence flag in the full report only", () => {
    const locomo = buildReport(input(outsideCases().slice(0, 2), { source: "locomo", settings: { ...input([]).settings, locomoFile: "mini.json" } }));
    expect(reportMarkdown(locomo)).toMatch(/\| t0 +\| What rent did we agree on\? \| \$2,350 +\| yes +\| ✓ +\| ✓ +\|/);
    expect(summaryMarkdown(locomo)).not.toContain("## Questions");
    expect(reportMarkdown(report)).not.toContain("## Questions");
  });
});

describe("results by group, Holm, and conversation-level intervals", () => {
  /** Outside cases in two groups, and a fits-window group where the buffer adds nothing. */
  const grouped = (): CaseResult[] => [
    ...outsideCases().map((c, i) => ({ ...c, group: i < 5 ? "far-middle" : "middle" })),
    ...Array.from({ length: 4 }, (_, i) => ({
      ...outsideCases()[0],
      id: `fits${i}`,
      regime: "inside" as const,
      group: "fits-window",
      results: [result("A", true), result("C", true)],
    })),
  ];

  it("breaks accuracy, paired differences and costs down by group, in the order groups first appear", () => {
    const report = buildReport(input(grouped(), { regimes: ["outside", "inside"] }));
    expect(report.groups).toEqual(["far-middle", "middle", "fits-window"]);
    expect(report.byGroup?.find((r) => r.arm === "C" && r.value === "far-middle")?.correct).toMatchObject({ count: 5, n: 5 });
    expect(report.byGroup?.find((r) => r.arm === "A" && r.value === "middle")?.correct).toMatchObject({ count: 0, n: 5 });
    expect(report.groupComparisons?.map((c) => `${c.group} ${c.arm}−${c.baseline}`)).toEqual(["far-middle C−A", "middle C−A", "fits-window C−A"]);
    expect(report.groupCosts?.find((c) => c.group === "fits-window" && c.arm === "C")?.addedTokens.mean).toBe(0);
    expect(summaryMarkdown(report)).toContain("## Cost where the thread fits the window");
  });

  it("pairs each extension with the plain buffer within each slice of how the question is worded", () => {
    // The feed arm is right on every question that avoids its topic's words, the buffer on half of them; both right elsewhere.
    const cases: CaseResult[] = Array.from({ length: 8 }, (_, i) => ({
      ...outsideCases()[0],
      id: `s${i}`,
      details: { questionNamesTopic: i % 2 === 0 },
      results: [result("C", i % 2 === 0 || i < 4), result("C+feed", true)],
    }));
    const arms = (["C", "C+feed"] as const).map((id) => ({ id, label: ARMS[id].label, description: ARMS[id].description }));
    const report = buildReport(input(cases, { arms }));
    const rows = report.sliceComparisons ?? [];
    expect(rows.map((c) => `${c.value} ${c.arm}−${c.baseline} ${c.n}`)).toEqual(["false C+feed−C 4", "true C+feed−C 4"]);
    expect(rows[0]).toMatchObject({ by: "questionNamesTopic", onlyArm: 2, onlyBaseline: 0, diff: 0.5 });
    expect(rows[1]).toMatchObject({ onlyArm: 0, onlyBaseline: 0, diff: 0 });
    expect(summaryMarkdown(report)).toContain("## Paired differences by questionNamesTopic");
  });

  it("adjusts each table's p-values by Holm", () => {
    const report = buildReport(input(grouped(), { regimes: ["outside", "inside"] }));
    const rows = report.groupComparisons ?? [];
    // middle: 3 one-sided discordant pairs (p = 0.25); far-middle: 3 more (p = 0.25); fits-window: none (p = 1).
    [0.25, 0.25, 1].forEach((p, i) => expect(rows[i].pValue).toBeCloseTo(p, 12));
    [0.75, 0.75, 1].forEach((p, i) => expect(rows[i].pHolm).toBeCloseTo(p, 12));
  });

  it("resamples whole conversations for token F1, with adversarial items apart", () => {
    const cases: CaseResult[] = Array.from({ length: 8 }, (_, i) => ({
      ...outsideCases()[0],
      id: `conv${i % 2}#${i}`,
      cluster: `conv${i % 2}`,
      group: i === 7 ? "adversarial" : "category 4",
      results: [result("A", false, { f1: i === 7 ? null : i % 2 }), result("C", false, { f1: i === 7 ? null : 1 })],
    }));
    const report = buildReport(input(cases, { source: "locomo" }));
    const overall = report.f1?.find((r) => r.arm === "A" && r.group === "all but adversarial");
    expect(overall).toMatchObject({ n: 7, clusters: 2, low: 0, high: 1 });
    expect(overall?.mean).toBeCloseTo(3 / 7, 12);
    expect(report.f1?.some((r) => r.group === "adversarial")).toBe(false);
  });
});

describe("the models by role in a report", () => {
  const offline = { kind: "offline", label: "Offline model", modelId: "offline-rules-1" };
  const small = { kind: "openai-compatible", label: "qwen2.5:3b at http://localhost:11434/v1", modelId: "qwen2.5:3b" };
  const chat = { kind: "openai-compatible", label: "qwen2.5:7b at http://localhost:11434/v1", modelId: "qwen2.5:7b" };

  it("names a role played by another model than the chat's, and says nothing when one model played them all", () => {
    const mixed = buildReport(input(outsideCases(), { model: chat, roles: { chat, memory: small, summary: null, judge: chat } }));
    expect(evalReportSchema.parse(mixed).roles?.memory).toEqual(small);
    expect(otherRoleModels(mixed)).toEqual([{ role: "memory pass", label: small.label, modelId: "qwen2.5:3b" }]);
    expect(summaryMarkdown(mixed)).toContain("The memory pass: qwen2.5:3b at http://localhost:11434/v1 (qwen2.5:3b)");

    const alone = buildReport(input(outsideCases(), { roles: { chat: offline, memory: offline, summary: offline, judge: null } }));
    expect(otherRoleModels(alone)).toEqual([]);
    expect(summaryMarkdown(alone)).not.toContain("The memory pass:");
  });

  it("reads a report written before roles, with one model in every role", () => {
    const older = buildReport(input(outsideCases()));
    expect(older).not.toHaveProperty("roles");
    expect(otherRoleModels(older)).toEqual([]);
  });

  it("are recorded as played: the summary's only when an arm summarised, the judge's only when one judged", () => {
    const models = { chat: choiceOf(chat), memory: choiceOf(small), summary: choiceOf(chat), judge: choiceOf(chat) };
    expect(rolesPlayed(models, ["A", "C"], false)).toEqual({ chat, memory: small, summary: null, judge: null });
    expect(rolesPlayed(models, ["A", "D"], true)).toEqual({ chat, memory: small, summary: chat, judge: chat });
  });
});

/** A model choice as the report reads it: only its name matters here. */
function choiceOf(ref: { kind: string; label: string; modelId: string }): ModelChoice {
  return { ...ref, kind: ref.kind as ModelChoice["kind"], model: createOfflineModel({ delayMs: 0 }), runtime: offlineRuntime({}) };
}
