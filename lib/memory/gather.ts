import type { EpisodeLine } from "episodic-buffer";
import type { Db } from "@/lib/db/client";
import type { FactSource, FactStatus, Message, Speaker, ThreadKind } from "@/lib/db/generated/client";
import type { MemoryInputFact } from "@/lib/contracts/prompt/memory-input";
import { episodesAfterNewestFold, openEpisodeBefore, toLine, type OpenEpisode } from "@/lib/episodes/store";
import { neutralise } from "@/lib/guard/scan";
import { contentWords } from "@/lib/history/words";
import { fitPassStretch } from "@/lib/memory/pass-budget";
import { dueFold, FOLD_SIZE } from "@/lib/memory/fold";
import type { ModelRuntime } from "@/lib/models/runtime";
import { liveFactsStating, recentPageTitles } from "@/lib/pages/queries";
import { rankPages } from "@/lib/pages/recall";
import { messagesBetween, messagesToFile } from "@/lib/threads/consolidation";

// The pass's first step: what it reads. The stretch (the messages after the
// thread's cursor, as many as fit the model), then, when any of it may be
// filed, what the model is shown beside it: the open stretch's earlier
// messages (or, when none is open, the last messages before the stretch),
// the pages that exist, the live facts a new one might replace and the lines
// a fold is due over.

const PAGES_SHOWN_TO_PASS = 60;
/** Live facts shown so the model can name what a new fact replaces: the pages most related to the stretch, bounded. */
const FACT_PAGES_SHOWN = 6;
const FACTS_PER_PAGE_SHOWN = 15;
const STRETCH_WORDS = 40;
/** A stretch that starts fresh sees this many messages before it: the owner's last one and the agent's reply, twice. */
const BEFORE_MESSAGES = 4;
/** Figures of the stretch looked up among the live facts, and the facts shown for them. */
const FIGURES_LOOKED_UP = 6;
const FACTS_STATING_FIGURES = 10;
/** A figure of fewer digits ("$22", "3 rounds") is stated by too many facts to say which one is meant. */
const MIN_FIGURE_DIGITS = 3;

/**
 * Who may become the agent's memory. In a support thread a customer is
 * talking, and the agent's replies there echo the customer, so nothing in it
 * is filed and it gets no buffer lines.
 */
export function trustedSpeakers(kind: ThreadKind): Speaker[] {
  return kind === "OWNER" ? ["OWNER", "AGENT"] : [];
}

export type PassThread = { id: string; workspaceId: string; kind: ThreadKind; consolidatedSeq: number };

/** The messages one pass covers: `messages` moves the cursor, `trusted` (those of trusted speakers) may be filed. */
export type Stretch = { thread: PassThread; messages: Message[]; trusted: Message[] };

/** A closed stretch due to be folded, as the buffer shows its line. */
export type FoldCandidate = EpisodeLine & { closed: boolean };

/** What the model is shown beside the stretch. */
export type PassContext = {
  /** The stretch still open just before these messages, which this pass may extend. */
  open: OpenEpisode | null;
  /** When none is open, the last messages before the stretch, already filed in a closed one: what "it" may point back at. */
  before: Message[];
  /** Its messages already filed, shown for its line and not filed again. */
  earlier: Message[];
  pages: string[];
  facts: MemoryInputFact[];
  /** The closed stretches due to be folded; null when none is due (or folds are off). */
  due: FoldCandidate[] | null;
};

/** The messages after the thread's cursor, at most `maxMessages`, cut to what fits the model's context with room for its answer. */
export async function gatherStretch(db: Db, threadId: string, { maxMessages, runtime }: { maxMessages: number; runtime?: ModelRuntime }): Promise<Stretch> {
  const thread = await db.thread.findUniqueOrThrow({ where: { id: threadId }, select: { id: true, workspaceId: true, kind: true, consolidatedSeq: true } });
  const speakers = trustedSpeakers(thread.kind);
  // The rest waits for the next pass.
  const messages = await fitPassStretch(runtime, speakers, await messagesToFile(db, threadId, thread.consolidatedSeq, maxMessages));
  return { thread, messages, trusted: messages.filter((m) => speakers.includes(m.speaker)) };
}

/** What the model is shown beside a stretch with trusted messages. */
export async function gatherContext(db: Db, { thread, trusted }: Stretch, { folds }: { folds: boolean }): Promise<PassContext> {
  const first = trusted[0];
  const open = await openEpisodeBefore(db, thread.id, first.seq);
  const speakers = trustedSpeakers(thread.kind);
  const earlier = open ? await messagesBetween(db, thread.id, { fromSeq: open.fromSeq, beforeSeq: first.seq }, speakers) : [];
  const before = open ? [] : await messagesBetween(db, thread.id, { fromSeq: Math.max(1, first.seq - BEFORE_MESSAGES), beforeSeq: first.seq }, speakers);
  const pages = await recentPageTitles(db, thread.workspaceId, PAGES_SHOWN_TO_PASS);
  // The messages that set the scene count too: "actually it's $3,185 not $3,085" names no word of the rent it corrects.
  const related = await relatedLiveFacts(db, thread.workspaceId, [...trusted, ...before, ...earlier].map((m) => m.text).join(" "));
  // "Its more like $7,300 a month not 6500" names the fact it corrects by its figure alone.
  const stating = await liveFactsStatingFigures(db, thread.workspaceId, trusted.map((m) => m.text).join(" "));
  const facts = [...related, ...stating.filter((f) => !related.some((r) => r.id === f.id))];
  const due = folds ? await dueFoldOf(db, thread.id) : null;
  return { open, before, earlier, pages, facts, due };
}

/**
 * The live facts of the pages most related to the stretch's words, its own
 * first and then those of the messages shown before it (recall's own ranking
 * of page vectors, titles included), so the model can see what a new fact
 * might replace without being shown the whole workspace.
 */
async function relatedLiveFacts(db: Db, workspaceId: string, text: string): Promise<MemoryInputFact[]> {
  const pages = await rankPages(db, workspaceId, contentWords(text, STRETCH_WORDS), { limit: FACT_PAGES_SHOWN, factsPerPage: FACTS_PER_PAGE_SHOWN });
  return pages.flatMap((page) => [...page.facts].reverse().map((f) => shownFact(page.title, f)));
}

type LiveFact = { id: string; key: string; text: string; status: FactStatus; source: FactSource };

const shownFact = (page: string, f: LiveFact): MemoryInputFact => ({
  id: f.id,
  page,
  key: f.key,
  text: neutralise(f.text),
  status: f.status === "CONFIRMED" ? "confirmed" : "unconfirmed",
  source: f.source === "OWNER" ? "owner" : "agent",
});

/**
 * The spellings of each figure a text gives, with and without thousands
 * separators ("6500" and "6,500"), so a fact is found however either wrote it.
 */
function figureSpellings(text: string): string[] {
  const figures = [...text.matchAll(/(?<![\d.,])\d[\d,]*(?:\.\d+)?/g)]
    .map((m) => m[0].replace(/,/g, ""))
    .filter((f) => f.replace(/\..*/, "").length >= MIN_FIGURE_DIGITS);
  return [...new Set(figures)].slice(0, FIGURES_LOOKED_UP).flatMap((plain) => {
    const [whole, fraction] = plain.split(".");
    const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",") + (fraction === undefined ? "" : `.${fraction}`);
    return grouped === plain ? [plain] : [plain, grouped];
  });
}

async function liveFactsStatingFigures(db: Db, workspaceId: string, text: string): Promise<MemoryInputFact[]> {
  const facts = await liveFactsStating(db, workspaceId, figureSpellings(text), FACTS_STATING_FIGURES);
  return facts.reverse().map((f) => shownFact(f.page.title, f));
}

/** The closed stretches due to be folded, with their lines as the buffer shows them; null when none is due. */
async function dueFoldOf(db: Db, threadId: string): Promise<FoldCandidate[] | null> {
  const candidates = await episodesAfterNewestFold(db, threadId, FOLD_SIZE);
  if (!candidates) return null;
  return dueFold(candidates.next, candidates.after)?.map((e) => ({ ...toLine(e), closed: e.closed })) ?? null;
}
