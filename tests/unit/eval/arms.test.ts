import { describe, expect, it } from "vitest";
import { ARMS, ARM_IDS, comparisonsFor } from "@/lib/eval/arms";

describe("the arms", () => {
  it("all have the same tools and never run the memory pass on the question turn", () => {
    for (const id of ARM_IDS) expect(ARMS[id].features).toMatchObject({ tools: true, memoryPass: false });
  });

  it("add one thing each: recall, then the buffer; the peers keep recall and go without the buffer", () => {
    expect(ARMS.A.features).toMatchObject({ recall: false, buffer: false });
    expect(ARMS.B.features).toMatchObject({ recall: true, buffer: false });
    expect(ARMS.C.features).toMatchObject({ recall: true, buffer: true });
    expect(ARMS.D).toMatchObject({ features: { recall: true, buffer: false }, compressor: true, windowFactor: 1 });
    expect(ARMS.E).toMatchObject({ features: { recall: true, buffer: false }, compressor: false, windowFactor: 2 });
  });

  it("compares the buffer with every alternative, and recall with nothing, among the arms that ran", () => {
    expect(comparisonsFor(ARM_IDS)).toEqual([["C", "A"], ["C", "B"], ["C", "D"], ["C", "E"], ["B", "A"]]);
    expect(comparisonsFor(["A", "B", "C"])).toEqual([["C", "A"], ["C", "B"], ["B", "A"]]);
    expect(comparisonsFor(["D", "E"])).toEqual([]);
  });
});
