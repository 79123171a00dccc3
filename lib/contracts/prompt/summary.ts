import { DAY, formatSection, parseSection } from "@/lib/contracts/prompt/common";
import { formatMessageLine, parseMessageLine, type MessageLine } from "@/lib/contracts/prompt/message-line";
import { MEMORY_MESSAGES_HEADER } from "@/lib/contracts/prompt/memory-input";

// The compressor peer's texts: a summarising call's input (the summary so far
// and the messages to fold into it) and the note the turn shows between the
// protected head and tail.

/** Opens the system prompt of a summarising call, so a model can tell it from a chat turn. */
export const SUMMARISE_MARKER = "[SUMMARISE]";
/** Heads a running summary of older messages: in a summarising call's input, and where the compressor injects it. */
export const SUMMARY_HEADER = "[SUMMARY OF EARLIER MESSAGES]";
export const SUMMARY_NOTE = "A running summary of older messages of this thread that are not shown here, written by a model; details may be missing.";

/** "- 2026-10-02 owner: The lease came back at $2,350 a month." */
export type SummaryLine = { day: string; speaker: "owner" | "agent"; text: string };
export type SummariseInput = { previous: SummaryLine[]; messages: MessageLine[] };

const SUMMARY_LINE = new RegExp(`^- (${DAY}) (owner|agent): (.+)$`);

export function formatSummaryLine(line: SummaryLine): string {
  return `- ${line.day} ${line.speaker}: ${line.text}`;
}

export function parseSummaryLine(text: string): SummaryLine | null {
  const m = SUMMARY_LINE.exec(text.trim());
  return m ? { day: m[1], speaker: m[2] as SummaryLine["speaker"], text: m[3] } : null;
}

function summaryLinesIn(text: string): SummaryLine[] {
  return (parseSection(text, SUMMARY_HEADER) ?? []).flatMap((line) => parseSummaryLine(line) ?? []);
}

export function formatSummariseInput(input: { previous: string; messages: readonly MessageLine[] }): string {
  return [
    formatSection(SUMMARY_HEADER, [input.previous.trim() || "(none)"]),
    "",
    formatSection(MEMORY_MESSAGES_HEADER, input.messages.map(formatMessageLine)),
  ].join("\n");
}

export function parseSummariseInput(text: string): SummariseInput {
  const messages = (parseSection(text, MEMORY_MESSAGES_HEADER) ?? []).flatMap((line) => parseMessageLine(line) ?? []);
  return { previous: summaryLinesIn(text), messages };
}

/** The system message the turn shows between head and tail. */
export function formatSummaryNote(summary: string): string {
  return formatSection(SUMMARY_HEADER, [SUMMARY_NOTE, summary.trim()]);
}

/** The summary's lines; null when the text is not a summary note. */
export function parseSummaryNote(text: string): SummaryLine[] | null {
  return parseSection(text, SUMMARY_HEADER) === null ? null : summaryLinesIn(text);
}
