import { z } from "zod";

// What crosses the HTTP boundary for threads and chat; the client builds its
// requests from the same schemas the server validates with.

export const MAX_MESSAGE_CHARS = 8000;

/** The 409 for a send while another reply in the thread is being written: the message was not saved, so the chat offers to send it again. */
export const TURN_BUSY_MESSAGE =
  "Another reply in this thread is still being written (in another tab or window). Wait for it to finish, then send again.";

export const chatRequestSchema = z.union([
  z.object({
    threadId: z.string().min(1).max(64),
    text: z
      .string()
      .trim()
      .min(1, "The message is empty.")
      .max(MAX_MESSAGE_CHARS, `The message is longer than ${MAX_MESSAGE_CHARS} characters.`),
  }),
  z.object({ threadId: z.string().min(1).max(64), retry: z.literal(true) }),
]);

export const newThreadSchema = z.object({
  title: z.string().trim().min(1).max(120).optional(),
  kind: z.enum(["OWNER", "SUPPORT"]).default("OWNER"),
});

export type ChatRequest = z.infer<typeof chatRequestSchema>;
export type NewThread = z.infer<typeof newThreadSchema>;
