import { stepCountIs, streamText, type ModelMessage, type ToolSet } from "ai";
import type { ModelChoice } from "@/lib/models";
import { isTimeout, timeoutMessage, withTimeout } from "@/lib/models/timeout";

const MAX_STEPS = 4;

export type ModelCall = {
  result: ReturnType<typeof streamText<ToolSet>>;
  /** The first error the call raised, or null. */
  error: () => string | null;
  recordError: (error: unknown) => string;
};

/**
 * Phase 3: the streamed model call, with the agent's tools, up to a few tool
 * steps. Each model call has a time limit that aborts the provider's
 * request; `signal` (the browser going away) stops the whole call, and what
 * was streamed by then is kept as an interrupted reply.
 */
export function callModel(args: {
  choice: ModelChoice;
  system: string;
  messages: ModelMessage[];
  tools: ToolSet;
  timeoutMs: number;
  signal?: AbortSignal;
}): ModelCall {
  let failure: string | null = null;
  const recordError = (error: unknown) => {
    failure ??= isTimeout(error) ? timeoutMessage(args.timeoutMs) : error instanceof Error ? error.message : String(error);
    return failure;
  };
  const result = streamText({
    model: withTimeout(args.choice.model, args.timeoutMs),
    system: args.system,
    messages: args.messages,
    tools: args.tools,
    stopWhen: stepCountIs(MAX_STEPS),
    abortSignal: args.signal,
    // The failure is recorded in the trace and shown in the chat; no console noise.
    onError: ({ error }) => void recordError(error),
  });
  return { result, error: () => failure, recordError };
}
