import { stepCountIs, streamText, type ModelMessage, type ToolSet } from "ai";
import type { ModelChoice } from "@/lib/models";

const MAX_STEPS = 4;

export type ModelCall = {
  result: ReturnType<typeof streamText<ToolSet>>;
  /** The first error the call raised, or null. */
  error: () => string | null;
  recordError: (error: unknown) => string;
};

/** Phase 3: the streamed model call, with the agent's tools, up to a few tool steps. */
export function callModel(args: { choice: ModelChoice; system: string; messages: ModelMessage[]; tools: ToolSet }): ModelCall {
  let failure: string | null = null;
  const recordError = (error: unknown) => {
    failure ??= error instanceof Error ? error.message : String(error);
    return failure;
  };
  const result = streamText({
    model: args.choice.model,
    system: args.system,
    messages: args.messages,
    allowSystemInMessages: true,
    tools: args.tools,
    stopWhen: stepCountIs(MAX_STEPS),
    // The failure is recorded in the trace and shown in the chat; no console noise.
    onError: ({ error }) => void recordError(error),
  });
  return { result, error: () => failure, recordError };
}
