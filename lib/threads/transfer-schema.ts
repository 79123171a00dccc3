import { z } from "zod";
import { readPageInputSchema, readPageOutputSchema, searchHistoryInputSchema, searchHistoryOutputSchema } from "@/lib/contracts/tools";
import { cleanText } from "@/lib/contracts/text";
import { storableDateTime } from "@/lib/contracts/timestamps";
import { threadTitleSchema } from "@/lib/threads/schemas";
import { MAX_IMPORT_MESSAGES } from "@/lib/threads/transfer-limits";

// The thread file format for import and export. Exporting an imported thread
// gives back the same file: no ids, no export time, messages numbered 1..n.

export const THREAD_FILE_FORMAT = "episodic-buffer.thread";
const MAX_TEXT_CHARS = 100_000;
const MAX_PARTS = 64;

const isoDate = storableDateTime({ offset: true });

/**
 * What a provider attached to a part (an OpenAI item id, say). Accepted so an
 * export made on one provider imports, but never stored: it would be sent
 * back to a provider as if that provider had written it.
 */
const providerMetadataSchema = z.record(z.string(), z.unknown()).optional();

/** A model's attempted tool input, kept only to show a failed call: flat, small and storable. */
const failedToolInputSchema = z.record(z.string().max(100), z.union([cleanText(2000), z.number(), z.boolean(), z.null()])).optional();

/** One tool call as the turn stores it once the call has run: its input and output, or the error it ended in. */
function toolPartSchema<T extends string, I extends z.ZodObject, O extends z.ZodObject>(type: T, input: I, output: O) {
  const common = { type: z.literal(type), toolCallId: cleanText(200).min(1), callProviderMetadata: providerMetadataSchema };
  return z.discriminatedUnion("state", [
    z.strictObject({ ...common, state: z.literal("output-available"), input: input.strict(), output: output.strict() }),
    z.strictObject({ ...common, state: z.literal("output-error"), input: failedToolInputSchema, errorText: cleanText(2000) }),
  ]);
}

const textPartSchema = z.strictObject({
  type: z.literal("text"),
  text: cleanText(MAX_TEXT_CHARS),
  state: z.literal("done").optional(),
  providerMetadata: providerMetadataSchema,
});

/**
 * Only the parts the app itself writes: text, step boundaries and its own two
 * tools. Files, URLs (sources), reasoning and any other type are refused, so
 * an imported thread replays nothing the app did not produce.
 */
const PART_SCHEMAS = [
  textPartSchema,
  z.strictObject({ type: z.literal("step-start") }),
  toolPartSchema("tool-read_page", readPageInputSchema, readPageOutputSchema),
  toolPartSchema("tool-search_chat_history", searchHistoryInputSchema, searchHistoryOutputSchema),
] as const;

export const messagePartSchema = z.discriminatedUnion("type", PART_SCHEMAS, {
  error: (issue) =>
    issue.code === "invalid_union"
      ? "not a part type this app writes; a thread file holds only text, step-start, tool-read_page and tool-search_chat_history parts"
      : undefined,
});

export const threadFileMessageSchema = z.object({
  seq: z.number().int().positive(),
  role: z.enum(["USER", "ASSISTANT"]),
  speaker: z.enum(["OWNER", "CUSTOMER", "AGENT"]),
  text: cleanText(MAX_TEXT_CHARS).min(1),
  parts: z.array(messagePartSchema).max(MAX_PARTS).optional(),
  createdAt: isoDate,
});

const threadFileFields = {
  format: z.literal(THREAD_FILE_FORMAT),
  version: z.literal(1),
  thread: z.object({ title: threadTitleSchema, kind: z.enum(["OWNER", "SUPPORT"]), createdAt: isoDate }),
};

/** A whole thread file's shape; the rules between messages are in messageOrderProblems. */
export const threadFileSchema = z.object({ ...threadFileFields, messages: z.array(threadFileMessageSchema).max(MAX_IMPORT_MESSAGES) });

/** A thread file with its messages not looked at yet: an import checks them a stretch at a time (lib/threads/transfer.ts). */
export const threadFileEnvelopeSchema = z.object({ ...threadFileFields, messages: z.array(z.unknown()).max(MAX_IMPORT_MESSAGES) });

export type ThreadFileMessage = z.infer<typeof threadFileMessageSchema>;

/**
 * What is wrong with a message in its place in the file: its number, who
 * speaks in which role, what a person's message may hold, and time order.
 * `index` is its position; `previous` the message before it, if any.
 */
export function messageOrderProblems(kind: "OWNER" | "SUPPORT", message: ThreadFileMessage, index: number, previous: ThreadFileMessage | undefined): { path: (string | number)[]; message: string }[] {
  const problems: { path: (string | number)[]; message: string }[] = [];
  const at = ["messages", index];
  if (message.seq !== index + 1) problems.push({ path: [...at, "seq"], message: `expected ${index + 1}: messages are numbered 1..n in order` });
  const agentRole = message.role === "ASSISTANT";
  if (agentRole !== (message.speaker === "AGENT")) problems.push({ path: [...at, "speaker"], message: "the agent speaks as ASSISTANT, people as USER" });
  const person = kind === "OWNER" ? "OWNER" : "CUSTOMER";
  if (!agentRole && message.speaker !== person) {
    problems.push({ path: [...at, "speaker"], message: `${kind === "OWNER" ? "an owner" : "a support"} thread's user is ${person}` });
  }
  if (!agentRole) {
    message.parts?.forEach((part, j) => {
      if (part.type !== "text") problems.push({ path: [...at, "parts", j, "type"], message: "a person's message holds only text parts" });
    });
  }
  if (previous && Date.parse(message.createdAt) < Date.parse(previous.createdAt)) {
    problems.push({ path: [...at, "createdAt"], message: "messages must be in time order" });
  }
  return problems;
}

export type ThreadFile = z.infer<typeof threadFileSchema>;
export type ThreadFilePart = z.infer<typeof messagePartSchema>;
