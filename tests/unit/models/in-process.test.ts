import type { LanguageModelV4CallOptions, LanguageModelV4StreamPart } from "@ai-sdk/provider";
import { describe, expect, it } from "vitest";
import { InProcessModel, usageOf, type Answer, type Listener, type PlannedCall } from "@/lib/models/in-process";

// The skeleton the offline and local models share: one answer, told piece by
// piece when streamed, becomes doGenerate's content and doStream's parts in
// the interface's order, and a reader that goes away stops the call.

const ANSWER: Answer = {
  reasoning: "Checking the page first.",
  text: "The lease is $2,350.",
  toolCalls: [{ toolCallId: "call_1", toolName: "read_page", input: '{"title":"Lease"}' }],
  finishReason: { unified: "tool-calls", raw: "tool_calls" },
  usage: usageOf({ total: 120, cacheRead: 20 }, { total: 30, reasoning: 6 }),
};

/** Answers ANSWER, its text in two pieces, or (held) waits for its call to be stopped and records that it was. */
class Probe extends InProcessModel {
  readonly provider = "probe";
  readonly modelId = "probe-1";
  stopped = false;

  constructor(private readonly held = false) {
    super();
  }

  protected async plan(options: LanguageModelV4CallOptions): Promise<PlannedCall> {
    return {
      warnings: [{ type: "other", message: "a warning" }],
      response: { id: "probe-response" },
      answer: async (listener: Listener) => {
        listener.reasoning?.(ANSWER.reasoning!);
        listener.text?.("The lease ");
        if (this.held) {
          await new Promise((resolve) => options.abortSignal?.addEventListener("abort", resolve, { once: true }));
          this.stopped = true;
          return ANSWER;
        }
        listener.text?.("is $2,350.");
        return ANSWER;
      },
    };
  }
}

const call: LanguageModelV4CallOptions = { prompt: [{ role: "user", content: [{ type: "text", text: "What is the lease?" }] }] };

async function partsOf(stream: ReadableStream<LanguageModelV4StreamPart>): Promise<LanguageModelV4StreamPart[]> {
  const parts: LanguageModelV4StreamPart[] = [];
  for await (const part of stream) parts.push(part);
  return parts;
}

describe("an in-process model", () => {
  it("generates the reasoning note, the text and the tool calls, in that order, with the answer's usage", async () => {
    const result = await new Probe().doGenerate(call);
    expect(result.content.map((c) => c.type)).toEqual(["reasoning", "text", "tool-call"]);
    expect(result).toMatchObject({ finishReason: ANSWER.finishReason, usage: ANSWER.usage, warnings: [{ type: "other" }], response: { id: "probe-response", modelId: "probe-1" } });
  });

  it("streams the same answer as it comes: the note, the text opened once and closed, then the tool calls and the finish", async () => {
    const { stream } = await new Probe().doStream(call);
    const parts = await partsOf(stream);
    expect(parts.map((p) => p.type)).toEqual([
      "stream-start",
      "response-metadata",
      "reasoning-start",
      "reasoning-delta",
      "reasoning-end",
      "text-start",
      "text-delta",
      "text-delta",
      "text-end",
      "tool-call",
      "finish",
    ]);
    expect(parts.flatMap((p) => (p.type === "text-delta" ? [p.delta] : [])).join("")).toBe(ANSWER.text);
  });

  it("stops the call when the stream's reader goes away mid-answer", async () => {
    const probe = new Probe(true);
    const { stream } = await probe.doStream(call);
    const reader = stream.getReader();
    const read: string[] = [];
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      read.push(part.value.type);
      if (part.value.type === "text-delta") break;
    }
    await reader.cancel("the browser went away");
    expect(read).toEqual(["stream-start", "response-metadata", "reasoning-start", "reasoning-delta", "reasoning-end", "text-start", "text-delta"]);
    await expect.poll(() => probe.stopped).toBe(true);
  });

  it("counts the prompt less what its cache held, and the text less the reasoning note", () => {
    expect(ANSWER.usage).toEqual({
      inputTokens: { total: 120, noCache: 100, cacheRead: 20, cacheWrite: undefined },
      outputTokens: { total: 30, text: 24, reasoning: 6 },
    });
    expect(usageOf({ total: 50 }, { total: 10 })).toMatchObject({ inputTokens: { noCache: 50, cacheRead: 0 }, outputTokens: { text: 10, reasoning: undefined } });
  });
});
