import { createUIMessageStream, type UIMessage, type UIMessageChunk } from "ai";
import { buildContext } from "@/lib/agent/phases/context";
import { callModel } from "@/lib/agent/phases/call-model";
import { loadTurn } from "@/lib/agent/phases/load";
import { memoryPhase, type Consolidation } from "@/lib/agent/phases/memory";
import { persistTurn, textOf, type ReplyEnd } from "@/lib/agent/phases/persist";
import { customerDraftText, customerReply, customerStream } from "@/lib/agent/customer-voice";
import { DRAFT_SAVE_MS, ReplyDraft } from "@/lib/agent/reply-draft";
import { ToolRoom } from "@/lib/agent/tool-room";
import { turnTraceInput } from "@/lib/agent/trace";
import { agentTools, agentToolSchemas } from "@/lib/agent/tools";
import type { AppConfig } from "@/lib/config";
import { appContext, type ContextConfig } from "@/lib/context";
import type { TurnTraceData } from "@/lib/contracts/trace";
import type { Db } from "@/lib/db/client";
import type { Message } from "@/lib/db/generated/client";
import { PromptScreen } from "@/lib/guard/screen";
import type { ModelChoice } from "@/lib/models";
import { audienceOf } from "@/lib/pages/audience";
import { recordUnansweredQuestion } from "@/lib/questions/store";
import { releaseTurn } from "@/lib/threads/turn-lease";

export type { Consolidation };

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
  /** The memory pass after the reply (phases/memory.ts); inline by default. */
  consolidate?: Consolidation;
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

/** A turn holds its thread this much longer than its reply may take: context, tools, saving. */
const LEASE_MARGIN_MS = 30_000;

/** What the chat shows for a reply that failed or was cut off; the reason's own full stop is not doubled. */
export function failureText(reason: string): string {
  return `The model call failed: ${reason.replace(/[\s.]+$/, "")}. Your message is saved; retry to get an answer.`;
}

/** A reply with nothing in it: what a turn refused before its model call saves. */
const emptyReply = (): UIMessage => ({ id: crypto.randomUUID(), role: "assistant", parts: [] });

/**
 * One agent turn in five phases: load (claim the thread, save the user's
 * message), build the context, call the model (streamed to the browser),
 * persist the reply and its trace (the stream ends here), then the memory
 * pass, inline or as a queued job. The thread is held from load to persist.
 * A model that must load first (the in-process engine) loads before the
 * context is built (its tokenizer counts the prompt), within its own limit
 * and outside the reply's.
 */
export async function startTurn(request: TurnRequest): Promise<StartedTurn> {
  const { db, config, choice, threadId } = request;
  const consolidation = request.consolidate ?? { kind: "inline" };
  const context = request.context ?? appContext(config);
  const started = performance.now();
  const screen = new PromptScreen();
  const replyLimits = { firstTokenMs: config.firstTokenTimeoutMs, idleMs: config.idleTimeoutMs, totalMs: config.modelTimeoutMs };

  const loadWaitMs = config.localModel && choice.kind === "local" ? config.localModel.loadTimeoutMs : 0;
  // On the embedded database this process is the only one: a claim by any other instance is a dead server's.
  const limits = { leaseMs: config.modelTimeoutMs + loadWaitMs + LEASE_MARGIN_MS, waitMs: config.turnWaitMs, sole: !config.databaseUrl };
  const { thread, userMessage, leaseId } = await loadTurn(db, request.workspaceId, threadId, request.text, limits, request.regenerate);
  // Released once: alongside the trace's write when the reply is saved, or on the way out of a failure.
  let released: Promise<void> | null = null;
  const release = () => (released ??= releaseTurn(db, threadId, leaseId));
  const loadMs = performance.now() - started;
  const prepare = async () => {
    // The model loads first (the in-process engine, within its own limit): counting the prompt needs its tokenizer.
    const readyStart = performance.now();
    const notReady = await choice.runtime.ready().then(
      () => null,
      (error: unknown) => (error as Error).message,
    );
    const readyMs = performance.now() - readyStart;
    // What the provider says of the model (its context, and whether it takes tools) is read before the prompt is written.
    if (notReady === null) await choice.runtime.contextSize();
    const toolsOn = choice.runtime.learned.tools.supported !== false;
    const built = await buildContext({
      db,
      config,
      context,
      thread,
      userMessage,
      screen,
      choice,
      tools: toolsOn ? await agentToolSchemas() : null,
      budgeted: notReady === null,
    });
    return { built, toolsOn, refusal: notReady ?? built.tooLarge, readyMs };
  };
  const { built, toolsOn, refusal, readyMs } = await prepare().catch(async (error: unknown) => {
    await release();
    throw error;
  });
  // A customer reads the business's voice only: their reply is checked before it is shown or stored.
  const forCustomer = thread.kind === "SUPPORT";
  const draft = new ReplyDraft(db, threadId, DRAFT_SAVE_MS, forCustomer ? customerDraftText : undefined);
  let shownToCustomer: string | null = null;
  const room = built.budget ? new ToolRoom(built.budget, choice.runtime.meter.countText) : undefined;
  const modelStart = performance.now();
  const call = refusal
    ? null
    : callModel({
        choice,
        system: built.system,
        messages: built.messages,
        tools: toolsOn
          ? agentTools({ db, workspaceId: thread.workspaceId, threadId, windowFromSeq: built.windowFromSeq, audience: audienceOf(thread.kind), screen, room })
          : {},
        withoutTools: built.withoutTools,
        limits: replyLimits,
        maxOutputTokens: config.replyTokens,
        onText: (delta) => draft.append(delta),
        signal: request.signal,
      });

  const persist = async (reply: UIMessage, end: ReplyEnd) => {
    const modelMs = ms(modelStart);
    const drafted = await draft.close();
    // A call stopped from outside or failed never reports its usage; one that ran out of tokens or steps did.
    const reported = call !== null && !end.aborted && end.error === null;
    const usage = reported ? await Promise.resolve(call.result.totalUsage).catch(() => null) : null;
    const firstCall = reported ? await Promise.resolve(call.result.steps).then((steps) => steps[0]?.usage.inputTokens ?? null, () => null) : null;
    if (built.budget && firstCall) choice.runtime.meter.observe(built.budget.promptTokens, firstCall, built.budget.toolSchemas);
    const toolsUnavailable = choice.runtime.learned.tools.supported === false ? (choice.runtime.learned.tools.reason ?? "the model takes no tools") : undefined;
    const voiced = forCustomer ? customerReply(reply, textOf(reply), built.recalled) : null;
    const answer = voiced?.checked.text ?? textOf(reply);
    const persisted = await persistTurn({
      db,
      threadId,
      userMessage,
      reply,
      answer,
      savedParts: voiced?.parts,
      end,
      draft: drafted,
      queuesPass: consolidation.kind === "queue",
      release,
      trace: turnTraceInput({
        choice,
        config,
        context,
        built,
        withheld: screen.withheld,
        usage,
        reportedTokens: firstCall,
        toolCuts: room?.cuts ?? [],
        toolsUnavailable,
        customerVoice: voiced ? { modelText: textOf(reply), corrections: voiced.checked.corrections, unanswered: voiced.checked.unanswered } : undefined,
        elapsed: { loadMs, readyMs, modelMs, totalMs: ms(started), waitMs: call?.waitedMs() ?? 0 },
      }),
    });
    if (voiced?.checked.unanswered && persisted.assistantMessage?.status === "COMPLETE") {
      await recordUnansweredQuestion(db, { workspaceId: thread.workspaceId, threadId, seq: userMessage.seq, text: userMessage.text });
    }
    shownToCustomer = voiced?.checked.text ?? null;
    return { ...persisted, answer };
  };

  const passSettings = { timeoutMs: config.memoryPassTimeoutMs, episodeMaxMessages: config.episodeMaxMessages, folds: config.bufferFolds };
  const consolidate = async (persisted: Awaited<ReturnType<typeof persist>>): Promise<TurnOutcome> => {
    const { traceId, assistantMessage, answer } = persisted;
    const trace = await memoryPhase(db, choice, consolidation, passSettings, threadId, persisted);
    return { traceId, userMessage, assistantMessage, answer, trace };
  };

  const finished = Promise.withResolvers<TurnOutcome>();
  // The stream ends once the reply and its trace are saved; the pass is not the browser's to wait for.
  const settle = (reply: UIMessage, end: ReplyEnd) =>
    persist(reply, end)
      .finally(release)
      .then((persisted) => {
        consolidate(persisted).then(finished.resolve, finished.reject);
      }, finished.reject);

  if (!call) {
    // The model could not be made ready, or the prompt cannot fit it: nothing was asked of it, and the turn fails as a call would.
    const reason = refusal!;
    const stream = createUIMessageStream({
      execute: async ({ writer }) => {
        writer.write({ type: "start" });
        writer.write({ type: "error", errorText: failureText(reason) });
        await settle(emptyReply(), { finishReason: undefined, aborted: false, error: reason });
      },
    });
    return { userMessage, stream, finished: finished.promise };
  }
  const stream = call.result.toUIMessageStream({
    onError: (error) => failureText(call.recordError(error)),
    onEnd: ({ responseMessage, isAborted, isCancelled, finishReason }) =>
      settle(responseMessage, { finishReason, aborted: isAborted || isCancelled === true, error: call.error() }),
  });
  return { userMessage, stream: forCustomer ? customerStream(stream, () => shownToCustomer) : stream, finished: finished.promise };
}

/** Runs a turn to the end without a browser: the evaluation and scripts use this. */
export async function runTurn(request: TurnRequest): Promise<TurnOutcome> {
  const turn = await startTurn(request);
  await turn.stream.pipeTo(new WritableStream());
  return turn.finished;
}
