import { normaliseKey, sameSubject } from "@/lib/contracts/fact-subject";
import { MAX_FACTS_PER_PASS, type MemoryPassOutput, type StretchState } from "@/lib/contracts/memory-pass";
import type { MemoryInputFact } from "@/lib/contracts/prompt/memory-input";
import { episodeLine, type ExtractedFact } from "@/lib/models/offline/episode";
import { foldLine } from "@/lib/models/offline/fold";
import { GENERAL_PAGE, type Facet, type SubjectEntry } from "@/lib/models/offline/lexicon";
import type { MemoryView } from "@/lib/models/offline/prompt-reader";
import { facetOf, isDecided, isDone, isDurable, isReversal, isUpdate, nameRuns } from "@/lib/models/offline/signals";
import { subjectPhrase, valuesOf } from "@/lib/models/offline/subject";
import { clipChars, lowerFirstIfCommon, sentences, stripLeadIn, terms } from "@/lib/models/offline/text";
import { keyFor, placeSentence, subjectOf, topicOf, topicOfPage } from "@/lib/models/offline/topics";

// The memory pass: durable facts out of a stretch of messages, each on a
// topic page under a key naming its own subject, the live fact each one
// replaces when the owner changed a decision, and the stretch's episode line.

/** memoryPassOutputSchema's caps, and a fact short enough to read in a prompt line. */
const MAX_FACTS = MAX_FACTS_PER_PASS;
const MAX_PAGE_CHARS = 80;
const MAX_FACT_CHARS = 200;

const PRONOUN_START = /^(?:it|that|this|they|those|these|there)\b/i;

/**
 * Cleaned and self-contained: a sentence that leans on the one before it
 * ("It's 1,200 sq ft", "We're leaning to the Main St one") gets what it is
 * about in front ("Space size: it's 1,200 sq ft"), so it reads, and matches
 * a question, on its own.
 */
function factText(sentence: string, about: string | null): string {
  const s = sentence.replace(/\s+/g, " ").trim().replace(/[;,]$/, ".");
  const standalone = about
    ? `${about.charAt(0).toUpperCase()}${about.slice(1)}: ${lowerFirstIfCommon(s)}`
    : s.charAt(0).toUpperCase() + s.slice(1);
  return clipChars(standalone, MAX_FACT_CHARS);
}

const sharesWord = (text: string, title: string) => {
  const ours = new Set(terms(text));
  return terms(title).some((t) => ours.has(t));
};

const titleCase = (phrase: string) => phrase.replace(/(?<![\p{L}'])\p{L}/gu, (c) => c.toUpperCase());

/** Words that already say what kind of value a key holds, so no kind is added after them. */
const MONEY_WORDS = new Set(terms("price cost fee rate wage salary rent budget deposit quote total charge minimum pay premium tip tax discount"));
const DATE_WORDS = new Set(terms("date day deadline launch opening start starts schedule hours"));

/**
 * The key: the sentence's own noun phrase ("butter supplier", "delivery fee",
 * "health inspection date"), so two things on one page never share one; the
 * lexicon's key when the phrase says no more than the lexicon's subject does
 * ("budget" is "monthly budget") or the key names one of several options
 * ("main st lease price").
 */
function specificKey(sentence: string, lexiconKey: string, topicWords: readonly string[], phrase: string | null, facet: Facet, subject: SubjectEntry | null): string {
  if (!phrase) return lexiconKey;
  const known = new Set(topicWords.flatMap((w) => terms(w)));
  const phraseTerms = terms(phrase);
  const namesOption = nameRuns(sentence).some((n) => lexiconKey.startsWith(n.toLowerCase()));
  // The lexicon's key also wins when the phrase misses the subject altogether ("before noon" in a delivery sentence).
  if (subject && (namesOption || phraseTerms.every((t) => known.has(t)) || !phraseTerms.some((t) => known.has(t)))) return lexiconKey;
  if (facet === "proposal") return `${phrase} suggestion`;
  if (facet === "money" && !phraseTerms.some((t) => MONEY_WORDS.has(t))) return `${phrase} price`;
  if (facet === "date" && !phraseTerms.some((t) => DATE_WORDS.has(t))) return `${phrase} date`;
  return phrase;
}

/** The owner's sentence names the thing a live fact is about: "scrap Square" names the fact that chose Square. */
function namesFact(sentence: string, fact: MemoryInputFact): boolean {
  const text = fact.text.toLowerCase();
  return nameRuns(sentence).some((n) => text.includes(n.toLowerCase()));
}

/** The sentence itself says every word of the key, so the key is its subject and not a topic's catch-all. */
const namesKey = (sentence: string, key: string) => {
  const ours = new Set(terms(sentence));
  return terms(key).every((t) => ours.has(t));
};

const differsIn = (a: string, b: string) => {
  const values = valuesOf(a).map((v) => v.toLowerCase());
  return values.length > 0 && values.some((v) => !b.toLowerCase().includes(v));
};

/**
 * The live fact an owner's sentence replaces. A reversal ("scrap X",
 * "instead", "moved to") replaces the newest live fact on the same subject,
 * or the one it names; an update ("actually", "now") or a plain restatement
 * replaces only the same subject holding the same kind of value. Agent
 * proposals replace nothing here.
 */
function replacedFact(fact: ExtractedFact, sentence: string, live: readonly MemoryInputFact[]): MemoryInputFact | null {
  if (fact.speaker !== "owner") return null;
  const reversing = isReversal(sentence);
  const changing = reversing || isUpdate(sentence);
  const candidates = live.filter((f) => f.status === "confirmed" || f.source === "agent");
  const samePage = candidates.filter((f) => f.page.toLowerCase() === fact.page.toLowerCase());
  // The same key on another page: the sentence lacked the words that placed the first one ("pricing"), not a new subject.
  const sameKey = [...candidates.filter((f) => !samePage.includes(f)), ...samePage].filter((f) => normaliseKey(f.key) === normaliseKey(fact.key));
  // Without a change cue, only a restatement counts: the same key and the same kind of value ("$2,700" for "$2,500"), since
  // a coarse key can cover two things ("space size" for the floor area and the seating share).
  const restated = sameKey.findLast(
    (f) => differsIn(sentence, f.text) && (changing || (facetOf(f.text) === fact.facet && namesKey(sentence, f.key))),
  );
  if (restated) return restated;
  if (!changing) return null;
  // Only the same subject, or the very thing the owner names, is replaced: sharing a few words ("new patient") is not enough.
  // An update ("actually", "now") must also be the same kind of value; a reversal ("instead", "scrap") may change its kind.
  const sameThing = samePage.findLast(
    (f) => sameSubject(f.key, fact.key) && differsIn(sentence, f.text) && (reversing || facetOf(f.text) === fact.facet),
  );
  return sameThing ?? (reversing ? (candidates.findLast((f) => namesFact(sentence, f)) ?? null) : null);
}

/**
 * A page for a sentence no topic or earlier sentence places: an existing page
 * its subject shares a word with, else one named for the subject itself
 * ("Open House"), else none: a sentence without a subject is filed nowhere.
 */
function ownPage(phrase: string | null, pages: readonly string[]): string | null {
  if (!phrase) return null;
  const ours = new Set(terms(phrase));
  const existing = pages.find((p) => p.toLowerCase() !== GENERAL_PAGE.toLowerCase() && terms(p).some((t) => ours.has(t)));
  return existing ?? titleCase(phrase);
}

/**
 * Walks the stretch sentence by sentence. A sentence that names no topic
 * continues the one before it: same page, same subject ("Got two lease
 * quotes. We're leaning to the Main St one."). Customer lines are never
 * memory. A later fact with the same page and key in one pass replaces the
 * earlier one; across passes, the live facts shown decide.
 */
export function extractFacts(view: Pick<MemoryView, "pages" | "facts" | "messages">): ExtractedFact[] {
  const latest = new Map<string, ExtractedFact>();
  const pages = [...view.pages, ...view.facts.map((f) => f.page)];
  let context: { page: string | null; subject: SubjectEntry | null } = { page: null, subject: null };
  for (const message of view.messages) {
    if (message.speaker === "customer") continue;
    for (const sentence of sentences(message.text).map(stripLeadIn)) {
      // A page of the owner's own subject (not a lexicon topic) carries on only to a sentence that leans on it or names it.
      const carries = context.page !== null && (topicOfPage(context.page) !== null || PRONOUN_START.test(sentence) || sharesWord(sentence, context.page));
      const placed = placeSentence(sentence, pages, carries ? context.page : null);
      const subject = subjectOf(sentence, placed.topic) ?? (placed.named ? null : context.subject);
      const continues = !placed.named && carries;
      if (placed.named || subject) context = { page: placed.page, subject };
      if (!isDurable(sentence, message.speaker)) continue;
      const facet = facetOf(sentence);
      const phrase = subjectPhrase(sentence, [...(placed.topic?.words ?? []), ...(subject?.words ?? [])]);
      const page = placed.page === GENERAL_PAGE ? ownPage(phrase, [...pages, ...[...latest.values()].map((f) => f.page)]) : placed.page;
      if (!page) continue;
      if (placed.page === GENERAL_PAGE && !continues) context = { page, subject: null };
      const topicWords = [...(placed.topic?.words ?? []), ...(subject?.words ?? [])];
      const key = specificKey(sentence, keyFor(sentence, placed.topic, facet, subject), topicWords, phrase, facet, subject);
      const fact: ExtractedFact = {
        page: page.slice(0, MAX_PAGE_CHARS),
        key,
        text: factText(sentence, continues || PRONOUN_START.test(sentence) ? (subject ? key : page) : null),
        messageSeq: message.seq,
        facet,
        speaker: message.speaker,
        replaces: null,
        replacedText: null,
      };
      const replaced = replacedFact(fact, sentence, view.facts);
      if (replaced) {
        // The changed decision is filed where the one it replaces lives, under its subject.
        fact.page = replaced.page;
        fact.replaces = replaced.id;
        fact.replacedText = replaced.text;
        if (!sameSubject(replaced.key, fact.key)) fact.key = replaced.key;
        // "Scrap Square, Lightspeed instead" must still say what it is about when read alone.
        if (!sharesWord(fact.text, fact.key)) fact.text = factText(sentence, fact.key);
      }
      const id = `${fact.page.toLowerCase()}|${fact.key}`;
      latest.delete(id);
      latest.set(id, fact);
    }
  }
  return [...latest.values()].slice(-MAX_FACTS);
}

/**
 * Whether the stretch is still going: a new subject when the new messages'
 * facts land on pages the open stretch's earlier messages did not touch; an
 * end when the owner decided or finished something.
 */
function stretchState(view: MemoryView, facts: readonly ExtractedFact[]): StretchState {
  const owner = view.messages.filter((m) => m.speaker === "owner").map((m) => m.text).join(" ");
  if (view.earlier.length > 0 && facts.length > 0) {
    const before = extractFacts({ pages: view.pages, facts: [], messages: view.earlier });
    const earlierPages = new Set(before.map((f) => f.page.toLowerCase()));
    const earlierTopic = topicOf(view.earlier.map((m) => m.text).join(" "));
    const shifted = facts.every((f) => !earlierPages.has(f.page.toLowerCase()));
    if (shifted && (earlierPages.size > 0 || earlierTopic !== null)) return "new-subject";
  }
  return isDecided(owner) || isDone(owner) ? "ends" : "continues";
}

export function offlineMemoryPass(view: MemoryView): MemoryPassOutput {
  const facts = extractFacts(view);
  const stretch = stretchState(view, facts);
  const shown = stretch === "new-subject" ? view.messages : [...view.earlier, ...view.messages];
  const earlierFacts = stretch === "new-subject" ? [] : extractFacts({ pages: view.pages, facts: [], messages: view.earlier });
  const opening = view.earlier.length === 0 && view.messages[0]?.seq === 1;
  return {
    facts: facts.map(({ page, key, text, messageSeq, replaces }) => ({ page, key, text, messageSeq, replaces })),
    episode: episodeLine(shown, [...earlierFacts, ...facts], { opening: opening || (view.earlier[0]?.seq === 1 && stretch !== "new-subject") }),
    stretch,
    fold: foldLine(view.fold),
  };
}
