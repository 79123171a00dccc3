import { convertToModelMessages, stepCountIs, streamText, type ModelMessage, type UIMessage, type UIMessageChunk } from "ai";
import type { AppConfig } from "@/lib/config";
import { RequestError } from "@/lib/errors";
import type { Db } from "@/lib/db/client";
import type { Message, Prisma } from "@/lib/db/generated/client";
import { readBuffer } from "@/lib/buffer/read";
import type { BufferReport } from "@/lib/contracts/buffer-report";
import { visibleWindowStart } from "@/lib/history/search";
import { runMemoryPass } from "@/lib/memory/pass";
import type { ModelChoice } from "@/lib/models";
import { countTokens } from "@/lib/models/tokens";
import { recallPages } from "@/lib/pages/recall";
import { appendMessage, readWindow, toUIMessage } from "@/lib/threads/messages";
import { recalledPagesSection, systemPrompt, withBufferBlock, type DroppedText } from "@/lib/agent/prompt";
import { agentTools } from "@/lib/agent/tools";
import type { TurnTraceData } from "@/lib/contracts/trace";

const MAX_STEPS = 4;

/** Which parts of the pipeline a turn uses; the evaluation's arms switch them off. */
export type TurnFeatures = { recall: boolean; buffer: boolean; tools: boolean; memoryPass: boolean };
export const ALL_FEATURES: TurnFeatures = { recall: true, buffer: true, tools: true, memoryPass: true };

/**
 * What the model is shown of the thread, oldest first. A note is a system
 * message placed before messages[note.beforeIndex].
 */
export type TurnHistory = { messages: Message[]; note?: { beforeIndex: number; text: string } };

/** Reads the history for a turn after the user's message is saved; the default is the last `window` messages. */
export type HistoryReader = (db: Db, threadId: string, window: number) => Promise<TurnHistory>;

export type TurnRequest = {
  db: Db;
  config: AppConfig;
  choice: ModelChoice;
  workspaceId: string;
  threadId: string;
  /** The new message, or null to answer the thread's latest user message again (a retry after a failed call). */
  text: string | null;
  features?: TurnFeatures;
  /**
   * Replaces the window read. The evaluation's compressor arm shows a
   * protected head and tail with a summary between them; the app never sets it.
   */
  readHistory?: HistoryReader;
};

export type TurnOutcome = {
  traceId: string;
  userMessage: Message;
  assistantMessage: Message | null;
  answer: string;
  trace: TurnTraceData;
};

export type StartedTurn = {
  userMessage: Message;
  /** The reply as an AI SDK UI message stream, for the browser. */
  stream: ReadableStream<UIMessageChunk>;
  /** Settles after the reply and its trace are saved and the memory pass has run. */
  finished: Promise<TurnOutcome>;
};

export class TurnRequestError extends RequestError {}

const since = (start: number) => Math.round((performance.now() - start) * 10) / 10;

async function userMessageFor(request: TurnRequest, speaker: "OWNER" | "CUSTOMER"): Promise<Message> {
  const { db, threadId, text } = request;
  if (text !== null) return appendMessage(db, threadId, { role: "USER", speaker, text });
  const latest = await db.message.findFirst({ where: { threadId }, orderBy: { seq: "desc" } });
  if (!latest || latest.role !== "USER") throw new TurnRequestError(409, "There is no unanswered message to retry in this thread.");
  return latest;
}

function textOf(message: UIMessage): string {
  return message.parts
    .filter((p): p is { type: "text"; text: string } => p.type === "text")
    .map((p) => p.text)
    .join("")
    .trim();
}

function toolCallsOf(message: UIMessage): TurnTraceData["toolCalls"] {
  return message.parts.flatMap((part) =>
    part.type.startsWith("tool-") && "input" in part
      ? [{ name: part.type.slice(5), input: part.input, output: "output" in part ? part.output : null }]
      : [],
  );
}

async function toModelMessages({ messages, note }: TurnHistory): Promise<ModelMessage[]> {
  const convert = (list: Message[]) => convertToModelMessages(list.map(toUIMessage));
  if (!note) return convert(messages);
  // Converted in two parts: one stored message can become several model messages (tool calls and results).
  const before = await convert(messages.slice(0, note.beforeIndex));
  const after = await convert(messages.slice(note.beforeIndex));
  return [...before, { role: "system", content: note.text }, ...after];
}

/**
 * One agent turn: save the user's message, read the window, recall pages,
 * run the buffer's read path when the window is full, then stream the reply.
 * After the reply is sent it is saved with its trace and the memory pass runs.
 */
export async function startTurn(request: TurnRequest): Promise<StartedTurn> {
  const { db, config, choice, threadId } = request;
  const features = request.features ?? ALL_FEATURES;
  const started = performance.now();

  const thread = await db.thread.findFirst({
    where: { id: threadId, workspaceId: request.workspaceId },
    include: { workspace: { select: { name: true } } },
  });
  if (!thread) throw new TurnRequestError(404, "No such thread in this workspace.");
  const userMessage = await userMessageFor(request, thread.kind === "OWNER" ? "OWNER" : "CUSTOMER");
  const read: TurnHistory = request.readHistory
    ? await request.readHistory(db, threadId, config.window)
    : { messages: await readWindow(db, threadId, config.window) };
  const history = read.messages;
  const dbMs = since(started);

  const recallStart = performance.now();
  const recalled = features.recall ? await recallPages(db, thread.workspaceId, userMessage.text, config.recallPages) : [];
  const droppedFacts: DroppedText[] = [];
  const recallText = recalledPagesSection(recalled, droppedFacts);
  const recallMs = since(recallStart);

  const bufferStart = performance.now();
  const buffer: BufferReport = features.buffer
    ? await readBuffer(db, threadId, history, { window: config.window, maxLines: config.bufferMaxLines, maxLineChars: config.bufferLineChars })
    : { status: "not-needed", reason: "the buffer is off for this run", block: null, gap: false, chosen: [] };
  const bufferMs = since(bufferStart);

  const system = systemPrompt(thread.workspace.name, thread.kind, recallText);
  const messages = withBufferBlock(await toModelMessages(read), buffer.block);
  const modelStart = performance.now();
  let modelError: string | null = null;
  const recordError = (error: unknown) => {
    modelError ??= error instanceof Error ? error.message : String(error);
    return modelError;
  };

  const result = streamText({
    model: choice.model,
    system,
    messages,
    allowSystemInMessages: true,
    tools: features.tools
      ? agentTools({ db, workspaceId: thread.workspaceId, threadId, windowFromSeq: visibleWindowStart(history.map((m) => m.seq), userMessage.seq) })
      : undefined,
    stopWhen: stepCountIs(MAX_STEPS),
    // The failure is recorded in the trace and shown in the chat; no console noise.
    onError: ({ error }) => void recordError(error),
  });

  let resolveFinished: (outcome: TurnOutcome) => void;
  let rejectFinished: (error: unknown) => void;
  const finished = new Promise<TurnOutcome>((resolve, reject) => {
    resolveFinished = resolve;
    rejectFinished = reject;
  });

  const finish = async (responseMessage: UIMessage) => {
    const modelMs = since(modelStart);
    const answer = textOf(responseMessage);
    const assistantMessage =
      modelError === null && answer
        ? await appendMessage(db, threadId, {
            role: "ASSISTANT",
            speaker: "AGENT",
            text: answer,
            parts: responseMessage.parts as Prisma.InputJsonValue as UIMessage["parts"],
          })
        : null;
    const usage = modelError === null ? await Promise.resolve(result.totalUsage).catch(() => null) : null;
    const trace: TurnTraceData = {
      model: { kind: choice.kind, label: choice.label, modelId: choice.modelId },
      settings: { window: config.window, maxLines: config.bufferMaxLines, maxLineChars: config.bufferLineChars, recallPages: config.recallPages },
      window: { count: history.length, fromSeq: history[0]?.seq ?? 0, toSeq: history.at(-1)?.seq ?? 0 },
      buffer,
      recall: {
        enabled: features.recall,
        pages: recalled.map((p) => ({ title: p.title, rank: p.rank, facts: p.facts.length })),
        droppedFacts,
      },
      toolCalls: toolCallsOf(responseMessage),
      memoryPass: null,
      tokens: {
        prompt: usage?.inputTokens ?? 0,
        completion: usage?.outputTokens ?? 0,
        buffer: buffer.block ? countTokens(buffer.block) : 0,
        recall: recallText ? countTokens(recallText) : 0,
      },
      timings: { dbMs, recallMs, bufferMs, modelMs, memoryPassMs: null, totalMs: since(started) },
      prompt: { system, messages },
      error: modelError,
    };
    const saved = await db.turnTrace.create({
      data: {
        threadId,
        userMessageId: userMessage.id,
        assistantMessageId: assistantMessage?.id ?? null,
        modelId: choice.modelId,
        data: trace as Prisma.InputJsonValue,
      },
    });
    if (features.memoryPass && assistantMessage) {
      trace.memoryPass = await runMemoryPass(db, choice.model, threadId, { episodeMaxMessages: config.episodeMaxMessages });
      trace.timings.memoryPassMs = Math.round(trace.memoryPass.ms * 10) / 10;
      await db.turnTrace.update({ where: { id: saved.id }, data: { data: trace as Prisma.InputJsonValue } });
    }
    return { traceId: saved.id, userMessage, assistantMessage, answer, trace };
  };

  const stream = result.toUIMessageStream({
    onError: (error) => `The model call failed: ${recordError(error)}. Your message is saved; retry to get an answer.`,
    onFinish: ({ responseMessage }) => finish(responseMessage).then(resolveFinished, rejectFinished),
  });
  return { userMessage, stream, finished };
}

/** Runs a turn to the end without a browser: the evaluation and scripts use this. */
export async function runTurn(request: TurnRequest): Promise<TurnOutcome> {
  const turn = await startTurn(request);
  await turn.stream.pipeTo(new WritableStream());
  return turn.finished;
}
