import { describe, expect, it } from "vitest";
import { inCaseOrder, shares } from "@/lib/eval/parallel";
import type { CaseResult } from "@/lib/eval/report-schema";
import type { Evaluation } from "@/lib/eval/run";
import { plantedSource } from "@/evaluation/planted/generator";

describe("sharing cases between workers", () => {
  it("deals case indexes round-robin, never to more workers than cases", () => {
    expect(shares(7, 2)).toEqual([[0, 2, 4, 6], [1, 3, 5]]);
    expect(shares(2, 4)).toEqual([[0], [1]]);
    expect(shares(3, 1)).toEqual([[0, 1, 2]]);
  });

  it("puts results back in case order, resumed ones included", () => {
    const options = { arms: ["A" as const], window: 30, stretch: 6, seed: 1, bufferReach: 72 };
    const evaluation: Evaluation = { source: plantedSource(3, ["first-stretch", "inside-window"], options), options };
    const result = (id: string, regime: "outside" | "inside") => ({ id, regime }) as CaseResult;
    const shuffled = [result("planted-1-002", "outside"), result("planted-1-001", "inside"), result("planted-1-000", "outside")];
    expect(inCaseOrder(evaluation, shuffled).map((r) => `${r.id}/${r.regime}`)).toEqual([
      "planted-1-000/outside",
      "planted-1-001/inside",
      "planted-1-002/outside",
    ]);
  });
});
