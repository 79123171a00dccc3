import { generateText, streamText } from "ai";
import { describe, expect, it } from "vitest";
import { summariseMiddle } from "@/lib/context/compressor";
import { answerStatesValue } from "@/lib/eval/judge";
import { isTimeout, timeoutOf, withStreamLimits, withTimeout } from "@/lib/models/timeout";
import { scriptedModel } from "@/tests/support/scripted-model";

// A model call that never answers must end at its limit, with the provider's
// request itself aborted (the hung call sees its abort signal fire).

const hung = () => scriptedModel([{ hang: true }]);

describe("model call time limits", () => {
  it("aborts a hung call at the limit and names the limit in the error", async () => {
    const model = hung();
    const started = performance.now();
    const failure = await generateText({ model: withTimeout(model, 300), prompt: "hello", maxRetries: 0 }).catch((error: unknown) => error);
    expect(performance.now() - started).toBeLessThan(3000);
    expect(isTimeout(failure)).toBe(true);
    expect(String((failure as Error).message)).toContain("did not answer within");
    expect(model.calls[0].options.abortSignal?.aborted).toBe(true);
  });

  it("lets a caller's own signal stop the call before the limit", async () => {
    const model = hung();
    const stop = new AbortController();
    const call = generateText({ model: withTimeout(model, 60_000, stop.signal), prompt: "hello", maxRetries: 0 });
    stop.abort(new Error("the job was stopped"));
    await expect(call).rejects.toThrow();
    expect(model.calls[0].options.abortSignal?.aborted).toBe(true);
  });

  it("limits the compressor's summary calls and the judge's verdicts", async () => {
    const message = { seq: 1, createdAt: new Date("2026-10-01T09:00:00Z"), speaker: "OWNER" as const, text: "The rent is due on the first." };
    const summariser = hung();
    await expect(summariseMiddle(summariser, [message], 4, 300)).rejects.toThrow();
    expect(summariser.calls[0].options.abortSignal?.aborted).toBe(true);
    const judge = hung();
    await expect(answerStatesValue(judge, { question: "When is rent due?", expected: "the first", answer: "On the first." }, 300)).rejects.toThrow();
    expect(judge.calls[0].options.abortSignal?.aborted).toBe(true);
  });
});

describe("a streamed reply's limits", () => {
  const limits = (overrides: Partial<Parameters<typeof withStreamLimits>[1]> = {}) => ({ firstTokenMs: 60_000, idleMs: 60_000, clockFrom: "request" as const, ...overrides });

  /** The text that streamed, and the error the stream ended with. */
  async function streamed(model: Parameters<typeof withStreamLimits>[0], options: Parameters<typeof withStreamLimits>[1]) {
    let text = "";
    let failure: unknown = null;
    const result = streamText({ model: withStreamLimits(model, options), prompt: "hello", maxRetries: 0, onError: ({ error }) => void (failure = error) });
    for await (const part of result.fullStream) if (part.type === "text-delta") text += part.text;
    // A call that failed before its stream opened produced no step at all.
    return { text, failure, finishReason: await Promise.resolve(result.finishReason).catch(() => "no output") };
  }

  it("ends a call that sends nothing within the first-token limit, its request aborted", async () => {
    const model = hung();
    const { text, failure, finishReason } = await streamed(model, limits({ firstTokenMs: 300 }));
    expect(text).toBe("");
    expect(timeoutOf(failure)).toMatchObject({ kind: "first-token", ms: 300 });
    expect(finishReason).toBe("no output");
    expect(model.calls[0].options.abortSignal?.aborted).toBe(true);
  });

  it("keeps what streamed before a silence longer than the idle limit, and ends with its error", async () => {
    const model = scriptedModel([{ text: "one two three four", delayMs: 400 }]);
    const { text, failure } = await streamed(model, limits({ idleMs: 150 }));
    expect(text).toBe("one ");
    expect(timeoutOf(failure)).toMatchObject({ kind: "idle", ms: 150 });
    expect(String((failure as Error).message)).toBe("the model stopped sending for 0 s in the middle of its reply (MODEL_IDLE_TIMEOUT_MS)");
  });

  it("ends a steady stream at the whole reply's deadline", async () => {
    const model = scriptedModel([{ text: "one two three four five six", delayMs: 100 }]);
    const startedAt = performance.now();
    const { text, failure } = await streamed(model, limits({ deadline: () => ({ at: startedAt + 250, ms: 250 }) }));
    expect(text.length).toBeGreaterThan(0);
    expect(text).not.toContain("six");
    expect(timeoutOf(failure)).toMatchObject({ kind: "total", ms: 250 });
  });

  it("lets a reply that keeps streaming finish", async () => {
    const model = scriptedModel([{ text: "one two three", delayMs: 50 }]);
    const { text, failure, finishReason } = await streamed(model, limits({ firstTokenMs: 1000, idleMs: 1000 }));
    expect(text).toBe("one two three");
    expect(failure).toBeNull();
    expect(finishReason).toBe("stop");
  });
});
