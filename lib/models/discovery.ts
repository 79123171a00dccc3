import { z } from "zod";

// What an OpenAI-compatible server says about the model it serves, from the
// endpoints each runtime documents besides /v1/chat/completions:
// - Ollama: POST /api/show gives the model's parameters (num_ctx when its
//   Modelfile sets one), its trained context length and its capabilities
//   ("tools" among them or not); GET /api/ps gives a loaded model's
//   context_length. Without either, Ollama runs 4096 tokens (its default
//   below 24 GiB of VRAM) unless OLLAMA_CONTEXT_LENGTH says otherwise.
// - vLLM: GET /v1/models gives each model's max_model_len.
// - llama.cpp's server: GET /props gives default_generation_settings.n_ctx.
// - LM Studio: GET /api/v0/models/<id> gives loaded_context_length.
// A server that answers none of them says nothing, and the caller falls back
// to its default.

export type ServerFacts = {
  context: { tokens: number; detail: string } | null;
  /** Whether the server says the model takes tools (Ollama's capabilities); null when it does not say. */
  tools: boolean | null;
};

/** Ollama's context when neither the model nor a loaded instance says otherwise. */
export const OLLAMA_DEFAULT_CONTEXT = 4096;
const PROBE_TIMEOUT_MS = 2_000;
/** Servers change what they run (Ollama loads a model with another context): look again after this long. */
const FACTS_TTL_MS = 60_000;

const ollamaShow = z.object({
  parameters: z.string().optional(),
  model_info: z.record(z.string(), z.unknown()).optional(),
  capabilities: z.array(z.string()).optional(),
});
const ollamaPs = z.object({ models: z.array(z.object({ name: z.string().optional(), model: z.string().optional(), context_length: z.number().int().positive().optional() })) });
const openaiModels = z.object({ data: z.array(z.looseObject({ id: z.string(), max_model_len: z.number().int().positive().optional() })) });
const llamaProps = z.object({ default_generation_settings: z.object({ n_ctx: z.number().int().positive() }) });
const lmStudioModel = z.object({ loaded_context_length: z.number().int().positive().optional(), max_context_length: z.number().int().positive().optional() });

async function probe<T>(url: string, schema: z.ZodType<T>, init: RequestInit = {}): Promise<T | null> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    if (!response.ok) return null;
    const parsed = schema.safeParse(await response.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** "num_ctx 8192" among a Modelfile's parameters. */
function numCtx(parameters: string | undefined): number | null {
  const m = /^\s*num_ctx\s+(\d+)\s*$/m.exec(parameters ?? "");
  return m ? Number(m[1]) : null;
}

function trainedContext(info: Record<string, unknown> | undefined): number | null {
  const entry = Object.entries(info ?? {}).find(([key, value]) => key.endsWith(".context_length") && typeof value === "number");
  return entry ? (entry[1] as number) : null;
}

async function ollamaFacts(root: string, model: string): Promise<ServerFacts | null> {
  const show = await probe(`${root}/api/show`, ollamaShow, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ model }) });
  if (!show) return null;
  const tools = show.capabilities ? show.capabilities.includes("tools") : null;
  const trained = trainedContext(show.model_info);
  const cap = (tokens: number) => (trained ? Math.min(tokens, trained) : tokens);
  const configured = numCtx(show.parameters);
  if (configured) return { tools, context: { tokens: cap(configured), detail: `Ollama: num_ctx ${configured} in the model's parameters` } };
  const running = await probe(`${root}/api/ps`, ollamaPs);
  const loaded = running?.models.find((m) => m.name === model || m.model === model || m.name === `${model}:latest`)?.context_length;
  if (loaded) return { tools, context: { tokens: cap(loaded), detail: `Ollama: the loaded model runs ${loaded} tokens` } };
  return {
    tools,
    context: { tokens: cap(OLLAMA_DEFAULT_CONTEXT), detail: `Ollama's default of ${OLLAMA_DEFAULT_CONTEXT} tokens (set OLLAMA_CONTEXT_LENGTH, or num_ctx, for more)` },
  };
}

async function readServerFacts(baseUrl: string, model: string): Promise<ServerFacts> {
  const base = baseUrl.replace(/\/+$/, "");
  const root = base.replace(/\/v1$/, "");
  const [ollama, models, props, lmStudio] = await Promise.all([
    ollamaFacts(root, model),
    probe(`${base}/models`, openaiModels),
    probe(`${root}/props`, llamaProps),
    probe(`${root}/api/v0/models/${encodeURIComponent(model)}`, lmStudioModel),
  ]);
  if (ollama) return ollama;
  const maxModelLen = models?.data.find((m) => m.id === model)?.max_model_len;
  if (maxModelLen) return { tools: null, context: { tokens: maxModelLen, detail: `the server's max_model_len for ${model} (vLLM)` } };
  if (props) return { tools: null, context: { tokens: props.default_generation_settings.n_ctx, detail: "the server's n_ctx per slot (llama.cpp)" } };
  const lm = lmStudio?.loaded_context_length ?? lmStudio?.max_context_length;
  if (lm) return { tools: null, context: { tokens: lm, detail: `the loaded context length of ${model} (LM Studio)` } };
  return { tools: null, context: null };
}

const cache = globalThis as typeof globalThis & { __episodicBufferServerFacts?: Map<string, { at: number; facts: Promise<ServerFacts> }> };

/** What the server at `baseUrl` says about `model`, looked up at most once a minute. */
export function serverFacts(baseUrl: string, model: string): Promise<ServerFacts> {
  const all = (cache.__episodicBufferServerFacts ??= new Map());
  const key = `${baseUrl}\n${model}`;
  const known = all.get(key);
  if (known && Date.now() - known.at < FACTS_TTL_MS) return known.facts;
  const facts = readServerFacts(baseUrl, model);
  all.set(key, { at: Date.now(), facts });
  return facts;
}
