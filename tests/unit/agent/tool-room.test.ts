import { describe, expect, it } from "vitest";
import { fitToolResult, ToolRoom } from "@/lib/agent/tool-room";
import { countTokens } from "@/lib/models/tokens";

const count = async (text: string) => countTokens(text);
const page = (facts: number) => ({
  title: "Suppliers",
  found: true,
  facts: Array.from({ length: facts }, (_, i) => ({ id: `f${i}`, key: `supplier ${i}`, text: `Supplier number ${i} delivers flour on Mondays at $${30 + i} a sack.` })),
});

describe("a tool result in the room the context has left", () => {
  it("goes whole when it fits", async () => {
    const value = page(3);
    expect(await fitToolResult(value, "last", 10_000, count)).toEqual({ value, cut: null });
  });

  it("keeps as many of a page's newest facts as fit, and tells the model how many were left out", async () => {
    const value = page(40);
    const { value: fitted, cut } = await fitToolResult(value, "last", 300, count);
    const facts = fitted.facts as { id: string }[];
    expect(countTokens(JSON.stringify(fitted))).toBeLessThanOrEqual(300);
    expect(facts.length).toBeGreaterThan(0);
    expect(facts.at(-1)!.id).toBe("f39");
    expect(fitted.leftOut).toBe(`${40 - facts.length} of 40 facts left out to fit the model's context (the first ones); ask for less, or search for exact words.`);
    expect(cut).toBe(`${40 - facts.length} of 40 facts`);
    // One more fact would not have fitted.
    const oneMore = { ...fitted, facts: value.facts.slice(40 - facts.length - 1) };
    expect(countTokens(JSON.stringify(oneMore))).toBeGreaterThan(300);
  });

  it("keeps search's best matches, the first ones", async () => {
    const value = { query: "flour", matches: page(40).facts, total: 40, note: "all words matched" };
    const { value: fitted } = await fitToolResult(value, "first", 300, count);
    expect((fitted.matches as { id: string }[])[0].id).toBe("f0");
    expect(fitted.note).toBe("all words matched");
  });

  it("leaves a note alone when nothing of the result fits", async () => {
    const { value, cut } = await fitToolResult(page(40), "last", 30, count);
    expect(value).toEqual({ leftOut: expect.stringContaining("did not fit") });
    expect(cut).toBe("the whole result");
  });

  it("shares the room the first prompt left among the turn's results, and records each cut", async () => {
    const room = new ToolRoom({ contextTokens: 2_000, replyTokens: 500, promptTokens: 1_000, marginPct: 0 }, count);
    const first = await room.fit("read_page", { title: "Suppliers" }, page(10), "last");
    expect(first.leftOut).toBeUndefined();
    const second = await room.fit("read_page", { title: "Suppliers" }, page(40), "last");
    expect(second.leftOut).toBeDefined();
    expect(room.cuts).toEqual([{ what: "tool-result", count: 1, detail: expect.stringMatching(/^read_page: \d+ of 40 facts left out/) }]);
  });
});
