// What a question turn cost, read from its trace. The prompt is counted from
// what was assembled, not taken from the model's usage, so every model (the
// offline one included) is measured with the same tokenizer.

import type { UIMessage } from "ai";
import type { TurnTraceData } from "@/lib/contracts/trace";
import { countMessageTokens, countTokens, flatMessage } from "@/lib/models/tokens";
import type { SummaryCost } from "@/lib/context/compressor";
import type { ArmCosts } from "@/lib/eval/report-schema";

/** Tokens of the first model call's prompt: the system prompt and every message, with chat framing. */
export function promptTokens(prompt: TurnTraceData["prompt"]): number {
  return countMessageTokens([{ role: "system", content: prompt.system }, ...prompt.messages.map(flatMessage)]);
}

/** Model calls in a turn: the reply's step markers, or one call per tool call plus the answer when no reply was saved. */
export function stepsOf(parts: UIMessage["parts"] | null, toolCalls: number): number {
  const steps = parts?.filter((p) => p.type === "step-start").length ?? 0;
  return steps > 0 ? steps : toolCalls + 1;
}

/** What one reply part adds to the conversation the next model call reads: its text, or a tool call and its result. */
function replyPartText(part: UIMessage["parts"][number]): string {
  if (part.type === "text" || part.type === "reasoning") return part.text;
  if (part.type.startsWith("tool-") || part.type === "dynamic-tool") {
    const p = part as { type: string; toolName?: string; input?: unknown; output?: unknown };
    return `${p.toolName ?? part.type.slice(5)} ${JSON.stringify(p.input ?? null)}\n${JSON.stringify(p.output ?? null)}`;
  }
  return "";
}

/**
 * Input tokens over every model call of the turn, counted like the first
 * prompt. The trace keeps only the first call's prompt; each later call reads
 * it again plus every step before it (its text, tool calls and tool results),
 * which the reply's stored parts hold step by step.
 */
export function allCallsTokens(first: number, parts: UIMessage["parts"] | null): { input: number; output: number } {
  const steps: string[][] = [];
  for (const part of parts ?? []) {
    if (part.type === "step-start" || steps.length === 0) steps.push([]);
    const text = replyPartText(part);
    if (text) steps.at(-1)!.push(text);
  }
  let input = 0;
  let output = 0;
  let carried = 0;
  for (const step of steps.length > 0 ? steps : [[]]) {
    input += first + carried;
    const added = step.reduce((sum, text) => sum + countTokens(text), 0);
    output += added;
    carried += added;
  }
  return { input, output };
}

export function turnCosts(trace: TurnTraceData, parts: UIMessage["parts"] | null, summary: SummaryCost): ArmCosts {
  const { timings, tokens, toolCalls } = trace;
  const first = promptTokens(trace.prompt);
  const allCalls = allCallsTokens(first, parts);
  return {
    promptTokens: first,
    allCallsInputTokens: allCalls.input,
    outputTokens: allCalls.output,
    inputTokens: tokens.prompt,
    addedTokens: tokens.buffer + summary.tokens,
    recallTokens: tokens.recall,
    modelCalls: stepsOf(parts, toolCalls.length) + summary.calls,
    summaryCalls: summary.calls,
    toolCalls: toolCalls.length,
    overheadMs: timings.dbMs + timings.recallMs + timings.bufferMs,
    totalMs: timings.totalMs,
    summaryMs: summary.ms,
  };
}
