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
  F1Row,
  GroupComparison,
  Proportion,
  SliceComparison,
  SliceRow,
} from "@/lib/eval/report-schema";
import { evalReportSchema } from "@/lib/eval/report-schema";
import { clusterBootstrap, exactMcNemar, holm, mean, pairedBootstrap, quantile, wilson } from "@/lib/eval/stats";

/** Everything a report holds except what this module derives. */
export type ReportInput = Omit<
  EvalReport,
  | "version"
  | "accuracy"
  | "slices"
  | "comparisons"
  | "costs"
  | "groups"
  | "byGroup"
  | "groupComparisons"
  | "sliceComparisons"
  | "groupCosts"
  | "f1"
  | "episodeTokensPerPass"
>;

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
    recalled: proportion(results.map((r) => r.recalled ?? false)),
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

type Pair = { arm: ArmId; baseline: ArmId; metric: Comparison["metric"] };

/**
 * Arm minus baseline over the cases both answered, for one metric. Cases
 * from one conversation (LoCoMo) are resampled together; planted cases are
 * each their own thread.
 */
function compare(
  cases: readonly CaseResult[],
  pair: Pair,
  bootstrap: { seed: number; iterations: number },
): Omit<Comparison, "regime"> | null {
  const { arm, baseline, metric } = pair;
  const pairs = cases.flatMap((c) => {
    const [x, y] = [resultOf(c, arm), resultOf(c, baseline)];
    const [vx, vy] = metric === "correct" ? [x?.correct, y?.correct] : [x?.judged, y?.judged];
    return typeof vx === "boolean" && typeof vy === "boolean" ? [{ arm: vx, baseline: vy, cluster: c.cluster ?? c.id }] : [];
  });
  if (pairs.length === 0) return null;
  const armOutcomes = pairs.map((p) => p.arm);
  const baselineOutcomes = pairs.map((p) => p.baseline);
  const clustered = pairs.some((p, i) => pairs.findIndex((q) => q.cluster === p.cluster) !== i);
  const interval = clustered
    ? clusteredDifference(baselineOutcomes, armOutcomes, pairs.map((p) => p.cluster), bootstrap)
    : pairedBootstrap(baselineOutcomes, armOutcomes, bootstrap);
  const test = exactMcNemar(baselineOutcomes, armOutcomes);
  return {
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

function clusteredDifference(a: readonly boolean[], b: readonly boolean[], clusters: string[], bootstrap: { seed: number; iterations: number }) {
  const diffs = b.map((v, i) => Number(v) - Number(a[i]));
  const interval = clusterBootstrap(diffs, clusters, bootstrap);
  const meanA = mean(a.map(Number));
  const meanB = mean(b.map(Number));
  return { meanA, meanB, diff: meanB - meanA, low: interval.low, high: interval.high };
}

/** Holm over one family of comparisons, each metric apart. */
function withHolm<T extends { metric: Comparison["metric"]; pValue: number; pHolm?: number }>(rows: T[]): T[] {
  const out = rows.map((row) => ({ ...row }));
  for (const metric of new Set(rows.map((r) => r.metric))) {
    const indexes = out.flatMap((r, i) => (r.metric === metric ? [i] : []));
    holm(indexes.map((i) => out[i].pValue)).forEach((p, k) => (out[indexes[k]].pHolm = p));
  }
  return out;
}

const COST_FIELDS = [
  "promptTokens",
  "inputTokens",
  "addedTokens",
  "modelCalls",
  "toolCalls",
  "overheadMs",
  "totalMs",
  "allCallsInputTokens",
  "outputTokens",
] as const;

function costRow(cases: readonly CaseResult[], arm: ArmId, group?: string): CostRow {
  const costs: ArmCosts[] = cases.flatMap((c) => resultOf(c, arm)?.costs ?? []);
  const of = (field: (typeof COST_FIELDS)[number]) => distribution(costs.map((c) => c[field] ?? 0));
  return {
    ...(group === undefined ? {} : { group }),
    allCallsInputTokens: of("allCallsInputTokens"),
    outputTokens: of("outputTokens"),
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

const groupOf = (c: CaseResult) => c.group ?? "all";

/** Groups in the order the cases first show them, which for generated cases is oldest position first. */
export function groupsOf(cases: readonly CaseResult[]): string[] {
  return [...new Set(cases.map(groupOf))];
}

/** Mean token F1 per arm and group, and over every non-adversarial question, with conversation-level intervals. */
function f1Rows(input: ReportInput, groups: string[]): F1Row[] {
  const scored = input.cases.filter((c) => c.results.some((r) => typeof r.f1 === "number"));
  if (scored.length === 0) return [];
  const slices = [...groups.map((group) => ({ group, cases: scored.filter((c) => groupOf(c) === group) })), { group: "all but adversarial", cases: scored }];
  return input.arms.flatMap(({ id: arm }, a) =>
    slices.flatMap(({ group, cases }, g) => {
      const rows = cases.flatMap((c) => {
        const f1 = resultOf(c, arm)?.f1;
        return typeof f1 === "number" ? [{ f1, cluster: c.cluster ?? c.id }] : [];
      });
      if (rows.length === 0) return [];
      const interval = clusterBootstrap(
        rows.map((r) => r.f1),
        rows.map((r) => r.cluster),
        { seed: deriveSeed(input.settings.seed, 10_000 + a * 100 + g), iterations: input.settings.bootstrapIterations },
      );
      return [{ arm, group, n: rows.length, clusters: interval.clusters, mean: interval.mean, low: Math.max(0, interval.low), high: Math.min(1, interval.high) }];
    }),
  );
}

export function buildReport(input: ReportInput): EvalReport {
  const armIds = input.arms.map((a) => a.id);
  const { judge, seed, bootstrapIterations } = input.settings;
  const metrics: Comparison["metric"][] = judge ? ["correct", "judged"] : ["correct"];
  const pairs = metrics.flatMap((metric) => comparisonsFor(armIds).map(([arm, baseline]) => ({ arm, baseline, metric })));
  // One independent, reproducible bootstrap stream per comparison.
  const comparisons: Comparison[] = withHolm(
    input.regimes.flatMap((regime, r) =>
      pairs.flatMap((pair, i) => {
        const row = compare(input.cases.filter((c) => c.regime === regime), pair, { seed: deriveSeed(seed, r * pairs.length + i), iterations: bootstrapIterations });
        return row ? [{ regime, ...row }] : [];
      }),
    ),
  );
  const groups = groupsOf(input.cases);
  const groupComparisons: GroupComparison[] = withHolm(
    groups.flatMap((group, g) =>
      pairs.flatMap((pair, i) => {
        const row = compare(input.cases.filter((c) => groupOf(c) === group), pair, {
          seed: deriveSeed(seed, 1_000 + g * pairs.length + i),
          iterations: bootstrapIterations,
        });
        return row ? [{ group, ...row }] : [];
      }),
    ),
  );
  const by = SLICE_BY[input.source];
  const sliceValues = [...new Set(input.cases.map((c) => String(c.details[by])))].sort();
  const sliceComparisons: SliceComparison[] = withHolm(
    sliceValues.flatMap((value, v) =>
      pairs.flatMap((pair, i) => {
        const row = compare(input.cases.filter((c) => String(c.details[by]) === value), pair, {
          seed: deriveSeed(seed, 5_000 + v * pairs.length + i),
          iterations: bootstrapIterations,
        });
        return row ? [{ by, value, ...row }] : [];
      }),
    ),
  );
  const byGroup = armIds.flatMap((arm) =>
    groups.map((value) => ({
      by: "group",
      value,
      arm,
      correct: proportion(input.cases.filter((c) => groupOf(c) === value).flatMap((c) => resultOf(c, arm)?.correct ?? [])),
    })),
  );
  const passes = input.cases.flatMap((c) => (c.memoryPass && c.memoryPass.passes > 0 ? [c.memoryPass.episodeTokens / c.memoryPass.passes] : []));
  return evalReportSchema.parse({
    version: 1,
    ...input,
    accuracy: armIds.flatMap((arm) => input.regimes.map((regime) => accuracyRow(input.cases, arm, regime, judge))),
    slices: sliceRows(input),
    comparisons,
    costs: armIds.map((arm) => costRow(input.cases, arm)),
    groups,
    byGroup,
    groupComparisons,
    sliceComparisons,
    groupCosts: groups.flatMap((group) => armIds.map((arm) => costRow(input.cases.filter((c) => groupOf(c) === group), arm, group))),
    f1: f1Rows(input, groups),
    episodeTokensPerPass: distribution(passes),
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

/** What every paired comparison carries, whatever it is grouped by. */
type PairedComparison = Omit<EvalReport["comparisons"][number], "regime">;

/** Paired comparisons as a table, the first column naming what each one compares within. */
function pairedTable<C extends PairedComparison>(within: string, comparisons: readonly C[], label: (c: C) => string): string {
  const rows = comparisons.map((c) => [
    label(c),
    c.metric === "correct" ? "scored" : "judge",
    `${c.arm} − ${c.baseline}`,
    `${percent(c.meanArm)} vs ${percent(c.meanBaseline)}`,
    points(c.diff),
    pointsInterval(c.low, c.high),
    `${c.onlyArm} / ${c.onlyBaseline}`,
    pValue(c.pValue),
    c.pHolm === undefined ? "—" : pValue(c.pHolm),
  ]);
  return markdownTable([within, "Metric", "Arms", "Accuracy", "Difference", "95% CI", "Only arm / only baseline", "McNemar p", "Holm p"], rows);
}

function comparisonsTable(report: EvalReport): string {
  return pairedTable("Regime", report.comparisons, (c) => c.regime);
}

function byGroupTable(report: EvalReport): string {
  const groups = report.groups ?? [];
  const rows = report.arms.map(({ id }) => [
    armName(id),
    ...groups.map((group) => {
      const row = report.byGroup?.find((r) => r.arm === id && r.value === group);
      return row ? rateCell(row.correct) : "—";
    }),
  ]);
  return markdownTable(["Arm", ...groups], rows);
}

function groupComparisonsTable(report: EvalReport): string {
  return pairedTable("Group", report.groupComparisons ?? [], (c) => c.group);
}

function sliceComparisonsTable(report: EvalReport): string {
  return pairedTable("Slice", report.sliceComparisons ?? [], (c) => `${c.by} = ${c.value}`);
}

function f1Table(report: EvalReport): string {
  const groups = [...new Set((report.f1 ?? []).map((r) => r.group))];
  const rows = report.arms.map(({ id }) => [
    armName(id),
    ...groups.map((group) => {
      const row = report.f1?.find((r) => r.arm === id && r.group === group);
      return row ? `${percent(row.mean)} [${percentInterval(row.low, row.high)}] (n ${row.n}, ${row.clusters} conv.)` : "—";
    }),
  ]);
  return markdownTable(["Arm", ...groups], rows);
}

function dist(d: Distribution, show: (v: number) => string = figure): string {
  return `${show(d.mean)} · ${show(d.p50)} · ${show(d.p95)}`;
}

const tokens = (v: number) => figure(Math.round(v));

export function costsTable(rows: readonly CostRow[]): string {
  return markdownTable(
    ["Arm", "First prompt", "Added by buffer/summary", "Input, all calls (counted)", "Output", "Model calls", "Tool calls", "Before the model", "Whole turn"],
    rows.map((c) => [
      armName(c.arm),
      dist(c.promptTokens, tokens),
      dist(c.addedTokens, tokens),
      c.allCallsInputTokens ? dist(c.allCallsInputTokens, tokens) : "—",
      c.outputTokens ? dist(c.outputTokens, tokens) : "—",
      dist(c.modelCalls),
      dist(c.toolCalls),
      dist(c.overheadMs, milliseconds),
      dist(c.totalMs, milliseconds),
    ]),
  );
}

/** The group whose thread fits the window: there the buffer should cost nothing. */
export const FITS_WINDOW_GROUP = "fits-window";

const ROLE_TITLES = { memory: "memory pass", summary: "compressor summary", judge: "judge" } as const;

/** The roles a model other than the chat model played in the run, by title; none in reports written before roles. */
export function otherRoleModels(report: Pick<EvalReport, "model" | "roles">): Array<{ role: string; label: string; modelId: string }> {
  const roles = report.roles;
  if (!roles) return [];
  return (Object.keys(ROLE_TITLES) as (keyof typeof ROLE_TITLES)[]).flatMap((role) => {
    const model = roles[role];
    return model && model.modelId !== report.model.modelId ? [{ role: ROLE_TITLES[role], label: model.label, modelId: model.modelId }] : [];
  });
}

function headline(report: EvalReport): string {
  const { settings } = report;
  const what =
    report.source === "planted"
      ? `${settings.threads} planted threads × ${report.regimes.length} regimes (${report.regimes.join(", ")})`
      : `LoCoMo file ${settings.locomoFile} (${settings.threads} conversations, ${report.cases.length} questions)`;
  return [
    `Model: ${report.model.label} (${report.model.modelId}) · database: ${report.database}`,
    ...otherRoleModels(report).map(({ role, label, modelId }) => `The ${role}: ${label} (${modelId})`),
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
    "## Recall (and the feed, where on) brought that page into the prompt",
    accuracyTable(report, (r) => r.recalled ?? null),
    ...((report.groups?.length ?? 0) > 1
      ? [`## Accuracy by group (${report.source === "locomo" ? "LoCoMo category; adversarial apart" : "where the fact sits"})`, byGroupTable(report)]
      : []),
    ...((report.f1?.length ?? 0) > 0
      ? ["## Token F1 against the gold answer (conversation-level bootstrap 95% interval; adversarial items are scored apart, above)", f1Table(report)]
      : []),
    "## Paired differences on the same cases (bootstrap 95% CI, exact McNemar, Holm-adjusted over the table)",
    comparisonsTable(report),
    ...((report.groupComparisons?.length ?? 0) > 0 ? ["## Paired differences by group", groupComparisonsTable(report)] : []),
    ...((report.sliceComparisons?.length ?? 0) > 0 ? [`## Paired differences by ${SLICE_BY[report.source]}`, sliceComparisonsTable(report)] : []),
    "## Cost of the question turn (mean · p50 · p95)",
    costsTable(report.costs),
    ...(report.groupCosts?.some((c) => c.group === FITS_WINDOW_GROUP)
      ? [
          "## Cost where the thread fits the window (the buffer should add nothing)",
          costsTable(report.groupCosts.filter((c) => c.group === FITS_WINDOW_GROUP)),
        ]
      : []),
    ...(report.episodeTokensPerPass && report.episodeTokensPerPass.mean > 0
      ? [`The memory pass's episode line, paid once per pass for every arm: ${dist(report.episodeTokensPerPass, tokens)} tokens of output (mean · p50 · p95).`]
      : []),
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
