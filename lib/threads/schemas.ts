import { z } from "zod";
import { recordIdSchema } from "@/lib/contracts/ids";
import { cleanText } from "@/lib/contracts/text";

// What crosses the HTTP boundary for threads and chat; the client builds its
// requests from the same schemas the server validates with.

export const MAX_MESSAGE_CHARS = 8000;
export const MAX_TITLE_CHARS = 120;

/** A thread title as a person types it; the import format and new threads share it. */
export const threadTitleSchema = cleanText(MAX_TITLE_CHARS).trim().min(1, "The title is empty.");

/** The 409 for a send while another reply in the thread is being written: the message was not saved, so the chat offers to send it again. */
export const TURN_BUSY_MESSAGE =
  "Another reply in this thread is still being written (in another tab or window). Wait for it to finish, then send again.";

export const chatRequestSchema = z.union([
  z.object({
    threadId: recordIdSchema,
    text: cleanText(MAX_MESSAGE_CHARS, `The message is longer than ${MAX_MESSAGE_CHARS} characters.`)
      .trim()
      .min(1, "The message is empty."),
  }),
  z.object({ threadId: recordIdSchema, retry: z.literal(true) }),
  /** Answer the thread's latest message again, replacing the reply it has. */
  z.object({ threadId: recordIdSchema, regenerate: z.literal(true) }),
]);

export const newThreadSchema = z.object({
  title: threadTitleSchema.optional(),
  kind: z.enum(["OWNER", "SUPPORT"]).default("OWNER"),
});

/** PATCH /api/threads/:id: a new title, whether the thread is kept out of memory, or both. */
export const threadUpdateSchema = z
  .object({ title: threadTitleSchema.optional(), keepOutOfMemory: z.boolean().optional() })
  .strict()
  .refine((update) => update.title !== undefined || update.keepOutOfMemory !== undefined, { message: "Give a title, keepOutOfMemory, or both." });

export type ChatRequest = z.infer<typeof chatRequestSchema>;
export type NewThread = z.infer<typeof newThreadSchema>;
export type ThreadUpdate = z.infer<typeof threadUpdateSchema>;
