import type { LanguageModelV4Prompt } from "@ai-sdk/provider";
import { wrapLanguageModel, type LanguageModel } from "ai";
import { toolsRefusal } from "@/lib/models/refusals";
import type { LearnedFacts } from "@/lib/models/runtime";

/** The prompt with whole texts swapped (the system prompt, a note), as a model without tools is shown them instead. */
export function swapTexts(prompt: LanguageModelV4Prompt, swaps: ReadonlyMap<string, string>): LanguageModelV4Prompt {
  return prompt.map((message) => {
    if (message.role === "system") return { ...message, content: swaps.get(message.content) ?? message.content };
    if (message.role !== "user") return message;
    return { ...message, content: message.content.map((part) => (part.type === "text" ? { ...part, text: swaps.get(part.text) ?? part.text } : part)) };
  });
}

/**
 * The model offered tools until it refuses them ("… does not support
 * tools"): the refusal is learnt for every later turn, and the same call is
 * made again at once without tools, its texts swapped for the ones written
 * for a model without them (`swaps`). Once learnt, calls go without tools
 * from the start.
 */
export function withToolFallback(model: LanguageModel, learned: LearnedFacts, swaps: ReadonlyMap<string, string>): LanguageModel {
  if (typeof model === "string") throw new TypeError("the tool fallback needs a model object, not a model id");
  return wrapLanguageModel({
    model,
    middleware: {
      wrapStream: async ({ doStream, params, model: inner }) => {
        const withoutTools = () => inner.doStream({ ...params, tools: undefined, toolChoice: undefined, prompt: swapTexts(params.prompt, swaps) });
        if (!params.tools?.length) return doStream();
        if (learned.tools.supported === false) return withoutTools();
        try {
          return await doStream();
        } catch (error) {
          const refusal = toolsRefusal(error);
          if (!refusal) throw error;
          learned.tools = { supported: false, reason: `the provider refused tools: ${refusal}` };
          return withoutTools();
        }
      },
    },
  });
}
