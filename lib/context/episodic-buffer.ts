import { readWindowWithBuffer, type BufferSettings } from "@/lib/buffer/read";
import type { ContextStrategy } from "@/lib/context/strategy";
import { countTokens } from "@/lib/models/tokens";

/**
 * The window plus the episodic buffer (design §06.3): when the window read
 * comes back full, the block of episode lines goes right before the oldest
 * windowed message. It adds no model call, and no round trip: the window and
 * the episodes come back from one statement.
 */
export function episodicBufferStrategy(settings: BufferSettings): ContextStrategy {
  return {
    name: "buffer",
    window: settings.window,
    async select({ db, threadId, screen }) {
      const started = performance.now();
      const { messages, buffer } = await readWindowWithBuffer(db, threadId, settings, screen);
      return {
        messages,
        notes: buffer.block ? [{ beforeIndex: 0, text: buffer.block }] : [],
        buffer,
        cost: { noteTokens: buffer.block ? countTokens(buffer.block) : 0, ms: performance.now() - started },
      };
    },
  };
}
