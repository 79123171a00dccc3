import { readBuffer, type BufferSettings } from "@/lib/buffer/read";
import type { ContextStrategy } from "@/lib/context/strategy";
import { countTokens } from "@/lib/models/tokens";
import { readWindow } from "@/lib/threads/messages";

/**
 * The window plus the episodic buffer (design §06.3): when the window read
 * comes back full, the block of episode lines goes right before the oldest
 * windowed message. It adds no model call.
 */
export function episodicBufferStrategy(settings: BufferSettings): ContextStrategy {
  return {
    name: "buffer",
    window: settings.window,
    async select({ db, threadId, screen }) {
      const messages = await readWindow(db, threadId, settings.window);
      const started = performance.now();
      const buffer = await readBuffer(db, threadId, messages, settings, screen);
      return {
        messages,
        notes: buffer.block ? [{ beforeIndex: 0, text: buffer.block }] : [],
        buffer,
        cost: { noteTokens: buffer.block ? countTokens(buffer.block) : 0, ms: performance.now() - started },
      };
    },
  };
}
