import { describe, expect, it } from "vitest";
import { ARM_IDS } from "@/lib/eval/arms";
import { casesFor } from "@/lib/eval/run";
import { plantedSource } from "@/evaluation/planted/generator";
import { estimateRun, parsePrice, priceFor } from "@/lib/eval/estimate";

const options = { arms: [...ARM_IDS], window: 30, stretch: 6, seed: 1, bufferReach: 72 };
const cases = casesFor({ source: plantedSource(6, ["far-middle", "fits-window"], options), options });
const base = { arms: [...ARM_IDS], window: 30, stretch: 6, judge: false, secondsPerCall: 2, parallel: 1 };

describe("the estimate printed before a paid run", () => {
  it("prices tokens from the table, by the longest model name an id starts with, or from --price", () => {
    expect(priceFor("gpt-4o-mini-2024-07-18")).toEqual({ input: 0.15, output: 0.6 });
    expect(priceFor("openai/gpt-4o")).toEqual({ input: 2.5, output: 10 });
    expect(priceFor("llama-3-70b")).toBeNull();
    expect(parsePrice("0.5, 1.5")).toEqual({ input: 0.5, output: 1.5 });
    expect(() => parsePrice("cheap")).toThrow(/--price/);
  });

  it("grows with arms, the judge and longer threads, and shrinks in time with parallel calls", () => {
    const price = { input: 1, output: 1 };
    const all = estimateRun(cases, { ...base, price });
    expect(all.dollars).toBeCloseTo((all.inputTokens + all.outputTokens) / 1_000_000, 6);
    expect(estimateRun(cases, { ...base, price, arms: ["A"] }).inputTokens).toBeLessThan(all.inputTokens);
    expect(estimateRun(cases, { ...base, price, judge: true }).calls).toBeGreaterThan(all.calls);
    expect(estimateRun(cases, { ...base, price, parallel: 4 }).seconds).toBeCloseTo(all.seconds / 4, 6);
    const [long, short] = [cases.find((c) => c.probes[0].group === "far-middle")!, cases.find((c) => c.probes[0].group === "fits-window")!];
    expect(estimateRun([long], { ...base, price }).inputTokens).toBeGreaterThan(estimateRun([short], { ...base, price }).inputTokens);
    expect(estimateRun(cases, { ...base, price: null }).dollars).toBeNull();
  });
});
