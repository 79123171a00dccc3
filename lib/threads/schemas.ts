import { z } from "zod";

// What crosses the HTTP boundary for threads and chat; the client builds its
// requests from the same schemas the server validates with.

export const MAX_MESSAGE_CHARS = 8000;

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

export const MAX_TITLE_CHARS = 120;

const titleSchema = z
  .string()
  .trim()
  .min(1, "The title is empty.")
  .max(MAX_TITLE_CHARS, `The title is longer than ${MAX_TITLE_CHARS} characters.`);

export const newThreadSchema = z.object({
  title: titleSchema.optional(),
  kind: z.enum(["OWNER", "SUPPORT"]).default("OWNER"),
});

export const renameThreadSchema = z.object({ title: titleSchema });

export type ChatRequest = z.infer<typeof chatRequestSchema>;
export type NewThread = z.infer<typeof newThreadSchema>;
export type RenameThread = z.infer<typeof renameThreadSchema>;
