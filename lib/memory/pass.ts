import type { LanguageModel } from "ai";
import type { Db, Tx } from "@/lib/db/client";
import type { Message, Speaker, ThreadKind } from "@/lib/db/generated/client";
import { holdReasonFor } from "@/lib/guard/fact-vetting";
import { neutralise, scanForInjection } from "@/lib/guard/scan";
import { saveEpisode, saveFold, toLine } from "@/lib/episodes/store";
import { dueFold, FOLD_SIZE, foldPages } from "@/lib/memory/fold";
import { contentWords } from "@/lib/history/words";
import { fileFacts } from "@/lib/pages/facts";
import { offerSupersessions } from "@/lib/pages/supersession-offers";
import { changedDecisions } from "@/lib/memory/changed-decision";
import { rankPages } from "@/lib/pages/recall";
import { callMemoryPass, type MemoryPassCall } from "@/lib/memory/pass-call";
import { fitPassStretch } from "@/lib/memory/pass-budget";
import type { MemoryMessage } from "@/lib/memory/prompt";
import type { ModelRuntime } from "@/lib/models/runtime";
import type { MemoryInputFact } from "@/lib/contracts/prompt/memory-input";
import { checkProposedFact, type MemoryPassOutput, type ProposedFact } from "@/lib/contracts/memory-pass";
import type { MemoryPassReport } from "@/lib/contracts/memory-pass-report";

export const MAX_MESSAGES_PER_PASS = 40;
/**
 * An open episode closes once its stretch holds this many messages: the size
 * of the stretches an imported thread is consolidated in, so live and
 * imported threads get lines of the same grain (12 lines reach ~96 messages).
 */
export const EPISODE_MAX_MESSAGES = 8;
const MAX_GIST_CHARS = 300;
const PAGES_SHOWN_TO_PASS = 60;
/** Live facts shown so the model can name what a new fact replaces: the pages most related to the stretch, bounded. */
const FACT_PAGES_SHOWN = 6;
const FACTS_PER_PAGE_SHOWN = 15;
const STRETCH_WORDS = 40;

/**
 * Who may become the agent's memory. In a support thread a customer is
 * talking, and the agent's replies there echo the customer, so nothing in it
 * is filed and it gets no buffer lines.
 */
export function trustedSpeakers(kind: ThreadKind): Speaker[] {
  return kind === "OWNER" ? ["OWNER", "AGENT"] : [];
}

type Dropped = MemoryPassReport["dropped"][number];

/** Model output is untrusted text: flatten it and refuse anything that reads like an injection. */
function cleanModelText(text: string, what: Dropped["what"], dropped: Dropped[]): string | null {
  const flat = neutralise(text);
  const scan = scanForInjection(text);
  if (!scan.flagged) return flat;
  dropped.push({ what, text: flat, reason: `injection scan: ${scan.reasons.join(", ")}` });
  return null;
}

type Plan = { proposal: ProposedFact; page: string; key: string; text: string; message: Message; heldReason: string | null };

/**
 * Text pasted into a chat (an email, a web page, a supplier's note) can carry
 * instructions meant for the assistant. A fact whose own words read that way,
 * or that comes from such a sentence of its message, is never promoted on the
 * owner's word alone: it waits for the owner's review, with the reason shown
 * on the Pages screen. The business facts beside the instruction are filed as usual.
 */
function heldReasonFor(key: string, text: string, message: Message): string | null {
  return holdReasonFor({ key, text, source: message.text, vouched: false });
}

/** Keeps only the facts whose cited message is a trusted message of this stretch, on a page whose title scans clean. */
function planFacts(output: MemoryPassOutput, trusted: Map<number, Message>, dropped: Dropped[]): Plan[] {
  const plans: Plan[] = [];
  for (const proposed of output.facts) {
    const checked = checkProposedFact(proposed);
    if ("reason" in checked) {
      dropped.push({ what: "fact", text: proposed.text, reason: checked.reason });
      continue;
    }
    const proposal = checked.fact;
    const message = trusted.get(proposal.messageSeq);
    if (!message) {
      dropped.push({ what: "fact", text: proposal.text, reason: `cites #${proposal.messageSeq}, not a trusted message of this stretch` });
      continue;
    }
    const page = cleanModelText(proposal.page, "page", dropped);
    if (!page) continue;
    // Vetted as the model wrote them: hidden characters and line breaks are evidence the flattened text no longer shows.
    const heldReason = heldReasonFor(proposal.key, proposal.text, message);
    plans.push({ proposal, page: page.slice(0, 80), key: neutralise(proposal.key), text: neutralise(proposal.text), message, heldReason });
  }
  return plans;
}

/**
 * The live facts of the pages most related to the stretch's words (recall's
 * own ranking of page vectors, titles included), so the model can see what a
 * new fact might replace without being shown the whole workspace.
 */
async function relatedLiveFacts(db: Db, workspaceId: string, text: string): Promise<MemoryInputFact[]> {
  const pages = await rankPages(db, workspaceId, contentWords(text, STRETCH_WORDS), { limit: FACT_PAGES_SHOWN, factsPerPage: FACTS_PER_PAGE_SHOWN });
  return pages.flatMap((page) =>
    [...page.facts].reverse().map((f) => ({
      id: f.id,
      page: page.title,
      key: f.key,
      text: neutralise(f.text),
      status: f.status === "CONFIRMED" ? ("confirmed" as const) : ("unconfirmed" as const),
      source: f.source === "OWNER" ? ("owner" as const) : ("agent" as const),
    })),
  );
}

class CursorMovedError extends Error {}

export type MemoryPassOptions = {
  /** At most this many new messages per pass. */
  maxMessages?: number;
  /**
   * An open episode closes once its stretch holds this many messages. A pass
   * bounded by maxMessages (consolidation, the evaluation) defaults to that
   * bound, so each of its stretches is one episode; otherwise EPISODE_MAX_MESSAGES.
   */
  episodeMaxMessages?: number;
  /** §10 chunks of chunks: when a fold of older stretches is due, the same model call words it. Off unless set. */
  folds?: boolean;
  /** The model's context and counter: the pass's input and answer are fitted to its context. Unfitted without one. */
  runtime?: ModelRuntime;
};

/** The closed stretches due to be folded, with their lines as the buffer shows them; null when none is due. */
async function dueFoldOf(db: Db, threadId: string) {
  const [first, lastFold] = await Promise.all([
    db.episode.findFirst({ where: { threadId }, orderBy: { toSeq: "asc" }, select: { toSeq: true } }),
    db.episodeFold.findFirst({ where: { threadId }, orderBy: { toSeq: "desc" }, select: { toSeq: true } }),
  ]);
  if (!first) return null;
  const after = Math.max(first.toSeq, lastFold?.toSeq ?? 0);
  const next = await db.episode.findMany({ where: { threadId, fromSeq: { gt: after } }, orderBy: { toSeq: "asc" }, take: FOLD_SIZE });
  return dueFold(next, after)?.map((e) => ({ ...toLine(e), closed: e.closed })) ?? null;
}

/**
 * The write path (§06.2): one model call over the messages after the thread's
 * consolidation cursor files durable facts and writes the line of the stretch
 * they belong to. The stretch stays open, and its line is rewritten by each
 * pass, until it is worth a line of its own: the model says it reached a
 * decision or the talk turned to a new subject, or it holds
 * episodeMaxMessages messages (see docs/ARCHITECTURE.md, "When an episode
 * closes"). The episode's pointers are every fact written during its stretch.
 * A failed pass leaves the cursor where it was, so the next pass covers the
 * same messages.
 */
export async function runMemoryPass(db: Db, model: LanguageModel, threadId: string, options: MemoryPassOptions = {}): Promise<MemoryPassReport> {
  const started = performance.now();
  const closeAt = options.episodeMaxMessages ?? options.maxMessages ?? EPISODE_MAX_MESSAGES;
  const thread = await db.thread.findUniqueOrThrow({ where: { id: threadId } });
  // As much as fits the model's context with room for the answer; the rest waits for the next pass.
  const stretch = await fitPassStretch(
    options.runtime,
    trustedSpeakers(thread.kind),
    await db.message.findMany({
      // A reply cut off before it finished is not something the agent said in full: never file it.
      where: { threadId, seq: { gt: thread.consolidatedSeq }, status: "COMPLETE" },
      orderBy: { seq: "asc" },
      take: options.maxMessages ?? MAX_MESSAGES_PER_PASS,
    }),
  );
  const base = { fromSeq: thread.consolidatedSeq + 1, toSeq: thread.consolidatedSeq, facts: [], dropped: [], episode: null, fold: null };
  if (stretch.length === 0) return { ...base, status: "nothing-new", ms: performance.now() - started };

  const first = stretch[0];
  const last = stretch[stretch.length - 1];
  const range = { fromSeq: first.seq, toSeq: last.seq };
  const speakers = trustedSpeakers(thread.kind);
  const trusted = stretch.filter((m) => speakers.includes(m.speaker));

  const advanceCursor = async (tx: Tx) => {
    const moved = await tx.thread.updateMany({
      where: { id: threadId, consolidatedSeq: thread.consolidatedSeq },
      data: { consolidatedSeq: last.seq },
    });
    if (moved.count !== 1) throw new CursorMovedError();
  };

  if (trusted.length === 0) {
    await db.$transaction(advanceCursor);
    return { ...base, ...range, status: "untrusted-only", ms: performance.now() - started };
  }

  // The stretch still open just before these messages, which this pass may extend.
  const open = await db.episode.findFirst({
    where: { threadId, toSeq: { lt: first.seq } },
    orderBy: { toSeq: "desc" },
    include: { pointers: { select: { factId: true } } },
  });
  const extendable = open && !open.closed ? open : null;
  const earlier = extendable
    ? await db.message.findMany({
        where: { threadId, seq: { gte: extendable.fromSeq, lt: first.seq }, speaker: { in: speakers } },
        orderBy: { seq: "asc" },
      })
    : [];

  const pages = await db.page.findMany({
    where: { workspaceId: thread.workspaceId },
    orderBy: { updatedAt: "desc" },
    take: PAGES_SHOWN_TO_PASS,
    select: { title: true },
  });
  const liveFacts = await relatedLiveFacts(db, thread.workspaceId, trusted.map((m) => m.text).join(" "));
  const due = options.folds ? await dueFoldOf(db, threadId) : null;
  let call: MemoryPassCall;
  try {
    call = await callMemoryPass(model, options.runtime, {
      messages: trusted as MemoryMessage[],
      earlier: earlier as MemoryMessage[],
      pages: pages.map((p) => p.title),
      facts: liveFacts,
      fold: due ?? [],
    });
  } catch (error) {
    return { ...base, ...range, status: "failed", error: (error as Error).message, ms: performance.now() - started };
  }
  const { output, usage } = call;

  const dropped: Dropped[] = [...call.dropped];
  const plans = planFacts(output, new Map(trusted.map((m) => [m.seq, m])), dropped);
  const gist = output.episode.trim() ? cleanModelText(output.episode, "episode", dropped) : null;
  const foldGist = due && output.fold?.trim() ? cleanModelText(output.fold, "fold", dropped) : null;
  // A new subject closes the open stretch as it stood; these messages start the next one.
  const extending = extendable && output.stretch !== "new-subject" ? extendable : null;
  const fromSeq = extending?.fromSeq ?? first.seq;
  const fromAt = extending?.fromAt ?? first.createdAt;
  const closed = output.stretch === "ends" || last.seq - fromSeq + 1 >= closeAt;

  try {
    const written = await db.$transaction(async (tx) => {
      await advanceCursor(tx);
      const filedFacts = await fileFacts(
        tx,
        plans.map((plan) => ({
          workspaceId: thread.workspaceId,
          pageTitle: plan.page,
          key: plan.key,
          text: plan.text,
          source: plan.message.speaker === "OWNER" ? ("OWNER" as const) : ("AGENT" as const),
          threadId,
          messageId: plan.message.id,
          messageSeq: plan.message.seq,
          replaces: plan.proposal.replaces,
          heldReason: plan.heldReason,
        })),
      );
      const filed = filedFacts.map((result, i) => ({ ...result, plan: plans[i] }));
      // A changed decision under another key or page replaces nothing by itself: the owner is offered it.
      await offerSupersessions(tx, thread.workspaceId, changedDecisions(filedFacts, liveFacts));
      if (extendable && !extending) await tx.episode.update({ where: { id: extendable.id }, data: { closed: true } });
      const fold =
        due && foldGist
          ? await saveFold(tx, {
              threadId,
              fromSeq: due[0].fromSeq,
              toSeq: due[due.length - 1].toSeq,
              fromAt: due[0].fromAt,
              toAt: due[due.length - 1].toAt,
              gist: foldGist.slice(0, MAX_GIST_CHARS),
              pages: foldPages(due),
              episodes: due.length,
            })
          : null;
      const line = gist ?? extending?.gist ?? null;
      if (!line) return { filed, episode: null, fold };
      const factIds = [...(extending?.pointers.map((p) => p.factId) ?? []), ...filed.map((f) => f.fact.id)];
      if (extending) await tx.episode.delete({ where: { id: extending.id } });
      const { episode, pointers } = await saveEpisode(tx, {
        threadId,
        fromSeq,
        toSeq: last.seq,
        fromAt,
        toAt: last.createdAt,
        gist: line.slice(0, MAX_GIST_CHARS),
        closed,
        factIds,
        ...(extending ? { ownerGist: extending.ownerGist, ownerEditedAt: extending.ownerEditedAt } : {}),
      });
      return { filed, fold, episode: { ...episode, pointers } };
    });
    return {
      ...range,
      status: "filed",
      facts: written.filed.map((f) => ({
        id: f.fact.id,
        page: f.pageTitle,
        key: f.fact.key,
        text: f.fact.text,
        status: f.fact.status,
        source: f.fact.source,
        messageSeq: f.plan.message.seq,
        superseded: f.superseded,
        replacementRefused: f.refused,
      })),
      dropped,
      episode: written.episode
        ? {
            id: written.episode.id,
            fromSeq: written.episode.fromSeq,
            gist: written.episode.gist,
            closed: written.episode.closed,
            pointers: written.episode.pointers,
          }
        : null,
      fold: written.fold
        ? { id: written.fold.id, fromSeq: written.fold.fromSeq, toSeq: written.fold.toSeq, gist: written.fold.gist, episodes: written.fold.episodes, pages: written.fold.pages }
        : null,
      tokens: usage,
      ...(call.fit ? { fit: call.fit } : {}),
      ms: performance.now() - started,
    };
  } catch (error) {
    if (error instanceof CursorMovedError) {
      return { ...base, ...range, status: "raced", error: "another pass covered these messages first", ms: performance.now() - started };
    }
    throw error;
  }
}
