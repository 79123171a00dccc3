import { ARMS } from "@/lib/eval/arms";
import { percent } from "@/lib/eval/format";
import type { EvalReport } from "@/lib/eval/report-schema";

// One sentence over each chart of the Evaluation page: what it shows, read
// off the report itself, so the words always match the figures under them.

type Regime = EvalReport["regimes"][number];

function spread(report: EvalReport, regime: Regime): string | null {
  const rows = report.accuracy.filter((r) => r.regime === regime);
  if (rows.length === 0) return null;
  const sorted = [...rows].sort((a, b) => a.correct.rate - b.correct.rate);
  const [low, high] = [sorted[0], sorted[sorted.length - 1]];
  if (low.correct.rate === high.correct.rate) return `every arm answers ${percent(low.correct.rate)}`;
  return `arms answer from ${percent(low.correct.rate)} (${low.arm}, ${ARMS[low.arm].label}) to ${percent(high.correct.rate)} (${high.arm}, ${ARMS[high.arm].label})`;
}

/** Whether the arms that differ only in the buffer and its extensions scored alike with the fact outside the window. */
export function buffersTie(report: EvalReport): boolean {
  const outside = report.accuracy.filter((r) => r.regime === "outside" && r.arm !== "A" && r.arm !== "D");
  return outside.length > 1 && outside.every((r) => r.correct.rate === outside[0].correct.rate);
}

export function accuracyHeadline(report: EvalReport): string {
  const outside = spread(report, "outside");
  const inside = spread(report, "inside");
  return [outside && `With the fact outside the window, ${outside}.`, inside && `With it still inside (the control), ${inside}.`].filter(Boolean).join(" ");
}

export function comparisonsHeadline(report: EvalReport): string {
  const clear = report.comparisons.filter((c) => c.low > 0 || c.high < 0);
  if (clear.length === 0) return `None of the ${report.comparisons.length} paired differences excludes zero: on these threads no arm beats another beyond chance.`;
  const named = clear.map((c) => `${c.arm} − ${c.baseline} ${c.diff > 0 ? "+" : "−"}${Math.abs(Math.round(c.diff * 100))} pp (${c.regime})`).join(", ");
  return `${clear.length} of ${report.comparisons.length} paired differences exclude zero: ${named}.`;
}

export function readsHeadline(report: EvalReport): string {
  const c = report.accuracy.find((r) => r.arm === "C" && r.regime === "outside");
  if (!c) return "Whether the agent opened the page the fact was filed on, and whether a buffer line pointed there.";
  const pointed = c.pointed ? `a buffer line pointed at the fact's page in ${percent(c.pointed.rate)} of the threads` : "no buffer line was recorded";
  return `With the fact outside the window, ${pointed}, and the agent opened that page in ${percent(c.opened.rate)} of them.`;
}

export function costsHeadline(report: EvalReport): string {
  const mean = (arm: string) => report.costs.find((r) => r.arm === arm && r.group === undefined);
  const [b, c] = [mean("B"), mean("C")];
  if (!b || !c) return "Mean cost per question turn, with median and 95th percentile.";
  const fits = report.groupCosts?.find((r) => r.arm === "C" && r.group === "fits-window");
  const fitsText = fits ? `, and ${Math.round(fits.addedTokens.mean)} while a thread still fits its window` : "";
  return `The buffer adds ${Math.round(c.addedTokens.mean)} prompt tokens to a question turn on average (${Math.round(c.promptTokens.mean)} against ${Math.round(b.promptTokens.mean)} for recall alone)${fitsText}.`;
}

export function positionHeadline(report: EvalReport): string {
  const rows = (report.byGroup ?? []).filter((r) => r.arm === "C");
  if (rows.length === 0) return "Accuracy of every arm by where the planted fact sits in its thread.";
  const sorted = [...rows].sort((a, b) => a.correct.rate - b.correct.rate);
  const [low, high] = [sorted[0], sorted[sorted.length - 1]];
  return `With the buffer (C), answers are right most often when the fact sits at ${high.value} (${percent(high.correct.rate)}) and least at ${low.value} (${percent(low.correct.rate)}).`;
}
