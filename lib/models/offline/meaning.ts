import { baseForms, senseCounts, synset, synsetIds, taggedSenses, type Pos, type Synset } from "@/lib/models/offline/wordnet";

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
//   derivational link ("bather" and "bathe"), a verb that is a kind of the
//   verb a thing is derived from ("chop" and "cutter": to chop is to cut) or
//   a part-of link ("tire" is part of "wheel"). Only a definition's genus and its purpose clause count
//   (what the thing is and what it is for), and a hypernym's definition too;
//   two made things whose purpose clauses overlap in two words or more are
//   for the same use ("a platter and a tray are both for serving food").
//
// The strongest link over the sense pairs is the words' relatedness, 0 to 1.

export type Link = {
  score: number;
  /** Why, for the reasoning a trace shows: "a truck is a kind of vehicle". */
  why: string;
  /**
   * The link says what the thing is: the same word, a synonym, a kind of it,
   * a kind of the same thing, the noun its definition is built on ("a truck
   * is a VEHICLE …"); not what it is for, part of or made from ("a crew mans
   * a vehicle").
   */
  names?: boolean;
};

const NO_LINK: Link = { score: 0, why: "" };

/** Senses looked at per part of speech: WordNet lists the most frequent first, and the rare ones mostly add noise. */
const MAX_SENSES: Record<"n" | "v" | "a", number> = { n: 3, v: 2, a: 1 };
/** A shared hypernym this close to the root links nothing ("entity", "abstraction", "object", "whole"). */
const MIN_SHARED_DEPTH = 7;
/**
 * What a thing may be a kind of: one step nearer the root than a shared
 * hypernym may be, as naming the kind is a plainer link than meeting in it
 * ("berries" are "produce", six below the root; "structure" sits there too,
 * but a line's title seldom says it). Only for things one can touch: an
 * abstraction this high ("activity") is what every doing is a kind of.
 */
const MIN_KIND_DEPTH = MIN_SHARED_DEPTH - 1;

let physicalEntity: string | undefined;

/** Whether a synset names something physical, under WordNet's "physical entity". */
function isPhysical(id: string): boolean {
  physicalEntity ??= synsetIds("physical entity", "n")[0];
  return ancestors(id).has(physicalEntity);
}
const SAME_SYNSET = 0.95;
const DERIVED = 0.9;
const SHARED_ROOT = 0.85;
const IN_GLOSS = 0.85;
/** A word of the clause of a definition that says what the thing is for or does ("a crew: … who man a VEHICLE"). */
const IN_PURPOSE = 0.8;
const PART_OF = 0.8;
const IN_PARENT_GLOSS = 0.8;
/** A kind of the other word one step down, less a little for each step further ("van" is five below "vehicle"). */
const KIND_OF = 0.9;
const PER_STEP_DOWN = 0.01;

/** A sense of a word and how common it is among the word's senses in its part of speech: 1 for the commonest. */
type Sense = { synset: Synset; weight: number };

/** Tags added to every sense before weighing, so a word SemCor tagged a few times is not judged on them alone. */
const SMOOTHING = 3;

const sensesCache = new Map<string, Sense[]>();

/** The senses of a lemma looked at: the commonest few, without proper names. */
const lookedAt = (lemma: string, pos: "n" | "v" | "a") =>
  synsetIds(lemma, pos)
    .map(synset)
    .filter((s) => !s.proper)
    .slice(0, MAX_SENSES[pos]);

/**
 * The word's senses: nouns first (owners name things), then verbs and
 * adjectives, each weighted by how often SemCor tagged it against the
 * lemma's commonest sense (smoothed, so senses of a word seldom tagged weigh
 * nearly alike): "house" as a firm (2 tags) weighs little beside "house" as
 * a dwelling (157).
 */
function weightedSenses(word: string): Sense[] {
  let found = sensesCache.get(word);
  if (!found) {
    found = (["n", "v", "a"] as const).flatMap((pos) =>
      baseForms(word, pos).flatMap((lemma) => {
        const counts = senseCounts(lemma, pos);
        const most = Math.max(0, ...counts.values());
        return lookedAt(lemma, pos).map((s) => ({ synset: s, weight: ((counts.get(s.id) ?? 0) + SMOOTHING) / (most + SMOOTHING) }));
      }),
    );
    sensesCache.set(word, found);
  }
  return found;
}

const sensesOf = (word: string): Synset[] => weightedSenses(word).map((s) => s.synset);

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

/** Genus words of a definition that gives another word for a thing ("a polite name for …", "a term for …"). */
const NAMING_GENUS = new Set(["name", "term", "word", "title"]);

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
    const first = content.find(({ w }) => baseForms(w, "n").length > 0 && baseForms(w, "a").length === 0) ?? content[0];
    // "A polite name for any woman": a definition that gives a word for something says what by the noun after "for".
    const named = first && NAMING_GENUS.has(first.w) && words[first.i + 1] === "for" ? content.find(({ i }) => i > first.i + 1) : undefined;
    const genus = named ?? first;
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

/** WordNet's lexicographer file of things people make: only they are made for a use ("a customer pays for goods" is no shop). */
const ARTIFACTS = 6;

/** How many words of a purpose clause are read for what two things are both for: "for holding or displaying or serving articles or food". */
const PURPOSE_CLAUSE = 8;
/** Two definitions share what their things are for when their purpose clauses share this many words: "serving food", not just "holding". */
const SHARED_PURPOSE_WORDS = 2;

const purposeCache = new Map<string, readonly (readonly string[])[]>();

/** The content words of a definition's clauses of purpose, each as its forms ("serving": serving, serve), up to the clause's end. */
function purposeWords(id: string): readonly (readonly string[])[] {
  let found = purposeCache.get(id);
  if (!found) {
    const clauses = synset(id).gloss.split(/;\s*"/)[0].toLowerCase().split(/[;,()]/);
    found = clauses.flatMap((clause) => {
      const words = clause.match(/[a-z][a-z-]*/g) ?? [];
      // What a thing is for ("for serving", "used to carry"), not what a relative clause says it is like ("that resembles …").
      const start = words.findIndex((w) => w === "for" || w === "to");
      return start < 0 ? [] : words.slice(start + 1, start + 1 + PURPOSE_CLAUSE).filter((w) => !GLOSS_STOP.has(w)).map(lemmasOf);
    });
    purposeCache.set(id, found);
  }
  return found;
}

/** The words two things' definitions say they are both for ("serving food": a platter and a tray), when there are enough to say it. */
function sharedPurpose(a: Synset, b: Synset): string[] | null {
  const other = new Set(purposeWords(b.id).flat());
  const shared = purposeWords(a.id).filter((forms) => forms.some((f) => other.has(f))).map((forms) => forms[0]);
  return new Set(shared).size >= SHARED_PURPOSE_WORDS ? [...new Set(shared)] : null;
}

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
  if (shared === b.id) return { score, why: `a ${head(a)} is a kind of ${head(b)}`, names: true };
  if (shared === a.id) return { score, why: `a ${head(b)} is a kind of ${head(a)}`, names: true };
  return { score, why: `${head(a)} and ${head(b)} are both kinds of ${lcs}`, names: true };
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
  if (a.id === b.id) return { score: SAME_SYNSET, why: `"${aWord}" and "${bWord}" mean the same here`, names: true };
  if (a.derived.includes(b.id) || b.derived.includes(a.id)) return { score: DERIVED, why: `"${aWord}" and "${bWord}" are forms of one word` };
  // Two forms of one word through a third: an "employer" and "employment" both come from "hire".
  const root = a.pos === b.pos ? a.derived.find((d) => b.derived.includes(d)) : undefined;
  if (root) return { score: SHARED_ROOT, why: `"${aWord}" and "${bWord}" both come from "${head(synset(root))}"` };
  // What a thing does, by a kind of its doing: a "cleaner" cleans, and to scrub is to clean.
  const does = doing(a, b) ?? doing(b, a);
  if (does) {
    const [thing, verb] = does.noun === a ? [aWord, bWord] : [bWord, aWord];
    const done = head(synset(does.verb));
    const why = does.narrower ? `a ${thing} does "${done}", a way to ${head(does.noun === a ? b : a)}` : `"${verb}" is a way to ${done}, what a ${thing} does`;
    return { score: IN_PURPOSE, why };
  }
  const defined = (word: Word, s: Synset, other: string): Link | null => {
    if (!inGloss(word, s)) return null;
    const genus = word.lemmas.includes(genusOf(s.id) ?? "");
    return { score: genus ? IN_GLOSS : IN_PURPOSE, why: `a ${other} is "${s.gloss.split(/;\s*"/)[0]}"`, names: genus };
  };
  const byDefinition = [defined(aw, b, bWord), defined(bw, a, aWord)].filter((l): l is Link => l !== null).sort((x, y) => y.score - x.score)[0];
  if (byDefinition) return byDefinition;
  // A whole near the root ("part" is part of any "whole") says nothing of either word.
  const partOf = (x: Synset, y: Synset) => x.wholes.some((w) => depth(w) >= MIN_SHARED_DEPTH && ancestors(y.id).has(w));
  if (partOf(a, b)) return { score: PART_OF, why: `a ${aWord} is part of a ${bWord}` };
  if (partOf(b, a)) return { score: PART_OF, why: `a ${bWord} is part of a ${aWord}` };
  // One is a kind of the other, however far down: what a question names by its kind ("the vehicle") and its line by name ("van").
  const kindOf = (x: Synset, y: Synset) => {
    const steps = ancestors(x.id).get(y.id);
    return steps !== undefined && steps > 0 && depth(y.id) >= (isPhysical(y.id) ? MIN_KIND_DEPTH : MIN_SHARED_DEPTH) ? steps : null;
  };
  const down = kindOf(a, b) ?? kindOf(b, a);
  if (down !== null) {
    const [kind, general] = kindOf(a, b) !== null ? [aWord, bWord] : [bWord, aWord];
    return { score: KIND_OF - PER_STEP_DOWN * (down - 1), why: `a ${kind} is a kind of ${general}`, names: true };
  }
  const taxonomy = wuPalmer(a, b);
  if (taxonomy.score >= IN_PARENT_GLOSS) return taxonomy;
  // Extended gloss overlap: the definitions of the senses' hypernyms, then the two definitions against each other.
  // Of a hypernym's definition only the genus: "a piano is a keyboard instrument, a musical INSTRUMENT played …".
  const parentGloss = (word: Word, s: Synset) => s.hypernyms.find((h) => word.lemmas.includes(genusOf(h) ?? ""));
  const viaB = parentGloss(aw, b);
  if (viaB) return { score: IN_PARENT_GLOSS, why: `a ${bWord} is a ${head(synset(viaB))}: "${synset(viaB).gloss.split(/;\s*"/)[0]}"` };
  const viaA = parentGloss(bw, a);
  if (viaA) return { score: IN_PARENT_GLOSS, why: `a ${aWord} is a ${head(synset(viaA))}: "${synset(viaA).gloss.split(/;\s*"/)[0]}"` };
  // Two artifacts made for the same use are what an owner calls one thing by either name ("the platter", "the serving tray").
  const purpose = a.lexFile === ARTIFACTS && b.lexFile === ARTIFACTS ? sharedPurpose(a, b) : null;
  if (purpose && taxonomy.score < IN_PURPOSE) return { score: IN_PURPOSE, why: `a ${aWord} and a ${bWord} are both for ${purpose.join(" ")}`, names: true };
  return taxonomy;
}

/** How far up the verb taxonomy a verb may be a kind of a thing's doing: "scrub" is one step under "clean". */
const MAX_DOING_STEPS = 2;

/**
 * A thing's sense whose doing (its derivational verb) a verb's sense is a
 * kind of: "cleaner" and "scrub" share "clean"; or, one step the other way,
 * whose doing is a kind of the verb: a "mower" mows, a way to cut. A verb at
 * the top of WordNet's verb taxonomy ("change", "make") has too many kinds to
 * say what a thing does.
 */
function doing(noun: Synset, verb: Synset): { noun: Synset; verb: string; narrower: boolean } | null {
  if (noun.pos !== "n" || verb.pos !== "v") return null;
  const above = ancestors(verb.id);
  const found = noun.derived.find((d) => {
    const steps = above.get(d);
    return steps !== undefined && steps > 0 && steps <= MAX_DOING_STEPS;
  });
  if (found) return { noun, verb: found, narrower: false };
  const narrower = verb.hypernyms.length > 0 ? noun.derived.find((d) => synset(d).pos === "v" && synset(d).hypernyms.includes(verb.id)) : undefined;
  return narrower ? { noun, verb: narrower, narrower: true } : null;
}

/** Each step down either word's sense list costs this much of a link's strength. */
const PER_RARER_SENSE = 0.02;
/** What a link through the rarest of senses loses: "house" meets "business" only as a firm, which owners seldom mean. */
const RARE_SENSE = 0.2;

/** A link's strength, less for senses further down the lists and for senses seldom used (the geometric mean of their weights). */
function discounted(link: Link, a: Sense, b: Sense, rank: number): Link {
  if (link.score === 0) return link;
  const usual = Math.sqrt(a.weight * b.weight);
  return { ...link, score: link.score * (1 - PER_RARER_SENSE * rank) * (1 - RARE_SENSE * (1 - usual)) };
}

const linkCache = new Map<string, Link>();
/** Remembered pairs, cleared past this many so a long-running server does not grow without end. */
const MAX_REMEMBERED = 200_000;

/**
 * How related two lowercase words are, 0 to 1, and why; with `asNoun`, `a` in its noun senses only, as the text it comes from
 * uses it. The same word, or the same base form, is 1.
 */
export function relatedness(a: string, b: string, { asNoun: usedAsNoun = false }: { asNoun?: boolean } = {}): Link {
  if (a === b) return { score: 1, why: `both say "${a}"`, names: true };
  if (pluralOfUnknown(a, b) || pluralOfUnknown(b, a)) return { score: 1, why: `"${a}" and "${b}" are one name`, names: true };
  // A word that is no noun at all ("begin") was taken for one by a loose parse: it is read as what it is.
  const asNoun = usedAsNoun && weightedSenses(a).some((s) => s.synset.pos === "n");
  const pair = a < b ? `${a}|${b}` : `${b}|${a}`;
  const key = asNoun ? `${a}:n>${b}` : pair;
  const cached = linkCache.get(key);
  if (cached) return cached;
  const lemmasA = new Set((["n", "v", "a"] as Pos[]).flatMap((pos) => baseForms(a, pos)));
  let best: Link = (["n", "v", "a"] as Pos[]).some((pos) => baseForms(b, pos).some((l) => lemmasA.has(l)))
    ? { score: 1, why: `"${a}" and "${b}" are one word`, names: true }
    : NO_LINK;
  if (best.score < 1) {
    const sensesB = weightedSenses(b);
    // A noun's forms as a noun only: "building" is no form of "build" in "the building we work out of".
    const [aw, bw] = [asNoun ? { text: a, lemmas: [a, ...baseForms(a, "n")] } : wordOf(a), wordOf(b)];
    for (const [ia, sa] of weightedSenses(a).entries()) {
      if (asNoun && sa.synset.pos !== "n") continue;
      for (const [ib, sb] of sensesB.entries()) {
        // Rarer senses count for less, so two words meet in their common meanings first.
        const link = discounted(senseLink(sa.synset, aw, sb.synset, bw), sa, sb, ia + ib);
        if (link.score > best.score) best = link;
      }
    }
  }
  if (best.score < KIND_OF) best = closedCompound(a, b) ?? closedCompound(b, a) ?? best;
  if (best.score < DERIVED) best = agentOf(a, b) ?? agentOf(b, a) ?? best;
  if (linkCache.size >= MAX_REMEMBERED) linkCache.clear();
  linkCache.set(key, best);
  return best;
}

/** A word WordNet lacks and its plural ("the halvorsens" of the Halvorsen family, "two zorbs"): one word, as WordNet's own plurals are. */
function pluralOfUnknown(plural: string, one: string): boolean {
  return (plural === `${one}s` || plural === `${one}es`) && !isKnown(one) && !isKnown(plural);
}

/**
 * A word WordNet lacks that names who or what does a verb it has, by the
 * agent suffix ("installer" installs, "detailer" details), and a form of
 * that verb: one word's forms.
 */
function agentOf(agent: string, other: string): Link | null {
  if (weightedSenses(agent).length > 0) return null;
  const stem = /^(\p{L}{3,}?)e?rs?$/u.exec(agent)?.[1];
  if (!stem) return null;
  const verbs = [stem, `${stem}e`].filter((v) => synsetIds(v, "v").length > 0);
  const forms = baseForms(other, "v");
  const verb = verbs.find((v) => forms.includes(v));
  return verb ? { score: DERIVED, why: `"${agent}" and "${other}" are forms of "${verb}"` } : null;
}

/** The shortest word a closed compound is made of: "whiteboard" is white + board, "toolbox" tool + box. */
const SHORTEST_PART = 3;

/**
 * A closed compound WordNet does not list names a kind of its last part
 * ("whiteboards" are boards, "bikeracks" racks): `whole` is unknown and ends
 * with `part` as a noun, after a word of its own. A compound WordNet lists
 * ("deadline") is left to what WordNet says of it. The link is loose, enough
 * to follow a line, never enough alone to rest an answer on.
 */
function closedCompound(part: string, whole: string): Link | null {
  const compound = whole.replace(/(?<=[^s])s$/, "");
  const head = baseForms(part, "n").find((form) => form.length >= SHORTEST_PART && compound.endsWith(form));
  if (!head || isKnown(whole) || isKnown(compound)) return null;
  const first = compound.slice(0, -head.length);
  if (first.length < SHORTEST_PART || !isKnown(first)) return null;
  return { score: IN_PARENT_GLOSS, why: `a ${compound} is a kind of ${head}`, names: true };
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

/**
 * A measure word is read as a thing too when SemCor saw it used for something
 * one can touch at least this share of its commonest sense's uses, and at
 * least this many times.
 */
const THING_USE = 1 / 3;
const MIN_THING_USES = 5;

/**
 * A word whose commonest sense is a measure but which SemCor saw used for
 * something one can touch nearly as often: a "yard" is three feet, and the
 * ground around a house (12 uses to 34); a "lot", a parcel of land. Owners
 * mean the thing ("the rent on the yard") as often as the measure.
 */
function oftenAThing(word: string): boolean {
  return baseForms(word, "n").some((lemma) => {
    const counts = senseCounts(lemma, "n");
    const [first, ...rest] = lookedAt(lemma, "n");
    const usedAsThing = rest.filter((s) => isPhysical(s.id)).reduce((sum, s) => sum + (counts.get(s.id) ?? 0), 0);
    return first !== undefined && usedAsThing >= MIN_THING_USES && usedAsThing >= THING_USE * (counts.get(first.id) ?? 0);
  });
}

/** The synset of a word's commonest noun sense, if it has one. */
function commonestNounSense(word: string): string | undefined {
  return baseForms(word, "n").flatMap((lemma) => synsetIds(lemma, "n").slice(0, 1))[0];
}

/** Whether a noun's commonest sense is a kind of value: "a yard" is first three feet, "a lot" first a large number. */
export function isMeasureFirst(word: string): boolean {
  const first = commonestNounSense(word);
  const roots = valueRootIds();
  return first !== undefined && [...ancestors(first).keys()].some((id) => roots.has(id));
}

/** A noun whose commonest sense is a kind of value ("price", "fee", "month", "total"), and not often a thing one can touch too, or a word formed on one ("monthly"), so it is what a fact states, not what it is about. */
export function isValueWord(word: string): boolean {
  let found = valueCache.get(word);
  if (found === undefined) {
    found = isMeasureFirst(word) && !oftenAThing(word);
    // "Monthly", "yearly", "daily": how often, formed on a value word.
    const stem = word.replace(/ily$/, "y").replace(/ly$/, "");
    if (!found && stem !== word && stem.length > 2) found = isValueWord(stem);
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
  const first = commonestNounSense(word);
  if (first === undefined) return false;
  const above = ancestors(first);
  return categories.some((c) => [...categoryIds(c)].some((id) => above.has(id)));
}

/**
 * A noun's senses in use, of the few looked at: when SemCor saw the word
 * used, its commonest sense and any other it tagged; else all of them, since
 * nothing tells them apart ("van" was never tagged; its third is a railway
 * car). A sense nobody was seen using beside one that was ("cooler" as an
 * iced drink, "menu" as the dishes of a meal) would file a walk-in cooler or
 * the menus under food.
 */
function usualNounSenses(word: string): Synset[] {
  return baseForms(word, "n").flatMap((lemma) => {
    const counts = senseCounts(lemma, "n");
    const senses = lookedAt(lemma, "n");
    const seen = senses.some((s) => (counts.get(s.id) ?? 0) > 0);
    return senses.filter((s, i) => !seen || i === 0 || (counts.get(s.id) ?? 0) > 0);
  });
}

/** Whether `word`, in a sense in use, names `kind` in its commonest sense or a kind of it ("van" of "vehicle"; "hand truck" is no kind of truck). */
const kindCache = new Map<string, boolean>();

export function isKindOrSame(word: string, kind: string): boolean {
  if (word === kind) return true;
  const key = `${word}|${kind}`;
  let found = kindCache.get(key);
  if (found === undefined) {
    const [commonest] = sensesOf(kind).filter((s) => s.pos === "n");
    found = commonest !== undefined && usualNounSenses(word).some((s) => ancestors(s.id).has(commonest.id));
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

/** People and groups this near the root name no one in particular: "person", "someone", "worker", "people". */
const GENERAL_DEPTH = 5;
/** WordNet's lexicographer files of the top concepts, of people and of groups. */
const TOPS = 3;
const PEOPLE = 18;
const GROUPS = 14;

/** Whether a noun's commonest sense is too general to single anyone out ("the new person", "the people"). */
export function isGeneral(word: string): boolean {
  const first = commonestNounSense(word);
  return first !== undefined && depth(first) <= GENERAL_DEPTH && [TOPS, PEOPLE, GROUPS].includes(synset(first).lexFile);
}

/** WordNet's kinds of person by sex or age: a word for someone that is a near kind of one of them says no more than that. */
const BY_SEX_OR_AGE = ["adult", "female person", "male person", "juvenile"];
/** How near such a kind a word may be: a guy is a man, an adult male person. */
const NEAR_KIND = 2;

/**
 * The general word a word stands for when a line is linked to it: itself when
 * it is general, "person" for a word for someone by sex or age only ("the
 * new woman", "the new guy", "the kid"), else none.
 */
export function generalOf(word: string): string | null {
  // Asked for every question word against every buffer line: worked out once per word.
  if (!generalCache.has(word)) generalCache.set(word, generalStandIn(word));
  return generalCache.get(word)!;
}

const generalCache = new Map<string, string | null>();

function generalStandIn(word: string): string | null {
  if (isGeneral(word)) return word;
  const first = commonestNounSense(word);
  if (first === undefined || synset(first).lexFile !== PEOPLE) return null;
  const above = ancestors(first);
  const bySexOrAge = BY_SEX_OR_AGE.some((kind) => (above.get(synsetIds(kind, "n")[0]) ?? Infinity) <= NEAR_KIND);
  return bySexOrAge ? "person" : null;
}

/**
 * The broad kinds a question's thing and a page's thing are compared by: a
 * value ("fees"), someone who does things (a person or an organization), a
 * place, a physical thing, or none of these (an act, an idea), which is
 * compared with nothing.
 */
type BroadKind = "value" | "agent" | "place" | "thing" | null;

/** Whether a noun's commonest sense is someone: a person, an organization, a group of people ("a couple"). */
export const namesSomeone = (word: string) => isKindOf(word, ["person", "organization", "social group"]);

function broadKind(word: string): BroadKind {
  if (isValueWord(word)) return "value";
  if (namesSomeone(word)) return "agent";
  if (isKindOf(word, ["location"])) return "place";
  if (isKindOf(word, ["physical entity"])) return "thing";
  return null;
}

/** Whether two nouns are of one broad kind, or either is of none: "stand" and "tool" are (things), "fees" and "oven" are not. */
export function sameBroadKind(a: string, b: string): boolean {
  const [x, y] = [broadKind(a), broadKind(b)];
  return x === null || y === null || x === y;
}

/** WordNet's lexicographer files of what is thought and what is said. */
const COGNITION = 9;
const COMMUNICATION = 10;

/** Whether a noun names something thought or said ("idea", "quote", "news"), which is about something else: "the idea about the life jackets". */
export function isThoughtOrSaid(word: string): boolean {
  const first = commonestNounSense(word);
  return first !== undefined && [COGNITION, COMMUNICATION].includes(synset(first).lexFile);
}
