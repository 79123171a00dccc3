import { stepCountIs, streamText, type LanguageModelUsage, type ModelMessage, type ToolSet } from "ai";
import type { PromptBudget } from "@/lib/contracts/trace";
import type { ModelChoice } from "@/lib/models";
import { timeoutOf, withStreamLimits } from "@/lib/models/timeout";
import { withToolFallback } from "@/lib/models/tool-fallback";

const MAX_STEPS = 4;

export type ReplyLimits = {
  /** From each call's request (or the engine taking it) to its first output. */
  firstTokenMs: number;
  /** Between two chunks once output has begun. */
  idleMs: number;
  /** The whole reply, every step and tool call included. */
  totalMs: number;
};

export type ModelCall = {
  result: ReturnType<typeof streamText<ToolSet>>;
  /** The first error the call raised, in words, or null. */
  error: () => string | null;
  recordError: (error: unknown) => string;
  /** How long the engine kept the reply's calls waiting before taking them (an in-process model's lane), in ms. */
  waitedMs: () => number;
};

/**
 * The model made ready for its prompt: a model that must load first (the
 * in-process engine) loads, within its own limit and outside the reply's,
 * since counting the prompt needs its tokenizer; then what the provider says
 * of the model (its context, whether it takes tools) is read. `problem`: why
 * it could not be made ready, or null; `ms`: the load's time.
 */
export async function modelReady(choice: ModelChoice): Promise<{ problem: string | null; ms: number }> {
  const start = performance.now();
  const problem = await choice.runtime.ready().then(
    () => null,
    (error: unknown) => (error as Error).message,
  );
  const ms = performance.now() - start;
  if (problem === null) await choice.runtime.contextSize();
  return { problem, ms };
}

const describe = (error: unknown) => timeoutOf(error)?.message ?? (error instanceof Error ? error.message : String(error));

/**
 * Phase 3: the streamed model call, with the agent's tools, up to a few tool
 * steps. Each call has a first-token and an idle limit, and the whole reply
 * a deadline: whichever runs out aborts the provider's request and ends the
 * call's stream with an error naming it. `signal` (the browser going away)
 * stops the reply too. What was streamed by then is kept as an unfinished
 * reply. An in-process engine that queues calls starts the reply's clock
 * when it takes the first one.
 */
export function callModel(args: {
  choice: ModelChoice;
  system: string;
  messages: ModelMessage[];
  tools: ToolSet;
  /** The texts a model that refuses tools is shown instead, should this one refuse them (see tool-fallback.ts). */
  withoutTools: ReadonlyMap<string, string>;
  limits: ReplyLimits;
  /** Tokens kept for each reply call's output (max_tokens). */
  maxOutputTokens: number;
  /** Each piece of the reply's text as it streams. */
  onText?: (delta: string) => void;
  signal?: AbortSignal;
}): ModelCall {
  const { choice, limits } = args;
  let failure: string | null = null;
  const recordError = (error: unknown) => (failure ??= describe(error));
  let startedAt: number | null = choice.runtime.clockFrom === "request" ? performance.now() : null;
  let waited = 0;
  const model = withStreamLimits(withToolFallback(choice.model, choice.runtime.learned, args.withoutTools), {
    firstTokenMs: limits.firstTokenMs,
    idleMs: limits.idleMs,
    clockFrom: choice.runtime.clockFrom,
    deadline: () => (startedAt === null ? null : { at: startedAt + limits.totalMs, ms: limits.totalMs }),
    onOpen: (waitedMs) => {
      if (choice.runtime.clockFrom === "engine") waited += waitedMs;
      startedAt ??= performance.now();
    },
  });
  const result = streamText({
    model,
    system: args.system,
    messages: args.messages,
    tools: args.tools,
    stopWhen: stepCountIs(MAX_STEPS),
    maxOutputTokens: args.maxOutputTokens,
    abortSignal: args.signal,
    onChunk: ({ chunk }) => {
      if (chunk.type === "text-delta") args.onText?.(chunk.text);
    },
    // The failure is recorded in the trace and shown in the chat; no console noise.
    onError: ({ error }) => void recordError(error),
  });
  return { result, error: () => failure, recordError, waitedMs: () => Math.round(waited) };
}

/**
 * What the provider reported of a call that ran to its end (one stopped from
 * outside or failed reports nothing; one that ran out of tokens or steps
 * does): its usage, and its first step's prompt tokens, which an estimating
 * meter learns the provider's count from.
 */
export async function reportedUsage(
  choice: ModelChoice,
  call: ModelCall,
  budget: PromptBudget | null,
): Promise<{ usage: LanguageModelUsage | null; promptTokens: number | null }> {
  const usage = await Promise.resolve(call.result.totalUsage).catch(() => null);
  const promptTokens = await Promise.resolve(call.result.steps).then(
    (steps) => steps[0]?.usage.inputTokens ?? null,
    () => null,
  );
  if (budget && promptTokens) choice.runtime.meter.observe(budget.promptTokens, promptTokens, budget.toolSchemas);
  return { usage, promptTokens };
}
