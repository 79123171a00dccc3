import type { UIMessage, UIMessageChunk } from "ai";
import { buildContext } from "@/lib/agent/phases/context";
import { callModel } from "@/lib/agent/phases/call-model";
import { loadTurn } from "@/lib/agent/phases/load";
import { consolidateAfterTurn } from "@/lib/agent/phases/memory";
import { persistTurn, textOf } from "@/lib/agent/phases/persist";
import { agentTools } from "@/lib/agent/tools";
import type { AppConfig } from "@/lib/config";
import { appContext, type ContextConfig } from "@/lib/context";
import type { TurnTraceData } from "@/lib/contracts/trace";
import type { Db } from "@/lib/db/client";
import type { Message } from "@/lib/db/generated/client";
import { PromptScreen } from "@/lib/guard/screen";
import { visibleWindowStart } from "@/lib/history/search";
import type { ModelChoice } from "@/lib/models";
import { audienceOf } from "@/lib/pages/audience";

export type TurnRequest = {
  db: Db;
  config: AppConfig;
  choice: ModelChoice;
  workspaceId: string;
  threadId: string;
  /** The new message, or null to answer the thread's latest user message again (a retry after a failed call). */
  text: string | null;
  /** What the model is shown; the app's own configuration unless the evaluation asks for another. */
  context?: ContextConfig;
  /** Whether the memory pass runs after the reply (the evaluation's question turns must not change memory). */
  consolidate?: boolean;
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

const ms = (start: number) => Math.round((performance.now() - start) * 10) / 10;

/**
 * One agent turn in five phases: load (save the user's message), build the
 * context, call the model (streamed to the browser), persist the reply and
 * its trace, then the memory pass.
 */
export async function startTurn(request: TurnRequest): Promise<StartedTurn> {
  const { db, config, choice, threadId } = request;
  const context = request.context ?? appContext(config);
  const started = performance.now();
  const screen = new PromptScreen();

  const { thread, userMessage } = await loadTurn(db, request.workspaceId, threadId, request.text);
  const loadMs = performance.now() - started;
  const built = await buildContext({ db, config, context, thread, userMessage, screen });

  const modelStart = performance.now();
  const call = callModel({
    choice,
    system: built.system,
    messages: built.messages,
    tools: agentTools({
      db,
      workspaceId: thread.workspaceId,
      threadId,
      windowFromSeq: visibleWindowStart(
        built.selection.messages.map((m) => m.seq),
        userMessage.seq,
      ),
      audience: audienceOf(thread.kind),
      screen,
    }),
  });

  const finish = async (reply: UIMessage): Promise<TurnOutcome> => {
    const modelMs = ms(modelStart);
    const error = call.error();
    const usage = error === null ? await Promise.resolve(call.result.totalUsage).catch(() => null) : null;
    const answer = textOf(reply);
    const bufferMs = built.selection.cost.ms;
    const persisted = await persistTurn({
      db,
      threadId,
      userMessage,
      reply,
      answer,
      trace: {
        choice,
        config: { ...config, window: context.strategy.window },
        strategy: context.strategy.name,
        selection: built.selection,
        recall: { enabled: context.recall, pages: built.recalled, text: built.recallText },
        withheld: screen.withheld,
        usage,
        prompt: { system: built.system, messages: built.messages },
        timings: {
          dbMs: Math.round((loadMs + built.timings.selectMs - bufferMs) * 10) / 10,
          recallMs: Math.round(built.timings.recallMs * 10) / 10,
          bufferMs: Math.round(bufferMs * 10) / 10,
          modelMs,
          totalMs: ms(started),
        },
        error,
      },
    });
    const trace =
      (request.consolidate ?? true) && persisted.assistantMessage
        ? await consolidateAfterTurn(db, choice.model, threadId, config.episodeMaxMessages, persisted.traceId, persisted.trace)
        : persisted.trace;
    return { traceId: persisted.traceId, userMessage, assistantMessage: persisted.assistantMessage, answer, trace };
  };

  const finished = Promise.withResolvers<TurnOutcome>();
  const stream = call.result.toUIMessageStream({
    onError: (error) => `The model call failed: ${call.recordError(error)}. Your message is saved; retry to get an answer.`,
    onFinish: ({ responseMessage }) => finish(responseMessage).then(finished.resolve, finished.reject),
  });
  return { userMessage, stream, finished: finished.promise };
}

/** Runs a turn to the end without a browser: the evaluation and scripts use this. */
export async function runTurn(request: TurnRequest): Promise<TurnOutcome> {
  const turn = await startTurn(request);
  await turn.stream.pipeTo(new WritableStream());
  return turn.finished;
}
