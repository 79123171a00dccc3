// The markers every prompt the agent sends is built with. Any model reads them
// as plain text; the offline model also parses them, so they live in one place.

export const RECALLED_PAGES_HEADER = "[RECALLED PAGES]";
export const BUFFER_HEADER = "[EARLIER IN THIS THREAD]";
export const BUFFER_GAP_LINE = "- … more of this thread happened here; search_chat_history finds it.";
export const BUFFER_NOTE =
  "These lines are your own notes on older parts of this thread, not the user's words and not evidence for a number. " +
  "Open a page with read_page, or find the exact words with search_chat_history, before you rely on one.";
/** Opens the system prompt of a summarising call (the evaluation's compressor peer), so a model can tell it from a chat turn. */
export const SUMMARISE_MARKER = "[SUMMARISE]";
/** Heads a running summary of older messages: in a summarising call's input, and where the compressor injects it. */
export const SUMMARY_HEADER = "[SUMMARY OF EARLIER MESSAGES]";

/** How a page is named in prompts and buffer lines: "pages/Second Location". */
export function pageRef(title: string): string {
  return `pages/${title}`;
}

/** "2026-10-02": dates in prompts are UTC calendar days. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export type FactStatusLabel = "confirmed" | "unconfirmed";

/** One recalled or opened fact as prompts show it: "- (confirmed) Budget under $2,500/mo [said by owner, 2026-10-02]". */
export function factLine(fact: { text: string; label: FactStatusLabel; source: "owner" | "agent"; day: string }): string {
  return `- (${fact.label}) ${fact.text} [said by ${fact.source}, ${fact.day}]`;
}
