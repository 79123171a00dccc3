import { describe, expect, it } from "vitest";
import type { TurnTraceData } from "@/lib/contracts/trace";
import { NO_SUMMARY } from "@/lib/context/compressor";
import { allCallsTokens, promptTokens, stepsOf, turnCosts } from "@/lib/eval/costs";
import { countMessageTokens, countTokens } from "@/lib/models/tokens";

const prompt: TurnTraceData["prompt"] = {
  system: "You are Miles.",
  messages: [
    { role: "system", content: "[EARLIER IN THIS THREAD]\n- 2026-10-02: Rent decided (filed in pages/Second Location)" },
    { role: "user", content: [{ type: "text", text: "What rent did we agree on?" }] },
    { role: "assistant", content: [{ type: "tool-call", toolCallId: "c1", toolName: "read_page", input: { title: "Second Location" } }] },
  ],
};

function trace(overrides: Partial<TurnTraceData> = {}): TurnTraceData {
  return {
    model: { kind: "offline", label: "Offline", modelId: "offline-rules-1" },
    settings: { window: 30, maxLines: 12, maxLineChars: 220, recallPages: 3 },
    window: { count: 30, fromSeq: 40, toSeq: 69 },
    withheld: [],
    buffer: { status: "injected", reason: "", block: "…", gap: false, gaps: [], chosen: [] },
    recall: { enabled: true, feed: false, pages: [], droppedFacts: [] },
    toolCalls: [{ name: "read_page", input: { title: "Second Location" }, output: null }],
    reasoning: [],
    memoryPass: null,
    tokens: { prompt: 2000, completion: 40, buffer: 120, recall: 80 },
    timings: { dbMs: 5, recallMs: 3, bufferMs: 2, modelMs: 50, memoryPassMs: null, totalMs: 61 },
    prompt,
    error: null,
    ...overrides,
  };
}

describe("costs of a question turn", () => {
  it("counts the assembled prompt with chat framing, tool calls included", () => {
    expect(promptTokens(prompt)).toBe(
      countMessageTokens([
        { role: "system", content: "You are Miles." },
        { role: "system", content: "[EARLIER IN THIS THREAD]\n- 2026-10-02: Rent decided (filed in pages/Second Location)" },
        { role: "user", content: "What rent did we agree on?" },
        { role: "assistant", content: 'read_page {"title":"Second Location"}' },
      ]),
    );
  });

  it("counts model calls from the reply's step markers, else from the tool calls", () => {
    expect(stepsOf([{ type: "step-start" }, { type: "text", text: "x" }, { type: "step-start" }], 1)).toBe(2);
    expect(stepsOf(null, 2)).toBe(3);
  });

  it("adds the buffer or summary tokens and the summary calls, and keeps the model out of the overhead", () => {
    const costs = turnCosts(trace(), [{ type: "step-start" }, { type: "step-start" }], { calls: 7, tokens: 200, ms: 30 });
    expect(costs).toMatchObject({
      inputTokens: 2000,
      addedTokens: 320,
      recallTokens: 80,
      modelCalls: 9,
      summaryCalls: 7,
      toolCalls: 1,
      overheadMs: 10,
      totalMs: 61,
      summaryMs: 30,
    });
    expect(turnCosts(trace(), null, NO_SUMMARY.cost)).toMatchObject({ addedTokens: 120, modelCalls: 2, summaryCalls: 0 });
  });
});

describe("tokens over every model call of a turn", () => {
  it("rereads the prompt and every earlier step, tool results included, at each later call", () => {
    const output = { title: "Second Location", facts: ["Rent is $2,350 a month"] };
    const parts = [
      { type: "step-start" },
      { type: "tool-read_page", toolCallId: "c1", state: "output-available", input: { title: "Second Location" }, output },
      { type: "step-start" },
      { type: "text", text: "It's $2,350 a month." },
    ] as unknown as Parameters<typeof allCallsTokens>[1];
    const tool = countTokens(`read_page ${JSON.stringify({ title: "Second Location" })}\n${JSON.stringify(output)}`);
    const answer = countTokens("It's $2,350 a month.");
    expect(allCallsTokens(100, parts)).toEqual({ input: 100 + (100 + tool), output: tool + answer });
  });

  it("is the first prompt alone for a turn of one call, or with no stored reply", () => {
    expect(allCallsTokens(100, null)).toEqual({ input: 100, output: 0 });
    expect(allCallsTokens(100, [{ type: "text", text: "Hi" }] as never).input).toBe(100);
  });
});
