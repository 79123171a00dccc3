import { describe, expect, it } from "vitest";
import { MEMORY_MESSAGES_HEADER } from "@/lib/contracts/prompt/memory-input";
import { SUMMARISE_MARKER, SUMMARY_HEADER } from "@/lib/contracts/prompt/summary";
import { COMPRESSOR_HEAD, SUMMARISE_SYSTEM, chunks, compressorSplit, summariseMiddle, summarisePrompt } from "@/lib/context/compressor";
import { formatSummaryNote as summaryNote } from "@/lib/contracts/prompt/summary";
import { createOfflineModel } from "@/lib/models/offline";
import { SUMMARY_LINES } from "@/lib/models/offline/summarise";

const at = new Date("2026-10-02T15:00:00Z");
const message = (seq: number, text: string, speaker: "OWNER" | "AGENT" = "OWNER") => ({ seq, createdAt: at, speaker, text });

describe("the compressor's split", () => {
  it("protects the head and the last window − head messages, and summarises what lies between", () => {
    expect(COMPRESSOR_HEAD).toBe(4);
    expect(compressorSplit(81, 30)).toEqual({ headEnd: 4, tailStart: 55 });
    expect(81 - 55 + 4).toBe(30);
  });

  it("summarises nothing while the thread fits the window", () => {
    expect(compressorSplit(30, 30)).toBeNull();
    expect(compressorSplit(31, 30)).toEqual({ headEnd: 4, tailStart: 5 });
    expect(() => compressorSplit(50, 4)).toThrow(RangeError);
  });

  it("cuts the middle into chunks, the last one shorter", () => {
    expect(chunks([1, 2, 3, 4, 5, 6, 7], 3)).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(chunks([], 6)).toEqual([]);
    expect(() => chunks([1], 0)).toThrow(RangeError);
  });
});

describe("summarising", () => {
  it("asks with the marker first, the previous summary and the new messages", () => {
    expect(SUMMARISE_SYSTEM.startsWith(SUMMARISE_MARKER)).toBe(true);
    expect(summarisePrompt("", [message(5, "Rent is $2,350.")])).toBe(
      [SUMMARY_HEADER, "(none)", "", MEMORY_MESSAGES_HEADER, "#5 2026-10-02 owner: Rent is $2,350."].join("\n"),
    );
    expect(summaryNote("- a\n")).toMatch(new RegExp(`^\\${SUMMARY_HEADER}\\n.+\\n- a$`));
  });

  it("makes one call per chunk, each building on the previous summary, and loses the oldest details", async () => {
    const middle = Array.from({ length: 24 }, (_, i) =>
      i % 2 === 0 ? message(5 + i, `We ordered ${10 + i} cases of flour from Gulf Mills for $${300 + i}.`) : message(5 + i, "Noted.", "AGENT"),
    );
    const { note, cost } = await summariseMiddle(createOfflineModel(), middle, 6);
    expect(cost.calls).toBe(4);
    expect(cost.tokens).toBeGreaterThan(0);
    const lines = note?.split("\n").filter((l) => l.startsWith("- ")) ?? [];
    expect(lines).toHaveLength(SUMMARY_LINES);
    expect(note).toContain("$322");
    expect(note).not.toContain("$300");
  });

  it("injects nothing when the middle is empty", async () => {
    expect(await summariseMiddle(createOfflineModel(), [], 6)).toMatchObject({ note: null, cost: { calls: 0, tokens: 0 } });
  });
});
