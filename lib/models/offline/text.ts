import { isKnown, nounSenses } from "@/lib/models/offline/meaning";

// Tokenising, light stemming, sentences and the small text helpers the
// offline model's rules share.

const STOPWORDS = new Set(
  (
    "a an the and or but if of to in on at for with about from by as into onto over under than then so too very just also " +
    "is are was were be been being am do does did doing done have has had having i me my mine we us our ours you your yours " +
    "he him his she her it its they them their this that these those what which who whom whose when where why how there here " +
    "can could would should will shall may might must not no yes any some all each every much many more most again still ever " +
    "now up out off let lets i'm i've i'll i'd we're we've we'll we'd you're you've you'll you'd it'll they're don't didn't " +
    "doesn't isn't aren't wasn't won't can't couldn't ok okay get got go going gonna wanna right well because since though although unless while " +
    "gets getting " +
    // Contractions typed without their apostrophe: "thats like $300", "whats a good way".
    "thats whats theyre youre dont doesnt didnt isnt arent wasnt werent couldnt shouldnt wouldnt havent hasnt ive weve theyve " +
    "im hes shes hows wheres theres heres whos itll youll theyll youd theyd wouldve couldve shouldve aint til " +
    "nobodys somebodys everybodys everyones someones " +
    // Interjections, a closed class of the grammar: "hey, the van …", "ugh, the premium …" open a sentence and name nothing.
    "hey hi hello ugh hmm huh oh ah aw wow yeah yep yup nope nah meh oops whoa yikes geez jeez welp phew um uh " +
    // Chat shorthand for an aside or a laugh: "the tent btw", "about lol": never a thing.
    "btw fyi lol tho imo tbh idk omg fwiw tmrw tmr rn thx pls plz nvm " +
    // Indefinite pronouns stand in for a thing or a person not yet named: never a subject to file under.
    "someone somebody anyone anybody everyone everybody nobody everything nothing whatever whoever"
  ).split(" "),
);

/**
 * English prepositions, a closed class of the grammar: never what a sentence
 * is about, and where a noun phrase ends ("the pads under the walls").
 * WordNet does not list them, so without this an unknown word would pass for
 * a name.
 */
export const PREPOSITIONS = new Set(
  "aboard about above across after against along alongside amid among around at before behind below beneath beside besides between beyond by despite during except excluding for from in including into like minus near of off on onto per plus since through throughout thru till to toward towards under underneath unlike until upon via with within without".split(
    " ",
  ),
);

/** Words that frame a question about the past, or the agent's own bookkeeping, rather than name a subject. */
const FILLERS = new Set(
  (
    "remind reminded remember recall tell know say said says talk talked discuss discussed mention mentioned again exactly " +
    "thing things stuff situation situations update updates anything something one owner agent page pages note notes conversation earlier think thought " +
    "mean guess sure actually really please thank thanks"
  ).split(" "),
);

/** Surface words: letters and digits, keeping "it's", "2,500" and "2.5k" whole. */
export function words(text: string): string[] {
  return text.match(/[\p{L}\p{N}]+(?:(?:['’]|[.,](?=\p{N}))[\p{L}\p{N}]+)*/gu) ?? [];
}

const NUMBER = /^\d[\d,]*(?:\.\d+)?k?$/i;

/** "2,500" and "2.5k" both become "2500", so a budget matches however it was written. */
function normaliseNumber(word: string): string {
  const plain = word.replace(/,/g, "").toLowerCase();
  return plain.endsWith("k") ? String(Math.round(Number.parseFloat(plain) * 1000)) : plain;
}

/** "shipp" → "ship", but a short root keeps its letters: "adding" is "add", never "ad". */
function dropDoubledConsonant(word: string): string {
  return word.length > 3 && /([b-df-hj-np-tv-z])\1$/.test(word) && !/(ll|ss|zz)$/.test(word) ? word.slice(0, -1) : word;
}

/** A light suffix stripper: enough that hire, hired and hiring meet, without a dictionary. */
export function stem(word: string): string {
  let w = word.toLowerCase();
  if (w.length > 4 && w.endsWith("ies")) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith("sses")) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith("s") && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.length >= 6 && w.endsWith("ing")) w = dropDoubledConsonant(w.slice(0, -3));
  else if (w.length >= 5 && w.endsWith("ed")) w = dropDoubledConsonant(w.slice(0, -2));
  if (w.length > 3 && w.endsWith("e")) w = w.slice(0, -1);
  return w;
}

/** The comparable form of one surface word, or null for stopwords and fillers. */
export function term(word: string): string | null {
  const lower = word.toLowerCase().replace(/’/g, "'").replace(/'s$/, "");
  if (STOPWORDS.has(lower) || PREPOSITIONS.has(lower) || FILLERS.has(lower)) return null;
  if (NUMBER.test(lower)) return normaliseNumber(lower);
  if (lower.length < 2) return null;
  return stem(lower.replace(/'/g, ""));
}

export function terms(text: string): string[] {
  return words(text).flatMap((w) => term(w) ?? []);
}

const ABBREVIATIONS = new Set(["st", "dr", "mr", "mrs", "ms", "ave", "rd", "blvd", "vs", "approx", "no", "e.g", "i.e", "etc", "inc", "co", "jr", "sr"]);

/** Abbreviations that come before a name ("Mrs. Rose", "Dr. Quellmark"), never at a sentence's end. */
const TITLES = new Set(["mr", "mrs", "ms", "dr"]);

/** "Millbrook Ave. We keep …": after an abbreviation a name ends with, a word of the language opens a new sentence. */
function endsSentence(abbreviation: string, after: string): boolean {
  const next = /^\s+(\p{Lu}[\p{L}']*)/u.exec(after)?.[1];
  return !TITLES.has(abbreviation) && next !== undefined && isCommonWord(next);
}

/** Sentences (and ;-separated clauses), without splitting "Elm St." or "$2.5k". */
export function sentences(text: string): string[] {
  const out: string[] = [];
  const push = (s: string) => {
    const trimmed = s.trim();
    if (trimmed) out.push(trimmed);
  };
  for (const line of text.split(/\n+/)) {
    let start = 0;
    for (const end of line.matchAll(/[.!?;]+(?=\s|$)/g)) {
      const lastWord = line.slice(start, end.index).split(/\s+/).at(-1)?.toLowerCase() ?? "";
      if (end[0] === "." && ABBREVIATIONS.has(lastWord) && !endsSentence(lastWord, line.slice(end.index + 1))) continue;
      const stop = end.index + end[0].length;
      push(line.slice(start, stop));
      start = stop;
    }
    push(line.slice(start));
  }
  return out;
}

/** A noun in WordNet: a word that names a thing, worth searching for. */
function isNoun(word: string): boolean {
  return nounSenses(word.toLowerCase()) > 0;
}

/**
 * The most distinctive words of a text, in their original order and spelling:
 * numbers and names first, then nouns, then long words; never one of
 * `excluded`. Used where exact words matter, like a search query.
 */
export function keywords(text: string, max: number, excluded: ReadonlySet<string> = new Set()): string[] {
  const candidates = words(text).flatMap((word, index) => {
    const t = term(word);
    if (t === null || excluded.has(word.toLowerCase())) return [];
    const capitalised = index > 0 && /^\p{Lu}/u.test(word) && word !== "I";
    const score = (NUMBER.test(word) ? 3 : 0) + (capitalised ? 3 : 0) + (isNoun(word) ? 1 : 0) + Math.min(word.length, 12) / 12;
    return [{ word: word.replace(/’/g, "'").replace(/'s$/i, ""), t, index, score }];
  });
  const unique = candidates.filter((c, i) => candidates.findIndex((d) => d.t === c.t) === i);
  return [...unique]
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, max)
    .sort((a, b) => a.index - b.index)
    .map((c) => c.word);
}

/** Stopwords and the words of the language: words that start a sentence without being a name. */
function isCommonWord(word: string): boolean {
  return term(word) === null || isKnown(word.toLowerCase());
}

/** Lowercases the first letter of a sentence that will be embedded in another, unless it starts with a name. */
export function lowerFirstIfCommon(text: string): string {
  const [first, second] = words(text);
  // A capitalised word after it makes it part of a name: "Wren Castellano", "Granite Ridge Mutual".
  const keep = !first || !text.startsWith(first) || /^I\b/.test(first) || !isCommonWord(first) || /^\p{Lu}/u.test(second ?? "");
  return keep ? text : text.charAt(0).toLowerCase() + text.slice(1);
}

export function trimEndPunctuation(text: string): string {
  return text.trim().replace(/[.!;,\s]+$/, "");
}

/** A sentence without its conversational lead-in ("Ok, so actually …", "Hi Sam, …"), which carries nothing to remember. */
export function stripLeadIn(sentence: string): string {
  let s = sentence.trim();
  for (;;) {
    const next = s
      .replace(/^(?:[Hh]i|[Hh]ey|[Hh]ello|[Mm]orning|[Gg]ood (?:morning|afternoon|evening))(?:\s+\p{Lu}[\p{L}'-]*)?[,!.]\s+/u, "")
      .replace(/^(?:ok(?:ay)?|so|well|alright|also|and|but|actually|great|good|yes|yeah|yep|right|hmm|oh|anyway|btw|fyi|oh and|of course)\b[,!.]?\s+/i, "")
      // What the owner is about to say, named before it: "Big news, we hired …", "Quick question: …", "For reference, …".
      .replace(/^(?:the\s+)?(?:(?:one more|\p{L}+)\s+)?(?:news|question|update|note|reminder|heads[- ]up|one|thing|correction)(?:\s*[,:!—–]+|\s+-+)\s*/iu, "")
      // "Software wise, we use …", "Scheduling - we moved …": the topic, as a heading.
      .replace(/^(\p{L}+)[- ]wise\b,?\s*/iu, "$1: ")
      .replace(/^(\p{L}+(?:\s+\p{L}+)?)\s+[-—–]+\s+/u, "$1: ")
      // "Trade show stuff: …": the topic stays, the word for everything about it goes.
      .replace(/^((?:\p{L}+\s+){0,2}\p{L}+)\s+(?:stuff|things)(?=\s*[,:—–])/iu, "$1")
      .replace(/^(?:for (?:reference|the record|what it's worth)|just so you know|speaking of (?:which|that|[^,:—–]+?))(?:\s*[,:—–]+|\s+-+|\s+(?=(?:we|i|our|my)\b))\s*/i, "")
      // "Correction on the business cards — …": what is corrected stays, as what the sentence is about.
      .replace(/^(?:(?:a|one|quick|small)\s+)?(?:correction|update|change)\s+(?:on|to|about|for|re)\s+/i, "")
      // "Figure we spend about …", "guess they charge …": a verb of thinking before its clause says how sure, not what.
      .replace(/^(?:figure|guess|reckon|suppose|bet|assume|imagine)\s+(?=(?:we|i|they|he|she|you|it)\b)/i, "");
    if (next === s) return s;
    s = next;
  }
}

/** "whats the …", "whos doing …": a wh-word and its "is", typed without the apostrophe. */
export function withWhApostrophes(text: string): string {
  return text.replace(/\b(what|who|where|how)s\b/gi, "$1's");
}

export function countWords(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** The first max words of a text, marked with an ellipsis when cut. */
export function clipWords(text: string, max: number): string {
  const all = text.split(/\s+/).filter(Boolean);
  return all.length <= max ? all.join(" ") : `${all.slice(0, max).join(" ")}…`;
}

/** Cuts at a word boundary so a clipped fact never ends mid-number. */
export function clipChars(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`;
}

/** Word-sized pieces that concatenate back to the text, for streaming. */
export function wordChunks(text: string): string[] {
  return text.match(/\s*\S+\s*/g) ?? [];
}

/** cyrb53: a fast 53-bit string hash, so ids are stable for the same prompt. */
export function hashText(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** Text to match literally inside a regular expression. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
