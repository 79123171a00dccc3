// Whether a fact may stand as the business's word: the one check applied when
// the memory pass files a fact, when the owner publishes its page, and every
// time a customer's turn reads it. The rules improve; a fact filed under older
// ones is checked again under the current ones before a customer sees it.

import { scanForInjection } from "@/lib/guard/scan";
import { instructionBehind } from "@/lib/guard/sentences";

export type FactToVet = {
  key: string;
  text: string;
  /** The message the fact was taken from, as stored. */
  source: string;
  /**
   * The owner vouched for it: released it from a hold on purpose, or wrote it
   * by hand. Where it came from then no longer counts against it; its own
   * words still do.
   */
  vouched: boolean;
};

const QUOTED_CHARS = 90;

function quoted(sentence: string): string {
  const flat = sentence.replace(/\s+/g, " ").trim();
  return JSON.stringify(flat.length > QUOTED_CHARS ? `${flat.slice(0, QUOTED_CHARS - 1)}…` : flat);
}

/** Why the fact's own words must not be shown as the business's word, or null. */
export function ownWordsHold(fact: Pick<FactToVet, "key" | "text">): string | null {
  const scan = scanForInjection(`${fact.key}\n${fact.text}`);
  return scan.flagged ? `it reads like instructions to the assistant (${scan.reasons.join(", ")})` : null;
}

/** Why the fact must be held for the owner's review, or null when it may stand. */
export function holdReasonFor(fact: FactToVet): string | null {
  const own = ownWordsHold(fact);
  if (own || fact.vouched) return own;
  const behind = instructionBehind(fact.text, fact.source);
  if (!behind) return null;
  const why = behind.reasons.filter((r) => r !== "follows-instruction").join(", ");
  const how = behind.reasons.includes("follows-instruction") ? "follows instructions to the assistant" : "reads like instructions to the assistant";
  return `the sentence it came from ${how} (${why}): ${quoted(behind.text)}`;
}
