import { NO_COST, noBuffer, type ContextStrategy } from "@/lib/context/strategy";
import { readWindow } from "@/lib/threads/messages";

/** The last `size` messages and nothing else: what most agents replay. */
export function windowStrategy(size: number): ContextStrategy {
  return {
    name: "window",
    window: size,
    async select({ db, threadId }) {
      const messages = await readWindow(db, threadId, size);
      return { messages, notes: [], buffer: noBuffer("this context shows the recent window only"), cost: NO_COST };
    },
  };
}
