import type { UIMessage } from "ai";

/** Messages loaded from the database carry their per-thread number, for the #m-<seq> anchors; streamed ones do not yet. */
export type ChatMessage = UIMessage<{ seq: number }>;
