import { closeSync, openSync, readSync, statSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
// Relative, with its extension: server.ts loads this file with Node's own TypeScript support, which knows no "@/" alias.
import { parseProxyList, type ProxyTrust } from "./contracts/client-address.ts";

/** Why a LOCAL_MODEL_PATH can't be loaded, or null when it is a readable GGUF file. */
function ggufProblem(file: string): string | null {
  try {
    if (!statSync(file).isFile()) return `${file} is not a file`;
    const fd = openSync(file, "r");
    try {
      const magic = Buffer.alloc(4);
      readSync(fd, magic, 0, 4, 0);
      return magic.toString("latin1") === "GGUF" ? null : `${file} is not a GGUF model file`;
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    return `${file} can't be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`;
  }
}

const localModelPath = z
  .string()
  .min(1)
  .transform((value) => path.resolve(value))
  .superRefine((file, ctx) => {
    const problem = ggufProblem(file);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/** A whole reply's time limit (and one summary's or verdict's) when nothing else is configured (MODEL_TIMEOUT_MS). */
export const DEFAULT_MODEL_TIMEOUT_MS = 120_000;

/** node-llama-cpp's chat wrappers by name (its resolvableChatWrapperTypeNames), and "jinja": the GGUF file's own template. */
export const LOCAL_CHAT_WRAPPERS = [
  "auto",
  "jinja",
  "general",
  "deepSeek",
  "qwen",
  "llama3.2-lightweight",
  "llama3.1",
  "llama3",
  "llama2Chat",
  "mistral",
  "alpacaChat",
  "functionary",
  "chatML",
  "falconChat",
  "gemma4",
  "gemma",
  "harmony",
  "muse",
  "seed",
] as const;

const onOff = z.enum(["on", "off"]);

// Every setting the app reads from the environment, validated once.
const envSchema = z.object({
  DATABASE_URL: z.string().url().optional(),
  PGLITE_DATA_DIR: z.string().min(1).default(".data/pglite"),
  PGLITE_SNAPSHOT: z.string().min(1).optional(),
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_BASE_URL: z.string().url().optional(),
  OPENAI_MODEL: z.string().min(1).optional(),
  // The other roles' models on the same provider (lib/models/roles.ts); each defaults to the chat model.
  MEMORY_MODEL: z.string().min(1).optional(),
  SUMMARY_MODEL: z.string().min(1).optional(),
  JUDGE_MODEL: z.string().min(1).optional(),
  LOCAL_MODEL_PATH: localModelPath.optional(),
  // One thread by default: on a few busy cores more threads contend and run far slower.
  LOCAL_MODEL_THREADS: z.coerce.number().int().min(1).max(256).default(1),
  LOCAL_MODEL_CONTEXT: z.coerce.number().int().min(512).max(1_048_576).default(8192),
  LOCAL_MODEL_GPU: z.enum(["off", "auto", "cuda", "vulkan", "metal"]).default("off"),
  LOCAL_MODEL_CHAT_WRAPPER: z.enum(LOCAL_CHAT_WRAPPERS).default("auto"),
  LOCAL_MODEL_LOAD_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(300_000),
  MODEL_CONTEXT_TOKENS: z.coerce.number().int().min(512).max(10_000_000).optional(),
  MODEL_REPLY_TOKENS: z.coerce.number().int().min(16).max(100_000).default(1024),
  CHAT_WINDOW: z.coerce.number().int().min(2).max(500).default(30),
  BUFFER_MAX_LINES: z.coerce.number().int().min(2).max(50).default(12),
  BUFFER_LINE_CHARS: z.coerce.number().int().min(60).max(1000).default(220),
  RECALL_PAGES: z.coerce.number().int().min(0).max(20).default(3),
  EPISODE_MAX_MESSAGES: z.coerce.number().int().min(2).max(100).default(8),
  OFFLINE_MODEL_DELAY_MS: z.coerce.number().int().min(0).max(1000).default(12),
  MODEL_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(DEFAULT_MODEL_TIMEOUT_MS),
  MODEL_FIRST_TOKEN_TIMEOUT_MS: z.coerce.number().int().min(500).max(3_600_000).default(60_000),
  MODEL_IDLE_TIMEOUT_MS: z.coerce.number().int().min(500).max(3_600_000).default(30_000),
  MEMORY_PASS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(120_000),
  MEMORY_PASS_RETRIES: z.coerce.number().int().min(0).max(10).default(3),
  TURN_WAIT_MS: z.coerce.number().int().min(0).max(600_000).default(30_000),
  OFFLINE_MEMORY_PASS_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(0),
  // The design's §10 extensions, each measured as its own evaluation arm (README, "Evaluation").
  RECALL_FEED: onOff.default("off"),
  BUFFER_FOLDS: onOff.default("off"),
  RECONSOLIDATION: onOff.default("on"),
  AUTH_SECRET: z.string().min(32, "AUTH_SECRET must be at least 32 characters.").optional(),
  BETTER_AUTH_URL: z.string().url().optional(),
  // Off by default: the socket's peer is the client. Set one of them only when every request reaches the app through those proxies.
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(1).max(10).optional(),
  TRUSTED_PROXIES: z
    .string()
    .superRefine((value, ctx) => {
      for (const problem of parseProxyList(value).problems) ctx.addIssue({ code: "custom", message: problem });
    })
    .optional(),
}).refine((env) => env.TRUSTED_PROXY_HOPS === undefined || env.TRUSTED_PROXIES === undefined, {
  message: "set TRUSTED_PROXY_HOPS or TRUSTED_PROXIES, not both",
  path: ["TRUSTED_PROXIES"],
});

export type LocalModelConfig = {
  path: string;
  threads: number;
  contextSize: number;
  gpu: "off" | "auto" | "cuda" | "vulkan" | "metal";
  /** Which of node-llama-cpp's chat wrappers renders the prompt: "auto" picks the one for the model's family. */
  chatWrapper: (typeof LOCAL_CHAT_WRAPPERS)[number];
  /** Longest the model may take to load, apart from any reply's time limits. */
  loadTimeoutMs: number;
};

export type AppConfig = {
  databaseUrl?: string;
  pgliteDataDir: string;
  /** A dump of a data directory (PGlite's dumpDataDir) that a new embedded database starts from instead of an empty one: npm run demo's seeded demo. */
  pgliteSnapshot?: string;
  openaiApiKey?: string;
  openaiBaseUrl?: string;
  /** The chat model's name at OpenAI or the compatible server. */
  openaiModel?: string;
  /** The memory pass's, the compressor's summary's and the evaluation judge's models on the same provider; the chat model's when unset. */
  memoryModel?: string;
  summaryModel?: string;
  judgeModel?: string;
  localModel?: LocalModelConfig;
  window: number;
  bufferMaxLines: number;
  bufferLineChars: number;
  recallPages: number;
  /** An open episode closes once its stretch holds this many messages (see docs/ARCHITECTURE.md, "When an episode closes"). */
  episodeMaxMessages: number;
  /** Pause between the offline model's streamed words, so streaming is visible. */
  offlineDelayMs: number;
  /** The model's context in tokens when set; otherwise read from the provider, or its documented default. */
  contextTokens?: number;
  /** Tokens kept free for the reply (each reply call's max_tokens). */
  replyTokens: number;
  /** Longest a whole reply may take, tool steps included, before it is cut off (also one compressor summary or judge verdict). */
  modelTimeoutMs: number;
  /** Longest from a reply call's request to its first output (prompt reading included). */
  firstTokenTimeoutMs: number;
  /** Longest silence between two chunks of a streamed reply. */
  idleTimeoutMs: number;
  /** Longest one memory pass's model call may take before it is aborted and the job retried. */
  memoryPassTimeoutMs: number;
  /** How many times a failed memory pass is retried, with backoff, before its job is marked failed. */
  memoryPassRetries: number;
  /** How long a send waits for the thread's turn in flight to finish before it is refused with a 409. */
  turnWaitMs: number;
  /** Test-only: how long the offline model's memory pass takes, so tests can catch a pass in flight. */
  offlineMemoryPassDelayMs: number;
  /** §10 feed: the pages the visible buffer lines point at widen the turn's recall, within its cap. */
  recallFeed: boolean;
  /** §10 chunks of chunks: the memory pass folds older stretches, and the buffer shows folds for the far middle. */
  bufferFolds: boolean;
  /** §10 reconsolidation: buffer lines say when the records they point at were rejected or corrected since. */
  reconsolidation: boolean;
  /** Signs session and visitor cookies; when unset one is generated and kept in the data directory. */
  authSecret?: string;
  /** The app's public address; an https one makes every cookie Secure. */
  publicUrl?: string;
  /** Which X-Forwarded-For entries to believe when working out a client's address (none unless the operator names proxies). */
  proxyTrust: ProxyTrust;
};

function proxyTrust(hops: number | undefined, proxies: string | undefined): ProxyTrust {
  if (hops !== undefined) return { kind: "hops", hops };
  if (proxies !== undefined) return { kind: "proxies", proxies: parseProxyList(proxies).proxies };
  return { kind: "none" };
}

export function readConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const blankAsUnset = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(blankAsUnset);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  return {
    databaseUrl: e.DATABASE_URL,
    pgliteDataDir: path.resolve(e.PGLITE_DATA_DIR),
    pgliteSnapshot: e.PGLITE_SNAPSHOT && path.resolve(e.PGLITE_SNAPSHOT),
    openaiApiKey: e.OPENAI_API_KEY,
    openaiBaseUrl: e.OPENAI_BASE_URL,
    openaiModel: e.OPENAI_MODEL,
    memoryModel: e.MEMORY_MODEL,
    summaryModel: e.SUMMARY_MODEL,
    judgeModel: e.JUDGE_MODEL,
    localModel: e.LOCAL_MODEL_PATH
      ? {
          path: e.LOCAL_MODEL_PATH,
          threads: e.LOCAL_MODEL_THREADS,
          contextSize: e.LOCAL_MODEL_CONTEXT,
          gpu: e.LOCAL_MODEL_GPU,
          chatWrapper: e.LOCAL_MODEL_CHAT_WRAPPER,
          loadTimeoutMs: e.LOCAL_MODEL_LOAD_TIMEOUT_MS,
        }
      : undefined,
    window: e.CHAT_WINDOW,
    bufferMaxLines: e.BUFFER_MAX_LINES,
    bufferLineChars: e.BUFFER_LINE_CHARS,
    recallPages: e.RECALL_PAGES,
    episodeMaxMessages: e.EPISODE_MAX_MESSAGES,
    offlineDelayMs: e.OFFLINE_MODEL_DELAY_MS,
    contextTokens: e.MODEL_CONTEXT_TOKENS,
    replyTokens: e.MODEL_REPLY_TOKENS,
    modelTimeoutMs: e.MODEL_TIMEOUT_MS,
    firstTokenTimeoutMs: e.MODEL_FIRST_TOKEN_TIMEOUT_MS,
    idleTimeoutMs: e.MODEL_IDLE_TIMEOUT_MS,
    memoryPassTimeoutMs: e.MEMORY_PASS_TIMEOUT_MS,
    memoryPassRetries: e.MEMORY_PASS_RETRIES,
    turnWaitMs: e.TURN_WAIT_MS,
    offlineMemoryPassDelayMs: e.OFFLINE_MEMORY_PASS_DELAY_MS,
    recallFeed: e.RECALL_FEED === "on",
    bufferFolds: e.BUFFER_FOLDS === "on",
    reconsolidation: e.RECONSOLIDATION === "on",
    authSecret: e.AUTH_SECRET,
    publicUrl: e.BETTER_AUTH_URL,
    proxyTrust: proxyTrust(e.TRUSTED_PROXY_HOPS, e.TRUSTED_PROXIES),
  };
}
