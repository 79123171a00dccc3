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
  query: z.string().trim().min(1).max(200).describe("Exact words to find in this thread's earlier messages."),
  limit: z.number().int().min(1).max(20).optional(),
});

export const historyMatchSchema = z.object({
  seq: z.number().int(),
  day: z.string(),
  speaker: z.enum(["OWNER", "CUSTOMER", "AGENT"]),
  snippet: z.string(),
});

export const searchHistoryOutputSchema = z.object({
  query: z.string(),
  matches: z.array(historyMatchSchema),
  /** How many messages matched in all; matches holds at most the limit. */
  total: z.number().int(),
});

export type ReadPageOutput = z.infer<typeof readPageOutputSchema>;
export type SearchHistoryOutput = z.infer<typeof searchHistoryOutputSchema>;
export type PageFact = z.infer<typeof pageFactSchema>;
