import type {
  LanguageModelV4CallOptions,
  LanguageModelV4Content,
  LanguageModelV4FinishReason,
  LanguageModelV4StreamPart,
  LanguageModelV4Usage,
} from "@ai-sdk/provider";
import { setTimeout as sleep } from "node:timers/promises";
import { MockLanguageModelV4 } from "ai/test";
import { everyRole, offlineRuntime, type ModelChoice, type ModelRoles } from "@/lib/models";

// A model for tests about something other than the model: each call takes the
// next step of a script that says exactly what the model does (answer with
// this text, call this tool with this input, return this object). It reads
// nothing, decides nothing, and records every prompt it was sent, so a test
// asserts the pipeline's behaviour and what reached the model.

export type ScriptedStep = (
  | { text: string }
  | { tool: string; input: Record<string, unknown> }
  /** Structured output (the memory pass): the object is sent as the JSON text the SDK parses. */
  | { object: unknown }
  | { fail: string }
  /** A call that never answers: it ends only when the caller aborts it. */
  | { hang: true }
) & {
  /** A slow model: a generated answer comes after this pause, a streamed text with this pause between its words. */
  delayMs?: number;
};

/** A step, or a function of the call (its prompt as text) that returns one. */
export type ScriptEntry = ScriptedStep | ((call: ScriptedCall) => ScriptedStep);

export type ScriptedCall = {
  /** Every message of the prompt as "role: text" lines, tool results included as JSON. */
  promptText: string;
  options: LanguageModelV4CallOptions;
};

const usage: LanguageModelV4Usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};

function partText(part: unknown): string {
  const p = part as { type: string; text?: string; output?: unknown; toolName?: string; input?: unknown };
  if (p.type === "text" || p.type === "reasoning") return p.text ?? "";
  if (p.type === "tool-call") return `[tool-call ${p.toolName} ${JSON.stringify(p.input)}]`;
  if (p.type === "tool-result") return `[tool-result ${p.toolName} ${JSON.stringify(p.output)}]`;
  return `[${p.type}]`;
}

export function promptTextOf(options: LanguageModelV4CallOptions): string {
  return options.prompt
    .map((m) => `${m.role}: ${typeof m.content === "string" ? m.content : m.content.map(partText).join(" ")}`)
    .join("\n");
}

function hangUntilAborted(signal: AbortSignal | undefined): Promise<never> {
  return new Promise((_, reject) => {
    if (signal?.aborted) reject(signal.reason);
    signal?.addEventListener("abort", () => reject(signal.reason), { once: true });
  });
}

function contentOf(step: ScriptedStep, callIndex: number): { content: LanguageModelV4Content; finishReason: LanguageModelV4FinishReason } {
  if ("fail" in step) throw new Error(step.fail);
  if ("hang" in step) throw new Error("a hanging step has no content");
  if ("tool" in step) {
    return {
      content: { type: "tool-call", toolCallId: `call_${callIndex}`, toolName: step.tool, input: JSON.stringify(step.input) },
      finishReason: { unified: "tool-calls", raw: "tool_calls" },
    };
  }
  const text = "text" in step ? step.text : JSON.stringify(step.object);
  return { content: { type: "text", text }, finishReason: { unified: "stop", raw: "stop" } };
}

export type ScriptedModel = MockLanguageModelV4 & {
  /** Every call's prompt, in order. */
  calls: ScriptedCall[];
  /** Steps not yet used. */
  remaining: () => number;
};

/**
 * A model that plays `script` one step per call. When the script runs out it
 * answers with `fallback` (by default a plain "ok."), so a test only scripts
 * the calls it cares about.
 */
export function scriptedModel(script: ScriptEntry[], fallback: ScriptEntry = { text: "ok." }): ScriptedModel {
  const queue = [...script];
  const calls: ScriptedCall[] = [];
  const next = (options: LanguageModelV4CallOptions): ScriptedStep => {
    const call = { promptText: promptTextOf(options), options };
    calls.push(call);
    const entry = queue.shift() ?? fallback;
    return typeof entry === "function" ? entry(call) : entry;
  };
  const model = new MockLanguageModelV4({
    provider: "scripted",
    modelId: "scripted-test-model",
    doGenerate: async (options) => {
      const step = next(options);
      if ("hang" in step) await hangUntilAborted(options.abortSignal);
      if (step.delayMs) await sleep(step.delayMs, undefined, { signal: options.abortSignal });
      const { content, finishReason } = contentOf(step, calls.length);
      return { content: [content], finishReason, usage, warnings: [] };
    },
    doStream: async (options) => {
      const step = next(options);
      if ("hang" in step) await hangUntilAborted(options.abortSignal);
      const { content, finishReason } = contentOf(step, calls.length);
      const signal = options.abortSignal;
      return {
        stream: new ReadableStream<LanguageModelV4StreamPart>({
          async start(controller) {
            controller.enqueue({ type: "stream-start", warnings: [] });
            if (content.type === "text") {
              controller.enqueue({ type: "text-start", id: "t" });
              const words = step.delayMs ? (content.text.match(/\S+\s*/g) ?? []) : [content.text];
              for (const [i, delta] of words.entries()) {
                if (i > 0 && step.delayMs) await sleep(step.delayMs, undefined, { signal });
                controller.enqueue({ type: "text-delta", id: "t", delta });
              }
              controller.enqueue({ type: "text-end", id: "t" });
            } else {
              controller.enqueue(content as LanguageModelV4StreamPart);
            }
            controller.enqueue({ type: "finish", usage, finishReason });
            controller.close();
          },
        }),
      };
    },
  }) as ScriptedModel;
  model.calls = calls;
  model.remaining = () => queue.length;
  return model;
}

let choices = 0;

/**
 * A ModelChoice around a scripted model: counted like an unknown model, with
 * MODEL_CONTEXT_TOKENS's context when the test gives one, and facts of its
 * own (what one test's model refused, another's never did).
 */
export function scriptedChoice(model: ScriptedModel, options: { contextTokens?: number } = {}): ModelChoice {
  return { model, kind: "offline", label: "Scripted test model", modelId: model.modelId, runtime: offlineRuntime(options, `scripted ${++choices}`) };
}

/** A scripted model in every role, for runTurn: it answers, and files an inline memory pass. */
export function scriptedModels(model: ScriptedModel, options: { contextTokens?: number } = {}): ModelRoles {
  return everyRole(scriptedChoice(model, options));
}
