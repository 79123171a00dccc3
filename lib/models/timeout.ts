import type { LanguageModelV4StreamPart } from "@ai-sdk/provider";
import { wrapLanguageModel, type LanguageModel } from "ai";

// Time limits on model calls. A generated call (the memory pass, summaries,
// the judge) has one limit on the whole call. A streamed reply has three:
// the first output of each call (prompt reading included), the longest
// silence between two chunks once output has begun, and the whole reply;
// each aborts the provider's request itself, and a call cut off by one ends
// its stream with an error part naming the limit, so the reply is never
// mistaken for a finished one.

export type TimeoutKind = "call" | "first-token" | "idle" | "total";

const LIMIT_NAMES: Record<TimeoutKind, string> = {
  call: "MODEL_TIMEOUT_MS",
  "first-token": "MODEL_FIRST_TOKEN_TIMEOUT_MS",
  idle: "MODEL_IDLE_TIMEOUT_MS",
  total: "MODEL_TIMEOUT_MS",
};

/** The message a call cut off by a time limit fails with, so traces and the chat say which limit ran out. */
export function timeoutMessage(ms: number, kind: TimeoutKind = "call"): string {
  const s = `${Math.round(ms / 1000)} s`;
  const what = {
    call: `the model did not answer within ${s}`,
    "first-token": `the model sent nothing within ${s} of the request`,
    idle: `the model stopped sending for ${s} in the middle of its reply`,
    total: `the reply did not finish within ${s}`,
  }[kind];
  return `${what} (${LIMIT_NAMES[kind]})`;
}

export class ModelTimeoutError extends Error {
  constructor(
    readonly ms: number,
    readonly kind: TimeoutKind = "call",
  ) {
    super(timeoutMessage(ms, kind));
    this.name = "ModelTimeoutError";
  }
}

/** The limit that cut a call off: the error itself, or one in its cause chain; null for any other error. */
export function timeoutOf(error: unknown): ModelTimeoutError | null {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof ModelTimeoutError) return e;
  }
  return null;
}

/** Whether an error (or anything in its cause chain) is a call's time limit running out. */
export function isTimeout(error: unknown): boolean {
  if (timeoutOf(error)) return true;
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { name?: unknown }).name === "TimeoutError") return true;
  }
  return false;
}

const asModelObject = (model: LanguageModel) => {
  if (typeof model === "string") throw new TypeError("a time limit needs a model object, not a model id");
  return model;
};

/**
 * The model with a time limit on each call, and an optional outside signal
 * (a job being stopped): either aborts the provider's request itself, so a
 * hung call frees its connection instead of holding it for ever.
 */
export function withTimeout(model: LanguageModel, ms: number, signal?: AbortSignal): LanguageModel {
  return wrapLanguageModel({
    model: asModelObject(model),
    middleware: {
      transformParams: async ({ params }) => {
        const timer = AbortSignal.timeout(ms);
        const limit = AbortSignal.any([timer, ...(signal ? [signal] : []), ...(params.abortSignal ? [params.abortSignal] : [])]);
        return { ...params, abortSignal: limit };
      },
      // A timer's abort surfaces as a generic AbortError; name the limit instead.
      wrapGenerate: async ({ doGenerate, params }) => {
        try {
          return await doGenerate();
        } catch (error) {
          if (params.abortSignal?.aborted && params.abortSignal.reason instanceof DOMException && params.abortSignal.reason.name === "TimeoutError") {
            throw new ModelTimeoutError(ms);
          }
          throw error;
        }
      },
    },
  });
}

export type StreamLimits = {
  /** From the request (or, for an engine that queues requests, from when it takes this one) to the call's first output. */
  firstTokenMs: number;
  /** Longest silence between two parts once output has begun. */
  idleMs: number;
  /**
   * "request": the first-token clock runs from the request (a server may hang
   * before it answers at all); "engine": from when the model's stream opens,
   * for an in-process engine that opens it only once it takes the request, so
   * a wait in its queue is not charged to the reply.
   */
  clockFrom: "request" | "engine";
  /** Told when each call's stream opens, with how long the engine kept it waiting. */
  onOpen?: (waitedMs: number) => void;
  /**
   * When the whole reply must be over (performance.now() time), or null
   * while its clock has not started: a call still running then ends the
   * same way, with the "total" limit's error.
   */
  deadline?: () => { at: number; ms: number } | null;
};

const OUTPUT_PARTS = new Set<LanguageModelV4StreamPart["type"]>(["text-delta", "reasoning-delta", "tool-input-start", "tool-input-delta", "tool-call"]);

/** A timer that can be re-armed, never past the reply's deadline; `fired` rejects with the limit that ran out. */
function alarm(abort: AbortController, deadline: StreamLimits["deadline"]) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let reject: (error: ModelTimeoutError) => void = () => undefined;
  const fired = new Promise<never>((_, r) => (reject = r));
  fired.catch(() => undefined);
  return {
    fired,
    arm(ms: number, kind: TimeoutKind) {
      clearTimeout(timer);
      const end = deadline?.() ?? null;
      const left = end ? end.at - performance.now() : Infinity;
      const error = left < ms && end ? new ModelTimeoutError(end.ms, "total") : new ModelTimeoutError(ms, kind);
      timer = setTimeout(
        () => {
          reject(error);
          abort.abort(error);
        },
        Math.max(0, Math.min(ms, left)),
      );
    },
    clear: () => clearTimeout(timer),
  };
}

/**
 * The model with the first-token and idle limits on every streamed call,
 * and the whole reply's deadline across them. A call that runs out
 * aborts its request, and its stream ends with an error part carrying a
 * ModelTimeoutError after whatever it had sent, so what streamed is kept
 * and the reply is marked unfinished; a stream that breaks for another
 * reason ends the same way with its error.
 */
export function withStreamLimits(model: LanguageModel, limits: StreamLimits): LanguageModel {
  return wrapLanguageModel({
    model: asModelObject(model),
    middleware: {
      wrapStream: async ({ params, model: inner }) => {
        const abort = new AbortController();
        const timer = alarm(abort, limits.deadline);
        const requested = performance.now();
        if (limits.clockFrom === "request") timer.arm(limits.firstTokenMs, "first-token");
        const call = { ...params, abortSignal: params.abortSignal ? AbortSignal.any([params.abortSignal, abort.signal]) : abort.signal };
        let opened;
        try {
          opened = await Promise.race([inner.doStream(call), timer.fired]);
        } catch (error) {
          timer.clear();
          throw timeoutOf(error) ?? (abort.signal.aborted ? abort.signal.reason : error);
        }
        limits.onOpen?.(performance.now() - requested);
        if (limits.clockFrom === "engine") timer.arm(limits.firstTokenMs, "first-token");
        const reader = opened.stream.getReader();
        let started = false;
        const stream = new ReadableStream<LanguageModelV4StreamPart>({
          async pull(controller) {
            try {
              const next = await Promise.race([reader.read(), timer.fired]);
              if (next.done) {
                timer.clear();
                controller.close();
                return;
              }
              if (started || OUTPUT_PARTS.has(next.value.type)) {
                started = true;
                timer.arm(limits.idleMs, "idle");
              }
              controller.enqueue(next.value);
            } catch (error) {
              timer.clear();
              // The caller stopped the call (the browser went away, the reply's own limit): the SDK reports an abort.
              if (params.abortSignal?.aborted) throw error;
              // Anything else ends the stream with an error part, never a broken stream the reply could not report.
              const failure = timeoutOf(error) ?? error;
              void reader.cancel(failure).catch(() => undefined);
              controller.enqueue({ type: "error", error: failure });
              controller.close();
            }
          },
          cancel(reason) {
            timer.clear();
            return reader.cancel(reason);
          },
        });
        return { ...opened, stream };
      },
    },
  });
}
