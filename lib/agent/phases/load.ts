import type { Db } from "@/lib/db/client";
import type { Message } from "@/lib/db/generated/client";
import { RequestError, TURN_BUSY_MESSAGE } from "@/lib/errors";
import { latestMessage, truncateThread } from "@/lib/threads/messages";
import type { TurnThread } from "@/lib/threads/queries";
import { releaseTurn, startThreadTurn } from "@/lib/threads/turn-lease";

export type LoadedTurn = {
  thread: TurnThread;
  userMessage: Message;
  /** Frees the thread for its next turn; its statement runs once, however often this is called. */
  release: () => Promise<void>;
};

/**
 * The message a retry answers: the thread's latest if it is the user's, or
 * the one before an interrupted reply, which the retry replaces (so the
 * thread still reads user, reply, user, reply). Regenerating replaces a
 * finished reply the same way. What a memory pass filed from the replaced
 * reply goes with it (its facts cite that message); when the pass had
 * already covered it, its cursor stays, so the new reply is not filed.
 */
async function messageToRetry(db: Db, threadId: string, regenerate: boolean): Promise<Message> {
  const latest = await latestMessage(db, threadId);
  if (latest?.role === "ASSISTANT" && (latest.status === "INTERRUPTED" || regenerate)) {
    await truncateThread(db, threadId, latest.seq - 1);
    return messageToRetry(db, threadId, false);
  }
  if (!latest || latest.role !== "USER") throw new RequestError("conflict:retry");
  return latest;
}

/**
 * Phase 1: the thread, claimed for this turn, and the message it answers.
 * The claim comes first, so a second send waits for the turn in flight (or
 * is refused with a 409) and messages never interleave. A new message is
 * saved before anything else runs, so no later failure can lose it. Claim,
 * thread, workspace and the new message are one statement.
 */
export async function loadTurn(
  db: Db,
  workspaceId: string,
  threadId: string,
  text: string | null,
  limits: { leaseMs: number; waitMs: number; sole: boolean },
  regenerate = false,
): Promise<LoadedTurn> {
  const started = await startThreadTurn(db, { workspaceId, threadId, text, ...limits });
  if (started === "not-found") throw new RequestError("not_found:thread");
  if (started === "busy") throw new RequestError("conflict:turn", TURN_BUSY_MESSAGE);
  const { thread, leaseId } = started;
  let released: Promise<void> | null = null;
  const release = () => (released ??= releaseTurn(db, threadId, leaseId));
  if (started.userMessage) return { thread, userMessage: started.userMessage, release };
  try {
    return { thread, userMessage: await messageToRetry(db, threadId, regenerate), release };
  } catch (error) {
    await release();
    throw error;
  }
}
