import type { LanguageModel } from "ai";
import type { Db } from "@/lib/db/client";
import { RequestError } from "@/lib/errors";
import { runMemoryPass } from "@/lib/memory/pass";
import type { ModelRuntime } from "@/lib/models/runtime";

// Consolidating a whole thread that arrived without its memory (the seeded
// demo, an imported file): memory passes over short stretches, as if the
// agent had run one after every few messages, so each stretch gets its own
// episode line. The cursor moves only when a pass succeeds, so a run that
// stops part-way is resumed by running it again.

/** Messages per pass, each pass one episode: the size a live thread's episodes close at (EPISODE_MAX_MESSAGES), so both read alike. */
export const CONSOLIDATION_STRETCH = 8;

/** Where a thread's consolidation stands: messages covered by the cursor, messages in all, and what the passes filed. */
export type ConsolidationProgress = { done: number; total: number; episodes: number; facts: number };

export type ConsolidationOutcome = ConsolidationProgress & ({ finished: true } | { finished: false; error: string });

/** Why a thread the owner keeps out of memory is not consolidated. */
export const KEPT_OUT_OF_MEMORY = "This thread is kept out of memory: turn that off in its chat header to consolidate it.";

export type ConsolidateOptions = {
  stretch?: number;
  onProgress?: (progress: ConsolidationProgress) => void | Promise<void>;
  /** Checked between passes: a stopped run keeps what it filed and resumes where it stopped. */
  signal?: AbortSignal;
  /** The model's context and counter, so each pass fits it. */
  runtime?: ModelRuntime;
};

/** The thread's progress, or null when the thread is not in this workspace. */
export async function consolidationProgress(db: Db, workspaceId: string, threadId: string): Promise<ConsolidationProgress | null> {
  const thread = await db.thread.findFirst({
    where: { id: threadId, workspaceId },
    select: { consolidatedSeq: true, lastSeq: true },
  });
  if (!thread) return null;
  const [episodes, facts] = await Promise.all([
    db.episode.count({ where: { threadId } }),
    db.fact.count({ where: { threadId } }),
  ]);
  return { done: thread.consolidatedSeq, total: thread.lastSeq, episodes, facts };
}

async function requireProgress(db: Db, workspaceId: string, threadId: string): Promise<ConsolidationProgress> {
  const progress = await consolidationProgress(db, workspaceId, threadId);
  if (!progress) throw new RequestError("not_found:thread");
  return progress;
}

/**
 * Runs memory passes over the messages after the thread's cursor until none
 * are left, reporting progress before the first pass and after each one. A
 * failed pass ends the run with its error and leaves the cursor before the
 * stretch it failed on.
 */
export async function consolidateThread(
  db: Db,
  model: LanguageModel,
  workspaceId: string,
  threadId: string,
  { stretch = CONSOLIDATION_STRETCH, onProgress, signal, runtime }: ConsolidateOptions = {},
): Promise<ConsolidationOutcome> {
  let progress = await requireProgress(db, workspaceId, threadId);
  await onProgress?.(progress);
  const thread = await db.thread.findUniqueOrThrow({ where: { id: threadId }, select: { keepOutOfMemory: true } });
  if (thread.keepOutOfMemory) return { ...progress, finished: false, error: KEPT_OUT_OF_MEMORY };
  for (;;) {
    if (signal?.aborted) return { ...progress, finished: false, error: "Consolidation was stopped; run it again to continue." };
    const report = await runMemoryPass(db, model, threadId, { maxMessages: stretch, runtime });
    if (report.status === "nothing-new") return { ...progress, finished: true };
    if (report.status === "failed") {
      return { ...progress, finished: false, error: `The memory pass over messages ${report.fromSeq}–${report.toSeq} failed: ${report.error}` };
    }
    progress = await requireProgress(db, workspaceId, threadId);
    await onProgress?.(progress);
  }
}
