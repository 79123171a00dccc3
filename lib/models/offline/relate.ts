import { isValueWord, relatedness, verbSenses, type Link } from "@/lib/models/offline/meaning";
import { namesIn, nounPhrases } from "@/lib/models/offline/subject";
import { term, words } from "@/lib/models/offline/text";

// How well a candidate (a fact, a sentence, a buffer line) answers to a
// question: each of the question's words is linked to the candidate's word
// it is most related to in meaning (meaning.ts), weighted by how few of the
// candidates it links to, so a word that singles one candidate out counts
// most. The link from a word that names a thing (not a value like "price",
// not "like" or "decide") is the match's subject: what a careful reader would
// say the two are both about.

/** A link at least this strong counts: "truck" for "vehicle", "insurance" for "coverage", not "truck" for "table". */
export const STRONG = 0.8;

/** Words about liking or deciding: they link to each other, but say nothing of what was liked or decided. */
export const WEAK = new Set(
  "like liked prefer preferred favor favour favorite lean leaning pick picked choose chose chosen choice want wanted decide decided decision go going went".split(" "),
);

/** A question's or candidate's words worth linking: lowercase, without stopwords, question framing, or numbers' punctuation. */
export function contentWords(text: string): string[] {
  return [...new Set(words(text).flatMap((w) => (term(w) === null ? [] : [w.toLowerCase().replace(/['’]s$/, "").replace(/['’]/g, "")])))];
}

/** Why a question word was linked to a candidate: the reason a trace shows. */
export type Reason = { asked: string; found: string; link: Link };

export type Match = {
  /** Question words linked to the candidate or its context, each weighted by its rarity and the link's strength. */
  weight: number;
  /** Question words linked to the candidate or its context. */
  matched: number;
  /** The strongest link of a word that names the thing asked about (else any thing), found in the candidate itself; null when none links. */
  subject: Reason | null;
};

/** How much a question word counts: 1 / the number of candidates it links to. */
export type Rarity = (word: string) => number;

const isSubjectWord = (word: string) => !WEAK.has(word) && !isValueWord(word) && !/^\d/.test(word);

/** What a question is about: the names it uses and the nouns of its noun phrases that name things, not values ("rack", "paddles" in "how much was the rack for drying paddles?"). */
export function subjectWords(text: string): string[] {
  const named = namesIn(text).flatMap((name) => contentWords(name));
  return [...new Set([...nounPhrases(text).flatMap((p) => p.words).filter(isSubjectWord), ...named])];
}

/**
 * A question's words to link, the ones among them that say what it is about
 * (the thing it asks about when it names one, else its nouns), and the thing
 * it asks about (asked.ts's focus), none when it names nothing in particular.
 */
export type Query = { words: readonly string[]; subjects: readonly string[]; focus: readonly string[] };

/** The thing asked about counts most; what describes it (a verb, a place it is used) least. */
const FOCUS_WEIGHT = 1.5;
const DESCRIBING_WEIGHT = 0.6;

const weightOf = (query: Query, word: string) => (query.focus.includes(word) ? FOCUS_WEIGHT : query.subjects.includes(word) ? 1 : DESCRIBING_WEIGHT);

const linksOf = new WeakMap<readonly string[], Map<string, Reason | null>>();
const NONE: ReadonlySet<string> = new Set();

/** How a question word is linked: as a noun only when the question uses it as one; to `nameOnly` words by being the same word only. */
type LinkAs = { asNoun?: boolean; nameOnly?: ReadonlySet<string> };

/** The candidate's word the question's word links to best, remembered per candidate so rarity and the match share it. */
function bestLink(word: string, candidate: readonly string[], as: LinkAs = {}): Reason | null {
  if (as.nameOnly && as.nameOnly.size > 0) return strongestLink(word, candidate, as);
  let links = linksOf.get(candidate);
  if (!links) {
    links = new Map();
    linksOf.set(candidate, links);
  }
  const key = as.asNoun ? `${word}:n` : word;
  const known = links.get(key);
  if (known !== undefined) return known;
  const found = strongestLink(word, candidate, as);
  links.set(key, found);
  return found;
}

function strongestLink(word: string, candidate: readonly string[], { asNoun = false, nameOnly = NONE }: LinkAs): Reason | null {
  let best: Reason | null = null;
  for (const found of candidate) {
    const link = relatedness(word, found, { asNoun });
    if (nameOnly.has(found) && link.score < 1) continue;
    if (link.score >= STRONG && (best === null || link.score > best.link.score)) best = { asked: word, found, link };
  }
  return best;
}

/** Rarity over a set of candidates, so a word that singles one candidate out counts more than one they all share. */
export function rarityAmong(query: Query, candidates: readonly (readonly string[])[]): Rarity {
  const holders = new Map(query.words.map((w) => [w, candidates.filter((c) => bestLink(w, c, { asNoun: query.subjects.includes(w) }) !== null).length]));
  return (word) => 1 / Math.max(1, holders.get(word) ?? 1);
}

/**
 * The words a candidate must link to be about what the question asks: the
 * thing it asks about, else its nouns, else, when it names no thing at all
 * ("When are we all riding together?"), any word that says what is done, else
 * the kind of value it names ("What's our rent?").
 */
function aboutWhat(query: Query): readonly string[] {
  if (query.focus.length > 0) return query.focus;
  if (query.subjects.length > 0) return query.subjects;
  const doing = query.words.filter(isSubjectWord);
  // "What's our rent?": a question that names only a kind of value is about that value.
  return doing.length > 0 ? doing : query.words.filter((w) => isValueWord(w) && !WEAK.has(w));
}

/** How a candidate's words (and its context's, such as its page title) answer to the question's words. */
export function match(
  query: Query,
  candidate: readonly string[],
  context: readonly string[] = [],
  rarity: Rarity = () => 1,
  verbs: ReadonlySet<string> = new Set(),
  nameOnly: ReadonlySet<string> = NONE,
): Match {
  const result: Match = { weight: 0, matched: 0, subject: null };
  // The thing asked about is named by a noun, so a word the candidate uses as a verb ("when a couple books") does not name it.
  const things = query.focus.length > 0 && verbs.size > 0 ? candidate.filter((w) => !verbs.has(w)) : candidate;
  const about = aboutWhat(query);
  for (const word of query.words) {
    const as = { asNoun: query.subjects.includes(word), nameOnly };
    const own = bestLink(word, candidate, as);
    const around = own ?? bestLink(word, context, as);
    if (!around) continue;
    result.matched += 1;
    result.weight += rarity(word) * (WEAK.has(word) ? 0.2 : weightOf(query, word) * around.link.score);
    const named = query.focus.includes(word) ? bestLink(word, things, as) : own;
    if (named && about.includes(word) && (result.subject === null || named.link.score > result.subject.link.score)) result.subject = named;
  }
  return result;
}

/**
 * A text's words that only occur in its names ("works" of "Halvorsen Linen Works", "compass" of "Jeep Compass"): a name says
 * what something is called, not what it is, so they link to a question by the same word only, never by a meaning of the
 * common word.
 */
export function wordsOnlyInNames(text: string): ReadonlySet<string> {
  const phrases = nounPhrases(text);
  const common = new Set(contentWords(phrases.flatMap((p) => p.words).join(" ")));
  const names = contentWords([...phrases.flatMap((p) => p.names), ...namesIn(text)].join(" "));
  return new Set(names.filter((w) => !common.has(w)));
}

/** The words of a text's noun phrases and names: the things it names. */
export function namedWords(text: string): string[] {
  return contentWords([...nounPhrases(text).flatMap((p) => [...p.words, ...p.names]), ...namesIn(text)].join(" "));
}

/** The words a text uses as verbs: ones WordNet has as verbs that no noun phrase or name of it holds ("books" in "when a couple books"). */
export function usedAsVerbs(text: string): ReadonlySet<string> {
  const named = new Set(namedWords(text));
  return new Set(contentWords(text).filter((w) => !named.has(w) && verbSenses(w) > 0));
}

/**
 * Good enough to answer from: the candidate itself is about what the question
 * names (a subject link), and it covers half the question's words (at most
 * two are asked for, since questions carry words their answers never repeat).
 */
export function isGoodMatch(found: Match, query: Query): boolean {
  const wanted = Math.min(2, Math.ceil(query.words.filter((w) => !WEAK.has(w)).length / 2));
  return found.subject !== null && found.matched >= wanted;
}

/** Best first: the rarer the words covered, the better; then more of them. */
export function byMatch(a: Match, b: Match): number {
  return b.weight - a.weight || b.matched - a.matched || (b.subject?.link.score ?? 0) - (a.subject?.link.score ?? 0);
}

/** "the question's "vehicle" and the line's "truck": a truck is a kind of vehicle". */
export function explain(reason: Reason): string {
  return reason.asked === reason.found ? `both say "${reason.asked}"` : `"${reason.asked}" in the question and "${reason.found}" there: ${reason.link.why}`;
}
