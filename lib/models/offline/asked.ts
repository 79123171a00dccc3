import { adjectiveSenses, adverbSenses, isGeneral, isKindOf, isKindOrSame, isThoughtOrSaid, isValueWord, namesSomeone, nounSenses, verbSenses } from "@/lib/models/offline/meaning";
import { hasDate, hasMoney, isDecided, isLeaning, nameRuns } from "@/lib/models/offline/signals";
import { nounPhrases, phraseWords } from "@/lib/models/offline/subject";
import { PREPOSITIONS, escapeRegExp, words } from "@/lib/models/offline/text";

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

/** Verbs that ask what was paid: "what does it cost us?", "what do we charge?", "what goes out to the supplier monthly?" */
const PAYING = /\b(?:cost|costs|costing|charge|charges|charging|charged|pay|paying|paid|spend|spending|spent|owe|(?:goes|shell|shelling|fork|forking) out|(?:runs?|running|ran|sets?|setting) (?:us|me)(?: back)?)\b/;
/** What someone earns, by the hour or the month: "what's Rowan making an hour now?", "what does she earn?" */
const EARNING = /\b(?:earns?|earning|earned|(?:makes?|making|made|gets?|getting|got|pulls?|pulling)\s+(?:an?|per|each)\s+(?:hour|hr|day|shift|week|month|year))\b/;
/** Asking which option was taken. */
const CHOOSING = /\b(?:decided?|pick(?:ed)?|choose|chose|chosen|go(?:ing)? with|went with|settled?|land(?:ed)?|liked?|prefer(?:red)?|sign(?:ed)? (?:on|with))\b/;

const SKIPPED = new Set("the a an our my your their its this that kind kinds of sort type".split(" "));
// Modals too: "by which date MUST the trailer be back" ends the noun at "date".
const AUXILIARY = /^(?:am|is|are|was|were|do|does|did|will|would|can|could|should|must|may|might|shall|has|have|had)$/i;
const COPULA = /^(?:is|are|was|were)$/i;

/**
 * The noun a "what"/"which" asks about, right after it, past determiners,
 * names and adjectives ("what kind of fee" → "fee", "what's the new street"
 * → "street"); none for "what does it cost".
 */
export function askedNoun(text: string): string | null {
  // Hyphenated words stay whole: "in-home", "two-story".
  const all = phraseWords(text);
  // "whats", as owners type it, is "what's".
  const at = all.findIndex((w) => /^(?:what|which|what['’]?s)$/i.test(w));
  if (at < 0) return null;
  const linked = /^what['’]?s$/i.test(all[at]);
  const after = all.slice(at + 1, at + 7).map((w) => ({ word: w, lower: w.toLowerCase().replace(/['’]s$/, "") }));
  for (const [i, { word, lower }] of after.entries()) {
    // "What was THE annual premium": a form of "be" before a determiner links the noun; "what does it cost" names none.
    if (i === 0 && COPULA.test(lower) && SKIPPED.has(after[1]?.lower ?? "")) continue;
    if (AUXILIARY.test(lower)) return null;
    // "Bettina's hourly rate": whose it is, before what it is.
    const possessor = /['’]s$/.test(word) && i < after.length - 1;
    // "Our standard IN-HOME cleaning price": a word joined by a hyphen before another describes it.
    const joined = /-/.test(word) && i < after.length - 1;
    if (possessor || joined || SKIPPED.has(lower) || /^\p{Lu}/u.test(word) || (adjectiveSenses(lower) > 0 && nounSenses(lower) < adjectiveSenses(lower))) continue;
    // The head of a compound: "what's the veteran DISCOUNT", "the open studio MEMBERSHIP", "our monthly parts SPEND".
    let head = lower;
    for (const [j, next] of after.slice(i + 1).entries()) {
      if (/^(?:spend|spending)$/.test(next.lower)) return "cost";
      // "rate NOW": a word read mostly as an adverb ends the noun.
      const nouns = nounSenses(next.lower);
      // A gerund before a noun names a kind of it: "the cleaning PRICE", "the washing FEE".
      const then = after[i + j + 2]?.lower ?? "";
      const gerundOfCompound = /ing$/.test(next.lower) && !SKIPPED.has(then) && nounSenses(then) > 0 && nounSenses(then) >= verbSenses(then);
      if (!gerundOfCompound && (AUXILIARY.test(next.lower) || nouns === 0 || nouns < verbSenses(next.lower) || nouns < adverbSenses(next.lower))) break;
      // After "what's", a noun an auxiliary follows opens a clause of its own: "what's the last day STUDENTS can sign up".
      if (linked && AUXILIARY.test(all[at + i + j + 3] ?? "")) break;
      head = next.lower;
    }
    return head;
  }
  return null;
}

/** What the question asks for, or null when it asks for nothing in particular ("what did the supplier say?"). */
/** The wh-words that ask for a kind of value by themselves. */
const ASKS: ReadonlyArray<readonly [RegExp, Asked]> = [
  [/\bhow (?:much|expensive)\b/, "amount"],
  [/\bhow many\b/, "count"],
  [/\b(?:when|how soon)\b/, "time"],
  [/\bwhere\b/, "place"],
  [/\bwho(?:m|se)?\b/, "person"],
];

export function askedFor(question: string): Asked | null {
  const text = plain(question);
  // The first wh-word asks: "who teaches the class where …" wants a person, not a place.
  const whats = /\b(?:what|which)\b/.exec(text)?.index ?? Infinity;
  const [first] = ASKS.map(([pattern, asked]) => ({ asked, at: pattern.exec(text)?.index ?? Infinity }))
    .filter((a) => a.at < whats)
    .sort((a, b) => a.at - b.at);
  if (first) return first.asked;
  // "The name of the lady who …", "the full name of the kid I'm training": a person's name.
  if (/\bnames?\s+of\b/.test(text) && focusOf(text).some(namesSomeone)) return "person";
  const noun = askedNoun(text);
  // "What are the payment terms with …": the terms a payment is made on ("net 30") are a condition, not the price WordNet
  // also calls "terms".
  if (noun === "terms" && /\bpayment\s+terms\b/.test(text)) return null;
  if (noun) {
    const category = CATEGORIES.find(([, lemmas]) => isKindOf(noun, lemmas));
    if (category) return category[0];
    // A noun that is a cost in a sense in use, though not its commonest: "the hourly rate".
    if (isKindOrSame(noun, "cost")) return "amount";
    if (/\b(?:what|which)\b/.test(text) && CHOOSING.test(text)) return "choice";
  }
  if (/\b(?:what|which)\b/.test(text) && (PAYING.test(text) || EARNING.test(text))) return "amount";
  return null;
}

/** "What monthly AMOUNT …", "which DATE …", "what's the NAME of …": the noun names the kind of value asked for, not a thing it is asked about. */
export const namesValue = (noun: string) => namesKind(noun, "amount") || namesKind(noun, "time") || isKindOrSame(noun, "cost") || isKindOrSame(noun, "name");

/**
 * The noun that names the kind of value a question asks for before what it is the value of ("what's the NAME of the lady
 * …", "the COST of the van"), if one does. Alone it is what is asked about: "what's the rent?".
 */
export function valueNounAsked(text: string): string | null {
  const lower = text.toLowerCase();
  const noun = askedNoun(lower);
  return noun !== null && namesValue(noun) && new RegExp(`\\b${escapeRegExp(noun)}\\s+of\\b`).test(lower) ? noun : null;
}

/** "What do we pay each year for the COVERAGE …": a noun for a kind of value that a payment is for names what is paid for. */
export function isPaidFor(question: string, noun: string): boolean {
  const text = plain(question);
  return PAYING.test(text) && new RegExp(`\\bfor\\s+(?:(?:the|our|a|an|that|this|my|their|his|her)\\s+)?(?:\\p{L}+\\s+)?${escapeRegExp(noun)}\\b`, "u").test(text);
}

/** Whether a noun names a thing of the asked-for kind: "technician" is a person, "warehouse" a place. */
export function namesKind(noun: string, asked: Asked): boolean {
  const lemmas = CATEGORIES.find(([kind]) => kind === asked)?.[1];
  return lemmas !== undefined && isKindOf(noun, lemmas);
}

const STREET = /\b(?:st|street|ave|avenue|rd|road|blvd|boulevard|dr|drive|ln|lane|hwy|highway)\.?$/i;

/** A name is a place when it is a street or sits where places go: "on Cedar Lane", "at the Hillcrest mall". */
function isPlace(run: string, sentence: string): boolean {
  return STREET.test(run) || new RegExp(`\\b(?:at|on|in|to|near|off|from)\\s+(?:the\\s+)?${escapeRegExp(run)}`).test(sentence);
}

/**
 * A name after an article names a thing ("the Riverside shop", "a 2021
 * Ford Ranger", "an Epson printer"), as a person's name never follows one.
 */
function namesAThing(run: string, sentence: string): boolean {
  return new RegExp(`\\b(?:the|a|an)\\s+(?:\\d+\\s+)?${escapeRegExp(run)}\\b`, "i").test(sentence);
}

/** "I own Harbor Dive Co", "we run Bright Tide": the owner's own business, which answers no "who …?" about the people in it. */
function namesOwnBusiness(run: string, sentence: string): boolean {
  return new RegExp(`\\b(?:i|we)\\s+(?:own|run|started|opened|founded)\\s+${escapeRegExp(run)}\\b`, "i").test(sentence);
}

/** Names the question already says are the setting, not the answer. */
function newNames(sentence: string, question: string): string[] {
  const asked = question.toLowerCase();
  return namesOf(sentence).filter((run) => !asked.includes(run.toLowerCase()));
}

/** The names a text uses; a month or a weekday is a date, not someone's or somewhere's name. */
export function namesOf(text: string): string[] {
  return nameRuns(text).filter((run) => !hasDate(`${run} 1`) && !hasDate(run));
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
      // "the Riverside shop", "the Gold Plan package", "Elm Street": what a thing or a place is called is nobody's name.
      return newNames(sentence, question).some((run) => !STREET.test(run) && !namesAThing(run, sentence) && !namesOwnBusiness(run, sentence));
    case "choice":
      // Wants and proposals are not decisions: "we need two more vans" answers no "which did we go with?".
      return isDecided(sentence) || isLeaning(sentence) || newNames(sentence, question).length > 0;
  }
}

/** Words of money the business takes in: what it charges, bills, sells for. */
const TAKES_IN = /\b(?:charge|charges|charging|charged|bill|bills|billing|billed|sell|sells|selling|sold)\b/;
/** Words of money the business pays out: what it buys, pays, spends, leases or rents. */
const PAYS_OUT = /\b(?:buy|buys|buying|bought|pay|pays|paying|paid|spend|spends|spending|spent|lease|leases|leasing|leased|costs? us|owe|owes)\b/;

const moneyWay = (text: string) => {
  const [taken, paid] = [TAKES_IN.test(text), PAYS_OUT.test(text)];
  return taken === paid ? null : taken ? "in" : "out";
};

/**
 * Whether a candidate states money going the other way than the question
 * asks: "what do we charge to fix a flat?" is not answered by what the
 * business pays its parts supplier, nor "what does the van cost us?" by
 * what it charges customers. A candidate that says neither way, or both,
 * may answer either.
 */
export function paysOtherWay(question: string, candidate: string): boolean {
  const [asked, stated] = [moneyWay(plain(question)), moneyWay(plain(candidate))];
  return asked !== null && stated !== null && asked !== stated;
}

/** The periods an amount is given per: "a month", "/mo", "yearly", "an hour". */
const PERIODS: ReadonlyArray<readonly [string, RegExp]> = [
  ["hour", /\b(?:an?|per|each|every)\s+(?:hour|hr)\b|\bhourly\b|\/\s?(?:hr|hour)\b/],
  ["day", /\b(?:a|per|each|every)\s+day\b|\bdaily\b|\/\s?day\b/],
  ["week", /\b(?:a|per|each|every)\s+(?:week|wk)\b|\bweekly\b|\/\s?(?:wk|week)\b/],
  ["month", /\b(?:a|per|each|every)\s+(?:month|mo)\b|\bmonthly\b|\/\s?(?:mo|month)\b/],
  ["year", /\b(?:a|per|each|every)\s+(?:year|yr)\b|\b(?:yearly|annual|annually)\b|\/\s?(?:yr|year)\b/],
];

function periodsOf(text: string): string[] {
  const lower = plain(text);
  return PERIODS.filter(([, pattern]) => pattern.test(lower)).map(([period]) => period);
}

/**
 * How a candidate's amount stands to the period the question asks it per:
 * "same" when it gives it per that period, "other" when only per another
 * ("what do we pay each month?" is not answered by "$4,780 a year", nor
 * "how much a year?" by "$17.60 an hour"), null when either names none.
 */
export function periodAgreement(question: string, candidate: string): "same" | "other" | null {
  const asked = periodsOf(question);
  const stated = periodsOf(candidate);
  if (asked.length === 0 || stated.length === 0) return null;
  return stated.some((period) => asked.includes(period)) ? "same" : "other";
}

const WH = /^\s*(what|which|who|whom|whose|when|where|why|how(?:\s+(?:much|many|long|often|soon|far|big))?)(?:['’]s)?\b/i;

/**
 * The clause that asks: the question itself, or the one a wh-word opens after
 * what sets the scene ("Before I sign, WHAT did …", "A school wants thirty
 * lunches: HOW MUCH do I quote …").
 */
function askingClause(question: string): string | null {
  if (WH.test(question)) return question;
  return question.split(/[,:;]\s+|\s[—–-]\s/).slice(1).find((part) => WH.test(part)) ?? null;
}

/** Where the asking part of a question ends: a subordinate or relative clause ("… when someone locks themselves out", "the machine that …"). */
const ASKING_ENDS = /\b(?:when|if|because|since|while|that|which|where|who|whom|so|in case)\b/i;

/**
 * What a question asks about, the focus of classic question analysis: the
 * noun phrase its wh-word and verb lead to ("what did THE MACHINE that … cost",
 * "how much is A DAY PASS", "what did we pay for THE SCOPE …"), through what
 * it is counted in or paid for ("a pack of THE GRIPS", "the monthly payment
 * on THE VEHICLE"). Its words, without the values; none when the question goes
 * straight to what was done ("what do we charge when …", "who trains …") or
 * names no thing in particular ("who's the new person …").
 */
export function focusOf(question: string): string[] {
  const asking = askingClause(question);
  const wh = asking === null ? null : WH.exec(asking);
  if (!wh || asking === null) return [];
  const rest = asking.slice(wh[0].length);
  const [first] = words(rest);
  const asksWho = /^who/i.test(wh[1]);
  // "Who trains …", "who did we hire to …": the person is described by what they do; "who is the trainee …" names a thing.
  const namesOne = /['’]s$/.test(wh[0]) || /^(?:is|are|was|were)$/i.test(first ?? "");
  if (first === undefined || PREPOSITIONS.has(first.toLowerCase()) || (asksWho && !namesOne)) return [];
  // "Per square", "per head": the unit a price is given in, never the thing it is the price of.
  let asked = rest.split(ASKING_ENDS)[0].replace(/\bper\s+\p{L}+/giu, "");
  // A purpose ends it too: "how much do we pay each year to be covered".
  const purpose = /\bto\s+(\p{Ll}+)/u.exec(asked);
  if (purpose && verbSenses(purpose[1]) > nounSenses(purpose[1])) asked = asked.slice(0, purpose.index);
  const phrases = nounPhrases(asked);
  for (const [i, phrase] of phrases.entries()) {
    const head = phrase.words.at(-1)!;
    // Counted in ("a pack of the grips"), or thought or said about ("the idea about the life jackets"): the thing is the next phrase.
    // A plan or a program its own words name ("the snorkel program for teens") is the thing, and so is one for someone ("the book for a couple").
    const linked = new RegExp(`\\b${head}\\s+(about|on|for|regarding)\\s+(?:(?:the|a|an|our|my|their|each)\\s+)?(\\p{L}+)`, "iu").exec(asked);
    const forSomeone = linked?.[1].toLowerCase() === "for" && [linked[2], phrases[i + 1]?.words.at(-1) ?? ""].some((w) => namesSomeone(w.toLowerCase()));
    const aboutNext = isThoughtOrSaid(head) && phrase.words.length === 1 && linked !== null && !forSomeone;
    const measured = i + 1 < phrases.length && (new RegExp(`\\b${head}\\s+of\\b`, "i").test(asked) || aboutNext);
    // "A box of the stuff students shape": what the box holds goes unnamed, so nothing in particular is asked about.
    if (measured && !new RegExp(`\\b${head}\\s+\\w+\\s+(?:(?:the|a|an|our|my|those|these)\\s+)?${phrases[i + 1].words[0]}`, "i").test(asked)) return [];
    if (phrase.valueOnly || measured || isValueWord(head) || namesValue(head)) continue;
    // "The espresso machine quote": what is said is about the machine.
    const things = phrase.words.filter((w, k) => !isValueWord(w) && !(k === phrase.words.length - 1 && k > 0 && isThoughtOrSaid(w)));
    return things.some(isGeneral) ? [] : things;
  }
  return [];
}
