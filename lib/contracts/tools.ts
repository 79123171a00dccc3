import { z } from "zod";

// Inputs and outputs of the agent's tools: shared by the tools, the offline
// model that calls them, and the debug panel that shows them.

export const readPageInputSchema = z.object({
  title: z.string().trim().min(1).max(120).describe("The page title as a buffer line or recalled page names it, without the 'pages/' prefix."),
});

export const pageFactSchema = z.object({
  id: z.string(),
  key: z.string(),
  text: z.string(),
  status: z.enum(["CONFIRMED", "PENDING", "REJECTED", "SUPERSEDED"]),
  source: z.enum(["OWNER", "AGENT"]),
  day: z.string(),
  /** The owner's thread the fact came from; null when the reader is a customer. */
  threadTitle: z.string().nullable(),
  messageSeq: z.number().int(),
});

export const readPageOutputSchema = z.object({
  title: z.string(),
  found: z.boolean(),
  facts: z.array(pageFactSchema),
});

export const searchHistoryInputSchema = z.object({
  query: z.string().trim().min(1).max(200).describe("Words to find in this thread's earlier messages, the ones you cannot see."),
  limit: z.number().int().min(1).max(20).optional(),
});

export const historyMatchSchema = z.object({
  seq: z.number().int(),
  day: z.string(),
  speaker: z.enum(["OWNER", "CUSTOMER", "AGENT"]),
  /** The part of the message around its matched words, bounded. */
  snippet: z.string(),
  /** Which of the query's words this message holds. */
  matchedWords: z.array(z.string()),
});

export const searchHistoryOutputSchema = z.object({
  query: z.string(),
  matches: z.array(historyMatchSchema),
  /** How many messages matched in all; matches holds at most the limit. */
  total: z.number().int(),
  /** What was searched and how well it matched, in plain words; says so when nothing matched. */
  note: z.string(),
});

export type ReadPageOutput = z.infer<typeof readPageOutputSchema>;
export type SearchHistoryOutput = z.infer<typeof searchHistoryOutputSchema>;
export type PageFact = z.infer<typeof pageFactSchema>;
