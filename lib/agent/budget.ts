import type { ModelMessage } from "ai";
import { layoutConversation, type PromptEntry } from "@/lib/agent/prompt-layout";
import { formatNotShownNote } from "@/lib/contracts/prompt/not-shown";
import type { PromptBudget } from "@/lib/contracts/trace";
import type { ContextSize, PromptMeter, ToolSchema } from "@/lib/models/runtime";

// The context budget of a turn: what is sent must leave the reply its room
// (MODEL_REPLY_TOKENS) inside the model's context, counted as the model reads
// it (tool schemas and chat framing included) with the counter's margin on
// top. When the full prompt does not fit it shrinks in a fixed order, each
// step recorded in the trace: first the oldest window messages (never the
// question; a note in their place says how many are left out and that
// search finds them), then recalled pages from the lowest-ranked up. The
// system prompt, the buffer block and the question are the minimum; a turn
// whose minimum does not fit is not sent: it fails with the figures, never a
// silent cut. Tool
// results later take what room the first prompt left (tool-room.ts).

export type FitRequest = {
  meter: PromptMeter;
  context: ContextSize;
  replyTokens: number;
  /** The system prompt holding the first `pages` recalled pages. */
  systemWith: (pages: number) => string;
  /** Recalled page titles, best first. */
  pageTitles: readonly string[];
  /** The window with its notes in place; its last message is the question. */
  entries: readonly PromptEntry[];
  /** The stored messages' seqs, in the order the entries hold them. */
  messageSeqs: readonly number[];
  /** Whether the model can search the thread (tools offered). */
  searchable: boolean;
  tools: readonly ToolSchema[];
};

export type FittedPrompt = {
  system: string;
  messages: ModelMessage[];
  /** How many recalled pages the system prompt kept. */
  pages: number;
  /** How many of the window's oldest messages were left out. */
  droppedMessages: number;
  budget: PromptBudget;
  /** Why the turn cannot be sent even at its minimum (then `messages` is that minimum); null when it fits. */
  tooLarge: string | null;
};

function tooLargeMessage(needed: number, context: ContextSize, replyTokens: number): string {
  return (
    `this turn needs about ${needed.toLocaleString("en-US")} tokens even with the older messages and recalled pages left out ` +
    `(the instructions, the buffer, the message and the tools), but the model's context holds ${context.tokens.toLocaleString("en-US")} ` +
    `with ${replyTokens.toLocaleString("en-US")} kept for the reply: shorten the message, or give the model a larger context (MODEL_CONTEXT_TOKENS; now ${context.detail})`
  );
}

/** The entries with the `dropped` oldest messages left out: the notes before them move up front, and a note says what is missing. */
export function withoutOldest(entries: readonly PromptEntry[], dropped: number, searchable: boolean): PromptEntry[] {
  if (dropped === 0) return [...entries];
  const leading: PromptEntry[] = [];
  let seen = 0;
  let at = 0;
  for (; at < entries.length; at++) {
    const entry = entries[at];
    if (entry.kind === "note") leading.push(entry);
    else if (seen++ === dropped) break;
  }
  return [...leading, { kind: "note", text: formatNotShownNote({ leftOut: dropped, searchable }) }, ...entries.slice(at)];
}

/** The smallest `n` in [lo, hi] for which `ok(n)` holds (ok is monotone); hi when none does. */
async function smallest(lo: number, hi: number, ok: (n: number) => Promise<boolean>): Promise<number> {
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (await ok(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Fits the turn's first prompt to the model's context, shrinking in the documented order. */
export async function fitPrompt(request: FitRequest): Promise<FittedPrompt> {
  const { meter, context, replyTokens, searchable } = request;
  const withTools = request.tools.length > 0;
  const margin = meter.margin(withTools);
  const available = context.tokens - replyTokens;
  const opening = formatNotShownNote({ leftOut: 0, searchable });
  const build = (dropped: number, pages: number) => ({
    system: request.systemWith(pages),
    messages: layoutConversation(withoutOldest(request.entries, dropped, searchable), opening),
    tools: request.tools,
  });
  const counts = new Map<string, number>();
  const count = async (dropped: number, pages: number) => {
    const key = `${dropped}/${pages}`;
    if (!counts.has(key)) counts.set(key, await meter.count(build(dropped, pages)));
    return counts.get(key)!;
  };
  const fits = async (dropped: number, pages: number) => Math.ceil((await count(dropped, pages)) * (1 + margin)) <= available;

  const allPages = request.pageTitles.length;
  const droppable = Math.max(0, request.messageSeqs.length - 1);
  const dropped = await smallest(0, droppable, (n) => fits(n, allPages));
  const keepsAll = await fits(dropped, allPages);
  // Dropping pages only once every droppable message is gone: the largest number of pages that still fits.
  const pages = keepsAll ? allPages : allPages - (await smallest(0, allPages, (n) => fits(droppable, allPages - n)));
  const promptTokens = await count(dropped, pages);
  const tooLarge = (await fits(dropped, pages)) ? null : tooLargeMessage(Math.ceil(promptTokens * (1 + margin)), context, replyTokens);
  const leftOut: PromptBudget["leftOut"] = [];
  const room = `to fit ${available.toLocaleString("en-US")} tokens (the context less the reply's ${replyTokens.toLocaleString("en-US")})`;
  if (dropped > 0) {
    const seqs = request.messageSeqs.slice(0, dropped);
    leftOut.push({ what: "window", count: dropped, detail: `messages #${seqs[0]}–#${seqs.at(-1)}, the oldest in the window, ${room}` });
  }
  if (pages < allPages) leftOut.push({ what: "recall", count: allPages - pages, detail: `${request.pageTitles.slice(pages).map((t) => `pages/${t}`).join(", ")}, the lowest-ranked, ${room}` });
  const { system, messages } = build(dropped, pages);
  return {
    system,
    messages,
    pages,
    droppedMessages: dropped,
    tooLarge,
    budget: {
      contextTokens: context.tokens,
      contextSource: context.source,
      contextDetail: context.detail,
      replyTokens,
      promptTokens,
      method: meter.method,
      marginPct: Math.round(margin * 100),
      counter: meter.describe(withTools),
      toolSchemas: withTools,
      leftOut,
      reportedTokens: null,
    },
  };
}
