import { baseForms, synset, synsetIds, type Pos, type Synset } from "@/lib/models/offline/wordnet";

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
//   part of "wheel").
//
// The strongest link over the sense pairs is the words' relatedness, 0 to 1.

export type Link = {
  score: number;
  /** Why, for the reasoning a trace shows: "a truck is a kind of vehicle". */
  why: string;
};

const NO_LINK: Link = { score: 0, why: "" };

/** Senses looked at per part of speech: WordNet lists the most frequent first, and the rare ones mostly add noise. */
const MAX_SENSES = 4;
/** A shared hypernym this close to the root links nothing ("entity", "abstraction", "object", "whole"). */
const MIN_SHARED_DEPTH = 7;
const SAME_SYNSET = 0.95;
const DERIVED = 0.9;
const IN_GLOSS = 0.85;
const PART_OF = 0.8;
const IN_PARENT_GLOSS = 0.8;
const GLOSSES_OVERLAP = 0.75;
/** Definitions sharing this many content words describe related things ("cooling" in both a refrigerant's and a coolant's). */
const MIN_OVERLAP = 2;

/** The words' senses: nouns first (owners name things), then verbs and adjectives. */
function sensesOf(word: string): Synset[] {
  return (["n", "v", "a"] as Pos[]).flatMap((pos) =>
    baseForms(word, pos).flatMap((lemma) => synsetIds(lemma, pos).slice(0, MAX_SENSES).map(synset)),
  );
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

const ancestorCache = new Map<string, ReadonlySet<string>>();

/** A synset and every hypernym above it. */
function ancestors(id: string): ReadonlySet<string> {
  let found = ancestorCache.get(id);
  if (!found) {
    const all = new Set<string>([id]);
    for (const parent of synset(id).hypernyms) for (const a of ancestors(parent)) all.add(a);
    found = all;
    ancestorCache.set(id, found);
  }
  return found;
}

const GLOSS_STOP = new Set(
  "a an the of to in on at for with by from as or and that which who is are be used use any one some something someone especially usually often etc its their it this".split(" "),
);

const glossCache = new Map<string, ReadonlySet<string>>();

/** The base forms of the content words of a synset's definition. */
function glossLemmas(id: string): ReadonlySet<string> {
  let found = glossCache.get(id);
  if (!found) {
    const definition = synset(id).gloss.split(/;\s*"/)[0].toLowerCase();
    const words = definition.match(/[a-z][a-z-]*/g) ?? [];
    found = new Set(words.filter((w) => !GLOSS_STOP.has(w)).flatMap((w) => [w, ...baseForms(w, "n"), ...baseForms(w, "v")]));
    glossCache.set(id, found);
  }
  return found;
}

const head = (s: Synset) => s.words[0];

function wuPalmer(a: Synset, b: Synset): Link {
  if (a.pos !== b.pos || (a.pos !== "n" && a.pos !== "v")) return NO_LINK;
  const above = ancestors(b.id);
  let shared: string | null = null;
  for (const id of ancestors(a.id)) if (above.has(id) && (shared === null || depth(id) > depth(shared))) shared = id;
  if (shared === null || depth(shared) < MIN_SHARED_DEPTH) return NO_LINK;
  const score = (2 * depth(shared)) / (depth(a.id) + depth(b.id));
  const lcs = head(synset(shared));
  if (shared === b.id) return { score, why: `a ${head(a)} is a kind of ${head(b)}` };
  if (shared === a.id) return { score, why: `a ${head(b)} is a kind of ${head(a)}` };
  return { score, why: `${head(a)} and ${head(b)} are both kinds of ${lcs}` };
}

function senseLink(a: Synset, aWord: string, b: Synset, bWord: string): Link {
  if (a.id === b.id) return { score: SAME_SYNSET, why: `"${aWord}" and "${bWord}" mean the same here` };
  if (a.derived.includes(b.id) || b.derived.includes(a.id)) return { score: DERIVED, why: `"${aWord}" and "${bWord}" are forms of one word` };
  const inGloss = (word: string, s: Synset) => baseForms(word, "n").concat(baseForms(word, "v"), [word]).some((l) => glossLemmas(s.id).has(l));
  if (inGloss(aWord, b)) return { score: IN_GLOSS, why: `a ${bWord} is "${b.gloss.split(/;\s*"/)[0]}"` };
  if (inGloss(bWord, a)) return { score: IN_GLOSS, why: `a ${aWord} is "${a.gloss.split(/;\s*"/)[0]}"` };
  const partOf = (x: Synset, y: Synset) => x.wholes.some((w) => ancestors(y.id).has(w));
  if (partOf(a, b)) return { score: PART_OF, why: `a ${aWord} is part of a ${bWord}` };
  if (partOf(b, a)) return { score: PART_OF, why: `a ${bWord} is part of a ${aWord}` };
  const taxonomy = wuPalmer(a, b);
  if (taxonomy.score >= IN_PARENT_GLOSS) return taxonomy;
  // Extended gloss overlap: the definitions of the senses' hypernyms, then the two definitions against each other.
  const parentGloss = (word: string, s: Synset) => s.hypernyms.find((h) => inGloss(word, synset(h)));
  const viaB = parentGloss(aWord, b);
  if (viaB) return { score: IN_PARENT_GLOSS, why: `a ${bWord} is a ${head(synset(viaB))}: "${synset(viaB).gloss.split(/;\s*"/)[0]}"` };
  const viaA = parentGloss(bWord, a);
  if (viaA) return { score: IN_PARENT_GLOSS, why: `a ${aWord} is a ${head(synset(viaA))}: "${synset(viaA).gloss.split(/;\s*"/)[0]}"` };
  const shared = [...glossLemmas(a.id)].filter((w) => glossLemmas(b.id).has(w) && w.length > 3);
  if (new Set(shared.map((w) => w.slice(0, 5))).size >= MIN_OVERLAP) {
    return { score: GLOSSES_OVERLAP, why: `a ${aWord} and a ${bWord} are both described by "${shared.slice(0, 2).join('", "')}"` };
  }
  return taxonomy;
}

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
    for (const sa of sensesOf(a)) {
      for (const sb of sensesB) {
        const link = senseLink(sa, a, sb, b);
        if (link.score > best.score) best = link;
      }
    }
  }
  if (linkCache.size >= MAX_REMEMBERED) linkCache.clear();
  linkCache.set(key, best);
  return best;
}

/** Whether WordNet knows the word at all: an unknown word ("whiteboard", a brand) links only to itself. */
export function isKnown(word: string): boolean {
  return sensesOf(word).length > 0;
}

/** How the word is used most: how many senses it has as a noun against as a verb. */
export function nounSenses(word: string): number {
  return baseForms(word, "n").reduce((sum, lemma) => sum + synsetIds(lemma, "n").length, 0);
}

export function verbSenses(word: string): number {
  return baseForms(word, "v").reduce((sum, lemma) => sum + synsetIds(lemma, "v").length, 0);
}

export function adjectiveSenses(word: string): number {
  return baseForms(word, "a").reduce((sum, lemma) => sum + synsetIds(lemma, "a").length, 0);
}

/**
 * The nodes of WordNet's own taxonomy (a lemma's sense just under the root's
 * "abstraction", else its first) under which a noun names a kind of
 * value rather than a thing: amounts and units ("measure": a month, an
 * hour, a budget), qualities ("attribute": a price), and what is paid
 * ("cost": a fee, rent, a wage, a premium).
 */
const VALUE_CATEGORIES = ["measure", "attribute", "cost"];

let valueRoots: ReadonlySet<string> | undefined;

function valueRootIds(): ReadonlySet<string> {
  valueRoots ??= new Set(
    VALUE_CATEGORIES.flatMap((lemma) => {
      const ids = synsetIds(lemma, "n");
      const topLevel = ids.filter((id) => depth(id) <= 3);
      return topLevel.length > 0 ? topLevel : ids.slice(0, 1);
    }),
  );
  return valueRoots;
}

const valueCache = new Map<string, boolean>();

/** A noun whose commonest sense is a kind of value ("price", "fee", "month", "total"), so it is what a fact states, not what it is about. */
export function isValueWord(word: string): boolean {
  let found = valueCache.get(word);
  if (found === undefined) {
    const [first] = baseForms(word, "n").flatMap((lemma) => synsetIds(lemma, "n").slice(0, 1));
    const roots = valueRootIds();
    found = first !== undefined && [...ancestors(first)].some((id) => roots.has(id));
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
export function isKindOrSame(word: string, kind: string): boolean {
  if (word === kind) return true;
  const kinds = new Set(sensesOf(kind).filter((s) => s.pos === "n").slice(0, 1).map((s) => s.id));
  return sensesOf(word)
    .filter((s) => s.pos === "n")
    .some((s) => [...ancestors(s.id)].some((id) => kinds.has(id)));
}

/** The lemma WordNet has for the last two words together ("hand truck"), if it has one: a thing of its own, not a kind of the last word. */
export function compoundOf(first: string, last: string): string | null {
  const singular = baseForms(last, "n")[0] ?? last;
  const joined = `${first} ${singular}`;
  return synsetIds(joined, "n").length > 0 ? joined : null;
}
