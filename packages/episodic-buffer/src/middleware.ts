// The buffer as AI SDK middleware: wrap the model an agent already calls with
// wrapLanguageModel, and every call whose window starts past the thread's
// first message gets the block right before its oldest windowed message.
import type { LanguageModelV4CallOptions, LanguageModelV4Middleware, LanguageModelV4Prompt } from "@ai-sdk/provider";
import { readBuffer, type BufferRead } from "./read.ts";
import type { EpisodeStore } from "./store.ts";
import type { Screen } from "./types.ts";

/** Which thread a call continues, and the number of the oldest message it replays (1 when it replays the whole thread). */
export type ThreadWindow = { threadId: string; windowStartSeq: number };

export type EpisodicBufferOptions = {
  store: EpisodeStore;
  /** The thread of this call; null leaves the call as it is (a memory pass, a title, anything that is not a turn). */
  thread: (params: LanguageModelV4CallOptions) => ThreadWindow | null | Promise<ThreadWindow | null>;
  screen: Screen;
  maxLines?: number;
  maxLineChars?: number;
  /** Told what the read path chose on each call, block or not: for a trace or a debug panel. */
  onRead?: (read: BufferRead, thread: ThreadWindow) => void;
};

/**
 * Places the block as a text part of its own at the start of the oldest
 * windowed message when that is a user message, or as a user message of its
 * own before it: a note in the conversation rather than a second system
 * message, which not every provider or chat template accepts mid-conversation.
 */
export function insertBlock(prompt: LanguageModelV4Prompt, block: string): LanguageModelV4Prompt {
  const at = prompt.findIndex((message) => message.role !== "system");
  if (at < 0) return prompt;
  const oldest = prompt[at];
  const part = { type: "text" as const, text: block };
  const placed: LanguageModelV4Prompt =
    oldest.role === "user" ? [{ ...oldest, content: [part, ...oldest.content] }] : [{ role: "user", content: [part] }, oldest];
  return [...prompt.slice(0, at), ...placed, ...prompt.slice(at + 1)];
}

/** `wrapLanguageModel({ model, middleware: episodicBufferMiddleware({ store, thread, screen }) })`. */
export function episodicBufferMiddleware(options: EpisodicBufferOptions): LanguageModelV4Middleware {
  return {
    specificationVersion: "v4",
    async transformParams({ params }) {
      const thread = await options.thread(params);
      if (!thread) return params;
      const read = await readBuffer(options.store, { ...thread, screen: options.screen, maxLines: options.maxLines, maxLineChars: options.maxLineChars });
      options.onRead?.(read, thread);
      return read.block.text ? { ...params, prompt: insertBlock(params.prompt, read.block.text) } : params;
    },
  };
}
