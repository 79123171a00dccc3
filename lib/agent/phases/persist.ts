import type { FinishReason, UIMessage } from "ai";
import type { CustomerReply } from "@/lib/agent/customer-voice";
import { buildTrace, type TraceInput } from "@/lib/agent/trace";
import type { TurnTraceData } from "@/lib/contracts/trace";
import type { Db } from "@/lib/db/client";
import type { Message } from "@/lib/db/generated/client";
import { recordUnansweredQuestion } from "@/lib/questions/store";
import { appendMessage, rewriteReply } from "@/lib/threads/messages";
import type { TurnThread } from "@/lib/threads/queries";
import { setPassOutcome } from "@/lib/traces/pass-outcome";
import { saveTrace } from "@/lib/traces/store";

export function textOf(message: UIMessage): string {
  return message.parts
    .filter((p): p is { type: "text"; text: string } => p.type === "text")
    .map((p) => p.text)
    .join("")
    .trim();
}

export type PersistedTurn = {
  traceId: string;
  assistantMessage: Message | null;
  /** The reply's text as saved: a customer's as checked. */
  answer: string;
  trace: TurnTraceData;
  /** What a customer is shown of the reply: the checked text; null for the owner, or when nothing was written. */
  shown: string | null;
};

/** How the reply's stream ended. */
export type ReplyEnd = {
  finishReason: FinishReason | undefined;
  /** The stream was stopped from outside: the browser went away, or the whole-reply limit ran out. */
  aborted: boolean;
  /** Why, in words, when it did not end as the model meant it to: an error, a time limit; null for the browser going away. */
  error: string | null;
};

const UNFINISHED: Partial<Record<FinishReason, string>> = {
  length: "the reply reached its token limit (MODEL_REPLY_TOKENS) before it finished",
  "tool-calls": "the model was still calling tools when its steps ran out",
  "content-filter": "the provider's content filter stopped the reply",
};

/**
 * A reply is finished only when the model said so (its last call stopped
 * on its own); anything else is unfinished, with the reason when there is
 * one to give.
 */
export function replyOutcome(end: ReplyEnd): { finished: boolean; reason: string | null } {
  if (!end.aborted && end.error === null && end.finishReason === "stop") return { finished: true, reason: null };
  if (end.error !== null || end.aborted) return { finished: false, reason: end.error };
  return { finished: false, reason: (end.finishReason && UNFINISHED[end.finishReason]) ?? "the model's stream ended without saying the reply was done" };
}

/**
 * Phase 4: the reply and the turn's trace. A finished reply is saved
 * COMPLETE; one cut off by a time limit, an error or the browser going away
 * is saved as far as it got, INTERRUPTED, with the reason in the trace; a
 * call that failed before writing anything saves no reply (the owner's
 * message stays, for a retry). A reply drafted while it streamed
 * (`draft`) is rewritten rather than saved again. A customer's reply is
 * saved as checked (`voiced`), and one the check found unanswered goes to
 * the owner's Unanswered questions. The reply is one statement; the trace,
 * written once and already saying "queued" when the memory pass will be a
 * job (`queuesPass`), goes with the thread's release (`release`, which the
 * caller also runs should this fail).
 */
export async function persistTurn(args: {
  db: Db;
  thread: TurnThread;
  userMessage: Message;
  reply: UIMessage;
  end: ReplyEnd;
  draft: Message | null;
  /** A customer's reply as checked; null for the owner's, or when the model wrote nothing. */
  voiced: CustomerReply | null;
  trace: Omit<TraceInput, "reply" | "error">;
  queuesPass: boolean;
  release: () => Promise<void>;
}): Promise<PersistedTurn> {
  const { db, thread, userMessage, reply, draft, voiced } = args;
  const { finished, reason } = replyOutcome(args.end);
  const answer = voiced?.checked.text ?? textOf(reply);
  const text = answer || draft?.text || "";
  const saved = { text, parts: answer ? (voiced?.parts ?? reply.parts) : undefined, status: finished ? ("COMPLETE" as const) : ("INTERRUPTED" as const) };
  const assistantMessage = !text
    ? null
    : draft
      ? await rewriteReply(db, draft.id, saved)
      : await appendMessage(db, thread.id, { role: "ASSISTANT", speaker: "AGENT", ...saved });
  const built = { ...buildTrace({ ...args.trace, reply, error: reason }), ...(assistantMessage && !finished ? { replyStatus: "interrupted" as const } : {}) };
  const queued = args.queuesPass && assistantMessage?.status === "COMPLETE";
  const trace = queued ? setPassOutcome(built, { status: "queued", attempts: 0 }) : built;
  const [traceId] = await Promise.all([
    saveTrace(db, {
      threadId: thread.id,
      userMessageId: userMessage.id,
      assistantMessageId: assistantMessage?.id ?? null,
      modelId: args.trace.choice.modelId,
      data: trace,
    }),
    args.release(),
  ]);
  if (voiced?.checked.unanswered && assistantMessage?.status === "COMPLETE") {
    await recordUnansweredQuestion(db, { workspaceId: thread.workspaceId, threadId: thread.id, seq: userMessage.seq, text: userMessage.text });
  }
  return { traceId, assistantMessage, answer, trace, shown: voiced?.checked.text ?? null };
}
