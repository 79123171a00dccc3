import type { AppConfig } from "@/lib/config";
import type { ModelRef } from "@/lib/contracts/model-ref";

// The app asks models for four things, and names each by its role, as the AI
// SDK's customProvider names a chat model and a title model: the reply, the
// memory pass that files a finished stretch, the compressor's running summary
// (an evaluation arm) and the evaluation's judge. Each role may be a model of
// its own on the same provider (a cheaper one for the memory pass, say); by
// default every role is the chat model.

export const MODEL_ROLES = ["chat", "memory", "summary", "judge"] as const;
export type ModelRole = (typeof MODEL_ROLES)[number];

export type ModelKind = ModelRef["kind"];

/** Each role in words, and the variable that names its model. */
export const ROLE_INFO: Record<ModelRole, { title: string; does: string; variable: string }> = {
  chat: { title: "Chat", does: "answers every turn", variable: "OPENAI_MODEL" },
  memory: { title: "Memory pass", does: "files each finished stretch into pages and the buffer's line", variable: "MEMORY_MODEL" },
  summary: { title: "Compressor summary", does: "writes the compressor's running summary (evaluation arm D)", variable: "SUMMARY_MODEL" },
  judge: { title: "Evaluation judge", does: "judges the evaluation's answers (npm run eval -- --judge)", variable: "JUDGE_MODEL" },
};

export const DEFAULT_OPENAI_MODEL = "gpt-4o-mini";
export const DEFAULT_COMPATIBLE_MODEL = "llama3.1";

/** Which provider answers: a base URL, then a key, then a local file; with none set, the offline model. */
export function providerOf(config: Pick<AppConfig, "openaiBaseUrl" | "openaiApiKey" | "localModel">): ModelKind {
  if (config.openaiBaseUrl) return "openai-compatible";
  if (config.openaiApiKey) return "openai";
  if (config.localModel) return "local";
  return "offline";
}

export type RoleAssignment = {
  provider: ModelKind;
  /**
   * The model name each role asks the provider for: its own variable's, else
   * the chat model's. Null for a provider of one model (a local file, the
   * offline model), which plays every role.
   */
  modelIds: Record<ModelRole, string> | null;
  /** Role variables that are set but name nothing, because the provider has one model only. */
  ignored: string[];
};

type RoleConfig = Pick<AppConfig, "openaiBaseUrl" | "openaiApiKey" | "localModel" | "openaiModel" | "memoryModel" | "summaryModel" | "judgeModel">;

/** Which model plays each role under this configuration: pure over the settings, so Settings, the models and tests agree. */
export function assignRoles(config: RoleConfig): RoleAssignment {
  const provider = providerOf(config);
  const own: Record<Exclude<ModelRole, "chat">, string | undefined> = { memory: config.memoryModel, summary: config.summaryModel, judge: config.judgeModel };
  if (provider === "local" || provider === "offline") {
    const ignored = (Object.keys(own) as (keyof typeof own)[]).filter((role) => own[role] !== undefined).map((role) => ROLE_INFO[role].variable);
    return { provider, modelIds: null, ignored };
  }
  const chat = config.openaiModel ?? (provider === "openai" ? DEFAULT_OPENAI_MODEL : DEFAULT_COMPATIBLE_MODEL);
  return { provider, modelIds: { chat, memory: own.memory ?? chat, summary: own.summary ?? chat, judge: own.judge ?? chat }, ignored: [] };
}
