import path from "node:path";
import { z } from "zod";

// Every setting the app reads from the environment, validated once.
const envSchema = z.object({
  DATABASE_URL: z.string().url().optional(),
  PGLITE_DATA_DIR: z.string().min(1).default(".data/pglite"),
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_BASE_URL: z.string().url().optional(),
  OPENAI_MODEL: z.string().min(1).optional(),
  CHAT_WINDOW: z.coerce.number().int().min(2).max(500).default(30),
  BUFFER_MAX_LINES: z.coerce.number().int().min(2).max(50).default(12),
  BUFFER_LINE_CHARS: z.coerce.number().int().min(60).max(1000).default(220),
  RECALL_PAGES: z.coerce.number().int().min(0).max(20).default(3),
  EPISODE_MAX_MESSAGES: z.coerce.number().int().min(2).max(100).default(8),
  OFFLINE_MODEL_DELAY_MS: z.coerce.number().int().min(0).max(1000).default(12),
});

export type AppConfig = {
  databaseUrl?: string;
  pgliteDataDir: string;
  openaiApiKey?: string;
  openaiBaseUrl?: string;
  openaiModel?: string;
  window: number;
  bufferMaxLines: number;
  bufferLineChars: number;
  recallPages: number;
  /** An open episode closes once its stretch holds this many messages (see docs/ARCHITECTURE.md, "When an episode closes"). */
  episodeMaxMessages: number;
  /** Pause between the offline model's streamed words, so streaming is visible. */
  offlineDelayMs: number;
};

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
    openaiApiKey: e.OPENAI_API_KEY,
    openaiBaseUrl: e.OPENAI_BASE_URL,
    openaiModel: e.OPENAI_MODEL,
    window: e.CHAT_WINDOW,
    bufferMaxLines: e.BUFFER_MAX_LINES,
    bufferLineChars: e.BUFFER_LINE_CHARS,
    recallPages: e.RECALL_PAGES,
    episodeMaxMessages: e.EPISODE_MAX_MESSAGES,
    offlineDelayMs: e.OFFLINE_MODEL_DELAY_MS,
  };
}
