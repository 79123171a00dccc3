import { adverbSenses, isKnown, nounSenses, verbSenses } from "@/lib/models/offline/meaning";
import { term, terms, words } from "@/lib/models/offline/text";

/** What kind of value a sentence carries; it names the key of a fact on its page. */
export type Facet = "choice" | "proposal" | "date" | "money" | "quantity" | "name" | "detail";

/** Words that already say what kind of value a key holds, so no kind is added after them. */
export const FACET_WORDS: Record<Facet, string> = {
  choice: "choice",
  proposal: "suggestion",
  date: "date",
  money: "price",
  quantity: "amount",
  name: "name",
  detail: "note",
};

/** The kind of a money value that is a share ("up 7%", "2.9% a swipe"): no price, so it never restates one. */
export const SHARE_WORD = "share";

/** A key that is only a kind of value ("price", "date"): it names no subject of its own. */
export const isKindOnly = (key: string) => [...Object.values(FACET_WORDS), SHARE_WORD].includes(key.trim().toLowerCase());

// What a sentence is: a question, small talk, a request, or a durable fact
// carrying a concrete value, a decision or a preference.

/** Curly apostrophes become straight ones so one pattern covers every keyboard. */
function plain(text: string): string {
  return text.replace(/[’‘]/g, "'");
}

const MONTH =
  "(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)";
const WEEKDAY = "(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)";
const UNIT =
  "(?:sq\\.?\\s?ft|square\\s+f(?:ee|oo)t|sqft|staff|people|employees|workers|hours?|hrs?|days?|weeks?|months?|years?|units?|boxes|cases|" +
  "lbs?|pounds|kg|miles|seats|tables|shifts|items|pieces|dozen|orders|customers|locations|stores|quotes|options)";
const NUMBER_WORD = "(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|fifty|hundred)";

const MONEY = [/\$\s?\d/, /\b\d[\d,]*(?:\.\d+)?\s?(?:k|dollars?|bucks|usd)\b/i, /\d\s?(?:%|percent\b)/i];
const DATE = [
  /\b\d{4}-\d{2}-\d{2}\b/,
  new RegExp(`\\b${MONTH}\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?\\b`, "i"),
  new RegExp(`\\b\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH}\\b`, "i"),
  new RegExp(`\\b(?:next|this|by|on|until|before|after|every|from)\\s+(?:${WEEKDAY}s?|week|weekend|month|year|quarter)\\b`, "i"),
  new RegExp(`\\b(?:in|by|until|before|after|from|since|through)\\s+${MONTH}\\b`, "i"),
  /\b(?:tomorrow|tonight|end of (?:the )?(?:week|month|year|quarter))\b/i,
  /\b\d{1,2}\/\d{1,2}(?:\/\d{2,4})?\b/,
];
const QUANTITY = new RegExp(`\\b(?:\\d[\\d,]*(?:\\.\\d+)?|${NUMBER_WORD})\\s?-?${UNIT}\\b`, "i");

const FINAL_DECISION =
  /\b(?:decided|decide to|we'll go with|we will go with|let's go with|going with|go with|chose|chosen|picked|signed|booked|hired|settled on|agreed|locked in|confirmed|let's do)\b/i;
const LEANING = /\bleaning (?:to|toward|towards)\b/i;
const TENTATIVE = /\b(?:leaning|thinking (?:about|of)|considering|maybe|might|not sure|probably)\b/i;
const PREFERENCE = /\b(?:i|we)(?:'d| would)? (?:really )?(?:prefer|want|like|love|rather|need)\b/i;
const PROPOSAL = /\b(?:i (?:would |'d )?(?:suggest|recommend|propose)|my suggestion|how about|you could|you might|consider|why not)\b/i;
/** A decision being reversed: "scrap X", "we're doing Y instead", "we moved it to …". */
const REVERSAL =
  /\b(?:instead|scrap(?:ped|ping)?|switch(?:ed|ing)?|moved?|moving|push(?:ed)? (?:it |that |the \w+ )?(?:back|out|to)|cancel(?:l?ed)?|no longer|not anymore|after all|rather than|replac(?:e|ed|ing)|scratch that|forget (?:the|that|about))\b/i;
/** A value being updated, which on its own does not say which value: "actually it's $N now", "prices went up". */
const UPDATE = /\b(?:change[ds]?|changing|bump(?:ed)?|rais(?:e|ed|ing)|lower(?:ed|ing)?|dropp?(?:ed|ing)?|anymore|went up|goes up|go up|now|actually|update[ds]?|correction)\b/i;
const DONE = /\b(?:done|finished|completed|sent|paid|submitted|installed|launched|delivered)\b/i;

const QUESTION_START =
  /^(?:what|whats|which|who|whos|whom|whose|when|where|wheres|why|how|hows|remind me|do you (?:remember|recall|know)|did (?:we|i|you)|do (?:we|i)|does|have (?:we|i|you)|are (?:we|you)|is (?:it|there|the|our|that|this)|was (?:it|there|the|that)|can you (?:remind|tell)|could you (?:remind|tell)|tell me|give me (?:the|our|that))\b/i;
const REQUEST_START = /^(?:please(?! (?:note|remember|keep in mind))|can you|could you|would you|will you|help me|let me know|show me|draft|write|send|make|create|prepare)\b/i;
const ASKS_FOR_IDEAS =
  /\b(?:suggest|suggestions?|recommend|recommendations?|ideas?|advice|advise|what do you think|what should (?:we|i)|should (?:we|i))\b/i;
const RECALLS_IDEAS = /\bdid (?:you|we|i)\b|\byou (?:suggested|recommended|advised)\b|\b(?:was|were)\b/i;

const SMALL_TALK_WORDS = new Set(
  (
    "hi hello hey there thanks thank you so much good morning afternoon evening night how are is it going bye goodbye ok okay " +
    "cool great nice awesome sounds perfect cheers miles yes no sure alright lol haha appreciate doing today see later talk soon " +
    "have a day weekend the all got that well you're welcome np yep yeah nope fine"
  ).split(" "),
);

const NOT_NAMES = new Set(["I", "I'm", "I've", "I'll", "I'd", "OK", "Ok"]);
const CALENDAR_NAMES = new Set(
  "january february march april may june july august september october november december monday tuesday wednesday thursday friday saturday sunday"
    .split(" ")
    .flatMap((w) => [w, w.slice(0, 3)]),
);

/** A capitalised word that may be part of a name: not "I", "OK", a month or a weekday. */
const mayName = (word: string | undefined) =>
  word !== undefined && /^\p{Lu}/u.test(word) && !NOT_NAMES.has(word) && !CALENDAR_NAMES.has(word.toLowerCase().replace(/s$/, ""));

/**
 * Whether a sentence's first word begins the name right after it: "Juniper
 * Ridge Feed is our supplier", "Heron Point Mutual quoted …". A word that
 * can open a sentence on its own does not: a verb ("Ask Tern Hollow Farm
 * …"), an adverb ("Yesterday Anselm …"), a word WordNet has no noun
 * for that is a word of its own ("Our", "The"), not a brand ("Acme Tile").
 */
export function opensName(first: string, next: string | undefined): boolean {
  const lower = first.toLowerCase().replace(/'s$/, "");
  const thing = nounSenses(lower) > 0 || (term(lower) !== null && !isKnown(lower));
  return mayName(first) && mayName(next) && thing && verbSenses(lower) === 0 && adverbSenses(lower) === 0;
}

/**
 * Runs of capitalised words after the sentence start ("Cedar Lane", "Greta"), and
 * from it when a name begins there: the names of places, people and businesses.
 * Months and weekdays are dates, not names.
 */
export function nameRuns(sentence: string): string[] {
  const runs: string[][] = [[]];
  // "&" joins the names of one firm ("Pike & Sons").
  // A hyphen joins one name's parts: "Bay-Side Glass", a product code "R-22B".
  const tokens = plain(sentence).match(/&|[\p{L}\p{N}]+(?:(?:'|-|[.,](?=\p{N}))[\p{L}\p{N}]+)*/gu) ?? [];
  tokens.forEach((w, i) => {
    const current = runs[runs.length - 1];
    const joins = w === "&" && current.length > 0 && /^\p{Lu}/u.test(tokens[i + 1] ?? "");
    const named = joins || (i > 0 ? mayName(w) : opensName(w, tokens[1]));
    if (named) current.push(w.replace(/'s$/i, ""));
    else if (current.length > 0) runs.push([]);
  });
  return runs.filter((r) => r.length > 0).map((r) => r.join(" "));
}

export function hasMoney(sentence: string): boolean {
  return MONEY.some((p) => p.test(sentence));
}

export function hasDate(sentence: string): boolean {
  return DATE.some((p) => p.test(sentence));
}

function hasConcreteValue(sentence: string): boolean {
  return /\d/.test(sentence) || hasDate(sentence) || QUANTITY.test(sentence) || nameRuns(sentence).length > 0;
}

export function isDecided(text: string): boolean {
  return FINAL_DECISION.test(plain(text));
}

/** "Leaning to the cheaper one": a choice not yet final, but the answer to "which did we like?". */
export function isLeaning(text: string): boolean {
  return LEANING.test(plain(text));
}

export function isTentative(text: string): boolean {
  return TENTATIVE.test(plain(text));
}

export function isReversal(text: string): boolean {
  return REVERSAL.test(plain(text));
}

export function isUpdate(text: string): boolean {
  return UPDATE.test(plain(text));
}

export function isDone(text: string): boolean {
  return DONE.test(plain(text));
}

function isProposal(sentence: string): boolean {
  return PROPOSAL.test(plain(sentence));
}

/** "I suggest a 3-day trial" → "a 3-day trial": what was proposed, without who proposed it. */
export function withoutProposalLead(sentence: string): string {
  return plain(sentence).replace(
    /^.*?\b(?:i (?:would |'d )?(?:suggest|recommend|propose)(?: that)?|my suggestion is|how about|you could|you might|consider|why not)\s+/i,
    "",
  );
}

function isChoice(sentence: string): boolean {
  const s = plain(sentence);
  return FINAL_DECISION.test(s) || LEANING.test(s) || PREFERENCE.test(s) || PROPOSAL.test(s);
}

/** "slatebook is how much a month again", "the deposit was when": the asking word after the thing asked about, as owners type. */
const ASKS_AFTER = /\b(?:is|was|are|were)\s+(?:how\s+(?:much|many|long|often|far)|when|who)\b(?![^.!]*[.!]$)/i;

/**
 * "The walk-in freezer is rattling again, who's the repair company we used?", "drawing a blank on his name, what is it": the asking clause
 * after what it is about. A relative clause after a name gives a value ("Hired Ines, who's the best welder around") and
 * is no question.
 */
const ASKS_LAST = /,\s*(?:so\s+)?(?:what|who)(?:['’]s|s|\s+is|\s+was|\s+are|\s+were)\s+(?:it|that|the|this|his|her|their|our)\b[^,.!]*$/i;

export function isQuestion(sentence: string): boolean {
  const s = plain(sentence).trim();
  return s.endsWith("?") || (QUESTION_START.test(s) && !SAYS_WHEN_OR_WHERE.test(s)) || ASKS_AFTER.test(s) || (ASKS_LAST.test(s) && !hasConcreteValue(s));
}

/** "When we close, Tern Hollow Linen does the pickup.": a clause of when or where, then the statement it sets, ended as one. */
const SAYS_WHEN_OR_WHERE = /^(?:when|where|whenever|wherever)\b[^?]*,\s*[^?]*[.!]$/i;

/** "Can you help me keep track of orders?": asking for help, not about something said before. */
export function isHelpRequest(sentence: string): boolean {
  return /^(?:(?:can|could|would|will) you (?:please )?help|(?:please )?help me|i (?:need|'d like|would like) (?:some )?help)\b/i.test(plain(sentence).trim());
}

export function isRequest(sentence: string): boolean {
  return REQUEST_START.test(plain(sentence).trim());
}

export function isSmallTalk(text: string): boolean {
  const all = words(plain(text).toLowerCase());
  return all.length > 0 && all.every((w) => SMALL_TALK_WORDS.has(w));
}

/** "Any ideas?", "what do you suggest?", but not "what did you suggest?" or "what was the idea?", which recall one. */
export function isSuggestionRequest(text: string): boolean {
  const s = plain(text);
  return ASKS_FOR_IDEAS.test(s) && !RECALLS_IDEAS.test(s);
}

/** Cites a page or a message: it restates what memory already holds. */
function citesMemory(sentence: string): boolean {
  return /\bpages\/|\bmessage #\d/.test(sentence);
}

/** A statement that holds something worth remembering (not a question, not small talk). */
export function carriesFact(sentence: string): boolean {
  if (isQuestion(sentence) || isSmallTalk(sentence)) return false;
  return hasConcreteValue(sentence) || isChoice(sentence);
}

/**
 * Whether a sentence is a durable fact for long-term memory. The owner's
 * statements count when concrete; the agent's only when they propose
 * something concrete, since its acknowledgements merely restate the owner.
 */
export function isDurable(sentence: string, speaker: "owner" | "agent"): boolean {
  if (!carriesFact(sentence) || isRequest(sentence)) return false;
  if (speaker === "agent") return isProposal(sentence) && hasConcreteValue(sentence) && !citesMemory(sentence);
  // A decision needs what was decided: "decided." on its own says nothing.
  return isDecided(sentence) ? terms(plain(sentence).replace(FINAL_DECISION, " ")).length >= 1 : terms(sentence).length >= 2;
}

/** A period a value holds for ("up 13% this month", "$400 every week"): when the sentence states a number, that is its value. */
const PERIOD = /\b(?:this|next|last|every|per|a)\s+(?:week|month|year|quarter)\b/gi;

/**
 * The kind of value a fact carries. A decision outranks the numbers in it, so
 * "signed at $2,300" is the chosen lease; a proposal is its own kind, so the
 * agent's idea never takes the key of the owner's choice.
 */
export function facetOf(sentence: string): Facet {
  if (isProposal(sentence)) return "proposal";
  if (isChoice(sentence)) return "choice";
  if (hasDate(sentence) && (hasDate(sentence.replace(PERIOD, " ")) || !/\d/.test(sentence))) return "date";
  if (hasMoney(sentence)) return "money";
  if (/\d/.test(sentence) || QUANTITY.test(sentence)) return "quantity";
  if (nameRuns(sentence).length > 0) return "name";
  return "detail";
}
