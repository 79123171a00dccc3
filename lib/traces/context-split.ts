import { z } from "zod";
import { isPromptNote } from "@/lib/contracts/prompt/notes";
import { RECALLED_PAGES_HEADER } from "@/lib/contracts/prompt/recalled-pages";
import type { TurnTraceData } from "@/lib/contracts/trace";
import { countTokens } from "@/lib/models/tokens";

// How a turn's prompt divides between its parts, read back from the prompt
// the trace stored (the system text and the model messages exactly as sent).
// Content tokens only (o200k), without the few framing tokens per message.

export const CONTEXT_PARTS = ["system", "recall", "buffer", "window", "tools"] as const;
export type ContextPart = (typeof CONTEXT_PARTS)[number];
export type ContextSplit = Record<ContextPart, number> & { total: number };

const partSchema = z.union([
  z.object({ type: z.literal("text"), text: z.string() }),
  z.object({ type: z.literal("tool-call"), input: z.unknown() }),
  z.object({ type: z.literal("tool-result"), output: z.unknown() }),
  z.looseObject({ type: z.string() }),
]);
const messageSchema = z.object({ role: z.string(), content: z.union([z.string(), z.array(partSchema)]) });

const tokensOfValue = (value: unknown) => countTokens(typeof value === "string" ? value : (JSON.stringify(value) ?? ""));

/**
 * The system prompt's persona and instructions, the recalled pages appended
 * to it, the buffer block (the note equal to the trace's block), the
 * windowed messages' text, and tool calls with their results. Other notes
 * (a summary, what is not shown) count with the system prompt.
 */
export function contextSplit(prompt: TurnTraceData["prompt"], bufferBlock: string | null): ContextSplit {
  const split: ContextSplit = { system: 0, recall: 0, buffer: 0, window: 0, tools: 0, total: 0 };
  const recallAt = prompt.system.indexOf(RECALLED_PAGES_HEADER);
  split.system += countTokens(recallAt < 0 ? prompt.system : prompt.system.slice(0, recallAt));
  split.recall += recallAt < 0 ? 0 : countTokens(prompt.system.slice(recallAt));

  for (const raw of prompt.messages) {
    const message = messageSchema.safeParse(raw);
    if (!message.success) continue;
    const { role, content } = message.data;
    const textPart = (text: string): ContextPart => (text === bufferBlock ? "buffer" : role === "system" || isPromptNote(text) ? "system" : "window");
    if (typeof content === "string") {
      split[textPart(content)] += countTokens(content);
      continue;
    }
    for (const item of content) {
      if (item.type === "text" && "text" in item) split[textPart(String(item.text))] += countTokens(String(item.text));
      else if (item.type === "tool-call" && "input" in item) split.tools += tokensOfValue(item.input);
      else if (item.type === "tool-result" && "output" in item) split.tools += tokensOfValue(item.output);
    }
  }
  split.total = CONTEXT_PARTS.reduce((sum, part) => sum + split[part], 0);
  return split;
}
