import { formatSummaryLine } from "@/lib/contracts/prompt/summary";
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
  return lines.slice(-SUMMARY_LINES).map(formatSummaryLine).join("\n");
}
