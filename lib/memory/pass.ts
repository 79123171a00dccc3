import { generateText, Output, type LanguageModel } from "ai";
import type { Db, Tx } from "@/lib/db/client";
import type { Message, Speaker, ThreadKind } from "@/lib/db/generated/client";
import { neutralise, scanForInjection } from "@/lib/guard/scan";
import { saveEpisode } from "@/lib/episodes/store";
import { fileFact, type FiledFact } from "@/lib/pages/facts";
import { MEMORY_PASS_SYSTEM, memoryPassPrompt, type MemoryMessage } from "@/lib/memory/prompt";
import { memoryPassOutputSchema, type MemoryPassOutput, type ProposedFact } from "@/lib/contracts/memory-pass";
import type { MemoryPassReport } from "@/lib/contracts/memory-pass-report";

export const MAX_MESSAGES_PER_PASS = 40;
const MAX_GIST_CHARS = 300;
const PAGES_SHOWN_TO_PASS = 60;

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

type Plan = { proposal: ProposedFact; page: string; text: string; message: Message };

/** Keeps only the facts whose cited message is a trusted message of this stretch. */
function planFacts(output: MemoryPassOutput, trusted: Map<number, Message>, dropped: Dropped[]): Plan[] {
  const plans: Plan[] = [];
  for (const proposal of output.facts) {
    const message = trusted.get(proposal.messageSeq);
    if (!message) {
      dropped.push({ what: "fact", text: proposal.text, reason: `cites #${proposal.messageSeq}, not a trusted message of this stretch` });
      continue;
    }
    const page = cleanModelText(proposal.page, "page", dropped);
    const text = cleanModelText(proposal.text, "fact", dropped);
    if (page && text) plans.push({ proposal, page: page.slice(0, 80), text, message });
  }
  return plans;
}

class CursorMovedError extends Error {}

/**
 * The write path (§06.2): one model call over the messages after the thread's
 * consolidation cursor files durable facts and returns the stretch's episode
 * line. The episode's pointers are the facts this pass wrote. A failed pass
 * leaves the cursor where it was, so the next pass covers the same messages.
 */
export async function runMemoryPass(
  db: Db,
  model: LanguageModel,
  threadId: string,
  options: { maxMessages?: number } = {},
): Promise<MemoryPassReport> {
  const started = performance.now();
  const thread = await db.thread.findUniqueOrThrow({ where: { id: threadId } });
  const stretch = await db.message.findMany({
    // A reply cut off before it finished is not something the agent said in full: never file it.
    where: { threadId, seq: { gt: thread.consolidatedSeq }, status: "COMPLETE" },
    orderBy: { seq: "asc" },
    take: options.maxMessages ?? MAX_MESSAGES_PER_PASS,
  });
  const base = { fromSeq: thread.consolidatedSeq + 1, toSeq: thread.consolidatedSeq, facts: [], dropped: [], episode: null };
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

  const pages = await db.page.findMany({
    where: { workspaceId: thread.workspaceId },
    orderBy: { updatedAt: "desc" },
    take: PAGES_SHOWN_TO_PASS,
    select: { title: true },
  });
  let output: MemoryPassOutput;
  let usage: { input: number; output: number };
  try {
    const result = await generateText({
      model,
      system: MEMORY_PASS_SYSTEM,
      prompt: memoryPassPrompt(trusted as MemoryMessage[], pages.map((p) => p.title)),
      output: Output.object({ schema: memoryPassOutputSchema }),
    });
    output = result.output;
    usage = { input: result.usage.inputTokens ?? 0, output: result.usage.outputTokens ?? 0 };
  } catch (error) {
    return { ...base, ...range, status: "failed", error: (error as Error).message, ms: performance.now() - started };
  }

  const dropped: Dropped[] = [];
  const plans = planFacts(output, new Map(trusted.map((m) => [m.seq, m])), dropped);
  const gist = output.episode.trim() ? cleanModelText(output.episode, "episode", dropped) : null;

  try {
    const written = await db.$transaction(async (tx) => {
      await advanceCursor(tx);
      const filed: (FiledFact & { plan: Plan })[] = [];
      for (const plan of plans) {
        const result = await fileFact(tx, {
          workspaceId: thread.workspaceId,
          pageTitle: plan.page,
          key: plan.proposal.key,
          text: plan.text,
          source: plan.message.speaker === "OWNER" ? "OWNER" : "AGENT",
          threadId,
          messageId: plan.message.id,
        });
        filed.push({ ...result, plan });
      }
      const episode = gist
        ? await saveEpisode(tx, {
            threadId,
            ...range,
            fromAt: first.createdAt,
            toAt: last.createdAt,
            gist: gist.slice(0, MAX_GIST_CHARS),
            factIds: filed.map((f) => f.fact.id),
          })
        : null;
      return { filed, episode };
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
      })),
      dropped,
      episode: written.episode
        ? { id: written.episode.id, gist: written.episode.gist, pointers: written.filed.map((f) => ({ factId: f.fact.id, page: f.pageTitle })) }
        : null,
      tokens: usage,
      ms: performance.now() - started,
    };
  } catch (error) {
    if (error instanceof CursorMovedError) {
      return { ...base, ...range, status: "raced", error: "another pass covered these messages first", ms: performance.now() - started };
    }
    throw error;
  }
}
