import { generateText, stepCountIs, streamText, type ModelMessage } from "ai";
import { describe, expect, it } from "vitest";
import type { SearchHistoryOutput } from "@/lib/contracts/tools";
import { OFFLINE_MODEL_ID, createOfflineModel } from "@/lib/models/offline";
import { CASE_STUDY_BUFFER, PERSONA, SECOND_LOCATION_PAGE, fakeTools, pageFact, systemWithRecall } from "@/tests/unit/models/fixtures";

const model = createOfflineModel();

const FRIDGE_SEARCH = (query: string): SearchHistoryOutput => ({
  query,
  total: 1,
  matches: [
    {
      seq: 5,
      day: "2026-10-03",
      speaker: "OWNER",
      snippet: "Dana says the walk-in fridge repair will cost $640 and she can do it Friday.",
      matchedWords: ["dana", "fridge"],
    },
  ],
  note: "Best matches hold all 2 words.",
});

/** A turn shaped like the agent's: system prompt, the buffer block before the window, the window, the question. */
function turn(question: string, options: { system?: string; buffer?: boolean; window?: ModelMessage[] } = {}) {
  const messages: ModelMessage[] = [
    ...(options.buffer ? [{ role: "system" as const, content: CASE_STUDY_BUFFER }] : []),
    ...(options.window ?? [{ role: "user" as const, content: "Let's talk shop." }, { role: "assistant" as const, content: "Sure." }]),
    { role: "user", content: question },
  ];
  return { system: options.system ?? PERSONA, messages, allowSystemInMessages: true, stopWhen: stepCountIs(4) };
}

describe("the offline model as a language model", () => {
  it("identifies itself", () => {
    expect(model).toMatchObject({ specificationVersion: "v4", provider: "offline", modelId: OFFLINE_MODEL_ID });
  });

  it("opens the page a buffer line points at and answers with the page's value (§09)", async () => {
    const { tools, calls } = fakeTools({ pages: [SECOND_LOCATION_PAGE], search: FRIDGE_SEARCH });
    const result = await generateText({ model, tools, ...turn("which lease did we like?", { buffer: true }) });
    expect(calls).toEqual([{ toolName: "read_page", input: { title: "Second Location" } }]);
    expect(result.text).toBe("From pages/Second Location: Preferred lease: leaning to the Main St one (you said this on 2026-10-11).");
    expect(result.steps).toHaveLength(2);
  });

  it("states a number only from the opened page, never from the buffer line", async () => {
    const updated = {
      title: "Second Location",
      found: true,
      facts: [pageFact("Budget raised to $2,800/mo for the Houma location", { key: "monthly budget" })],
    };
    const { tools, calls } = fakeTools({ pages: [updated] });
    const result = await generateText({ model, tools, ...turn("How much can we spend on rent in Houma?", { buffer: true }) });
    expect(calls.map((c) => c.toolName)).toEqual(["read_page"]);
    expect(result.text).toContain("$2,800/mo");
    expect(result.text).not.toContain("2,500");
  });

  it("does not state the buffer line's number when it has no tool to check it", async () => {
    const result = await generateText({ model, ...turn("What's our budget for Houma?", { buffer: true }) });
    expect(result.text).not.toContain("2,500");
    expect(result.text).toContain("could you remind me?");
  });

  it("searches the thread when nothing in view covers the question", async () => {
    const { tools, calls } = fakeTools({ pages: [SECOND_LOCATION_PAGE], search: FRIDGE_SEARCH });
    const result = await generateText({ model, tools, ...turn("What did Dana say about the walk-in fridge?", { buffer: true }) });
    expect(calls).toEqual([{ toolName: "search_chat_history", input: { query: "dana walk fridge" } }]);
    expect(result.text).toBe(
      'I found it in message #5 on 2026-10-03: you said "Dana says the walk-in fridge repair will cost $640 and she can do it Friday."',
    );
  });

  it("answers from a recalled fact without calling a tool", async () => {
    const { tools, calls } = fakeTools({ pages: [SECOND_LOCATION_PAGE], search: FRIDGE_SEARCH });
    const system = systemWithRecall([
      { title: "Second Location", facts: [{ text: "Budget under $2,500/mo for the Houma location" }] },
      { title: "Hiring", facts: [{ text: "Hired Dana as manager at $21/hr" }] },
    ]);
    const result = await generateText({ model, tools, ...turn("What's our monthly budget for Houma?", { system, buffer: true }) });
    expect(calls).toEqual([]);
    expect(result.text).toContain("$2,500/mo");
    expect(result.steps).toHaveLength(1);
  });

  it("tries both tools at most once each, then asks the owner", async () => {
    const { tools, calls } = fakeTools({});
    const result = await generateText({ model, tools, ...turn("which lease did we like?", { buffer: true }) });
    expect(calls).toEqual([
      { toolName: "read_page", input: { title: "Second Location" } },
      { toolName: "search_chat_history", input: { query: "lease" } },
    ]);
    expect(result.text).toBe('I opened pages/Second Location and searched this thread for "lease" but couldn\'t find it — could you remind me?');
  });

  it("reports usage and a finish reason per step", async () => {
    const { tools } = fakeTools({ pages: [SECOND_LOCATION_PAGE] });
    const result = await generateText({ model, tools, ...turn("which lease did we like?", { buffer: true }) });
    expect(result.steps.map((s) => s.finishReason)).toEqual(["tool-calls", "stop"]);
    expect(result.totalUsage.inputTokens).toBeGreaterThan(100);
    expect(result.totalUsage.outputTokens).toBeGreaterThan(5);
  });
});

describe("streaming", () => {
  it("streams the reply in several small deltas", async () => {
    const result = streamText({ model, ...turn("Our budget for the new location is under $2,500 a month. I want it in Houma.") });
    const deltas: string[] = [];
    for await (const delta of result.textStream) deltas.push(delta);
    expect(deltas.length).toBeGreaterThan(10);
    expect(deltas.join("")).toBe(await result.text);
    expect(await result.text).toContain("$2,500");
  });

  it("streams tool calls and the answer after them", async () => {
    const { tools, calls } = fakeTools({ pages: [SECOND_LOCATION_PAGE] });
    const result = streamText({ model, tools, ...turn("which lease did we like?", { buffer: true }) });
    expect(await result.text).toContain("Main St");
    expect(calls).toHaveLength(1);
  });

  it("waits between deltas when asked to", async () => {
    const slow = createOfflineModel({ delayMs: 15 });
    const started = performance.now();
    const result = streamText({ model: slow, ...turn("thanks Miles!") });
    const text = await result.text;
    const gaps = text.split(" ").length - 1;
    expect(performance.now() - started).toBeGreaterThanOrEqual(gaps * 15 - 5);
  });
});

describe("determinism", () => {
  it("gives the same output, tool call ids included, for the same prompt", async () => {
    const run = async () => {
      const { tools } = fakeTools({ pages: [SECOND_LOCATION_PAGE] });
      const result = await generateText({ model, tools, ...turn("which lease did we like?", { buffer: true }) });
      return { text: result.text, ids: result.steps.flatMap((s) => s.toolCalls.map((c) => c.toolCallId)) };
    };
    const [first, second] = [await run(), await run()];
    expect(second).toEqual(first);
    expect(first.ids).toHaveLength(1);
    expect(first.ids[0]).toMatch(/^call_/);
  });

  it("gives generate and stream the same text", async () => {
    const generated = await generateText({ model, ...turn("Any ideas for marketing?") });
    const streamed = streamText({ model, ...turn("Any ideas for marketing?") });
    expect(await streamed.text).toBe(generated.text);
  });
});
