import { describe, expect, it } from "vitest";
import { NO_SUMMARY } from "@/lib/context/compressor";
import { ARMS, ARM_IDS, comparisonsFor } from "@/lib/eval/arms";

const settings = { window: 30, config: { bufferMaxLines: 12, bufferLineChars: 220, reconsolidation: true }, summary: NO_SUMMARY };

describe("the arms", () => {
  it("are context configurations: one strategy for the history, recall on or off", () => {
    const contexts = Object.fromEntries(ARM_IDS.map((id) => [id, ARMS[id].context(settings)]));
    expect(contexts.A).toMatchObject({ recall: false, strategy: { name: "window", window: 30 } });
    expect(contexts.B).toMatchObject({ recall: true, strategy: { name: "window", window: 30 } });
    expect(contexts.C).toMatchObject({ recall: true, strategy: { name: "buffer", window: 30 } });
    expect(contexts.D).toMatchObject({ recall: true, strategy: { name: "compressor", window: 30 } });
    expect(contexts.E).toMatchObject({ recall: true, strategy: { name: "window", window: 60 } });
    expect(contexts["C+feed"]).toMatchObject({ recall: true, feed: true, strategy: { name: "buffer", window: 30 } });
    expect(contexts["C+fold"]).toMatchObject({ recall: true, feed: false, strategy: { name: "buffer", window: 30 } });
    expect(contexts["C+feed+fold"]).toMatchObject({ recall: true, feed: true, strategy: { name: "buffer", window: 30 } });
    expect(ARM_IDS.filter((id) => contexts[id].feed)).toEqual(["C+feed", "C+feed+fold"]);
  });

  it("say which need a summary and which show the buffer", () => {
    expect(ARM_IDS.filter((id) => ARMS[id].needsSummary)).toEqual(["D"]);
    expect(ARM_IDS.filter((id) => ARMS[id].hasBuffer)).toEqual(["C", "C+feed", "C+fold", "C+feed+fold"]);
    expect(ARM_IDS.filter((id) => ARMS[id].needsFolds)).toEqual(["C+fold", "C+feed+fold"]);
  });

  it("compares the buffer with every alternative, and recall with nothing, among the arms that ran", () => {
    expect(comparisonsFor(ARM_IDS)).toEqual([
      ["C", "A"],
      ["C", "B"],
      ["C", "D"],
      ["C", "E"],
      ["B", "A"],
      ["C+feed", "C"],
      ["C+fold", "C"],
      ["C+feed+fold", "C"],
    ]);
    expect(comparisonsFor(["C", "C+fold"])).toEqual([["C+fold", "C"]]);
    expect(comparisonsFor(["A", "B", "C"])).toEqual([["C", "A"], ["C", "B"], ["B", "A"]]);
    expect(comparisonsFor(["D", "E"])).toEqual([]);
  });
});
