import { createOpenAI } from "@ai-sdk/openai";
import type { LanguageModel } from "ai";
import type { AppConfig } from "@/lib/config";
import { createOfflineModel } from "@/lib/models/offline";

export type ModelKind = "offline" | "openai" | "openai-compatible";

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
 * An OpenAI-compatible server when OPENAI_BASE_URL is set (Ollama, vLLM,
 * LM Studio, llama.cpp speak /v1/chat/completions), else OpenAI when a key is
 * set, else the offline model, so a first run needs nothing.
 */
export function chooseModel(config: AppConfig): ModelChoice {
  if (config.openaiBaseUrl) {
    const provider = createOpenAI({ baseURL: config.openaiBaseUrl, apiKey: config.openaiApiKey ?? "not-needed" });
    const modelId = config.openaiModel ?? DEFAULT_COMPATIBLE_MODEL;
    return { model: provider.chat(modelId), kind: "openai-compatible", modelId, label: `${modelId} at ${config.openaiBaseUrl}` };
  }
  if (config.openaiApiKey) {
    const provider = createOpenAI({ apiKey: config.openaiApiKey });
    const modelId = config.openaiModel ?? DEFAULT_OPENAI_MODEL;
    return { model: provider(modelId), kind: "openai", modelId, label: `OpenAI ${modelId}` };
  }
  const model = createOfflineModel({ delayMs: config.offlineDelayMs, memoryPassDelayMs: config.offlineMemoryPassDelayMs });
  return { model, kind: "offline", modelId: model.modelId, label: "Offline model (rule-based, no network)" };
}
