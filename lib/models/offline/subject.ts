import { hasDate, hasMoney, nameRuns } from "@/lib/models/offline/signals";
import { term, words } from "@/lib/models/offline/text";

// What a sentence is about and what value it holds, read from the sentence's
// own words: the noun phrase that names its subject ("butter supplier",
// "breakfast box") and the concrete values in it ("$48", "April 14").

/** Words that act or relate rather than name a thing: never part of a subject. */
const NOT_NOUNS = new Set(
  (
    "is are was were be been am do does did have has had get got want wants wanted need needs needed like love prefer think " +
    "quoted charges charged pays paid costs use using used buy buying bought sell selling sold " +
    "start starting started launch launching launched move moved moving switch switching switched scrap scrapping keep keeping " +
    "make making made take taking took bring calls called send sent ordered booked signed decided decide " +
    "going go goes gonna said says told ask asked found find told looks look looking seems sounds feel felt guess mean " +
    "new old big small good great best better nice cheap expensive extra total whole same other another next last first " +
    "current usual regular really actually probably maybe definitely just only also still even already yet pretty super " +
    "per each every around about over under after before since until like plus instead though anyway okay ok yeah yep " +
    "gets puts runs holds helps works come comes came stay stays goes went give gives gave show shows showed " +
    "today tomorrow tonight yesterday sometime week weekend morning afternoon evening " +
    "two three four five six seven eight nine ten twelve twenty dozen hundred thousand half couple few lot lots"
  ).split(" "),
);

/** A word right after one of these is a verb: pronoun subjects ("we're launching", "they quoted"), "to" and modals ("to repaint", "will need"). */
const BEFORE_A_VERB =
  /^(?:i|we|they|you|he|she|it|i'm|we're|they're|you're|he's|she's|it's|i'll|we'll|they'll|i'd|we'd|they'd|i've|we've|they've|let's|to|will|would|can|could|should|must|might|gonna|wanna|don't|didn't|won't|can't)$/i;

function isNounish(word: string, previous: string | undefined): boolean {
  const lower = word.toLowerCase().replace(/’/g, "'");
  if (term(word) === null || NOT_NOUNS.has(lower) || /^\d/.test(lower) || lower.length < 3) return false;
  if (/ly$/.test(lower)) return false;
  if (previous && BEFORE_A_VERB.test(previous.replace(/’/g, "'"))) return false;
  return true;
}

/**
 * The sentence's subject: the first run of noun-like lowercase words (at most
 * its last two), preferring a run that holds one of `prefer` (a topic's own
 * words). Capitalised words are names, values not subjects.
 */
export function subjectPhrase(sentence: string, prefer: readonly string[] = []): string | null {
  const all = words(sentence);
  const runs: string[][] = [[]];
  all.forEach((w, i) => {
    const capitalised = i > 0 && /^\p{Lu}/u.test(w);
    if (!capitalised && isNounish(w, all[i - 1])) runs[runs.length - 1].push(w.toLowerCase().replace(/['’]s$/, ""));
    else if (runs[runs.length - 1].length > 0) runs.push([]);
  });
  const found = runs.filter((r) => r.length > 0);
  if (found.length === 0) return null;
  const preferred = found.find((r) => r.some((w) => prefer.some((p) => w.startsWith(p.toLowerCase()))));
  return (preferred ?? found[0]).slice(-2).join(" ");
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
