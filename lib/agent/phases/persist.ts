import type { UIMessage } from "ai";
import { buildTrace, type TraceInput } from "@/lib/agent/trace";
import type { TurnTraceData } from "@/lib/contracts/trace";
import type { Db } from "@/lib/db/client";
import type { Message } from "@/lib/db/generated/client";
import { withMemoryPass } from "@/lib/jobs/memory-pass";
import { appendMessage } from "@/lib/threads/messages";
import { saveTrace } from "@/lib/traces/store";

export function textOf(message: UIMessage): string {
  return message.parts
    .filter((p): p is { type: "text"; text: string } => p.type === "text")
    .map((p) => p.text)
    .join("")
    .trim();
}

export type PersistedTurn = { traceId: string; assistantMessage: Message | null; trace: TurnTraceData };

/**
 * Phase 4: the reply and the turn's trace. A call that failed saves no
 * reply (the owner's message stays, for a retry); a reply cut off before it
 * finished is saved as far as it got, marked interrupted. The reply is one
 * statement; the trace, written once and already saying "queued" when the
 * memory pass will be a job (`queuesPass`), goes with the thread's release
 * (`release`, which the caller also runs should this fail).
 */
export async function persistTurn(args: {
  db: Db;
  threadId: string;
  userMessage: Message;
  reply: UIMessage;
  answer: string;
  interrupted: boolean;
  trace: Omit<TraceInput, "reply">;
  queuesPass: boolean;
  release: () => Promise<void>;
}): Promise<PersistedTurn> {
  const { db, threadId, reply, answer, interrupted } = args;
  const assistantMessage =
    args.trace.error === null && answer
      ? await appendMessage(db, threadId, {
          role: "ASSISTANT",
          speaker: "AGENT",
          text: answer,
          parts: reply.parts,
          status: interrupted ? "INTERRUPTED" : "COMPLETE",
        })
      : null;
  const built = { ...buildTrace({ ...args.trace, reply }), ...(interrupted ? { replyStatus: "interrupted" as const } : {}) };
  const queued = args.queuesPass && assistantMessage?.status === "COMPLETE";
  const trace = queued ? withMemoryPass(built, { status: "queued", attempts: 0 }) : built;
  const [traceId] = await Promise.all([
    saveTrace(db, {
      threadId,
      userMessageId: args.userMessage.id,
      assistantMessageId: assistantMessage?.id ?? null,
      modelId: args.trace.choice.modelId,
      data: trace,
    }),
    args.release(),
  ]);
  return { traceId, assistantMessage, trace };
}
