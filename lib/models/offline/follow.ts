import { isValueWord, relatedness, type Link } from "@/lib/models/offline/meaning";
import type { BufferLine } from "@/lib/models/offline/prompt-reader";
import { WEAK, contentWords, type Reason } from "@/lib/models/offline/relate";
import { namesIn, nounPhrases } from "@/lib/models/offline/subject";

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

/** A question's words that can say what it is about: not a value ("price", "month"), not liking or deciding, not a number. */
export function aboutWords(text: string): string[] {
  return contentWords(text).filter((w) => !WEAK.has(w) && !isValueWord(w) && !/^\d/.test(w));
}

type LineLink = { asked: string; found: string; link: Link };

function nearest(word: string, candidate: readonly string[]): LineLink | null {
  let best: LineLink | null = null;
  for (const found of candidate) {
    const link = relatedness(word, found);
    if (link.score >= LINE_LINK && (best === null || link.score > best.link.score)) best = { asked: word, found, link };
  }
  return best;
}

/** A link's worth over the weakest that counts: the same word 1, a loose link near 0, so many loose links do not add up to one close one. */
const strength = (link: Link) => (link.score - LINE_LINK) / (1 - LINE_LINK);

/**
 * A line's words: the titles of the pages it points at, which name what its
 * stretch was filed under, and the things its gist names (its noun phrases
 * and names), not the verbs that tell how the stretch went ("gave",
 * "changed", "decided"), which link to any question's verbs.
 */
export function lineWords(line: BufferLine): string[] {
  const named = [...nounPhrases(line.gist).flatMap((p) => [...p.words, ...p.names]), ...namesIn(line.gist)];
  return [...new Set([...contentWords(line.pages.join(" ")), ...contentWords(named.join(" "))])];
}

export type RankedLine = {
  line: BufferLine;
  /** Where the line stands in the block, oldest first. */
  index: number;
  score: number;
  /** The strongest of its links, the reason a trace shows. */
  reason: Reason | null;
};

/**
 * A line that says its stretch filed the kind of value the question asks for
 * ("$640 a month" for "what do we pay …?") counts this many times one that
 * does not: its page is likelier to hold the answer. The value itself is
 * never taken from the line.
 */
const HOLDS_KIND = 2;

/** Every line that points at a page, scored against the question's words, best first; the newest of equals first. `holdsKind`: whether a line says it filed the asked-for kind of value. */
export function rankLines(asked: readonly string[], lines: readonly BufferLine[], holdsKind: (gist: string) => boolean = () => false): RankedLine[] {
  const candidates = lines.map((line, index) => ({ line, index, words: lineWords(line) })).filter((c) => c.line.pages.length > 0);
  const links = candidates.map((c) => asked.map((word) => nearest(word, c.words)));
  const holders = asked.map((_, i) => links.filter((l) => l[i] !== null).length);
  return candidates
    .map((c, n): RankedLine => {
      const found = links[n].filter((l): l is LineLink => l !== null);
      const score = links[n].reduce((sum, l, i) => sum + (l ? strength(l.link) / holders[i] : 0), 0) * (holdsKind(c.line.gist) ? HOLDS_KIND : 1);
      const strongest = found.sort((a, b) => b.link.score - a.link.score)[0] ?? null;
      return { line: c.line, index: c.index, score, reason: strongest };
    })
    .sort((a, b) => b.score - a.score || b.index - a.index);
}

/** The line to follow: the best one, when it clears FOLLOW_AT and leads the next by CLEAR_LEAD of its score. */
export function bestLine(asked: readonly string[], lines: readonly BufferLine[], holdsKind?: (gist: string) => boolean): RankedLine | null {
  const [best, next] = rankLines(asked, lines, holdsKind);
  if (!best || best.reason === null || best.score < FOLLOW_AT) return null;
  // Two lines about the same pages are one pointer, not a tie.
  const rival = next && !next.line.pages.every((p) => best.line.pages.includes(p)) ? next.score : 0;
  return best.score - rival >= CLEAR_LEAD * best.score ? best : null;
}

/** How much of what the question is about a text covers, 0 to 1: the mean of each word's nearest link, for comparing an answer with a line. */
export function coverage(asked: readonly string[], words: readonly string[]): number {
  if (asked.length === 0) return 0;
  return asked.reduce((sum, word) => sum + (nearest(word, words)?.link.score ?? 0), 0) / asked.length;
}
