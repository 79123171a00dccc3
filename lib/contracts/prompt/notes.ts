import { parseBufferBlock } from "@/lib/contracts/prompt/buffer-block";
import { parseNotShownNote } from "@/lib/contracts/prompt/not-shown";
import { parseSummaryNote } from "@/lib/contracts/prompt/summary";

/**
 * Whether a text part of the conversation is one of the agent's notes (the
 * buffer block, a compressor's summary, what is not shown) rather than a
 * message: notes ride in user turns, each a text part of its own.
 */
export function isPromptNote(text: string): boolean {
  return parseBufferBlock(text) !== null || parseSummaryNote(text) !== null || parseNotShownNote(text) !== null;
}
