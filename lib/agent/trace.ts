import type { UIMessage } from "ai";
import type { AppConfig } from "@/lib/config";
import type { ContextSelection } from "@/lib/context/strategy";
import type { TurnTraceData } from "@/lib/contracts/trace";
import type { WithheldText } from "@/lib/guard/screen";
import type { ModelChoice } from "@/lib/models";
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
    model: { kind: choice.kind, label: choice.label, modelId: choice.modelId },
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
