import type { UIMessage } from "ai";
import type { BuiltContext } from "@/lib/agent/phases/context";
import type { AppConfig } from "@/lib/config";
import type { ContextConfig } from "@/lib/context";
import type { ContextSelection } from "@/lib/context/strategy";
import type { TurnTraceData } from "@/lib/contracts/trace";
import type { WithheldText } from "@/lib/guard/screen";
import { modelRef, type ModelChoice } from "@/lib/models";
import { countTokens } from "@/lib/models/tokens";
import type { RecalledPage } from "@/lib/pages/recall";

export type TurnTimings = {
  dbMs: number;
  recallMs: number;
  bufferMs: number;
  modelMs: number;
  totalMs: number;
  /** Waiting for the model to load (the in-process engine's first call), outside the reply's limits. */
  loadMs?: number;
  /** Waiting for the in-process engine to take the reply's calls (another reply on its lane), outside the reply's limits. */
  waitMs?: number;
};

export type TraceInput = {
  choice: ModelChoice;
  config: AppConfig;
  strategy: string;
  selection: ContextSelection;
  recall: { enabled: boolean; feed: boolean; pages: RecalledPage[]; fromFeed: string[]; text: string | null };
  withheld: WithheldText[];
  reply: UIMessage | null;
  usage: { inputTokens?: number; outputTokens?: number } | null;
  prompt: TurnTraceData["prompt"];
  budget?: TurnTraceData["budget"];
  timings: TurnTimings;
  error: string | null;
  customerVoice?: TurnTraceData["customerVoice"];
};

const tenths = (ms: number) => Math.round(ms * 10) / 10;

/**
 * What a turn's phases produced, as the trace takes it: the context as built
 * and fitted (with what tool results were cut to), the model's reported
 * usage, and the time each phase took. `elapsed.loadMs` is the load phase's,
 * `readyMs` the model's own load, `waitMs` the wait for the in-process
 * engine's lane.
 */
export function turnTraceInput(turn: {
  choice: ModelChoice;
  config: AppConfig;
  context: ContextConfig;
  built: BuiltContext;
  withheld: WithheldText[];
  usage: TraceInput["usage"];
  reportedTokens: number | null;
  toolCuts: NonNullable<TraceInput["budget"]>["leftOut"];
  toolsUnavailable: string | undefined;
  /** A customer's reply: what the model wrote and what the check took out of it. */
  customerVoice: TraceInput["customerVoice"];
  elapsed: { loadMs: number; readyMs: number; modelMs: number; totalMs: number; waitMs: number };
}): Omit<TraceInput, "reply" | "error"> {
  const { context, built, elapsed } = turn;
  const bufferMs = built.selection.cost.ms;
  return {
    choice: turn.choice,
    config: { ...turn.config, window: context.strategy.window },
    strategy: context.strategy.name,
    selection: built.selection,
    recall: { enabled: context.recall, feed: context.recall && context.feed, pages: built.recalled, fromFeed: built.fromFeed, text: built.recallText },
    withheld: turn.withheld,
    usage: turn.usage,
    prompt: { system: built.system, messages: built.messages },
    ...(turn.customerVoice ? { customerVoice: turn.customerVoice } : {}),
    budget: built.budget
      ? {
          ...built.budget,
          leftOut: [...built.budget.leftOut, ...turn.toolCuts],
          reportedTokens: turn.reportedTokens,
          ...(turn.toolsUnavailable ? { toolsUnavailable: turn.toolsUnavailable } : {}),
        }
      : undefined,
    timings: {
      dbMs: tenths(elapsed.loadMs + built.timings.selectMs - bufferMs),
      recallMs: tenths(built.timings.recallMs),
      bufferMs: tenths(bufferMs),
      modelMs: elapsed.modelMs,
      totalMs: elapsed.totalMs,
      ...(elapsed.readyMs >= 1 ? { loadMs: Math.round(elapsed.readyMs) } : {}),
      ...(elapsed.waitMs > 0 ? { waitMs: elapsed.waitMs } : {}),
    },
  };
}

/** Each tool call with the reasoning note the model gave right before it in the same step, if any. */
function toolCallsOf(message: UIMessage | null): TurnTraceData["toolCalls"] {
  let note: string | null = null;
  return (message?.parts ?? []).flatMap((part) => {
    if (part.type === "step-start") note = null;
    if (part.type === "reasoning") note = part.text;
    if (!part.type.startsWith("tool-") || !("input" in part)) return [];
    const call = { name: part.type.slice(5), input: part.input, output: "output" in part ? part.output : null, ...(note ? { reason: note } : {}) };
    note = null;
    return [call];
  });
}

function reasoningOf(message: UIMessage | null): string[] {
  return (message?.parts ?? []).flatMap((part) => (part.type === "reasoning" && part.text.trim() ? [part.text] : []));
}

/** The turn's trace, built in one place from what each phase produced; the memory pass fills its part later. */
export function buildTrace(input: TraceInput): TurnTraceData {
  const { choice, config, selection, recall } = input;
  const { messages, buffer } = selection;
  return {
    model: modelRef(choice),
    settings: { window: config.window, maxLines: config.bufferMaxLines, maxLineChars: config.bufferLineChars, recallPages: config.recallPages },
    window: { count: messages.length, fromSeq: messages[0]?.seq ?? 0, toSeq: messages.at(-1)?.seq ?? 0 },
    context: { strategy: input.strategy },
    withheld: input.withheld,
    buffer,
    recall: {
      enabled: recall.enabled,
      feed: recall.feed,
      pages: recall.pages.map((p) => ({ title: p.title, rank: p.rank, facts: p.facts.length, fed: recall.fromFeed.includes(p.title) })),
      droppedFacts: input.withheld.filter((w) => w.what === "fact").map(({ text, reasons }) => ({ text, reasons })),
    },
    toolCalls: toolCallsOf(input.reply),
    reasoning: reasoningOf(input.reply),
    memoryPass: null,
    tokens: {
      prompt: input.usage?.inputTokens ?? 0,
      completion: input.usage?.outputTokens ?? 0,
      buffer: buffer.block ? countTokens(buffer.block) : 0,
      recall: recall.text ? countTokens(recall.text) : 0,
    },
    timings: { ...input.timings, memoryPassMs: null },
    prompt: input.prompt,
    ...(input.budget ? { budget: input.budget } : {}),
    ...(input.customerVoice ? { customerVoice: input.customerVoice } : {}),
    error: input.error,
  };
}
