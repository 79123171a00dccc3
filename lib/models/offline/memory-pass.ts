import { MAX_FACTS_PER_PASS, type MemoryPassOutput } from "@/lib/contracts/memory-pass";
import { episodeLine, type ExtractedFact } from "@/lib/models/offline/episode";
import type { SubjectEntry } from "@/lib/models/offline/lexicon";
import type { MemoryView } from "@/lib/models/offline/prompt-reader";
import { facetOf, isDurable } from "@/lib/models/offline/signals";
import { clipChars, lowerFirstIfCommon, sentences, stripLeadIn } from "@/lib/models/offline/text";
import { keyFor, placeSentence, subjectOf } from "@/lib/models/offline/topics";

// The memory pass: durable facts out of a stretch of messages, each on a
// topic page under a stable key, plus the stretch's episode line.

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

/**
 * Walks the stretch sentence by sentence. A sentence that names no topic
 * continues the one before it: same page, same subject ("Got two lease
 * quotes. We're leaning to the Main St one."). Customer lines are never
 * memory. A later fact with the same page and key replaces an earlier one.
 */
export function extractFacts(view: MemoryView): ExtractedFact[] {
  const latest = new Map<string, ExtractedFact>();
  let context: { page: string | null; subject: SubjectEntry | null } = { page: null, subject: null };
  for (const message of view.messages) {
    if (message.speaker === "customer") continue;
    for (const sentence of sentences(message.text).map(stripLeadIn)) {
      const placed = placeSentence(sentence, view.existingPages, context.page);
      const subject = subjectOf(sentence, placed.topic) ?? (placed.named ? null : context.subject);
      const continues = !placed.named && context.page !== null;
      if (placed.named || subject) context = { page: placed.page, subject };
      if (!isDurable(sentence, message.speaker)) continue;
      const facet = facetOf(sentence);
      const page = placed.page.slice(0, MAX_PAGE_CHARS);
      const key = keyFor(sentence, placed.topic, facet, subject);
      const fact: ExtractedFact = {
        page,
        key,
        text: factText(sentence, continues || PRONOUN_START.test(sentence) ? (subject ? key : page) : null),
        messageSeq: message.seq,
        facet,
        speaker: message.speaker,
      };
      const id = `${page.toLowerCase()}|${key}`;
      latest.delete(id);
      latest.set(id, fact);
    }
  }
  return [...latest.values()].slice(-MAX_FACTS);
}

export function offlineMemoryPass(view: MemoryView): MemoryPassOutput {
  const facts = extractFacts(view);
  return {
    facts: facts.map(({ page, key, text, messageSeq }) => ({ page, key, text, messageSeq })),
    episode: episodeLine(view.messages, facts),
  };
}
