import { wrapLanguageModel, type LanguageModel } from "ai";

/** The message a call cut off by its time limit fails with, so traces and the chat say what happened. */
export function timeoutMessage(ms: number): string {
  return `the model did not answer within ${Math.round(ms / 1000)} s`;
}

export class ModelTimeoutError extends Error {
  constructor(ms: number) {
    super(timeoutMessage(ms));
    this.name = "ModelTimeoutError";
  }
}

/** Whether an error (or anything in its cause chain) is a call's time limit running out. */
export function isTimeout(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof ModelTimeoutError) return true;
    if ((e as { name?: unknown }).name === "TimeoutError") return true;
  }
  return false;
}

/**
 * The model with a time limit on each call, and an optional outside signal
 * (a job being stopped): either aborts the provider's request itself, so a
 * hung call frees its connection instead of holding it for ever.
 */
export function withTimeout(model: LanguageModel, ms: number, signal?: AbortSignal): LanguageModel {
  if (typeof model === "string") throw new TypeError("withTimeout needs a model object, not a model id");
  return wrapLanguageModel({
    model,
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
