import { z } from "zod";
import { portableSchema } from "@/lib/contracts/portable-schema";

// Inputs and outputs of the agent's tools: shared by the tools, the offline
// model that calls them, and the debug panel that shows them. The input
// schemas sent to a model hold structure only (see portable-schema.ts): every
// property required, null for "not given", ranges applied by the tools.

export const readPageInputSchema = z.object({
  title: z.string().trim().describe("The page title as a buffer line or recalled page names it, without the 'pages/' prefix."),
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

export const SEARCH_LIMIT_RANGE = { min: 1, max: 20 } as const;

export const searchHistoryInputSchema = z.object({
  query: z.string().trim().describe("Words to find in this thread's earlier messages, the ones you cannot see."),
  limit: z
    .number()
    .int()
    .nullable()
    .describe(`How many matches to return, ${SEARCH_LIMIT_RANGE.min} to ${SEARCH_LIMIT_RANGE.max}; null for the default.`),
});

/** The limit a search runs with: the model's, held to the range; undefined (the search's default) when it gave none. */
export function searchLimit(limit: number | null): number | undefined {
  if (limit === null) return undefined;
  return Math.min(SEARCH_LIMIT_RANGE.max, Math.max(SEARCH_LIMIT_RANGE.min, Math.round(limit)));
}

/** What the agent's tools send as their input schemas. */
export const readPageInput = portableSchema(readPageInputSchema);
export const searchHistoryInput = portableSchema(searchHistoryInputSchema);

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
  /** How many messages matched, counted among the newest few hundred holding any of the words (the note says when there were more); matches holds at most the limit. */
  total: z.number().int(),
  /** What was searched and how well it matched, in plain words; says so when nothing matched. */
  note: z.string(),
});

export type ReadPageOutput = z.infer<typeof readPageOutputSchema>;
export type SearchHistoryOutput = z.infer<typeof searchHistoryOutputSchema>;
export type PageFact = z.infer<typeof pageFactSchema>;
