import { generateText, stepCountIs, streamText, type ModelMessage } from "ai";
import { describe, expect, it } from "vitest";
import type { SearchHistoryOutput } from "@/lib/contracts/tools";
import { OFFLINE_MODEL_ID, createOfflineModel } from "@/lib/models/offline";
import { PERSONA, SHOP_BUFFER, TRAILER_TRUCK_PAGE, fakeTools, systemWithRecall } from "@/tests/unit/models/fixtures";

// The offline model behind the AI SDK: the same turns as chat.test.ts, through
// generateText and streamText with real tool execution.

const model = createOfflineModel();

const GRETA_SEARCH = (query: string): SearchHistoryOutput => ({
  query,
  total: 1,
  matches: [{ seq: 5, day: "2027-04-05", speaker: "OWNER", snippet: "Greta says her daughter's wedding is on June 12, so she is off that week.", matchedWords: ["greta", "wedding"] }],
  note: "Best matches hold all 2 words.",
});

const VEHICLE = "What do we pay each month for the vehicle that tows the boats?";

/** A turn shaped like the agent's: system prompt, the buffer block before the window, the window, the question. */
function turn(question: string, options: { system?: string; buffer?: boolean } = {}) {
  const messages: ModelMessage[] = [
    ...(options.buffer ? [{ role: "system" as const, content: SHOP_BUFFER }] : []),
    { role: "user", content: "Let's get the shop ready." },
    { role: "assistant", content: "Sure." },
    { role: "user", content: question },
  ];
  return { system: options.system ?? PERSONA, messages, allowSystemInMessages: true, stopWhen: stepCountIs(4) };
}

describe("the offline model as a language model", () => {
  it("identifies itself", () => {
    expect(model).toMatchObject({ specificationVersion: "v4", provider: "offline", modelId: OFFLINE_MODEL_ID });
  });

  it("follows the buffer line about the question to its page, says why in a reasoning note, and answers with the page's value", async () => {
    const { tools, calls } = fakeTools({ pages: [TRAILER_TRUCK_PAGE], search: GRETA_SEARCH });
    const result = await generateText({ model, tools, ...turn(VEHICLE, { buffer: true }) });
    expect(calls).toEqual([{ toolName: "read_page", input: { title: "Trailer Truck" } }]);
    expect(result.steps[0].reasoningText).toMatch(/line of 2027-04-09.*vehicle.*truck/s);
    expect(result.text).toBe("From pages/Trailer Truck: The trailer truck lease is $640 a month now (you said this on 2027-04-09).");
    expect(result.steps).toHaveLength(2);
  });

  it("answers from what recall already holds without calling a tool", async () => {
    const { tools, calls } = fakeTools({ pages: [TRAILER_TRUCK_PAGE], search: GRETA_SEARCH });
    const system = systemWithRecall([{ title: "Trailer Truck", facts: [{ text: "The trailer truck lease is $640 a month now", day: "2027-04-09" }] }]);
    const result = await generateText({ model, tools, ...turn(VEHICLE, { system, buffer: true }) });
    expect(calls).toEqual([]);
    expect(result.text).toContain("$640");
    expect(result.steps).toHaveLength(1);
  });

  it("does not state the buffer line's number when it has no tool to check it", async () => {
    const result = await generateText({ model, ...turn(VEHICLE, { buffer: true }) });
    expect(result.text).not.toContain("640");
    expect(result.text).toContain("could you remind me?");
  });

  it("searches the thread when nothing in view is about the question", async () => {
    const { tools, calls } = fakeTools({ pages: [TRAILER_TRUCK_PAGE], search: GRETA_SEARCH });
    const result = await generateText({ model, tools, ...turn("What did Greta say about her daughter's wedding?", { buffer: true }) });
    expect(calls.map((c) => c.toolName)).toEqual(["search_chat_history"]);
    expect(result.text).toBe('I found it in message #5 on 2027-04-05: you said "Greta says her daughter\'s wedding is on June 12, so she is off that week."');
  });

  it("tries both tools at most once each, then asks the owner", async () => {
    const { tools, calls } = fakeTools({});
    const result = await generateText({ model, tools, ...turn(VEHICLE, { buffer: true }) });
    expect(calls.map((c) => c.toolName)).toEqual(["read_page", "search_chat_history"]);
    expect(result.text).toMatch(/^I opened pages\/Trailer Truck and searched this thread for ".+" but couldn't find it — could you remind me\?$/);
  });

  it("reports usage, reasoning tokens and a finish reason per step", async () => {
    const { tools } = fakeTools({ pages: [TRAILER_TRUCK_PAGE] });
    const result = await generateText({ model, tools, ...turn(VEHICLE, { buffer: true }) });
    expect(result.steps.map((s) => s.finishReason)).toEqual(["tool-calls", "stop"]);
    expect(result.totalUsage.inputTokens).toBeGreaterThan(100);
    expect(result.steps[0].usage.outputTokenDetails.reasoningTokens).toBeGreaterThan(5);
  });
});

describe("streaming", () => {
  it("streams the reply in several small deltas", async () => {
    const result = streamText({ model, ...turn("Our deposit for group trips is $75 and the minimum group is 6 people.") });
    const deltas: string[] = [];
    for await (const delta of result.textStream) deltas.push(delta);
    expect(deltas.length).toBeGreaterThan(10);
    expect(deltas.join("")).toBe(await result.text);
    expect(await result.text).toContain("$75");
  });

  it("streams the reasoning note, the tool call and the answer after them", async () => {
    const { tools, calls } = fakeTools({ pages: [TRAILER_TRUCK_PAGE] });
    const result = streamText({ model, tools, ...turn(VEHICLE, { buffer: true }) });
    expect(await result.text).toContain("$640");
    expect((await result.steps)[0].reasoningText).toMatch(/Opening pages\/Trailer Truck/);
    expect(calls).toHaveLength(1);
  });

  it("waits between deltas when asked to", async () => {
    const slow = createOfflineModel({ delayMs: 15 });
    const started = performance.now();
    const text = await streamText({ model: slow, ...turn("thanks!") }).text;
    expect(performance.now() - started).toBeGreaterThanOrEqual((text.split(" ").length - 1) * 15 - 5);
  });
});

describe("determinism", () => {
  it("gives the same output, tool call ids included, for the same prompt", async () => {
    const run = async () => {
      const { tools } = fakeTools({ pages: [TRAILER_TRUCK_PAGE] });
      const result = await generateText({ model, tools, ...turn(VEHICLE, { buffer: true }) });
      return { text: result.text, ids: result.steps.flatMap((s) => s.toolCalls.map((c) => c.toolCallId)) };
    };
    const [first, second] = [await run(), await run()];
    expect(second).toEqual(first);
    expect(first.ids).toHaveLength(1);
    expect(first.ids[0]).toMatch(/^call_/);
  });

  it("gives generate and stream the same text", async () => {
    const generated = await generateText({ model, ...turn("Any ideas for the trailer truck?") });
    expect(await streamText({ model, ...turn("Any ideas for the trailer truck?") }).text).toBe(generated.text);
  });
});
