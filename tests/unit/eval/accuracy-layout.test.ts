import { describe, expect, it } from "vitest";
import { CHART_BOX, accuracyLayout } from "@/components/evaluation/accuracy-layout";
import { proportion } from "@/lib/eval/report";
import type { AccuracyRow } from "@/lib/eval/report-schema";

function row(arm: AccuracyRow["arm"], regime: AccuracyRow["regime"], outcomes: boolean[]): AccuracyRow {
  return { arm, regime, correct: proportion(outcomes), judged: null, opened: proportion([]), pointed: null };
}

describe("accuracyLayout", () => {
  const rows = [row("A", "outside", [true, false, false, false]), row("A", "inside", [true, true, true, false]), row("C", "outside", [true, true, true, true]), row("C", "inside", [])];
  const layout = accuracyLayout(rows, ["A", "C"], ["outside", "inside"]);
  const plotHeight = CHART_BOX.height - CHART_BOX.top - CHART_BOX.bottom;

  it("draws one bar per arm and regime, side by side within the arm's group", () => {
    expect(layout.bars.map((b) => `${b.arm}-${b.regime}`)).toEqual(["A-outside", "A-inside", "C-outside", "C-inside"]);
    const [outside, inside] = layout.bars;
    expect(inside.x).toBeCloseTo(outside.x + outside.width);
    expect((outside.x + inside.x + inside.width) / 2).toBeCloseTo(layout.groups[0].centre);
  });

  it("scales heights to the rate and whiskers to the Wilson interval, 100% at the top", () => {
    const [aOut, , cOut, cIn] = layout.bars;
    expect(aOut.height).toBeCloseTo(plotHeight * 0.25);
    expect(aOut.y + aOut.height).toBe(layout.baseline);
    expect(aOut.whiskerLow).toBeCloseTo(layout.baseline - plotHeight * aOut.row.correct.low);
    expect(aOut.whiskerHigh).toBeLessThan(aOut.y);
    expect(cOut.y).toBe(CHART_BOX.top);
    expect(cIn.height).toBe(0);
    expect(layout.ticks.map((t) => t.value)).toEqual([0, 0.25, 0.5, 0.75, 1]);
    expect(layout.ticks.at(-1)?.y).toBe(CHART_BOX.top);
  });

  it("leaves out bars with no row and never draws wider than the cap", () => {
    const sparse = accuracyLayout([rows[0]], ["A", "B"], ["outside", "inside"]);
    expect(sparse.bars).toHaveLength(1);
    expect(sparse.groups).toHaveLength(2);
    expect(sparse.bars[0].width).toBeLessThanOrEqual(34);
  });
});
