import type { PassMessage, SummaryLine, SummaryView } from "@/lib/models/offline/prompt-reader";
import { isDurable } from "@/lib/models/offline/signals";
import { clipChars, sentences, stripLeadIn } from "@/lib/models/offline/text";

// The summarising call of a Hermes-style compressor: the previous summary plus
// the durable sentences of the new messages, one line each. Only the latest
// lines survive, so the oldest details fall out as the middle grows; a real
// summariser loses detail too, and the comparison should feel that.

/** Lines a summary keeps; older ones are dropped first. */
export const SUMMARY_LINES = 8;
const MAX_LINE_CHARS = 200;

/** "- 2026-10-02 owner: The Main St lease came back at $2,350 a month." */
function summaryLineText(line: SummaryLine): string {
  return `- ${line.day} ${line.speaker}: ${line.text}`;
}

function durableLines(message: PassMessage): SummaryLine[] {
  const { speaker } = message;
  if (speaker === "customer") return [];
  return sentences(message.text)
    .map(stripLeadIn)
    .filter((sentence) => isDurable(sentence, speaker))
    .map((sentence) => ({ day: message.day, speaker, text: clipChars(sentence, MAX_LINE_CHARS) }));
}

/** The updated summary, or "" when neither the previous summary nor the new messages hold anything concrete. */
export function offlineSummary(view: SummaryView): string {
  const lines = [...view.previous, ...view.messages.flatMap(durableLines)];
  return lines.slice(-SUMMARY_LINES).map(summaryLineText).join("\n");
}
