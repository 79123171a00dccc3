import { askedNoun, focusOf, isPaidFor, namesValue } from "@/lib/models/offline/asked";
import { adjectiveSenses, generalOf, isGeneral, isKindOf, isKnown, isValueWord, nounSenses, relatedness, sameBroadKind, verbSenses, type Link } from "@/lib/models/offline/meaning";
import { THREAD_OPENING } from "@/lib/models/offline/episode";
import type { BufferLine } from "@/lib/models/offline/prompt-reader";
import { WEAK, contentWords, namedWords, subjectWords, wordsOnlyInNames, type Reason } from "@/lib/models/offline/relate";
import { baseForms, synsetIds } from "@/lib/models/offline/wordnet";
import { headOf } from "@/lib/models/offline/subject";

// Which buffer line a question is about, by meaning. A question that
// describes a thing ("the vehicle we use in winter") shares no word with the
// line about it ("Plow Truck: lease $640 a month"), so each of the question's
// words that can name what it is about is linked to the line word nearest to
// it in meaning (meaning.ts), and the line's score is the sum of those links,
// each weighted by how few of the lines it links to: a word every line
// answers to ("owner", "month") singles none out. The best line is followed
// only when its score clears FOLLOW_AT and it stands clear of the next one;
// both were calibrated on a tuning set of questions and buffers written for
// it, and checked on a held-out set written apart from it
// (tests/unit/models/calibration/).

/**
 * A looser link than an answer may rest on (relate.ts's STRONG) still says a
 * line is worth opening: "machine" and "equipment", two kinds of one device.
 * Below it, WordNet's links join nearly anything.
 */
export const LINE_LINK = 0.75;

/** The score a line must reach to be followed: one word only this line answers to, linked a little above LINE_LINK, is enough. */
export const FOLLOW_AT = 0.2;

/** How much the best line must lead the next one, as a share of its score, to be followed. */
export const CLEAR_LEAD = 0.1;

/** A word of a question that can say what it is about, how much it counts, and whether it names the thing asked about. */
export type AboutWord = { word: string; weight: number; focus: boolean; noun: boolean };

/** The thing a question asks about counts most; a noun it names counts fully; a verb or other word, which describes, counts less. */
const FOCUS_WEIGHT = 2;
const DESCRIBING_WEIGHT = 0.75;
/** A verb with this many senses or more ("make", "get", "keep", "cover") describes nothing in particular. */
const LIGHT_VERB_SENSES = 20;

/**
 * A question's words that can say what it is about, weighted: not a value
 * ("price", "month") or the kind of one ("amount", "date"), not liking or deciding, not a number, not a verb of
 * all work ("make", "get").
 */
export function aboutWords(text: string, focusWords: readonly string[] = focusOf(text)): AboutWord[] {
  const nouns = new Set(subjectWords(text));
  // "The YOUNG guy": of the words naming the thing asked about, one read mostly as saying what it is like describes it and
  // says no kind of thing a line must be about.
  const things = focusWords.filter((w) => adjectiveSenses(w) <= nounSenses(w));
  const focus = things.length > 0 ? things : focusWords;
  // "What monthly AMOUNT …" names the kind of value asked for; "the yearly cost of our COVERAGE" what it is the value of.
  // The noun asked for is a kind of value by its meaning, whatever else the word can be: "what's the NAME of the lady …"; one
  // a payment is for is what it is about: "what do we pay each year for the COVERAGE …".
  const asked = askedNoun(text.toLowerCase());
  return contentWords(text)
    .filter((w) => !WEAK.has(w) && !isValueWord(w) && !(w === "time" && OCCASION.test(text)) && !(w === asked ? namesValue(w) : asked === null && namesAValue(w) && !isPaidFor(text, w)) && !/^\d/.test(w) && !isLightVerb(w))
    .map((word) => ({ word, weight: focus.includes(word) ? FOCUS_WEIGHT : nouns.has(word) ? 1 : DESCRIBING_WEIGHT, focus: focus.includes(word), noun: nouns.has(word) }));
}

/** "Each time someone …", "what time …": how often or when, never the thing asked about ("their own time slots" is). */
const OCCASION = /\b(?:each|every|next|last|this|that|what|any|one|first|second|third)\s+time\b/i;

/** A noun for the kind of value asked for ("amount", "date"), not a verb that happens to share its spelling ("take"). */
const namesAValue = (word: string) => nounSenses(word) >= verbSenses(word) && namesValue(word);

function isLightVerb(word: string): boolean {
  return nounSenses(word) === 0 && baseForms(word, "v").some((lemma) => synsetIds(lemma, "v").length >= LIGHT_VERB_SENSES);
}

type LineLink = { asked: string; found: string; link: Link };

/**
 * A word too general to single anything out ("person") links only to what is
 * a kind of it in its commonest sense ("technician", not "date" or "pest"),
 * this strongly; a line's general word ("Second Location") is linked the
 * same way by a kind of it the question names ("the new premises").
 */
const GENERAL_LINK = 0.8;

function nearest({ word, noun }: Pick<AboutWord, "word" | "noun">, candidate: readonly string[]): LineLink | null {
  const general = generalOf(word);
  let best: LineLink | null = null;
  for (const found of candidate) {
    // "The building we work out of" is a building, not what a contractor does.
    const link = general ? kindLink(found, general) : strongerOf(relatedness(word, found, { asNoun: noun }), isGeneral(found) ? kindLink(word, found) : null);
    if (link.score >= LINE_LINK && (best === null || link.score > best.link.score)) best = { asked: word, found, link };
  }
  return best;
}

/** A kind of a general word, in its commonest sense: "a technician is a person", "premises are a location". */
const kindLink = (kind: string, general: string): Link => ({ score: isKindOf(kind, [general]) ? GENERAL_LINK : 0, why: `a ${kind} is a ${general}`, names: true });

const strongerOf = (link: Link, other: Link | null): Link => (other && other.score > link.score ? other : link);

/** A link's worth over the weakest that counts: the same word 1, a loose link near 0, so many loose links do not add up to one close one. */
const strength = (link: Link) => (link.score - LINE_LINK) / (1 - LINE_LINK);

/**
 * The titles of the pages a line points at name what its stretch was filed
 * under: their words, and a head WordNet has as one thing ("hand truck", a
 * kind of handcart, which "truck" alone is not).
 */
const titleWords = (line: BufferLine) => {
  const compounds = line.pages.map(headOf).filter((head) => head.includes(" "));
  return [...contentWords(line.pages.join(" ")), ...compounds];
};

/**
 * The things a line's gist names (its noun phrases and names) besides its
 * titles, not the verbs that tell how the stretch went ("gave", "changed",
 * "decided"), which link to any question's verbs.
 */
function gistWords(line: BufferLine): string[] {
  const titled = new Set(titleWords(line));
  return namedWords(line.gist.replace(THREAD_OPENING, "")).filter((w) => !titled.has(w));
}

/** A line's words: its titles and what its gist names. */
export function lineWords(line: BufferLine): string[] {
  return [...new Set([...titleWords(line), ...gistWords(line)])];
}

/** A link to a detail of the gist ("car" in "car price") counts this share of one to a title, which says what the page is about. */
const GIST_SHARE = 0.6;

export type RankedLine = {
  line: BufferLine;
  /** Where the line stands in the block, oldest first. */
  index: number;
  score: number;
  /** Its link to the thing asked about, else its strongest: the reason a trace shows, and which page to open. */
  reason: Reason | null;
  /** One of the words naming the thing the question asks about links to it. */
  onFocus: boolean;
};

/**
 * A line that says its stretch filed the kind of value the question asks for
 * ("$640 a month" for "what do we pay …?") counts this many times one that
 * does not: its page is likelier to hold the answer. The value itself is
 * never taken from the line.
 */
const HOLDS_KIND = 2;

type WordLink = { link: LineLink; worth: number };

/**
 * A line's words as its links read them, worked out once per line: its titles and their heads, its gist's details, which of
 * those only occur in names, and which of its titles' words only qualify the title's head.
 */
type LineWords = { titles: readonly string[]; heads: ReadonlySet<string>; details: readonly string[]; nameOnly: ReadonlySet<string>; qualifiers: ReadonlySet<string> };

/**
 * In a title that is a name (it holds a word WordNet lacks: "Halloway Electric Co"), the words before its head that WordNet
 * reads as describing words at least as often as as things: they say what kind of firm it is, so they link by the same word
 * only, never through a noun of the same spelling (an electric is a car).
 */
function qualifiersOf(pages: readonly string[]): ReadonlySet<string> {
  return new Set(
    pages.flatMap((page) => {
      const all = contentWords(page);
      if (all.every(isKnown)) return [];
      return all.slice(0, -1).filter((w) => adjectiveSenses(w) > 0 && adjectiveSenses(w) >= nounSenses(w));
    }),
  );
}

const wordsOfLine = (line: BufferLine): LineWords => ({
  titles: titleWords(line),
  heads: new Set(line.pages.map(headOf)),
  details: gistWords(line),
  nameOnly: wordsOnlyInNames(line.gist),
  qualifiers: qualifiersOf(line.pages),
});

/** Every link of a word to a line's words at least LINE_LINK strong: to a title at full worth, to a detail of the gist at a share. */
function linksTo(asked: AboutWord, { titles, heads, details, nameOnly, qualifiers }: LineWords): (WordLink & { to: string })[] {
  const { word } = asked;
  // "Someone" is asked about by a page about someone ("Technician"), not one a person's word only qualifies ("Pest Control") or a detail names.
  const titled = titles.filter((w) => !generalOf(word) || heads.has(w)).map((w) => ({ w, share: 1 }));
  const detail = generalOf(word) ? [] : details.map((w) => ({ w, share: GIST_SHARE }));
  return [...titled, ...detail].flatMap(({ w, share }) => {
    const link = nearest(asked, [w]);
    if (link && (share < 1 ? nameOnly : qualifiers).has(w) && link.link.score < 1) return [];
    // "kayak" and "kayaks" are one word of the line.
    return link ? [{ link, worth: share * strength(link.link), to: baseForms(w, "n")[0] ?? w }] : [];
  });
}

/** Of equally strong links, one that says what the thing is ("tray" for "platter") before one that says what it is used for ("serving"). */
const naming = (l: WordLink) => (l.link.link.names === true ? 1 : 0);

/**
 * Each question word's link to a line, one line word to one question word
 * that names it and one that describes it,
 * the strongest pairs first: in "the vehicle that tows the boats" a line's
 * "kayak" is the boats (a kind of boat, closer than a kind of vehicle), so it
 * is not also the vehicle.
 */
function lineLinks(asked: readonly AboutWord[], line: BufferLine): (WordLink | null)[] {
  const words = wordsOfLine(line);
  const pairs = asked.flatMap((a, i) => linksTo(a, words).map((l) => ({ ...l, i }))).sort((a, b) => b.link.link.score - a.link.link.score || naming(b) - naming(a) || b.worth - a.worth);
  const found: (WordLink | null)[] = asked.map(() => null);
  // "The guy who comes in to help" is a "Weekend Helper" both ways: by what it is and by what it does.
  const used = new Set<string>();
  for (const pair of pairs) {
    const role = `${naming(pair)} ${pair.to}`;
    if (found[pair.i] !== null || used.has(role)) continue;
    found[pair.i] = { link: pair.link, worth: pair.worth };
    used.add(role);
  }
  return found;
}

/**
 * When some line names the thing asked about ("Serving Tray" for "the
 * platter"), the lines that only say what it is used with ("Food") do not
 * answer to that word: they would share its weight with the one that names it.
 */
function withoutUses(asked: readonly AboutWord[], links: readonly (WordLink | null)[][]): (WordLink | null)[][] {
  const named = asked.map((a, i) => a.focus && links.some((l) => l[i]?.link.link.names === true));
  return links.map((line) => line.map((l, i) => (named[i] && l?.link.link.names !== true ? null : l)));
}

/** Every line that points at a page, scored against the question's words, best first; the newest of equals first. `holdsKind`: whether a line says it filed the asked-for kind of value. */
export function rankLines(asked: readonly AboutWord[], lines: readonly BufferLine[], holdsKind: (line: BufferLine) => boolean = () => false): RankedLine[] {
  const candidates = lines.map((line, index) => ({ line, index })).filter((c) => c.line.pages.length > 0);
  const links = withoutUses(asked, candidates.map((c) => lineLinks(asked, c.line)));
  // A word linked through the title of one page ("Contractor") that several lines point at singles that page out all the same.
  const target = (n: number, found: string) => pageTitled(candidates[n].line, found) ?? `line ${n}`;
  const holders = asked.map((_, i) => new Set(links.flatMap((l, n) => (l[i] ? [target(n, l[i].link.found)] : []))).size);
  const focus = asked.filter((a) => a.focus && isKnown(a.word)).map((a) => a.word);
  return candidates
    .map((c, n): RankedLine => {
      const found = links[n].filter((l): l is WordLink => l !== null);
      // About the thing asked about: a focus word names what the line's word is ("vehicle" for "truck"), not what it is used with.
      const onFocus = links[n].some((l, i) => l !== null && asked[i].focus && l.link.link.names === true);
      // A line about another kind of thing than the one asked about ("Firing Fees" for "the oven we fire the pots in") is no pointer to it.
      const otherKind = !onFocus && focus.some((word) => !c.line.pages.some((page) => sameBroadKind(word, headOf(page))));
      const score = otherKind ? 0 : links[n].reduce((sum, l, i) => sum + (l ? (asked[i].weight * l.worth) / holders[i] : 0), 0) * (holdsKind(c.line) ? HOLDS_KIND : 1);
      // The link to the thing asked about, when there is one, is why the line is followed and which of its pages to open.
      const onThing = links[n].filter((l, i): l is WordLink => l !== null && asked[i].focus && l.link.link.names === true);
      const strongest = (onFocus ? onThing : found).sort((a, b) => b.worth - a.worth)[0]?.link ?? null;
      return { line: c.line, index: c.index, score, reason: strongest, onFocus };
    })
    .sort((a, b) => b.score - a.score || b.index - a.index);
}

/**
 * The line to follow: the best one, about the thing asked about if any is,
 * when it clears FOLLOW_AT and, unless `clearOfNext` is off, leads the next
 * by CLEAR_LEAD of its score.
 */
export function bestLine(
  asked: readonly AboutWord[],
  lines: readonly BufferLine[],
  holdsKind?: (line: BufferLine) => boolean,
  { clearOfNext = true }: { clearOfNext?: boolean } = {},
): RankedLine | null {
  const ranked = rankLines(asked, lines, holdsKind);
  // Lines about the thing the question names come before lines that only share how it describes it, unless none of them leads.
  const onFocus = ranked.filter((r) => r.onFocus && r.score >= FOLLOW_AT);
  return (onFocus.length > 0 ? leader(onFocus, clearOfNext) : null) ?? leader(ranked, clearOfNext);
}

/** The page of a line whose title holds the word a question's word linked to: "Contractor" for "builder". */
export function pageTitled(line: BufferLine, found: string): string | undefined {
  return line.pages.find((page) => headOf(page) === found || contentWords(page).includes(found));
}

/** The first of ranked lines when it clears FOLLOW_AT and, if asked, leads the next by CLEAR_LEAD of its score. */
function leader([best, next]: readonly RankedLine[], clearOfNext: boolean): RankedLine | null {
  if (!best || best.reason === null || best.score < FOLLOW_AT) return null;
  // Two lines about the same pages, or linked through the title of one page both point at, are one pointer, not a tie.
  const opens = (r: RankedLine) => (r.reason ? pageTitled(r.line, r.reason.found) : undefined);
  const onePointer = next && (next.line.pages.every((p) => best.line.pages.includes(p)) || (opens(best) !== undefined && opens(best) === opens(next)));
  const rival = clearOfNext && next && !onePointer ? next.score : 0;
  return best.score - rival >= CLEAR_LEAD * best.score ? best : null;
}

/** The question's nouns (the thing asked about among them) a text's words link to: what the text is about of what was asked. */
export function namedIn(asked: readonly AboutWord[], words: readonly string[]): string[] {
  return asked.filter((a) => a.weight >= 1 && nearest(a, words) !== null).map((a) => a.word);
}

/** How much of what the question is about a text covers, 0 to 1: each word's nearest link, weighted, for comparing an answer with a line. */
export function coverage(asked: readonly AboutWord[], words: readonly string[]): number {
  const total = asked.reduce((sum, { weight }) => sum + weight, 0);
  if (total === 0) return 0;
  return asked.reduce((sum, a) => sum + a.weight * (nearest(a, words)?.link.score ?? 0), 0) / total;
}
