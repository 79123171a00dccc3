// Token counts for turn traces and the evaluation's costs, from a real
// tokenizer. o200k_base is the encoding of OpenAI's current chat models; for
// other models it is an estimate, but the same estimate everywhere, which is
// what a cost comparison needs.

import { Tiktoken } from "js-tiktoken/lite";
import o200k_base from "js-tiktoken/ranks/o200k_base";
import { rememberRecent } from "@/lib/recently-used";

/**
 * Chat framing per message: <|start|>, the role, <|message|> around the
 * content and <|end|>, as OpenAI's cookbook counts it for chat models
 * (3 framing tokens plus the role's own tokens).
 */
export const MESSAGE_OVERHEAD_TOKENS = 3;

/** Every reply is primed with <|start|>assistant<|message|>. */
export const REPLY_PRIMING_TOKENS = 3;

// Building the encoder decodes a multi-megabyte rank table: do it once, and
// only when something is counted.
let encoder: Tiktoken | undefined;

function getEncoder(): Tiktoken {
  encoder ??= new Tiktoken(o200k_base);
  return encoder;
}

/** Counts of the texts counted most recently: a turn counts the same buffer block and window messages as the turn before. */
const RECENT_COUNTS = 2_000;

// Special-token text such as "<|endoftext|>" in a user message is counted
// as ordinary text, not rejected: messages are data here.
export const countTokens: (text: string) => number = rememberRecent(RECENT_COUNTS, (text) => getEncoder().encode(text, [], []).length);

/** Prompt tokens for a chat request with these messages. */
export function countMessageTokens(messages: ReadonlyArray<{ role: string; content: string }>): number {
  return messages.reduce(
    (sum, m) => sum + MESSAGE_OVERHEAD_TOKENS + countTokens(m.role) + countTokens(m.content),
    REPLY_PRIMING_TOKENS,
  );
}

function partText(part: unknown): string {
  if (typeof part !== "object" || part === null) return "";
  const p = part as Record<string, unknown>;
  switch (p.type) {
    case "text":
    case "reasoning":
      return typeof p.text === "string" ? p.text : "";
    case "tool-call":
      return `${String(p.toolName)} ${JSON.stringify(p.input ?? null)}`;
    case "tool-result":
      return `${String(p.toolName)} ${JSON.stringify(p.output ?? null)}`;
    default:
      return "";
  }
}

/** A model message (or one stored as plain JSON in a trace) as role and flat text: text parts, tool calls and results. */
export function flatMessage(message: unknown): { role: string; content: string } {
  const m = (typeof message === "object" && message !== null ? message : {}) as { role?: unknown; content?: unknown };
  const role = typeof m.role === "string" ? m.role : "user";
  const content = typeof m.content === "string" ? m.content : Array.isArray(m.content) ? m.content.map(partText).join("\n") : "";
  return { role, content };
}
