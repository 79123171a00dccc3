import type { LanguageModel } from "ai";
import type { PassContext, Stretch } from "@/lib/memory/gather";
import { callMemoryPass, type MemoryPassCall } from "@/lib/memory/pass-call";
import type { MemoryMessage, MemoryPassInput } from "@/lib/memory/prompt";
import type { ModelRuntime } from "@/lib/models/runtime";

// The pass's second step: the one model call. The model proposes facts, the
// stretch's line and, when one is due, a fold; nothing it says is trusted
// until the vetting step has read it.

/** What the model is shown: the stretch's trusted messages, and the context gathered beside them. */
export function passInput({ trusted }: Stretch, context: PassContext): MemoryPassInput {
  return {
    // Only OWNER and AGENT messages are ever trusted.
    messages: trusted as MemoryMessage[],
    before: context.before as MemoryMessage[],
    earlier: context.earlier as MemoryMessage[],
    pages: context.pages,
    facts: context.facts,
    fold: context.due ?? [],
  };
}

/** The model's proposal for the stretch; throws what the call threw. */
export function propose(model: LanguageModel, runtime: ModelRuntime | undefined, stretch: Stretch, context: PassContext): Promise<MemoryPassCall> {
  return callMemoryPass(model, runtime, passInput(stretch, context));
}
