import type { UIMessage } from "ai";

/**
 * Messages loaded from the database carry their per-thread number, for the
 * #m-<seq> anchors, and who said them; streamed ones get both once the turn
 * is saved and the chat reloads them.
 */
export type ChatMessage = UIMessage<{ seq: number; speaker?: "OWNER" | "CUSTOMER" | "AGENT" }>;
