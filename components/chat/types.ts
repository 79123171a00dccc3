import type { UIMessage } from "ai";

/**
 * Messages loaded from the database carry their per-thread number, for the
 * #m-<seq> anchors, who said them, and whether the reply was cut off before
 * it finished; streamed ones get these once the turn is saved and the chat
 * reloads them.
 */
export type ChatMessage = UIMessage<{ seq: number; speaker?: "OWNER" | "CUSTOMER" | "AGENT"; interrupted?: boolean }>;
