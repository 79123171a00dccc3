import { GENERAL_PAGE, TOPICS, type Facet, type SubjectEntry, type TopicEntry } from "@/lib/models/offline/lexicon";
import { hasDate, nameRuns } from "@/lib/models/offline/signals";
import { stem, term, terms, words } from "@/lib/models/offline/text";

// Which topic page a sentence belongs to, and the key that names its subject
// there, so a later sentence on the same subject supersedes it.

/** Every word stemmed, stopwords included, so phrases like "move-in" still line up. */
function sentenceStems(text: string): string[] {
  return words(text).map((w) => stem(w.replace(/['’]s$/i, "")));
}

function phraseStems(phrase: string): string[] {
  return phrase.split(/[\s-]+/).map((w) => stem(w));
}

function containsPhrase(stems: readonly string[], phrase: readonly string[]): boolean {
  for (let i = 0; i + phrase.length <= stems.length; i++) {
    if (phrase.every((p, j) => stems[i + j] === p)) return true;
  }
  return false;
}

function mentions(stems: readonly string[], phrases: readonly string[]): number {
  return phrases.filter((p) => containsPhrase(stems, phraseStems(p))).length;
}

/** The lexicon topic a page title is, whatever its capitalisation. */
export function topicOfPage(page: string): TopicEntry | null {
  return TOPICS.find((t) => t.page.toLowerCase() === page.toLowerCase()) ?? null;
}

/** A topic's words count fully, its hints by half, so a named topic always beats a hinted one. */
function topicScore(stems: readonly string[], topic: TopicEntry): number {
  return mentions(stems, topic.words) + mentions(stems, topic.hints ?? []) / 2;
}

/** The lexicon topic a text names most, or null when it names none. Ties go to the earlier, more specific topic. */
export function topicOf(text: string): TopicEntry | null {
  const stems = sentenceStems(text);
  let best: TopicEntry | null = null;
  let bestScore = 0;
  for (const topic of TOPICS) {
    const score = topicScore(stems, topic);
    if (score > bestScore) [best, bestScore] = [topic, score];
  }
  return best;
}

/** An existing page's own spelling wins, so facts land on the page the owner already has. */
function existingSpelling(page: string, existingPages: readonly string[]): string {
  return existingPages.find((p) => p.toLowerCase() === page.toLowerCase()) ?? page;
}

/** An existing page outside the lexicon, named in full by the sentence ("Catering" for a catering sentence). */
function namedCustomPage(text: string, existingPages: readonly string[]): { page: string; score: number } | null {
  const stems = new Set(sentenceStems(text));
  let best: { page: string; score: number } | null = null;
  for (const page of existingPages) {
    if (topicOfPage(page) || page.toLowerCase() === GENERAL_PAGE.toLowerCase()) continue;
    const titleTerms = terms(page);
    if (titleTerms.length === 0 || !titleTerms.every((t) => stems.has(t))) continue;
    if (!best || titleTerms.length > best.score) best = { page, score: titleTerms.length };
  }
  return best;
}

export type Placement = {
  page: string;
  /** The lexicon entry behind the page, for subject keys; null for custom pages and General. */
  topic: TopicEntry | null;
  /** True when the sentence named its topic itself rather than inheriting it. */
  named: boolean;
};

/**
 * The page for one sentence: the topic it names, else the page the
 * conversation was just on (a sentence like "It's $2,300 a month" continues
 * the previous one), else General.
 */
export function placeSentence(text: string, existingPages: readonly string[], inherited: string | null): Placement {
  const topic = topicOf(text);
  const custom = namedCustomPage(text, existingPages);
  const named = topic ? topicScore(sentenceStems(text), topic) : 0;
  if (custom && custom.score > named) return { page: custom.page, topic: null, named: true };
  if (topic) return { page: existingSpelling(topic.page, existingPages), topic, named: true };
  const page = existingSpelling(inherited ?? GENERAL_PAGE, existingPages);
  return { page, topic: topicOfPage(page), named: false };
}

const FACET_WORDS: Record<Facet, string> = {
  choice: "choice",
  proposal: "suggestion",
  date: "date",
  money: "price",
  quantity: "amount",
  name: "name",
  detail: "note",
};

/** Words that say how something was decided or felt, never what it was about. */
const NOT_A_SUBJECT = new Set(
  (
    "suggest recommend propose decide decided chose choose pick picked sign signed book booked go lean leaning want prefer like " +
    "need love rather agree agreed settle settled lock confirm confirmed consider maybe probably might new old big small good " +
    "great best better next last first other current extra total cost costs"
  )
    .split(" ")
    .map((w) => stem(w)),
);

/** The first word that names what a sentence is about, for subjects the lexicon does not list ("croissant price"). */
function headWord(text: string, topic: TopicEntry | null): string {
  const topicStems = new Set((topic?.words ?? []).map((w) => stem(w)));
  for (const word of words(text)) {
    const t = term(word);
    if (t === null || /^\d/.test(t) || NOT_A_SUBJECT.has(t) || topicStems.has(t)) continue;
    const lower = word.toLowerCase().replace(/['’]s$/, "");
    return lower.length > 3 && lower.endsWith("s") && !lower.endsWith("ss") ? lower.slice(0, -1) : lower;
  }
  return topic?.page.toLowerCase() ?? "general";
}

/** The first subject of the topic that the sentence names. */
export function subjectOf(text: string, topic: TopicEntry | null): SubjectEntry | null {
  const stems = sentenceStems(text);
  return topic?.subjects.find((s) => mentions(stems, s.words) > 0 && (!s.needsDate || hasDate(text))) ?? null;
}

/**
 * The fact's key: its subject (with the facet where a subject has several,
 * e.g. "lease price" vs "preferred lease"), else its head word and facet. The
 * same subject said again later yields the same key. Prices of named options
 * ("Main St lease price", "Elm St lease price") stay apart, as comparing
 * quotes is exactly when both must be kept.
 */
export function keyFor(text: string, topic: TopicEntry | null, facet: Facet, subject: SubjectEntry | null): string {
  if (!subject) return `${headWord(text, topic)} ${FACET_WORDS[facet]}`;
  if (typeof subject.key === "string") return subject.key;
  const key = subject.key[facet] ?? subject.key.default;
  const name = facet === "money" ? nameRuns(text)[0]?.toLowerCase() : undefined;
  return name && !key.includes(name) ? `${name} ${key}` : key;
}
