import { adjectiveSenses, isKindOf, nounSenses } from "@/lib/models/offline/meaning";
import { hasDate, hasMoney, isDecided, isLeaning, nameRuns } from "@/lib/models/offline/signals";
import { words } from "@/lib/models/offline/text";

// What a question asks for, after the classic reading of a question by its
// wh-word and the noun it asks about (Li & Roth's question classes: a person,
// a place, a time, an amount): "who" wants a name, "when" a date, "how much"
// an amount. "What" and "which" ask for whatever their noun is a kind of in
// WordNet: "which street" a place, "what date" a time, "what fee" an amount;
// asking which one was chosen ("which did we go with?") wants a decision.

export type Asked = "person" | "place" | "time" | "amount" | "count" | "choice";

const CATEGORIES: ReadonlyArray<readonly [Asked, readonly string[]]> = [
  ["time", ["time period", "time unit"]],
  ["amount", ["cost", "monetary value", "sum"]],
  ["place", ["location", "thoroughfare"]],
  ["person", ["person", "organization"]],
];

const plain = (text: string) => text.replace(/[’‘]/g, "'").toLowerCase();

/** Verbs that ask what was paid: "what does it cost us?", "what do we charge?" */
const PAYING = /\b(?:cost|costs|charge|charges|pay|paying|spend|spending|owe)\b/;
/** Asking which option was taken. */
const CHOOSING = /\b(?:decided?|pick(?:ed)?|choose|chose|chosen|go(?:ing)? with|went with|settled?|land(?:ed)?|liked?|prefer(?:red)?|sign(?:ed)? (?:on|with))\b/;

const SKIPPED = new Set("the a an our my your their its this that kind kinds of sort type".split(" "));
const AUXILIARY = /^(?:is|are|was|were|do|does|did|will|would|can|could|should|has|have|had)$/i;

/**
 * The noun a "what"/"which" asks about, right after it, past determiners,
 * names and adjectives ("what kind of fee" → "fee", "what's the new street"
 * → "street"); none for "what does it cost".
 */
function askedNoun(text: string): string | null {
  const all = words(text);
  const at = all.findIndex((w) => /^(?:what|which|what's)$/i.test(w));
  if (at < 0) return null;
  for (const word of all.slice(at + 1, at + 5)) {
    const lower = word.toLowerCase().replace(/['’]s$/, "");
    if (AUXILIARY.test(lower)) return null;
    if (SKIPPED.has(lower) || /^\p{Lu}/u.test(word) || (adjectiveSenses(lower) > 0 && nounSenses(lower) < adjectiveSenses(lower))) continue;
    return lower;
  }
  return null;
}

/** What the question asks for, or null when it asks for nothing in particular ("what did the supplier say?"). */
export function askedFor(question: string): Asked | null {
  const text = plain(question);
  if (/\bhow (?:much|expensive)\b/.test(text)) return "amount";
  if (/\bhow many\b/.test(text)) return "count";
  if (/\b(?:when|how soon)\b/.test(text)) return "time";
  if (/\bwhere\b/.test(text)) return "place";
  if (/\bwho(?:m|se)?\b/.test(text)) return "person";
  const noun = askedNoun(text);
  if (noun) {
    const category = CATEGORIES.find(([, lemmas]) => isKindOf(noun, lemmas));
    if (category) return category[0];
    if (/\b(?:what|which)\b/.test(text) && CHOOSING.test(text)) return "choice";
  }
  if (/\b(?:what|which)\b/.test(text) && PAYING.test(text)) return "amount";
  return null;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

const STREET = /\b(?:st|street|ave|avenue|rd|road|blvd|boulevard|dr|drive|ln|lane|hwy|highway)\.?$/i;

/** A name is a place when it is a street or sits where places go: "on Cedar Lane", "at the Hillcrest mall". */
function isPlace(run: string, sentence: string): boolean {
  return STREET.test(run) || new RegExp(`\\b(?:at|on|in|to|near|off|from)\\s+(?:the\\s+)?${escapeRegExp(run)}`).test(sentence);
}

/** Names the question already says are the setting, not the answer. */
function newNames(sentence: string, question: string): string[] {
  const asked = question.toLowerCase();
  return nameRuns(sentence).filter((run) => !asked.includes(run.toLowerCase()));
}

/** Whether a sentence holds a value of the asked-for kind that the question does not already name. */
export function carriesAnswer(sentence: string, asked: Asked, question: string): boolean {
  switch (asked) {
    case "time":
      return hasDate(sentence);
    case "amount":
      return hasMoney(sentence);
    case "count":
      return /\d/.test(sentence.replace(new RegExp(escapeRegExp(question), "g"), ""));
    case "place":
      return newNames(sentence, question).some((run) => isPlace(run, sentence));
    case "person":
      return newNames(sentence, question).length > 0;
    case "choice":
      // Wants and proposals are not decisions: "we need two more vans" answers no "which did we go with?".
      return isDecided(sentence) || isLeaning(sentence) || newNames(sentence, question).length > 0;
  }
}
