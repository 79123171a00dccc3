import type { LanguageModel } from "ai";
import type { Db } from "@/lib/db/client";
import type { MemoryPassReport } from "@/lib/contracts/memory-pass-report";
import { commit, commitCursorOnly } from "@/lib/memory/commit";
import { gatherContext, gatherStretch } from "@/lib/memory/gather";
import { propose } from "@/lib/memory/propose";
import { filedReport, unfiledReport } from "@/lib/memory/report";
import { vet } from "@/lib/memory/vet";
import type { MemoryPassCall } from "@/lib/memory/pass-call";
import type { ModelRuntime } from "@/lib/models/runtime";

export const MAX_MESSAGES_PER_PASS = 40;
/**
 * An open episode closes once its stretch holds this many messages: the size
 * of the stretches an imported thread is consolidated in, so live and
 * imported threads get lines of the same grain (12 lines reach ~96 messages).
 */
export const EPISODE_MAX_MESSAGES = 8;

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
 *
 * Five steps, one file each: gather (what it reads), propose (the model
 * call), vet (pure: what of the proposal may be written), commit (one
 * transaction through the tables' owners) and report.
 */
export async function runMemoryPass(db: Db, model: LanguageModel, threadId: string, options: MemoryPassOptions = {}): Promise<MemoryPassReport> {
  const started = performance.now();
  const elapsed = () => performance.now() - started;
  const stretch = await gatherStretch(db, threadId, { maxMessages: options.maxMessages ?? MAX_MESSAGES_PER_PASS, runtime: options.runtime });
  const { thread, messages, trusted } = stretch;
  if (messages.length === 0) return unfiledReport("nothing-new", { fromSeq: thread.consolidatedSeq + 1, toSeq: thread.consolidatedSeq }, elapsed());
  const range = { fromSeq: messages[0].seq, toSeq: messages[messages.length - 1].seq };
  if (trusted.length === 0) {
    await commitCursorOnly(db, stretch);
    return unfiledReport("untrusted-only", range, elapsed());
  }

  const context = await gatherContext(db, stretch, { folds: options.folds ?? false });
  let call: MemoryPassCall;
  try {
    call = await propose(model, options.runtime, stretch, context);
  } catch (error) {
    return unfiledReport("failed", range, elapsed(), (error as Error).message);
  }
  const closeAt = options.episodeMaxMessages ?? options.maxMessages ?? EPISODE_MAX_MESSAGES;
  const vetted = vet({ output: call.output, dropped: call.dropped, thread, messages, trusted, open: context.open, due: context.due, closeAt });
  const committed = await commit(db, stretch, vetted, context.facts);
  if (committed === "raced") return unfiledReport("raced", range, elapsed(), "another pass covered these messages first");
  return filedReport(range, vetted, committed, call, elapsed());
}
