import { z } from "zod";
import { cleanText } from "@/lib/contracts/text";

// What crosses the HTTP boundary for threads and their messages; the client
// builds its requests from the same schemas the server validates with.

export const MAX_MESSAGE_CHARS = 8000;
export const MAX_TITLE_CHARS = 120;

/** A thread title as a person types it; the import format and new threads share it. */
export const threadTitleSchema = cleanText(MAX_TITLE_CHARS).trim().min(1, "The title is empty.");

/** A message as a person types it, the owner's or a customer's. */
export const messageTextSchema = cleanText(MAX_MESSAGE_CHARS, `The message is longer than ${MAX_MESSAGE_CHARS} characters.`).trim().min(1, "The message is empty.");

export const newThreadSchema = z.object({
  title: threadTitleSchema.optional(),
  kind: z.enum(["OWNER", "SUPPORT"]).default("OWNER"),
});

/** PATCH /api/threads/:id: a new title, whether the thread is kept out of memory, or both. */
export const threadUpdateSchema = z
  .object({ title: threadTitleSchema.optional(), keepOutOfMemory: z.boolean().optional() })
  .strict()
  .refine((update) => update.title !== undefined || update.keepOutOfMemory !== undefined, { message: "Give a title, keepOutOfMemory, or both." });

export type NewThread = z.infer<typeof newThreadSchema>;
export type ThreadUpdate = z.infer<typeof threadUpdateSchema>;
