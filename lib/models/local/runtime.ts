import type { LocalModelConfig } from "@/lib/config";
import { readyEngine } from "@/lib/models/local/engine";
import { toCallPrompt, toCallTools, toChatHistory, toFunctions } from "@/lib/models/local/prompt";
import type { ContextSize, LearnedFacts, ModelRuntime, PromptMeter } from "@/lib/models/runtime";

/**
 * The in-process engine's side of a choice: it loads before the first call
 * within LOCAL_MODEL_LOAD_TIMEOUT_MS, its context is the engine's own, and a
 * prompt is counted by rendering it with the model's chat wrapper and
 * tokenizer, exactly as generation evaluates it (tool definitions and
 * template framing included).
 */
export function localRuntime(config: LocalModelConfig, configuredContext: number | undefined, learned: LearnedFacts): ModelRuntime {
  const engine = () => readyEngine(config);
  let wrapper = "its chat wrapper";
  const meter: PromptMeter = {
    method: "model-tokenizer",
    margin: () => 0,
    async count(request) {
      const loaded = await engine();
      wrapper = `node-llama-cpp's ${loaded.wrapperName} wrapper`;
      const history = toChatHistory(toCallPrompt(request.system, request.messages), []);
      const { functions } = toFunctions({ prompt: [], tools: toCallTools(request.tools) }, []);
      return loaded.countPrompt(history, functions);
    },
    countText: async (text) => (await engine()).countText(text),
    observe: () => undefined,
    describe: () => `the model's own tokenizer over ${wrapper}`,
  };
  return {
    ready: async () => void (await engine()),
    clockFrom: "engine",
    async contextSize(): Promise<ContextSize> {
      const size = (await engine()).context.contextSize;
      if (configuredContext !== undefined && configuredContext < size) return { tokens: configuredContext, source: "configured", detail: "MODEL_CONTEXT_TOKENS" };
      return { tokens: size, source: "provider", detail: `the engine's context of ${size} tokens per lane (LOCAL_MODEL_CONTEXT ${config.contextSize})` };
    },
    meter,
    learned,
  };
}
