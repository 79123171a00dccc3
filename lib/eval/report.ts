// From per-case results to the report: accuracy with Wilson intervals, paired
// comparisons on the same cases, and the cost of a question turn per arm.
// Pure, so the figures can be checked by hand in tests.

import { ARMS, comparisonsFor, type ArmId } from "@/lib/eval/arms";
import { duration, figure, markdownTable, milliseconds, percent, percentInterval, points, pointsInterval, pValue } from "@/lib/eval/format";
import { deriveSeed } from "@/lib/eval/random";
import type {
  AccuracyRow,
  ArmCosts,
  ArmResult,
  CaseResult,
  Comparison,
  CostRow,
  Distribution,
  EvalReport,
  Proportion,
  SliceRow,
} from "@/lib/eval/report-schema";
import { evalReportSchema } from "@/lib/eval/report-schema";
import { exactMcNemar, mean, pairedBootstrap, quantile, wilson } from "@/lib/eval/stats";

/** Everything a report holds except what this module derives. */
export type ReportInput = Omit<EvalReport, "version" | "accuracy" | "slices" | "comparisons" | "costs">;

/**
 * The detail each source's accuracy is broken down by. Half the planted
 * questions avoid every word naming their topic, which only a model that
 * links meanings (or a pointer that does it for it) can answer.
 */
export const SLICE_BY: Record<EvalReport["source"], string> = { planted: "questionNamesTopic", locomo: "category" };

export function proportion(outcomes: readonly boolean[]): Proportion {
  const count = outcomes.filter(Boolean).length;
  const n = outcomes.length;
  return { count, n, rate: n === 0 ? 0 : count / n, ...wilson(count, n) };
}

export function distribution(values: readonly number[]): Distribution {
  if (values.length === 0) return { mean: 0, p50: 0, p95: 0 };
  const sorted = [...values].sort((x, y) => x - y);
  return { mean: mean(sorted), p50: quantile(sorted, 0.5), p95: quantile(sorted, 0.95) };
}

function resultOf(c: CaseResult, arm: ArmId): ArmResult | undefined {
  return c.results.find((r) => r.arm === arm);
}

function accuracyRow(cases: readonly CaseResult[], arm: ArmId, regime: AccuracyRow["regime"], judge: boolean): AccuracyRow {
  const results = cases.filter((c) => c.regime === regime).flatMap((c) => resultOf(c, arm) ?? []);
  const judged = results.flatMap((r) => (r.judged === null ? [] : [r.judged]));
  return {
    arm,
    regime,
    correct: proportion(results.map((r) => r.correct)),
    judged: judge ? proportion(judged) : null,
    opened: proportion(results.map((r) => r.opened)),
    pointed: ARMS[arm].hasBuffer ? proportion(results.map((r) => r.pointed)) : null,
  };
}

function sliceRows(report: ReportInput): SliceRow[] {
  const by = SLICE_BY[report.source];
  const values = [...new Set(report.cases.map((c) => String(c.details[by])))].sort();
  return report.arms.flatMap(({ id: arm }) =>
    report.regimes.flatMap((regime) =>
      values.flatMap((value) => {
        const cases = report.cases.filter((c) => c.regime === regime && String(c.details[by]) === value);
        return cases.length === 0 ? [] : [{ by, value, arm, regime, correct: proportion(cases.flatMap((c) => resultOf(c, arm)?.correct ?? [])) }];
      }),
    ),
  );
}

/** Arm minus baseline over the cases both answered, for one metric. */
function compare(
  cases: readonly CaseResult[],
  pair: { arm: ArmId; baseline: ArmId; regime: Comparison["regime"]; metric: Comparison["metric"] },
  bootstrap: { seed: number; iterations: number },
): Comparison | null {
  const { arm, baseline, regime, metric } = pair;
  const pairs = cases
    .filter((c) => c.regime === regime)
    .flatMap((c) => {
      const [x, y] = [resultOf(c, arm), resultOf(c, baseline)];
      const [vx, vy] = metric === "correct" ? [x?.correct, y?.correct] : [x?.judged, y?.judged];
      return typeof vx === "boolean" && typeof vy === "boolean" ? [{ arm: vx, baseline: vy }] : [];
    });
  if (pairs.length === 0) return null;
  const armOutcomes = pairs.map((p) => p.arm);
  const baselineOutcomes = pairs.map((p) => p.baseline);
  const interval = pairedBootstrap(baselineOutcomes, armOutcomes, bootstrap);
  const test = exactMcNemar(baselineOutcomes, armOutcomes);
  return {
    regime,
    metric,
    arm,
    baseline,
    n: pairs.length,
    meanArm: interval.meanB,
    meanBaseline: interval.meanA,
    diff: interval.diff,
    low: interval.low,
    high: interval.high,
    onlyBaseline: test.b10,
    onlyArm: test.b01,
    pValue: test.pValue,
  };
}

const COST_FIELDS = ["promptTokens", "inputTokens", "addedTokens", "modelCalls", "toolCalls", "overheadMs", "totalMs"] as const;

function costRow(cases: readonly CaseResult[], arm: ArmId): CostRow {
  const costs: ArmCosts[] = cases.flatMap((c) => resultOf(c, arm)?.costs ?? []);
  const of = (field: (typeof COST_FIELDS)[number]) => distribution(costs.map((c) => c[field]));
  return {
    arm,
    n: costs.length,
    promptTokens: of("promptTokens"),
    inputTokens: of("inputTokens"),
    addedTokens: of("addedTokens"),
    modelCalls: of("modelCalls"),
    toolCalls: of("toolCalls"),
    overheadMs: of("overheadMs"),
    totalMs: of("totalMs"),
  };
}

export function buildReport(input: ReportInput): EvalReport {
  const armIds = input.arms.map((a) => a.id);
  const { judge, seed, bootstrapIterations } = input.settings;
  const metrics: Comparison["metric"][] = judge ? ["correct", "judged"] : ["correct"];
  const planned = input.regimes.flatMap((regime) =>
    metrics.flatMap((metric) => comparisonsFor(armIds).map(([arm, baseline]) => ({ arm, baseline, regime, metric }))),
  );
  // One independent, reproducible bootstrap stream per comparison.
  const comparisons = planned.flatMap(
    (pair, i) => compare(input.cases, pair, { seed: deriveSeed(seed, i), iterations: bootstrapIterations }) ?? [],
  );
  return evalReportSchema.parse({
    version: 1,
    ...input,
    accuracy: armIds.flatMap((arm) => input.regimes.map((regime) => accuracyRow(input.cases, arm, regime, judge))),
    slices: sliceRows(input),
    comparisons,
    costs: armIds.map((arm) => costRow(input.cases, arm)),
  });
}

const armName = (arm: ArmId) => `${arm} · ${ARMS[arm].label}`;

function rateCell(p: Proportion): string {
  return `${percent(p.rate)} [${percentInterval(p.low, p.high)}] (${p.count}/${p.n})`;
}

function accuracyTable(report: EvalReport, pick: (row: AccuracyRow) => Proportion | null): string {
  const rows = report.arms.map(({ id }) => [
    armName(id),
    ...report.regimes.map((regime) => {
      const row = report.accuracy.find((r) => r.arm === id && r.regime === regime);
      const value = row ? pick(row) : null;
      return value ? rateCell(value) : "—";
    }),
  ]);
  return markdownTable(["Arm", ...report.regimes], rows);
}

function slicesTable(report: EvalReport): string {
  const by = SLICE_BY[report.source];
  const values = [...new Set(report.slices.map((s) => s.value))];
  const rows = report.arms.flatMap(({ id }) =>
    values.map((value) => [
      armName(id),
      value,
      ...report.regimes.map((regime) => {
        const row = report.slices.find((s) => s.arm === id && s.regime === regime && s.value === value);
        return row ? rateCell(row.correct) : "—";
      }),
    ]),
  );
  return markdownTable(["Arm", by, ...report.regimes], rows);
}

function comparisonsTable(report: EvalReport): string {
  const rows = report.comparisons.map((c) => [
    c.regime,
    c.metric === "correct" ? "scored" : "judge",
    `${c.arm} − ${c.baseline}`,
    `${percent(c.meanArm)} vs ${percent(c.meanBaseline)}`,
    points(c.diff),
    pointsInterval(c.low, c.high),
    `${c.onlyArm} / ${c.onlyBaseline}`,
    pValue(c.pValue),
  ]);
  return markdownTable(["Regime", "Metric", "Arms", "Accuracy", "Difference", "95% CI", "Only arm / only baseline", "McNemar p"], rows);
}

function dist(d: Distribution, show: (v: number) => string = figure): string {
  return `${show(d.mean)} · ${show(d.p50)} · ${show(d.p95)}`;
}

function costsTable(report: EvalReport): string {
  const rows = report.costs.map((c) => [
    armName(c.arm),
    dist(c.promptTokens, (v) => figure(Math.round(v))),
    dist(c.addedTokens, (v) => figure(Math.round(v))),
    dist(c.inputTokens, (v) => figure(Math.round(v))),
    dist(c.modelCalls),
    dist(c.toolCalls),
    dist(c.overheadMs, milliseconds),
    dist(c.totalMs, milliseconds),
  ]);
  return markdownTable(
    ["Arm", "Prompt tokens", "Added by buffer/summary", "Input tokens, all calls", "Model calls", "Tool calls", "Before the model", "Whole turn"],
    rows,
  );
}

function headline(report: EvalReport): string {
  const { settings } = report;
  const what =
    report.source === "planted"
      ? `${settings.threads} planted threads × ${report.regimes.length} regimes (${report.regimes.join(", ")})`
      : `LoCoMo file ${settings.locomoFile} (${settings.threads} conversations, ${report.cases.length} questions)`;
  return [
    `Model: ${report.model.label} (${report.model.modelId}) · database: ${report.database}`,
    `${what} · window ${settings.window} · memory pass every ${settings.stretch} messages · seed ${settings.seed} · judge ${settings.judge ? "on" : "off"}`,
    `Wall time ${duration(report.wallMs)} · ${report.createdAt}`,
  ].join("  \n");
}

/** The tables printed at the end of a run: accuracy, paired differences, costs. */
export function summaryMarkdown(report: EvalReport): string {
  const sections = [
    headline(report),
    "## Accuracy: the answer states the fact (Wilson 95% interval)",
    accuracyTable(report, (r) => r.correct),
    ...(report.settings.judge ? ["## Accuracy by the model judge", accuracyTable(report, (r) => r.judged)] : []),
    `## Accuracy by ${SLICE_BY[report.source]}`,
    slicesTable(report),
    "## Opened the page the evidence was filed on (read_page)",
    accuracyTable(report, (r) => r.opened),
    "## The buffer held a line pointing at that page",
    accuracyTable(report, (r) => r.pointed),
    "## Paired differences on the same cases (bootstrap 95% CI, exact McNemar)",
    comparisonsTable(report),
    "## Cost of the question turn (mean · p50 · p95)",
    costsTable(report),
  ];
  return sections.join("\n\n");
}

const mark = (r: ArmResult | undefined) => (r === undefined ? "—" : r.correct ? "✓" : "✗");

/** Per-question outcomes; only for LoCoMo, where each question is worth reading. */
function questionsTable(report: EvalReport): string {
  const rows = report.cases.map((c) => [
    c.id,
    c.question,
    c.expected,
    c.regime === "outside" ? "yes" : "no",
    ...report.arms.map(({ id }) => mark(resultOf(c, id))),
  ]);
  return markdownTable(["Case", "Question", "Answer", "Evidence outside window", ...report.arms.map((a) => a.id)], rows);
}

export function reportMarkdown(report: EvalReport): string {
  const arms = report.arms.map((a) => `- **${a.id} · ${a.label}**: ${a.description}`).join("\n");
  return [
    "# Evaluation: does a fact said long ago reach the model? (design §08)",
    summaryMarkdown(report),
    "## Arms",
    arms,
    ...(report.source === "locomo" ? ["## Questions", questionsTable(report)] : []),
    "",
  ].join("\n\n");
}
