// The injection scan for stored text that reaches a prompt (design §06.4).
// Buffer gists are model-written from conversations that may quote a customer,
// a pasted email or a web page, so a line can carry someone else's instructions
// into every later turn. The text is read as written and with each disguise
// undone (lib/guard/normalise.ts), and every reading is matched against rules
// for the shape of an attack (lib/guard/rules/, one file per family); a small classifier trained on
// the tuning corpus (lib/guard/classifier.ts) catches paraphrases of them.

import { classifierFlags } from "@/lib/guard/classifier";
import { CONDENSE_FROM, CONTROL, EMOJI_JOINER, HIDDEN, condense, hasLookalikeWord, readings, stripInvisible } from "@/lib/guard/normalise";
import { PLAIN_RULES, READING_RULES } from "@/lib/guard/rules/index";

export type ScanResult = {
  flagged: boolean;
  /** Short names of the rule families that matched, e.g. "role-tag", "override-instruction". */
  reasons: string[];
};

/**
 * Flags stored text that reads as an attempt to steer the model rather than a
 * note about the business. Prefer the raw text as stored: hidden characters and
 * line breaks are evidence in themselves, and neutralise() removes both.
 */
export function scanForInjection(text: string): ScanResult {
  const reasons = new Set<string>();
  if (HIDDEN.test(text.replace(EMOJI_JOINER, ""))) reasons.add("hidden-char");
  if (CONTROL.test(text)) reasons.add("control-char");
  if (hasLookalikeWord(text)) reasons.add("homoglyph");
  const { plain, decoded, encodedSentences, spelledOutSteering } = readings(text.length > CONDENSE_FROM ? condense(text) : text);
  if (encodedSentences.length > 0 || spelledOutSteering) reasons.add("encoded-instruction");
  for (const { family, pattern } of PLAIN_RULES) {
    if (plain.some((reading) => pattern.test(reading))) reasons.add(family);
  }
  for (const { family, pattern, script } of READING_RULES) {
    const matches = (reading: string) => (!script || script.test(reading)) && pattern.test(reading);
    if (plain.some(matches)) {
      reasons.add(family);
    } else if (decoded.some(matches)) {
      reasons.add("encoded-instruction");
      reasons.add(family);
    }
  }
  // The classifier is a second opinion for what no rule describes, so it only runs when none matched.
  if (reasons.size === 0 && classifierFlags(plain[0])) reasons.add("classifier");
  return { flagged: reasons.size > 0, reasons: [...reasons] };
}

/**
 * Flattens stored text to one plain line. Applied to every line, flagged or
 * not, so a gist can never open a new line in the block, fake a role marker at
 * a line start, or carry characters the reader cannot see.
 */
export function neutralise(text: string): string {
  return stripInvisible(text).replace(/\s+/g, " ").trim();
}
