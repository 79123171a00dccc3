import type { ModelMessage } from "ai";
import { countMessageTokens, countTokens, flatMessage } from "@/lib/models/tokens";

// What the app knows about the model behind a choice beyond its interface:
// how large its context is, how a prompt is counted for it, whether it takes
// tools and structured output, and what it must load before its first call.

export type ContextSize = {
  tokens: number;
  /** "configured": MODEL_CONTEXT_TOKENS; "provider": read from the server or engine; "default": neither said. */
  source: "configured" | "provider" | "default";
  /** Where the figure came from, for the debug panel and Settings. */
  detail: string;
};

/** A tool as the model is offered it: what its schema costs in the prompt. */
export type ToolSchema = { name: string; description?: string; inputSchema: unknown };

export type PromptRequest = { system: string; messages: readonly ModelMessage[]; tools: readonly ToolSchema[] };

export type PromptMeter = {
  /** "model-tokenizer": the model's own tokenizer over its chat template; "estimate": o200k plus framing. */
  method: "model-tokenizer" | "estimate";
  /**
   * How far the count of a prompt with (or without) tools may be off, as a
   * fraction of it (0 for the model's own tokenizer). Prompts with tools and
   * without are told apart: a template's tool framing is what an estimate
   * knows least.
   */
  margin: (withTools: boolean) => number;
  /** Tokens the request's prompt takes as the model reads it: system, messages and tool schemas, with chat framing. */
  count: (request: PromptRequest) => Promise<number>;
  /** Tokens of a piece of text inside a prompt (a tool result). */
  countText: (text: string) => Promise<number>;
  /** A call's prompt counted at `counted` was reported by the provider as `reported` tokens: an estimate learns from it. */
  observe: (counted: number, reported: number, withTools: boolean) => void;
  /** How the count is made, in words. */
  describe: (withTools: boolean) => string;
};

/** Whether the model takes something: null until known. */
export type Support = { supported: boolean | null; reason: string | null };

/** What this process learnt about one model: shared by every choice of it, across Next's module copies. */
export type LearnedFacts = {
  tools: Support;
  structuredOutput: Support;
  /** Reported prompt tokens over the o200k estimate, from the provider's usage, for prompts with tools and without; null before any was reported. */
  promptRatio: { withTools: number | null; withoutTools: number | null };
};

export type ModelRuntime = {
  /** Loads what the model needs before its first call (the in-process engine), within its own time limit; not charged to any reply. */
  ready: () => Promise<void>;
  /** When a streamed call's first-token clock starts (see StreamLimits in timeout.ts). */
  clockFrom: "request" | "engine";
  contextSize: () => Promise<ContextSize>;
  meter: PromptMeter;
  learned: LearnedFacts;
};

const facts = globalThis as typeof globalThis & { __episodicBufferModelFacts?: Map<string, LearnedFacts> };

/** The facts learnt about the model `key` names (kind, address and model id). */
export function learnedAbout(key: string): LearnedFacts {
  const all = (facts.__episodicBufferModelFacts ??= new Map());
  let known = all.get(key);
  if (!known) {
    known = { tools: { supported: null, reason: null }, structuredOutput: { supported: null, reason: null }, promptRatio: { withTools: null, withoutTools: null } };
    all.set(key, known);
  }
  return known;
}

/** An estimate's margin before the provider has reported any usage, and after. */
export const ESTIMATE_MARGIN = 0.15;
export const CALIBRATED_MARGIN = 0.05;
/**
 * What a chat template adds when tools are offered, beyond each tool's JSON:
 * the instructions around them (Qwen 2.5's run to about 90 tokens, Llama
 * 3.1's about 60, Mistral's a handful).
 */
export const TOOLS_PREAMBLE_TOKENS = 100;
const RATIO_BOUNDS = [0.5, 3] as const;

function toolTokens(tools: readonly ToolSchema[]): number {
  if (tools.length === 0) return 0;
  const schemas = tools.map((t) => countTokens(JSON.stringify({ type: "function", function: { name: t.name, description: t.description ?? "", parameters: t.inputSchema } })));
  return TOOLS_PREAMBLE_TOKENS + schemas.reduce((sum, n) => sum + n, 0);
}

/** The o200k count of a request: system and messages with OpenAI's framing per message, and the tools' schemas. */
export function estimateTokens(request: PromptRequest): number {
  return countMessageTokens([{ role: "system", content: request.system }, ...request.messages.map(flatMessage)]) + toolTokens(request.tools);
}

/**
 * Counts for a model whose tokenizer the app does not have: o200k plus
 * framing, scaled by what the provider's reported usage showed the ratio to
 * be, with a margin that narrows once it has reported some.
 */
export function estimateMeter(learned: LearnedFacts): PromptMeter {
  const shape = (withTools: boolean) => (withTools ? "withTools" : "withoutTools");
  const ratio = (withTools: boolean) => learned.promptRatio[shape(withTools)];
  return {
    method: "estimate",
    margin: (withTools) => (ratio(withTools) === null ? ESTIMATE_MARGIN : CALIBRATED_MARGIN),
    count: async (request) => Math.ceil(estimateTokens(request) * (ratio(request.tools.length > 0) ?? 1)),
    countText: async (text) => Math.ceil(countTokens(text) * (ratio(true) ?? 1)),
    observe(counted, reported, withTools) {
      if (!(counted > 0 && reported > 0)) return;
      const known = ratio(withTools);
      const seen = Math.min(RATIO_BOUNDS[1], Math.max(RATIO_BOUNDS[0], (reported / counted) * (known ?? 1)));
      learned.promptRatio[shape(withTools)] = known === null ? seen : (known + seen) / 2;
    },
    describe(withTools) {
      const known = ratio(withTools);
      return known === null
        ? `o200k estimate with chat framing, ±${Math.round(ESTIMATE_MARGIN * 100)}% until the provider reports usage`
        : `o200k estimate scaled ×${known.toFixed(2)} to the provider's reported usage, ±${Math.round(CALIBRATED_MARGIN * 100)}%`;
    },
  };
}
