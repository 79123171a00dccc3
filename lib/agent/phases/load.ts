import type { Db } from "@/lib/db/client";
import type { Message } from "@/lib/db/generated/client";
import { RequestError } from "@/lib/errors";
import { appendMessage, latestMessage, truncateThread } from "@/lib/threads/messages";
import { findThreadForTurn, type TurnThread } from "@/lib/threads/queries";
import { TURN_BUSY_MESSAGE } from "@/lib/threads/schemas";
import { releaseTurn, waitForTurn } from "@/lib/threads/turn-lease";

export type LoadedTurn = { thread: TurnThread; userMessage: Message; leaseId: string };

/**
 * The message a retry answers: the thread's latest if it is the user's, or
 * the one before an interrupted reply, which the retry replaces (so the
 * thread still reads user, reply, user, reply).
 */
async function messageToRetry(db: Db, threadId: string): Promise<Message> {
  const latest = await latestMessage(db, threadId);
  if (latest?.role === "ASSISTANT" && latest.status === "INTERRUPTED") {
    await truncateThread(db, threadId, latest.seq - 1);
    return messageToRetry(db, threadId);
  }
  if (!latest || latest.role !== "USER") throw new RequestError("conflict:retry");
  return latest;
}

/**
 * Phase 1: the thread, claimed for this turn, and the message it answers.
 * The claim comes first, so a second send waits for the turn in flight (or
 * is refused with a 409) and messages never interleave. A new message is
 * saved before anything else runs, so no later failure can lose it.
 */
export async function loadTurn(
  db: Db,
  workspaceId: string,
  threadId: string,
  text: string | null,
  limits: { leaseMs: number; waitMs: number },
): Promise<LoadedTurn> {
  const thread = await findThreadForTurn(db, workspaceId, threadId);
  if (!thread) throw new RequestError("not_found:thread");
  const leaseId = await waitForTurn(db, threadId, limits.leaseMs, limits.waitMs);
  if (!leaseId) throw new RequestError("conflict:turn", TURN_BUSY_MESSAGE);
  try {
    const speaker = thread.kind === "OWNER" ? "OWNER" : "CUSTOMER";
    const userMessage =
      text !== null ? await appendMessage(db, threadId, { role: "USER", speaker, text }) : await messageToRetry(db, threadId);
    return { thread, userMessage, leaseId };
  } catch (error) {
    await releaseTurn(db, threadId, leaseId);
    throw error;
  }
}
