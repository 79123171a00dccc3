import { describe, expect, it } from "vitest";
import { clusterBootstrap, exactMcNemar, holm, pairedBootstrap, wilson } from "@/lib/eval/stats";

/** Paired outcomes built from counts of (A, B) combinations. */
function pairs(counts: { both: number; onlyA: number; onlyB: number; neither: number }) {
  const rows: Array<[boolean, boolean]> = [
    ...Array.from({ length: counts.both }, (): [boolean, boolean] => [true, true]),
    ...Array.from({ length: counts.onlyA }, (): [boolean, boolean] => [true, false]),
    ...Array.from({ length: counts.onlyB }, (): [boolean, boolean] => [false, true]),
    ...Array.from({ length: counts.neither }, (): [boolean, boolean] => [false, false]),
  ];
  return { a: rows.map(([x]) => x), b: rows.map(([, y]) => y) };
}

describe("exactMcNemar", () => {
  it("gives the exact two-sided p for 10 vs 2 discordant pairs", () => {
    const { a, b } = pairs({ both: 5, onlyA: 10, onlyB: 2, neither: 3 });
    const result = exactMcNemar(a, b);
    expect(result.b10).toBe(10);
    expect(result.b01).toBe(2);
    // 2 · (C(12,0) + C(12,1) + C(12,2)) / 2^12 = 158 / 4096
    expect(result.pValue).toBeCloseTo(158 / 4096, 10);
    expect(result.pValue).toBeCloseTo(0.0386, 4);
  });

  it("is symmetric in the arms", () => {
    const { a, b } = pairs({ both: 1, onlyA: 2, onlyB: 10, neither: 0 });
    expect(exactMcNemar(a, b).pValue).toBeCloseTo(158 / 4096, 10);
  });

  it("returns 1 with no discordant pairs or a perfect tie", () => {
    expect(exactMcNemar([true, false], [true, false]).pValue).toBe(1);
    const { a, b } = pairs({ both: 0, onlyA: 5, onlyB: 5, neither: 0 });
    expect(exactMcNemar(a, b).pValue).toBe(1);
    expect(exactMcNemar([], []).pValue).toBe(1);
  });

  it("stays finite for thousands of discordant pairs", () => {
    const { a, b } = pairs({ both: 0, onlyA: 1100, onlyB: 1000, neither: 0 });
    const { pValue } = exactMcNemar(a, b);
    expect(pValue).toBeGreaterThan(0);
    expect(pValue).toBeLessThan(0.05);
  });

  it("rejects arms of different lengths", () => {
    expect(() => exactMcNemar([true], [true, false])).toThrow(RangeError);
  });
});

describe("wilson", () => {
  it("matches the textbook interval for 8/10", () => {
    const { low, high } = wilson(8, 10);
    expect(low).toBeCloseTo(0.4902, 3);
    expect(high).toBeCloseTo(0.9433, 3);
  });

  it("stays inside [0, 1] at the extremes", () => {
    expect(wilson(0, 10).low).toBe(0);
    expect(wilson(0, 10).high).toBeCloseTo(0.2775, 3);
    expect(wilson(10, 10).high).toBe(1);
    expect(wilson(0, 0)).toEqual({ low: 0, high: 1 });
  });

  it("rejects impossible counts", () => {
    expect(() => wilson(11, 10)).toThrow(RangeError);
    expect(() => wilson(-1, 10)).toThrow(RangeError);
    expect(() => wilson(1.5, 10)).toThrow(RangeError);
  });
});

describe("pairedBootstrap", () => {
  const { a, b } = pairs({ both: 4, onlyA: 2, onlyB: 10, neither: 4 });

  it("reports both means and their difference", () => {
    const result = pairedBootstrap(a, b, { seed: 1 });
    expect(result.meanA).toBeCloseTo(6 / 20, 12);
    expect(result.meanB).toBeCloseTo(14 / 20, 12);
    expect(result.diff).toBeCloseTo(0.4, 12);
    expect(result.low).toBeLessThan(result.diff);
    expect(result.high).toBeGreaterThan(result.diff);
  });

  it("is deterministic for a seed and varies across seeds", () => {
    expect(pairedBootstrap(a, b, { seed: 7 })).toEqual(pairedBootstrap(a, b, { seed: 7 }));
    expect(pairedBootstrap(a, b, { seed: 7, iterations: 500 })).not.toEqual(pairedBootstrap(a, b, { seed: 8, iterations: 500 }));
  });

  it("lands near the normal-theory interval", () => {
    // Half the threads gain 1, half gain 0: mean 0.5, standard error √(0.25/20) ≈ 0.112.
    const gain = pairs({ both: 0, onlyA: 0, onlyB: 10, neither: 10 });
    const { low, high } = pairedBootstrap(gain.a, gain.b, { seed: 3, iterations: 20_000 });
    expect(low).toBeGreaterThan(0.25);
    expect(low).toBeLessThan(0.35);
    expect(high).toBeGreaterThan(0.65);
    expect(high).toBeLessThan(0.75);
  });

  it("collapses to a point when every pair differs by the same amount", () => {
    expect(pairedBootstrap([false, false, false], [false, false, false], { seed: 1 })).toMatchObject({ diff: 0, low: 0, high: 0 });
    expect(pairedBootstrap([100, 200, 300], [110, 210, 310], { seed: 1 })).toMatchObject({ diff: 10, low: 10, high: 10 });
  });

  it("widens with the confidence level", () => {
    const narrow = pairedBootstrap(a, b, { seed: 5, confidence: 0.5 });
    const wide = pairedBootstrap(a, b, { seed: 5, confidence: 0.99 });
    expect(wide.high - wide.low).toBeGreaterThan(narrow.high - narrow.low);
  });

  it("rejects unpaired or empty input and bad options", () => {
    expect(() => pairedBootstrap([true], [true, false], { seed: 1 })).toThrow(RangeError);
    expect(() => pairedBootstrap([], [], { seed: 1 })).toThrow(RangeError);
    expect(() => pairedBootstrap(a, b, { seed: 1, confidence: 1 })).toThrow(RangeError);
    expect(() => pairedBootstrap(a, b, { seed: 1, iterations: 0 })).toThrow(RangeError);
  });
});

describe("exactMcNemar when every discordant pair favours one arm", () => {
  it.each([
    [5, 0.0625],
    [6, 0.03125],
    [10, 0.001953125],
  ])("gives 2 × 0.5^%i for that many one-sided discordant pairs", (n, p) => {
    const { a, b } = pairs({ both: 4, onlyA: 0, onlyB: n, neither: 3 });
    expect(exactMcNemar(a, b).pValue).toBeCloseTo(p, 12);
  });
});

describe("holm", () => {
  it("matches R's p.adjust(c(0.01, 0.04, 0.03, 0.005), 'holm')", () => {
    const adjusted = holm([0.01, 0.04, 0.03, 0.005]);
    [0.03, 0.06, 0.06, 0.02].forEach((p, i) => expect(adjusted[i]).toBeCloseTo(p, 12));
  });

  it("caps at 1, keeps ties and order, and leaves a single test alone", () => {
    expect(holm([0.5, 0.5, 0.9])).toEqual([1, 1, 1]);
    expect(holm([0.2])).toEqual([0.2]);
    expect(holm([])).toEqual([]);
  });
});

describe("clusterBootstrap", () => {
  const values = [...Array(50).fill(1), ...Array(50).fill(0)];

  it("resamples whole clusters: two conversations that succeed or fail together give a wide interval", () => {
    const clustered = clusterBootstrap(values, values.map((v) => (v ? "a" : "b")), { seed: 1, iterations: 2_000 });
    expect(clustered).toMatchObject({ mean: 0.5, low: 0, high: 1, clusters: 2 });
  });

  it("matches an item-level bootstrap when every item is its own cluster", () => {
    const alone = clusterBootstrap(values, values.map((_, i) => String(i)), { seed: 1, iterations: 4_000 });
    expect(alone.clusters).toBe(100);
    expect(alone.low).toBeGreaterThan(0.38);
    expect(alone.high).toBeLessThan(0.62);
  });

  it("rejects unmatched lengths and empty input", () => {
    expect(() => clusterBootstrap([1], [], { seed: 1 })).toThrow(RangeError);
    expect(() => clusterBootstrap([], [], { seed: 1 })).toThrow(RangeError);
  });
});
