import type { UIMessage, UIMessageChunk } from "ai";
import { buildContext } from "@/lib/agent/phases/context";
import { callModel } from "@/lib/agent/phases/call-model";
import { loadTurn } from "@/lib/agent/phases/load";
import { consolidateAfterTurn, queueAfterTurn } from "@/lib/agent/phases/memory";
import { persistTurn, textOf } from "@/lib/agent/phases/persist";
import { agentTools } from "@/lib/agent/tools";
import type { AppConfig } from "@/lib/config";
import { appContext, type ContextConfig } from "@/lib/context";
import type { TurnTraceData } from "@/lib/contracts/trace";
import type { Db } from "@/lib/db/client";
import type { Message } from "@/lib/db/generated/client";
import { PromptScreen } from "@/lib/guard/screen";
import type { MemoryPassQueue } from "@/lib/jobs/memory-pass";
import { visibleWindowStart } from "@/lib/history/search";
import type { ModelChoice } from "@/lib/models";
import { audienceOf } from "@/lib/pages/audience";
import { releaseTurn } from "@/lib/threads/turn-lease";

export type TurnRequest = {
  db: Db;
  config: AppConfig;
  choice: ModelChoice;
  workspaceId: string;
  threadId: string;
  /** The new message, or null to answer the thread's latest user message again (a retry after a failed call). */
  text: string | null;
  /** With `text: null`: replace the thread's latest reply, finished or not, with a new one. */
  regenerate?: boolean;
  /** What the model is shown; the app's own configuration unless the evaluation asks for another. */
  context?: ContextConfig;
  /**
   * The memory pass after the reply: "inline" runs it before the turn
   * settles (scripts and the evaluation, with no server; `true` means the
   * same), "queue" hands it to `queue` as a job (the server), false skips it
   * (the evaluation's question turns must not change memory). Inline by default.
   */
  consolidate?: "inline" | "queue" | boolean;
  /** Where "queue" sends the pass. */
  queue?: Pick<MemoryPassQueue, "enqueue">;
  /** Aborts the reply when the browser goes away; what streamed by then is kept, marked interrupted. */
  signal?: AbortSignal;
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
  /** Settles after the reply and its trace are saved, and an inline memory pass has run (a queued one runs later). */
  finished: Promise<TurnOutcome>;
};

const ms = (start: number) => Math.round((performance.now() - start) * 10) / 10;

/** A turn holds its thread this much longer than its model call may take: context, tools, saving. */
const LEASE_MARGIN_MS = 30_000;

const consolidationMode = (request: TurnRequest) =>
  request.consolidate === undefined || request.consolidate === true ? "inline" : request.consolidate;

/**
 * One agent turn in five phases: load (claim the thread, save the user's
 * message), build the context, call the model (streamed to the browser),
 * persist the reply and its trace (the stream ends here), then the memory
 * pass, inline or as a queued job. The thread is held from load to persist.
 */
export async function startTurn(request: TurnRequest): Promise<StartedTurn> {
  const { db, config, choice, threadId } = request;
  const mode = consolidationMode(request);
  if (mode === "queue" && !request.queue) throw new TypeError('consolidate: "queue" needs a queue');
  const context = request.context ?? appContext(config);
  const started = performance.now();
  const screen = new PromptScreen();

  const limits = { leaseMs: config.modelTimeoutMs + LEASE_MARGIN_MS, waitMs: config.turnWaitMs };
  const { thread, userMessage, leaseId } = await loadTurn(db, request.workspaceId, threadId, request.text, limits, request.regenerate);
  // Released once: alongside the trace's write when the reply is saved, or on the way out of a failure.
  let released: Promise<void> | null = null;
  const release = () => (released ??= releaseTurn(db, threadId, leaseId));
  const loadMs = performance.now() - started;
  const prepare = async () => {
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
      timeoutMs: config.modelTimeoutMs,
      signal: request.signal,
    });
    return { built, call, modelStart };
  };
  const { built, call, modelStart } = await prepare().catch(async (error: unknown) => {
    await release();
    throw error;
  });

  const persist = async (reply: UIMessage, interrupted: boolean) => {
    const modelMs = ms(modelStart);
    const error = call.error();
    // An interrupted call never reports its usage.
    const usage = error === null && !interrupted ? await Promise.resolve(call.result.totalUsage).catch(() => null) : null;
    const answer = textOf(reply);
    const bufferMs = built.selection.cost.ms;
    const persisted = await persistTurn({
      db,
      threadId,
      userMessage,
      reply,
      answer,
      interrupted,
      queuesPass: mode === "queue",
      release,
      trace: {
        choice,
        config: { ...config, window: context.strategy.window },
        strategy: context.strategy.name,
        selection: built.selection,
        recall: { enabled: context.recall, feed: context.recall && context.feed, pages: built.recalled, fromFeed: built.fromFeed, text: built.recallText },
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
    return { ...persisted, answer };
  };

  // A finished reply (not a failed or interrupted one) is what the memory pass consolidates.
  const consolidate = async (persisted: Awaited<ReturnType<typeof persist>>): Promise<TurnOutcome> => {
    const { traceId, assistantMessage, answer } = persisted;
    const passes = mode !== false && assistantMessage?.status === "COMPLETE";
    const trace = !passes
      ? persisted.trace
      : mode === "inline"
        ? await consolidateAfterTurn(
            db,
            choice.model,
            { timeoutMs: config.memoryPassTimeoutMs, episodeMaxMessages: config.episodeMaxMessages, folds: config.bufferFolds },
            threadId,
            traceId,
            persisted.trace,
          )
        : await queueAfterTurn(request.queue!, threadId).then(() => persisted.trace);
    return { traceId, userMessage, assistantMessage, answer, trace };
  };

  const finished = Promise.withResolvers<TurnOutcome>();
  const stream = call.result.toUIMessageStream({
    onError: (error) => `The model call failed: ${call.recordError(error)}. Your message is saved; retry to get an answer.`,
    // The stream ends once the reply and its trace are saved; the pass is not the browser's to wait for.
    onEnd: ({ responseMessage, isAborted, isCancelled }) =>
      persist(responseMessage, isAborted || isCancelled === true)
        .finally(release)
        .then((persisted) => {
          consolidate(persisted).then(finished.resolve, finished.reject);
        }, finished.reject),
  });
  return { userMessage, stream, finished: finished.promise };
}

/** Runs a turn to the end without a browser: the evaluation and scripts use this. */
export async function runTurn(request: TurnRequest): Promise<TurnOutcome> {
  const turn = await startTurn(request);
  await turn.stream.pipeTo(new WritableStream());
  return turn.finished;
}
