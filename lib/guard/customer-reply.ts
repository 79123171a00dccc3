import { parseAskTheBusiness } from "@/lib/contracts/prompt/customer-voice";
import { splitSentences } from "@/lib/guard/sentences";

// A reply in a customer's support chat speaks for the business, never about
// how the assistant works: no page names, no tools or what it opened, no days
// the owner said something on, no "you said" (the customer said nothing the
// business published), no "could you remind me?", and never "noted" or "I'll
// keep that in mind" to a claim, since nothing a customer says is remembered.
// The support persona asks every model for this; this check holds a model that
// slips to it before the customer reads the reply. It drops what speaks of
// the internals, keeps the rest, and when nothing of an answer is left (or the
// reply says it found nothing, or carries the persona's mark for that) it
// tells the customer the business will be asked and follows up.

/** Why part of a reply was taken out. */
export type Correction = "internals" | "owner-date" | "owner-words" | "asks-to-remind" | "remembers-claim" | "found-nothing";

export type CheckedReply = {
  /** What the customer is shown. */
  text: string;
  /** Nothing published answered: the question belongs on the owner's "Unanswered questions". */
  unanswered: boolean;
  /** What was taken out, once each, in the order found. */
  corrections: Correction[];
};

/** What the customer is told when nothing the business published answers a question, or a claim needs the business to confirm it. */
export const FOLLOW_UP_REPLY = "I can't confirm that from what the business has published, so I've passed it on to them. They'll follow up with you.";

/** The words of a reply that hands the question on: a kept sentence that says so needs no second one. */
const HANDS_ON = /\b(?:pass(?:ed|ing)? (?:it|this|that|your \w+) (?:on|along)|(?:ask|check with|confirm with) the (?:business|team|owner)|follow(?:s|ed)? up|get back to you)\b/i;

const DAY_PATTERN = /\b\d{4}-\d{2}-\d{2}\b/g;

/** Parts of a sentence that only say where an answer came from: "From pages/Pricing: ", "(you said this on 2026-11-08)". */
const SOURCE_LEAD = /^(?:(?:also )?(?:from|on|in|per|according to) pages\/[^:]+:\s*|also:\s*)/i;
const ASIDE = /\s*(?:\([^()]*\)|\[[^\]]*\])/g;

const RULES: readonly { correction: Correction; pattern: RegExp }[] = [
  { correction: "internals", pattern: /\bpages\/\S|\b(?:read_page|search_chat_history|tool call|tool result)\b|\[[A-Z][A-Z ]{3,}\]/i },
  { correction: "internals", pattern: /\b(?:opened|searched|looked (?:through|in)|checked) (?:the |my |this |your )?(?:page|pages|thread|notes|memory|records|chat history|conversation history)\b/i },
  { correction: "internals", pattern: /\b(?:my|the assistant's) notes\b|\bmessage #?\d+\b|\b(?:unconfirmed|said by (?:the )?(?:owner|agent)|published by the business|recalled pages?)\b/i },
  { correction: "owner-words", pattern: /\b(?:you (?:said|told me|mentioned|wrote|asked me to)|as you (?:said|put it)|the owner (?:said|told|mentioned|wrote|agreed))\b/i },
  { correction: "asks-to-remind", pattern: /\bremind me\b|\bremind you\b/i },
  {
    correction: "remembers-claim",
    pattern:
      /^(?:noted|got it|understood|will do)\b|\b(?:i'll|i will|i'?ve|i have|we'll|we will) (?:keep (?:that|this|it) in mind|remember|noted|made a note|make a note|note (?:that|this|it)|recorded|saved|logged)\b|\b(?:keep|kept) (?:that|this) on (?:file|record)\b/i,
  },
  {
    correction: "found-nothing",
    pattern:
      /\b(?:could(?:n't| not)|can(?:'t|not)|did(?:n't| not)|was(?:n't| not) able to) (?:find|see|locate)\b|\b(?:don't|do not) (?:see|know)\b|\bnot sure\b|\bno information\b/i,
  },
];

function normalised(text: string): string {
  return text.replace(/[’‘]/g, "'");
}

/** A day the reply names that no published fact shown to it holds: the day the owner said something. */
function ownerDays(text: string, quotable: readonly string[]): string[] {
  return (text.match(DAY_PATTERN) ?? []).filter((day) => !quotable.some((q) => q.includes(day)));
}

/** The sentence without asides and lead-ins that only say where it came from; the corrections that took them. */
function withoutSources(sentence: string, quotable: readonly string[]): { text: string; took: Correction[] } {
  const took: Correction[] = [];
  let text = sentence.replace(SOURCE_LEAD, () => {
    took.push("internals");
    return "";
  });
  text = text.replace(ASIDE, (aside) => {
    const speaks = RULES.some((rule) => rule.correction !== "found-nothing" && rule.pattern.test(aside));
    if (speaks) took.push("internals");
    else if (ownerDays(aside, quotable).length > 0) took.push("owner-date");
    else return aside;
    return "";
  });
  return { text: text.replace(/\s+([.,;:!?])/g, "$1").trim(), took };
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The reply as a customer may read it. `quotable` holds the published fact
 * texts the turn showed the model: a day inside one is the business's own
 * (an opening date), any other day is when the owner said something.
 */
export function checkCustomerReply(reply: string, quotable: readonly string[] = []): CheckedReply {
  const marked = parseAskTheBusiness(normalised(reply));
  const corrections = new Set<Correction>();
  const kept: string[] = [];
  for (const sentence of splitSentences(marked.text)) {
    const { text, took } = withoutSources(sentence, quotable);
    took.forEach((c) => corrections.add(c));
    const broken = RULES.filter((rule) => rule.pattern.test(text)).map((rule) => rule.correction);
    if (ownerDays(text, quotable).length > 0) broken.push("owner-date");
    broken.forEach((c) => corrections.add(c));
    if (broken.length === 0 && /[\p{L}\p{N}]/u.test(text)) kept.push(capitalised(text));
  }
  const unanswered = marked.asked || corrections.has("found-nothing") || corrections.has("asks-to-remind") || corrections.has("remembers-claim") || kept.length === 0;
  if (!unanswered) return { text: kept.join(" "), unanswered, corrections: [...corrections] };
  const handedOn = kept.some((s) => HANDS_ON.test(s));
  return { text: [...kept, ...(handedOn ? [] : [FOLLOW_UP_REPLY])].join(" "), unanswered, corrections: [...corrections] };
}
