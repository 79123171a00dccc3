import type { AppConfig } from "@/lib/config";
import { episodicBufferStrategy } from "@/lib/context/episodic-buffer";
import type { ContextStrategy } from "@/lib/context/strategy";

/**
 * What a turn gives the model besides its tools: a strategy for the thread's
 * history, and whether recall brings topic pages into the system prompt.
 * The app runs one configuration; the evaluation's arms are others.
 */
export type ContextConfig = {
  strategy: ContextStrategy;
  recall: boolean;
  /** §10 feed: the pages the visible buffer lines point at widen recall, within its cap (lib/context/feed.ts). */
  feed: boolean;
};

/** The app's own: the window with the episodic buffer, and recall; the §10 extensions as configured. */
export function appContext(config: AppConfig): ContextConfig {
  return {
    strategy: episodicBufferStrategy({
      window: config.window,
      maxLines: config.bufferMaxLines,
      maxLineChars: config.bufferLineChars,
      folds: config.bufferFolds,
      marks: config.reconsolidation,
    }),
    recall: true,
    feed: config.recallFeed,
  };
}
