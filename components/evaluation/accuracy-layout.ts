import type { ArmId } from "@/lib/eval/arms";
import type { AccuracyRow } from "@/lib/eval/report-schema";

// Where each bar and whisker of the accuracy chart goes, in SVG units.
// Pure, so the chart's geometry is tested without rendering.

export type ChartBox = { width: number; height: number; top: number; right: number; bottom: number; left: number };

export const CHART_BOX: ChartBox = { width: 760, height: 300, top: 28, right: 16, bottom: 56, left: 48 };

export type Bar = {
  arm: ArmId;
  regime: AccuracyRow["regime"];
  x: number;
  width: number;
  /** Top of the bar and its height; the bar stands on the baseline. */
  y: number;
  height: number;
  /** The Wilson interval as y coordinates (low is further down). */
  whiskerLow: number;
  whiskerHigh: number;
  row: AccuracyRow;
};

export type ChartLayout = {
  bars: Bar[];
  groups: Array<{ arm: ArmId; centre: number }>;
  /** y of 0%, 25% … 100%. */
  ticks: Array<{ value: number; y: number }>;
  baseline: number;
};

const MAX_BAR_WIDTH = 34;

export function accuracyLayout(rows: readonly AccuracyRow[], arms: readonly ArmId[], regimes: readonly AccuracyRow["regime"][], box: ChartBox = CHART_BOX): ChartLayout {
  const plotWidth = box.width - box.left - box.right;
  const plotHeight = box.height - box.top - box.bottom;
  const baseline = box.top + plotHeight;
  const yOf = (rate: number) => baseline - rate * plotHeight;
  const groupWidth = plotWidth / Math.max(1, arms.length);
  const barWidth = Math.min(MAX_BAR_WIDTH, (groupWidth * 0.7) / Math.max(1, regimes.length));
  const groups = arms.map((arm, i) => ({ arm, centre: box.left + groupWidth * (i + 0.5) }));
  const bars = groups.flatMap(({ arm, centre }) =>
    regimes.flatMap((regime, r) => {
      const row = rows.find((x) => x.arm === arm && x.regime === regime);
      if (!row) return [];
      const x = centre - (barWidth * regimes.length) / 2 + r * barWidth;
      const y = yOf(row.correct.rate);
      return [{ arm, regime, x, width: barWidth, y, height: baseline - y, whiskerLow: yOf(row.correct.low), whiskerHigh: yOf(row.correct.high), row }];
    }),
  );
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((value) => ({ value, y: yOf(value) }));
  return { bars, groups, ticks, baseline };
}
