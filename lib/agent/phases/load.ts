import type { Db } from "@/lib/db/client";
import type { Message } from "@/lib/db/generated/client";
import { RequestError } from "@/lib/errors";
import { appendMessage, latestMessage } from "@/lib/threads/messages";
import { findThreadForTurn, type TurnThread } from "@/lib/threads/queries";

export type LoadedTurn = { thread: TurnThread; userMessage: Message };

/**
 * Phase 1: the thread, and the message this turn answers. A new message is
 * saved before anything else runs, so no later failure can lose it; a retry
 * (text null) answers the thread's latest message if it is still unanswered.
 */
export async function loadTurn(db: Db, workspaceId: string, threadId: string, text: string | null): Promise<LoadedTurn> {
  const thread = await findThreadForTurn(db, workspaceId, threadId);
  if (!thread) throw new RequestError("not_found:thread");
  const speaker = thread.kind === "OWNER" ? "OWNER" : "CUSTOMER";
  if (text !== null) return { thread, userMessage: await appendMessage(db, threadId, { role: "USER", speaker, text }) };
  const latest = await latestMessage(db, threadId);
  if (!latest || latest.role !== "USER") throw new RequestError("conflict:retry");
  return { thread, userMessage: latest };
}
