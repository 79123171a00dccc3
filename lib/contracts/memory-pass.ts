import { z } from "zod";

// The memory pass's structured output. The model proposes; code decides what
// is written (the message each fact cites must be in the stretch, and who said
// it is read from that message, never taken from the model).

export const EPISODE_INSTRUCTION =
  "episode: ONE line, under 25 words, saying what this stretch of the conversation was about and where it ended up " +
  "(decided, done, asked, left open). Name things concretely. Return an empty string only for small talk.";

export const proposedFactSchema = z.object({
  page: z.string().trim().min(1).max(80).describe("Topic page title, e.g. 'Second Location'. Reuse an existing page when one fits."),
  key: z
    .string()
    .trim()
    .min(1)
    .max(80)
    .describe("What the fact is about, e.g. 'monthly budget'. A new fact with the same key on the same page replaces the old one."),
  text: z.string().trim().min(1).max(400).describe("The fact, self-contained and concrete."),
  messageSeq: z.number().int().positive().describe("The #number of the message the fact comes from."),
});

export const memoryPassOutputSchema = z.object({
  facts: z.array(proposedFactSchema).max(30),
  episode: z.string().max(400).describe(EPISODE_INSTRUCTION),
});

export type ProposedFact = z.infer<typeof proposedFactSchema>;
export type MemoryPassOutput = z.infer<typeof memoryPassOutputSchema>;
