import { createOpenAI, type OpenAILanguageModelChatOptions } from "@ai-sdk/openai";
import type { LanguageModelV4Prompt } from "@ai-sdk/provider";
import { defaultSettingsMiddleware, wrapLanguageModel, type LanguageModel, type LanguageModelMiddleware } from "ai";
import type { AppConfig } from "@/lib/config";
import type { ModelRef } from "@/lib/contracts/model-ref";
import { serverFacts } from "@/lib/models/discovery";
import { localRuntime } from "@/lib/models/local/runtime";
import { createLocalModel } from "@/lib/models/local/model";
import { createOfflineModel } from "@/lib/models/offline";
import { assignRoles, type ModelKind, type ModelRole } from "@/lib/models/roles";
import { estimateMeter, learnedAbout, type ContextSize, type ModelRuntime } from "@/lib/models/runtime";

export { DEFAULT_COMPATIBLE_MODEL, DEFAULT_OPENAI_MODEL, type ModelKind, type ModelRole } from "@/lib/models/roles";

export type ModelChoice = {
  model: LanguageModel;
  kind: ModelKind;
  /** What the UI shows as "answering": provider and model name. */
  label: string;
  modelId: string;
  /** Its context, how its prompts are counted, what it supports and must load first. */
  runtime: ModelRuntime;
};

/** The model as a trace or a report names it. */
export const modelRef = ({ kind, label, modelId }: ModelChoice): ModelRef => ({ kind, label, modelId });

/**
 * An OpenAI-compatible server that says nothing about its context: the
 * context the README has every runtime started with.
 */
export const DEFAULT_COMPATIBLE_CONTEXT = 8192;
/** The offline model has no context of its own; this keeps its prompts the size a real model would take. */
export const OFFLINE_CONTEXT = 131_072;

/** OpenAI's published context windows by model family, longest prefix first; 128k for any other. */
const OPENAI_CONTEXTS: [prefix: string, tokens: number][] = [
  ["gpt-4.1", 1_047_576],
  ["gpt-5", 400_000],
  ["gpt-4o", 128_000],
  ["o1", 200_000],
  ["o3", 200_000],
  ["o4", 200_000],
  ["gpt-4-turbo", 128_000],
  ["gpt-3.5-turbo", 16_385],
];

export function openaiContextTokens(modelId: string): number {
  return OPENAI_CONTEXTS.find(([prefix]) => modelId.startsWith(prefix))?.[1] ?? 128_000;
}

/**
 * OpenAI's strict structured outputs, stated rather than left to the SDK's
 * default: the model is held to the memory pass's schema (and to the tools',
 * which are marked strict), and a schema outside the strict subset is refused
 * with a 400 instead of being followed loosely. Compatible servers that don't
 * know the flag ignore it.
 */
const OPENAI_OPTIONS = { openai: { strictJsonSchema: true } satisfies OpenAILanguageModelChatOptions };

/**
 * A user turn's text parts (a note and a message sharing the turn) as one
 * text, paragraphs apart: a plain string is what every chat template reads,
 * where some would trip on a list of parts.
 */
export function joinUserParts(prompt: LanguageModelV4Prompt): LanguageModelV4Prompt {
  return prompt.map((message) => {
    if (message.role !== "user" || message.content.length < 2 || !message.content.every((part) => part.type === "text")) return message;
    return { ...message, content: [{ type: "text", text: message.content.map((part) => (part.type === "text" ? part.text : "")).join("\n\n") }] };
  });
}

const remoteMiddleware: LanguageModelMiddleware[] = [
  defaultSettingsMiddleware({ settings: { providerOptions: OPENAI_OPTIONS } }),
  { specificationVersion: "v4", transformParams: async ({ params }) => ({ ...params, prompt: joinUserParts(params.prompt) }) },
];

const remote = (model: Parameters<typeof wrapLanguageModel>[0]["model"]) => wrapLanguageModel({ model, middleware: remoteMiddleware });

type ErrorBody = { error?: unknown; message?: unknown; object?: unknown; type?: unknown; code?: unknown };

/**
 * Error bodies in OpenAI's shape ({"error": {"message": …}}), which the SDK
 * reads: older vLLM answers {"object": "error", "message": …} and Ollama's
 * native routes {"error": "…"}, which it would report as the bare status
 * text ("Bad Request").
 */
export async function inOpenAIErrorShape(response: Response): Promise<Response> {
  if (response.ok) return response;
  const text = await response.text();
  let body: ErrorBody;
  try {
    body = JSON.parse(text) as ErrorBody;
  } catch {
    return new Response(text, { status: response.status, statusText: response.statusText, headers: response.headers });
  }
  const error =
    typeof body?.error === "string"
      ? { message: body.error }
      : body?.error === undefined && typeof body?.message === "string"
        ? { message: body.message, type: typeof body.type === "string" ? body.type : null, param: null, code: body.code ?? null }
        : null;
  return new Response(error ? JSON.stringify({ error }) : text, { status: response.status, statusText: response.statusText, headers: response.headers });
}

const compatibleFetch: typeof fetch = async (input, init) => inOpenAIErrorShape(await fetch(input, init));

function remoteRuntime(key: string, configured: number | undefined, discovered: () => Promise<ContextSize | null>, fallback: ContextSize): ModelRuntime {
  const learned = learnedAbout(key);
  return {
    ready: async () => undefined,
    clockFrom: "request",
    async contextSize() {
      if (configured !== undefined) return { tokens: configured, source: "configured", detail: "MODEL_CONTEXT_TOKENS" };
      return (await discovered()) ?? fallback;
    },
    meter: estimateMeter(learned),
    learned,
  };
}

/** What a compatible server says about the model: its context, and (Ollama) whether it takes tools, which is learnt at once. */
function compatibleDiscovery(baseUrl: string, modelId: string, key: string) {
  return async (): Promise<ContextSize | null> => {
    const facts = await serverFacts(baseUrl, modelId);
    const learned = learnedAbout(key);
    if (facts.tools === false && learned.tools.supported === null) {
      learned.tools = { supported: false, reason: `the server lists no tool support for ${modelId}` };
    }
    return facts.context ? { tokens: facts.context.tokens, source: "provider", detail: facts.context.detail } : null;
  };
}

/** The OpenAI-compatible server's model `modelId`, with MODEL_CONTEXT_TOKENS as its context when `configured`. */
function compatibleChoice(config: AppConfig, baseUrl: string, modelId: string, configured: number | undefined): ModelChoice {
  const provider = createOpenAI({ baseURL: baseUrl, apiKey: config.openaiApiKey ?? "not-needed", fetch: compatibleFetch });
  const key = `openai-compatible ${baseUrl} ${modelId}`;
  const fallback: ContextSize = { tokens: DEFAULT_COMPATIBLE_CONTEXT, source: "default", detail: "the server does not say; set MODEL_CONTEXT_TOKENS" };
  return {
    model: remote(provider.chat(modelId)),
    kind: "openai-compatible",
    modelId,
    label: `${modelId} at ${baseUrl}`,
    runtime: remoteRuntime(key, configured, compatibleDiscovery(baseUrl, modelId, key), fallback),
  };
}

function openaiChoice(config: AppConfig, modelId: string, configured: number | undefined): ModelChoice {
  const provider = createOpenAI({ apiKey: config.openaiApiKey });
  const fallback: ContextSize = { tokens: openaiContextTokens(modelId), source: "default", detail: `OpenAI's published context window for ${modelId}` };
  return {
    model: remote(provider(modelId)),
    kind: "openai",
    modelId,
    label: `OpenAI ${modelId}`,
    runtime: remoteRuntime(`openai ${modelId}`, configured, async () => null, fallback),
  };
}

/** The one model of a provider that has one: a GGUF file run in this process, or the offline model. */
function soleChoice(config: AppConfig): ModelChoice {
  if (config.localModel) {
    const model = createLocalModel(config.localModel);
    return {
      model,
      kind: "local",
      modelId: model.modelId,
      label: `${model.modelId} (local, llama.cpp in-process)`,
      runtime: localRuntime(config.localModel, config.contextTokens, learnedAbout(`local ${config.localModel.path}`)),
    };
  }
  const model = createOfflineModel({ delayMs: config.offlineDelayMs, memoryPassDelayMs: config.offlineMemoryPassDelayMs });
  return { model, kind: "offline", modelId: model.modelId, label: "Offline model (rule-based, no network)", runtime: offlineRuntime(config) };
}

/** The models the app uses, by role (lib/models/roles.ts). */
export type ModelRoles = Record<ModelRole, ModelChoice>;

/** One model in every role: the offline model, a local file, or a test's scripted model. */
export function everyRole(choice: ModelChoice): ModelRoles {
  return { chat: choice, memory: choice, summary: choice, judge: choice };
}

/**
 * The model of each role. An OpenAI-compatible server when OPENAI_BASE_URL
 * is set (Ollama, vLLM, LM Studio, llama.cpp speak /v1/chat/completions),
 * else OpenAI when a key is set: there each role asks for the model its
 * variable names (MEMORY_MODEL, …), else the chat model (OPENAI_MODEL).
 * Else a GGUF file run in this process when LOCAL_MODEL_PATH is set, else the
 * offline model, so a first run needs nothing: either plays every role.
 * Roles that name the same model share one choice, and so what is learnt of
 * it; each other model has its own runtime (its context, what it refused).
 * MODEL_CONTEXT_TOKENS is the chat model's context; another role's model's
 * is read from the provider, else its documented default.
 */
export function chooseModels(config: AppConfig): ModelRoles {
  const { modelIds } = assignRoles(config);
  if (!modelIds) return everyRole(soleChoice(config));
  const choices = new Map<string, ModelChoice>();
  const choiceOf = (modelId: string) => {
    const configured = modelId === modelIds.chat ? config.contextTokens : undefined;
    let choice = choices.get(modelId);
    if (!choice) {
      choice = config.openaiBaseUrl ? compatibleChoice(config, config.openaiBaseUrl, modelId, configured) : openaiChoice(config, modelId, configured);
      choices.set(modelId, choice);
    }
    return choice;
  };
  return { chat: choiceOf(modelIds.chat), memory: choiceOf(modelIds.memory), summary: choiceOf(modelIds.summary), judge: choiceOf(modelIds.judge) };
}

/** The offline model (and the test models standing in for it): counted like an unknown model, with no limit of its own. */
export function offlineRuntime(config: Pick<AppConfig, "contextTokens">, key = "offline"): ModelRuntime {
  const fallback: ContextSize = { tokens: OFFLINE_CONTEXT, source: "default", detail: "the offline model has no context limit of its own" };
  return remoteRuntime(key, config.contextTokens, async () => null, fallback);
}
