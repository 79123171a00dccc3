import { generateText } from "ai";
import { describe, expect, it } from "vitest";
import { summariseMiddle } from "@/lib/context/compressor";
import { answerStatesValue } from "@/lib/eval/judge";
import { isTimeout, withTimeout } from "@/lib/models/timeout";
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
