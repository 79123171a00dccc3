import type { UIMessage } from "ai";
import { buildTrace, type TraceInput } from "@/lib/agent/trace";
import type { TurnTraceData } from "@/lib/contracts/trace";
import type { Db } from "@/lib/db/client";
import type { Message } from "@/lib/db/generated/client";
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

/** Phase 4: the reply (only a whole one, from a call that did not fail) and the turn's trace. */
export async function persistTurn(args: {
  db: Db;
  threadId: string;
  userMessage: Message;
  reply: UIMessage;
  answer: string;
  trace: Omit<TraceInput, "reply">;
}): Promise<PersistedTurn> {
  const { db, threadId, reply, answer } = args;
  const assistantMessage =
    args.trace.error === null && answer
      ? await appendMessage(db, threadId, { role: "ASSISTANT", speaker: "AGENT", text: answer, parts: reply.parts })
      : null;
  const trace = buildTrace({ ...args.trace, reply });
  const traceId = await saveTrace(db, {
    threadId,
    userMessageId: args.userMessage.id,
    assistantMessageId: assistantMessage?.id ?? null,
    modelId: args.trace.choice.modelId,
    data: trace,
  });
  return { traceId, assistantMessage, trace };
}
