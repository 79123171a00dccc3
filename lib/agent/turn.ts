import { createUIMessageStream, toUIMessageStream, type ToolSet, type UIMessageChunk } from "ai";
import { buildContext, type BuiltContext } from "@/lib/agent/phases/context";
import { callModel, modelReady, reportedUsage, type ModelCall } from "@/lib/agent/phases/call-model";
import { loadTurn } from "@/lib/agent/phases/load";
import { memoryPhase, type Consolidation } from "@/lib/agent/phases/memory";
import { persistTurn, textOf, type PersistedTurn } from "@/lib/agent/phases/persist";
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
import type { ModelChoice, ModelRoles } from "@/lib/models";
import { audienceOf } from "@/lib/pages/audience";

export type { Consolidation };

/** The models a turn uses: the chat model answers, the memory model files an inline memory pass. */
export type TurnModels = Pick<ModelRoles, "chat" | "memory">;

export type TurnRequest = {
  db: Db;
  config: AppConfig;
  models: TurnModels;
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

/** What the chat shows when the turn broke before its model was asked (the database went away, say). */
const NOT_ASKED = failureText("the server could not prepare the reply");

/** The reply as far as the stream got: what the model was shown, and its call (null when it was asked nothing). */
type Answering = { built: BuiltContext; call: ModelCall | null; refusal: string | null; room?: ToolRoom; readyMs: number; modelStart: number };

/**
 * One agent turn, read top to bottom. Load comes first, before any stream:
 * the thread is claimed (a busy one is a 409, another workspace's a 404,
 * answered at once) and the user's message saved, so nothing later can lose
 * it. The rest is one UI message stream: `execute` makes the chat model
 * ready, builds the context and merges the model's reply into the stream;
 * `onFinish` persists the reply and its trace and releases the thread, and
 * the stream ends there. The memory pass follows the stream, per
 * `consolidate`: queued as a job, inline on the memory model, or skipped.
 */
export async function startTurn(request: TurnRequest): Promise<StartedTurn> {
  const { db, config, threadId } = request;
  const { chat, memory } = request.models;
  const consolidation = request.consolidate ?? { kind: "inline" };
  const context = request.context ?? appContext(config);
  const started = performance.now();

  // 1. Load. On the embedded database this process is the only one: a claim by any other instance is a dead server's.
  const loadWaitMs = config.localModel && chat.kind === "local" ? config.localModel.loadTimeoutMs : 0;
  const limits = { leaseMs: config.modelTimeoutMs + loadWaitMs + LEASE_MARGIN_MS, waitMs: config.turnWaitMs, sole: !config.databaseUrl };
  const { thread, userMessage, release } = await loadTurn(db, request.workspaceId, threadId, request.text, limits, request.regenerate);
  const loadMs = performance.now() - started;

  const screen = new PromptScreen();
  // A customer reads the business's voice only: their reply is checked before it is shown or stored.
  const forCustomer = thread.kind === "SUPPORT";
  const draft = new ReplyDraft(db, threadId, DRAFT_SAVE_MS, forCustomer ? customerDraftText : undefined);
  let answering: Answering | null = null;
  // The saved turn, handed from onFinish to what follows the stream: the customer's checked text and the memory pass.
  const saved = Promise.withResolvers<PersistedTurn>();

  const stream = createUIMessageStream({
    execute: async ({ writer }) => {
      // The model ready, then 2. the context built and fitted to it (a model that failed to load leaves it uncounted).
      const ready = await modelReady(chat);
      const toolsOn = chat.runtime.learned.tools.supported !== false;
      const built = await buildContext({
        db,
        config,
        context,
        thread,
        userMessage,
        screen,
        choice: chat,
        tools: toolsOn ? await agentToolSchemas() : null,
        budgeted: ready.problem === null,
      });
      // 3. The model, its reply merged into the stream. One that could not be made ready, or whose prompt cannot fit
      // it, is asked nothing: the turn fails as a call would.
      const refusal = ready.problem ?? built.tooLarge;
      const room = built.budget ? new ToolRoom(built.budget, chat.runtime.meter.countText) : undefined;
      const tools: ToolSet = toolsOn
        ? agentTools({ db, workspaceId: thread.workspaceId, threadId, windowFromSeq: built.windowFromSeq, audience: audienceOf(thread.kind), screen, room })
        : {};
      const modelStart = performance.now();
      const call = refusal
        ? null
        : callModel({
            choice: chat,
            system: built.system,
            messages: built.messages,
            tools,
            withoutTools: built.withoutTools,
            limits: { firstTokenMs: config.firstTokenTimeoutMs, idleMs: config.idleTimeoutMs, totalMs: config.modelTimeoutMs },
            maxOutputTokens: config.replyTokens,
            onText: (delta) => draft.append(delta),
            signal: request.signal,
          });
      answering = { built, call, refusal, room, readyMs: ready.ms, modelStart };
      if (call) {
        writer.merge(toUIMessageStream({ stream: call.result.stream, tools, onError: (error) => failureText(call.recordError(error)) }));
      } else {
        writer.write({ type: "start" });
        writer.write({ type: "error", errorText: failureText(refusal!) });
      }
    },
    // The words for a turn that broke before its call (the call's own errors reach the stream as its error parts,
    // worded above); the server logs why when `finished` rejects with it.
    onError: () => NOT_ASKED,
    // 4. Persist: the reply as the stream built it, its trace, the thread released. The stream ends once this is done.
    onFinish: async ({ responseMessage: reply, finishReason, isAborted, isCancelled, outcome }) => {
      try {
        if (!answering) throw outcome.status === "failed" ? outcome.error : new Error("the turn ended before its reply was prepared");
        const { built, call, refusal, room } = answering;
        const modelMs = ms(answering.modelStart);
        const end = { finishReason, aborted: isAborted || isCancelled === true, error: refusal ?? call?.error() ?? null };
        const drafted = await draft.close();
        const reported = call && !end.aborted && end.error === null ? await reportedUsage(chat, call, built.budget) : null;
        const toolsUnavailable = chat.runtime.learned.tools.supported === false ? (chat.runtime.learned.tools.reason ?? "the model takes no tools") : undefined;
        const voiced = forCustomer ? customerReply(reply, textOf(reply), built.recalled) : null;
        const persisted = await persistTurn({
          db,
          thread,
          userMessage,
          reply,
          end,
          draft: drafted,
          voiced,
          queuesPass: consolidation.kind === "queue",
          release,
          trace: turnTraceInput({
            choice: chat,
            config,
            context,
            built,
            withheld: screen.withheld,
            usage: reported?.usage ?? null,
            reportedTokens: reported?.promptTokens ?? null,
            toolCuts: room?.cuts ?? [],
            toolsUnavailable,
            customerVoice: voiced ? { modelText: textOf(reply), corrections: voiced.checked.corrections, unanswered: voiced.checked.unanswered } : undefined,
            elapsed: { loadMs, readyMs: answering.readyMs, modelMs, totalMs: ms(started), waitMs: call?.waitedMs() ?? 0 },
          }),
        });
        saved.resolve(persisted);
      } catch (error) {
        saved.reject(error);
      } finally {
        await release();
      }
    },
  });

  // 5. The memory pass, once the reply is saved: the browser's stream does not wait for it.
  const passSettings = { timeoutMs: config.memoryPassTimeoutMs, episodeMaxMessages: config.episodeMaxMessages, folds: config.bufferFolds };
  const finished = saved.promise.then(async (persisted): Promise<TurnOutcome> => {
    const trace = await memoryPhase(db, memory, consolidation, passSettings, threadId, persisted);
    return { traceId: persisted.traceId, userMessage, assistantMessage: persisted.assistantMessage, answer: persisted.answer, trace };
  });
  // Callers read the stream before they await this: a turn that broke is their error then, not an unhandled rejection now.
  finished.catch(() => undefined);
  const shown = saved.promise.then((persisted) => persisted.shown, () => null);
  return { userMessage, stream: forCustomer ? customerStream(stream, shown) : stream, finished };
}

/** Runs a turn to the end without a browser: the evaluation and scripts use this. */
export async function runTurn(request: TurnRequest): Promise<TurnOutcome> {
  const turn = await startTurn(request);
  await turn.stream.pipeTo(new WritableStream());
  return turn.finished;
}
