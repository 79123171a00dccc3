import { createOpenAI, type OpenAILanguageModelChatOptions } from "@ai-sdk/openai";
import { defaultSettingsMiddleware, wrapLanguageModel, type LanguageModel } from "ai";
import type { AppConfig } from "@/lib/config";
import { createLocalModel } from "@/lib/models/local/model";
import { createOfflineModel } from "@/lib/models/offline";
import type { TurnTraceData } from "@/lib/contracts/trace";

export type ModelKind = TurnTraceData["model"]["kind"];

export type ModelChoice = {
  model: LanguageModel;
  kind: ModelKind;
  /** What the UI shows as "answering": provider and model name. */
  label: string;
  modelId: string;
};

export const DEFAULT_OPENAI_MODEL = "gpt-4o-mini";
export const DEFAULT_COMPATIBLE_MODEL = "llama3.1";

/**
 * OpenAI's strict structured outputs, stated rather than left to the SDK's
 * default: the model is held to the memory pass's schema (and to the tools',
 * which are marked strict), and a schema outside the strict subset is refused
 * with a 400 instead of being followed loosely. Compatible servers that don't
 * know the flag ignore it.
 */
const OPENAI_OPTIONS = { openai: { strictJsonSchema: true } satisfies OpenAILanguageModelChatOptions };

const withOpenAIOptions = (model: Parameters<typeof wrapLanguageModel>[0]["model"]) =>
  wrapLanguageModel({ model, middleware: defaultSettingsMiddleware({ settings: { providerOptions: OPENAI_OPTIONS } }) });

/**
 * An OpenAI-compatible server when OPENAI_BASE_URL is set (Ollama, vLLM,
 * LM Studio, llama.cpp speak /v1/chat/completions), else OpenAI when a key is
 * set, else a GGUF file run in this process when LOCAL_MODEL_PATH is set, else
 * the offline model, so a first run needs nothing.
 */
export function chooseModel(config: AppConfig): ModelChoice {
  if (config.openaiBaseUrl) {
    const provider = createOpenAI({ baseURL: config.openaiBaseUrl, apiKey: config.openaiApiKey ?? "not-needed" });
    const modelId = config.openaiModel ?? DEFAULT_COMPATIBLE_MODEL;
    return { model: withOpenAIOptions(provider.chat(modelId)), kind: "openai-compatible", modelId, label: `${modelId} at ${config.openaiBaseUrl}` };
  }
  if (config.openaiApiKey) {
    const provider = createOpenAI({ apiKey: config.openaiApiKey });
    const modelId = config.openaiModel ?? DEFAULT_OPENAI_MODEL;
    return { model: withOpenAIOptions(provider(modelId)), kind: "openai", modelId, label: `OpenAI ${modelId}` };
  }
  if (config.localModel) {
    const model = createLocalModel(config.localModel);
    return { model, kind: "local", modelId: model.modelId, label: `${model.modelId} (local, llama.cpp in-process)` };
  }
  const model = createOfflineModel({ delayMs: config.offlineDelayMs, memoryPassDelayMs: config.offlineMemoryPassDelayMs });
  return { model, kind: "offline", modelId: model.modelId, label: "Offline model (rule-based, no network)" };
}
