import { baseForms, synset, synsetIds, taggedSenses, type Pos, type Synset } from "@/lib/models/offline/wordnet";

// How related two words are in meaning, from WordNet's taxonomy and glosses,
// by two documented measures taken over every pair of the words' senses:
//
// - Wu & Palmer (1994) similarity: 2·depth(lcs) / (depth(a) + depth(b)),
//   where lcs is the deepest hypernym both senses share ("truck" and "van"
//   meet at "motor vehicle"); a meeting point near the top of the taxonomy
//   ("entity", "object") says nothing and does not count;
// - gloss overlap after Lesk (1986), as extended by Banerjee & Pedersen
//   (2003): a word that appears in the other's definition ("hauling" in "an
//   automotive vehicle suitable for hauling") links the two, and so does a
//   derivational link ("bather" and "bathe") or a part-of link ("tire" is
//   part of "wheel"). Only a definition's genus and its purpose clause count
//   (what the thing is and what it is for), and a hypernym's definition too.
//
// The strongest link over the sense pairs is the words' relatedness, 0 to 1.

export type Link = {
  score: number;
  /** Why, for the reasoning a trace shows: "a truck is a kind of vehicle". */
  why: string;
};

const NO_LINK: Link = { score: 0, why: "" };

/** Senses looked at per part of speech: WordNet lists the most frequent first, and the rare ones mostly add noise. */
const MAX_SENSES: Record<"n" | "v" | "a", number> = { n: 3, v: 2, a: 1 };
/** A shared hypernym this close to the root links nothing ("entity", "abstraction", "object", "whole"). */
const MIN_SHARED_DEPTH = 7;
const SAME_SYNSET = 0.95;
const DERIVED = 0.9;
const IN_GLOSS = 0.85;
const PART_OF = 0.8;
const IN_PARENT_GLOSS = 0.8;

const sensesCache = new Map<string, Synset[]>();

/** The words' senses: nouns first (owners name things), then verbs and adjectives. */
function sensesOf(word: string): Synset[] {
  let found = sensesCache.get(word);
  if (!found) {
    found = (["n", "v", "a"] as const).flatMap((pos) =>
      baseForms(word, pos).flatMap((lemma) =>
        synsetIds(lemma, pos)
          .map(synset)
          .filter((s) => !s.proper)
          .slice(0, MAX_SENSES[pos]),
      ),
    );
    sensesCache.set(word, found);
  }
  return found;
}

const depthCache = new Map<string, number>();

/** Edges to the root along the shortest hypernym path, plus one; a root is 1. */
function depth(id: string): number {
  let found = depthCache.get(id);
  if (found === undefined) {
    depthCache.set(id, 1); // guards the rare hypernym cycle
    const { hypernyms } = synset(id);
    found = hypernyms.length === 0 ? 1 : 1 + Math.min(...hypernyms.map(depth));
    depthCache.set(id, found);
  }
  return found;
}

const ancestorCache = new Map<string, ReadonlyMap<string, number>>();

/** A synset and every hypernym above it, each with its distance in hypernym links (the nearest way up). */
function ancestors(id: string): ReadonlyMap<string, number> {
  let found = ancestorCache.get(id);
  if (!found) {
    const all = new Map<string, number>([[id, 0]]);
    ancestorCache.set(id, all); // guards the rare hypernym cycle
    for (const parent of synset(id).hypernyms) {
      for (const [a, d] of ancestors(parent)) if ((all.get(a) ?? Infinity) > d + 1) all.set(a, d + 1);
    }
    found = all;
  }
  return found;
}

const GLOSS_STOP = new Set(
  "a an the of to in on at for with by from as or and that which who is are be used use any one some something someone especially usually often etc its their it this".split(" "),
);

const glossCache = new Map<string, ReadonlySet<string>>();

const lemmasOf = (w: string) => [w, ...baseForms(w, "n"), ...baseForms(w, "v")];

/**
 * What a definition says a thing is and what it is for: its genus (the first
 * noun: "an automotive VEHICLE suitable for hauling") and the words of the
 * clause that tells its purpose or doing ("for HAULING", "used to MOVE
 * crates", "a person who BATHES"). The rest of a definition ("one part to
 * another") links everything to everything.
 */
function glossLemmas(id: string): ReadonlySet<string> {
  let found = glossCache.get(id);
  if (!found) {
    const definition = synset(id).gloss.split(/;\s*"/)[0].toLowerCase();
    const words = definition.match(/[a-z][a-z-]*/g) ?? [];
    const content = words.map((w, i) => ({ w, i })).filter(({ w }) => !GLOSS_STOP.has(w));
    const genus = content.find(({ w }) => baseForms(w, "n").length > 0 && baseForms(w, "a").length === 0) ?? content[0];
    const purpose = words.flatMap((w, i) =>
      /^(?:for|to|who|that|which|where)$/.test(w) ? words.slice(i + 1, i + 4).filter((x) => !GLOSS_STOP.has(x)) : [],
    );
    found = new Set([...(genus ? [genus.w] : []), ...purpose].flatMap(lemmasOf));
    glossCache.set(id, found);
    genusCache.set(id, genus ? (baseForms(genus.w, "n")[0] ?? genus.w) : null);
  }
  return found;
}

const genusCache = new Map<string, string | null>();

/** The base form of a definition's genus, the noun that says what the thing is. */
function genusOf(id: string): string | null {
  if (!genusCache.has(id)) glossLemmas(id);
  return genusCache.get(id) ?? null;
}

const head = (s: Synset) => s.words[0];

function wuPalmer(a: Synset, b: Synset): Link {
  if (a.pos !== b.pos || (a.pos !== "n" && a.pos !== "v")) return NO_LINK;
  const aboveA = ancestors(a.id);
  const aboveB = ancestors(b.id);
  let shared: string | null = null;
  for (const id of aboveA.keys()) if (aboveB.has(id) && (shared === null || depth(id) > depth(shared))) shared = id;
  if (shared === null || depth(shared) < MIN_SHARED_DEPTH) return NO_LINK;
  // Depths through the shared hypernym, so a sense with a shorter way up elsewhere does not look closer than it is.
  const d = depth(shared);
  const score = (2 * d) / (2 * d + aboveA.get(shared)! + aboveB.get(shared)!);
  const lcs = head(synset(shared));
  if (shared === b.id) return { score, why: `a ${head(a)} is a kind of ${head(b)}` };
  if (shared === a.id) return { score, why: `a ${head(b)} is a kind of ${head(a)}` };
  return { score, why: `${head(a)} and ${head(b)} are both kinds of ${lcs}` };
}

type Word = { text: string; lemmas: readonly string[] };

const wordCache = new Map<string, Word>();

function wordOf(text: string): Word {
  let found = wordCache.get(text);
  if (!found) {
    found = { text, lemmas: [...new Set(lemmasOf(text))] };
    wordCache.set(text, found);
  }
  return found;
}

const inGloss = (word: Word, s: Synset) => {
  const gloss = glossLemmas(s.id);
  return word.lemmas.some((l) => gloss.has(l));
};

function senseLink(a: Synset, aw: Word, b: Synset, bw: Word): Link {
  const [aWord, bWord] = [aw.text, bw.text];
  if (a.id === b.id) return { score: SAME_SYNSET, why: `"${aWord}" and "${bWord}" mean the same here` };
  if (a.derived.includes(b.id) || b.derived.includes(a.id)) return { score: DERIVED, why: `"${aWord}" and "${bWord}" are forms of one word` };
  if (inGloss(aw, b)) return { score: IN_GLOSS, why: `a ${bWord} is "${b.gloss.split(/;\s*"/)[0]}"` };
  if (inGloss(bw, a)) return { score: IN_GLOSS, why: `a ${aWord} is "${a.gloss.split(/;\s*"/)[0]}"` };
  // A whole near the root ("part" is part of any "whole") says nothing of either word.
  const partOf = (x: Synset, y: Synset) => x.wholes.some((w) => depth(w) >= MIN_SHARED_DEPTH && ancestors(y.id).has(w));
  if (partOf(a, b)) return { score: PART_OF, why: `a ${aWord} is part of a ${bWord}` };
  if (partOf(b, a)) return { score: PART_OF, why: `a ${bWord} is part of a ${aWord}` };
  const taxonomy = wuPalmer(a, b);
  if (taxonomy.score >= IN_PARENT_GLOSS) return taxonomy;
  // Extended gloss overlap: the definitions of the senses' hypernyms, then the two definitions against each other.
  // Of a hypernym's definition only the genus: "a piano is a keyboard instrument, a musical INSTRUMENT played …".
  const parentGloss = (word: Word, s: Synset) => s.hypernyms.find((h) => word.lemmas.includes(genusOf(h) ?? ""));
  const viaB = parentGloss(aw, b);
  if (viaB) return { score: IN_PARENT_GLOSS, why: `a ${bWord} is a ${head(synset(viaB))}: "${synset(viaB).gloss.split(/;\s*"/)[0]}"` };
  const viaA = parentGloss(bw, a);
  if (viaA) return { score: IN_PARENT_GLOSS, why: `a ${aWord} is a ${head(synset(viaA))}: "${synset(viaA).gloss.split(/;\s*"/)[0]}"` };
  return taxonomy;
}

/** Each step down either word's sense list costs this much of a link's strength. */
const PER_RARER_SENSE = 0.02;

const discounted = (link: Link, rank: number): Link => (link.score === 0 ? link : { ...link, score: link.score * (1 - PER_RARER_SENSE * rank) });

const linkCache = new Map<string, Link>();
/** Remembered pairs, cleared past this many so a long-running server does not grow without end. */
const MAX_REMEMBERED = 200_000;

/** How related two lowercase words are, 0 to 1, and why. The same word, or the same base form, is 1. */
export function relatedness(a: string, b: string): Link {
  if (a === b) return { score: 1, why: `both say "${a}"` };
  const key = a < b ? `${a}|${b}` : `${b}|${a}`;
  const cached = linkCache.get(key);
  if (cached) return cached;
  const lemmasA = new Set((["n", "v", "a"] as Pos[]).flatMap((pos) => baseForms(a, pos)));
  let best: Link = (["n", "v", "a"] as Pos[]).some((pos) => baseForms(b, pos).some((l) => lemmasA.has(l)))
    ? { score: 1, why: `"${a}" and "${b}" are one word` }
    : NO_LINK;
  if (best.score < 1) {
    const sensesB = sensesOf(b);
    const [aw, bw] = [wordOf(a), wordOf(b)];
    for (const [ia, sa] of sensesOf(a).entries()) {
      for (const [ib, sb] of sensesB.entries()) {
        // Rarer senses count for a little less, so two words meet in their common meanings first.
        const link = discounted(senseLink(sa, aw, sb, bw), ia + ib);
        if (link.score > best.score) best = link;
      }
    }
  }
  if (linkCache.size >= MAX_REMEMBERED) linkCache.clear();
  linkCache.set(key, best);
  return best;
}

/** Whether WordNet knows the word at all: an unknown word (a coined one, a brand) links only to itself. */
export function isKnown(word: string): boolean {
  return sensesOf(word).length > 0;
}

/** An untagged sense counts this much against a sense SemCor tagged. */
const UNTAGGED = 0.1;

/**
 * How much a word is used as a noun (a verb, an adjective, an adverb): its
 * senses in that part of speech that SemCor tagged, with a little for the
 * untagged ones, so a reading nobody uses ("sent" as a coin) weighs little.
 */
function usedSenses(word: string, pos: Pos): number {
  return baseForms(word, pos).reduce((sum, lemma) => {
    const tagged = taggedSenses(lemma, pos);
    return sum + tagged + UNTAGGED * (synsetIds(lemma, pos).length - tagged);
  }, 0);
}

export const nounSenses = (word: string) => usedSenses(word, "n");
export const verbSenses = (word: string) => usedSenses(word, "v");
export const adjectiveSenses = (word: string) => usedSenses(word, "a");
export const adverbSenses = (word: string) => usedSenses(word, "r");

/**
 * The nodes of WordNet's own taxonomy under which a noun names a kind of
 * value rather than a thing: amounts and units (the "measure" just under
 * the root's "abstraction": a month, an hour, a budget) and every sense of
 * "cost": what is paid (a fee, rent, a wage, a premium) and what something
 * is worth (a price).
 */
let valueRoots: ReadonlySet<string> | undefined;

function valueRootIds(): ReadonlySet<string> {
  valueRoots ??= new Set([...synsetIds("measure", "n").filter((id) => depth(id) <= 3), ...synsetIds("cost", "n")]);
  return valueRoots;
}

const valueCache = new Map<string, boolean>();

/** A noun whose commonest sense is a kind of value ("price", "fee", "month", "total"), so it is what a fact states, not what it is about. */
export function isValueWord(word: string): boolean {
  let found = valueCache.get(word);
  if (found === undefined) {
    const [first] = baseForms(word, "n").flatMap((lemma) => synsetIds(lemma, "n").slice(0, 1));
    const roots = valueRootIds();
    found = first !== undefined && [...ancestors(first).keys()].some((id) => roots.has(id));
    valueCache.set(word, found);
  }
  return found;
}

const categoryCache = new Map<string, ReadonlySet<string>>();

/** The synsets a category lemma names: its senses just under the root's "abstraction" or "physical entity" when it has such, else its first. */
function categoryIds(lemma: string): ReadonlySet<string> {
  let found = categoryCache.get(lemma);
  if (!found) {
    const ids = synsetIds(lemma, "n");
    const topLevel = ids.filter((id) => depth(id) <= 4);
    found = new Set(topLevel.length > 0 ? topLevel : ids.slice(0, 1));
    categoryCache.set(lemma, found);
  }
  return found;
}

/** Whether the commonest noun sense of a word falls under one of WordNet's nodes for the given category lemmas ("street" under "location"). */
export function isKindOf(word: string, categories: readonly string[]): boolean {
  const [first] = baseForms(word, "n").flatMap((lemma) => synsetIds(lemma, "n").slice(0, 1));
  if (first === undefined) return false;
  const above = ancestors(first);
  return categories.some((c) => [...categoryIds(c)].some((id) => above.has(id)));
}

/** Whether `word`, in any sense, names `kind` in its commonest sense or a kind of it ("van" of "vehicle"; "hand truck" is no kind of truck). */
const kindCache = new Map<string, boolean>();

export function isKindOrSame(word: string, kind: string): boolean {
  if (word === kind) return true;
  const key = `${word}|${kind}`;
  let found = kindCache.get(key);
  if (found === undefined) {
    const [commonest] = sensesOf(kind).filter((s) => s.pos === "n");
    found = commonest !== undefined && sensesOf(word).some((s) => s.pos === "n" && ancestors(s.id).has(commonest.id));
    if (kindCache.size >= MAX_REMEMBERED) kindCache.clear();
    kindCache.set(key, found);
  }
  return found;
}

/** The lemma WordNet has for the last two words together ("hand truck"), if it has one: a thing of its own, not a kind of the last word. */
export function compoundOf(first: string, last: string): string | null {
  const singular = baseForms(last, "n")[0] ?? last;
  const joined = `${first} ${singular}`;
  return synsetIds(joined, "n").length > 0 ? joined : null;
}
