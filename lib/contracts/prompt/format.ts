import { formatMessageLine, type MessageLine } from "@/lib/contracts/prompt/message-line";

// The memory pass's input sections.

export const MEMORY_PAGES_HEADER = "[EXISTING PAGES]";
export const MEMORY_MESSAGES_HEADER = "[MESSAGES]";

/** One message as the memory pass reads it: "#12 2026-10-02 owner: text". */
export function memoryMessageLine(message: MessageLine): string {
  return formatMessageLine(message);
}
