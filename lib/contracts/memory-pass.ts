import { z } from "zod";

// The memory pass's structured output. The model proposes; code decides what
// is written (the message each fact cites must be in the stretch, who said it
// is read from that message, and a replacement is accepted only on the same
// page and subject). Every property is required; absent values are null.

export const EPISODE_INSTRUCTION =
  "episode: ONE line, under 25 words, in the third person (\"The owner …\"), saying what this stretch of the conversation " +
  "was about and where it ended up (decided, done, asked, left open). Name things concretely. For the thread's first " +
  "stretch, say what the thread was started for. Return an empty string only for small talk.";

export const STRETCH_INSTRUCTION =
  "stretch: 'continues' while the stretch is still on one subject and unsettled; 'ends' when it reached a decision or a " +
  "conclusion; 'new-subject' when the new messages turn to a subject the earlier messages of the stretch were not about " +
  "(then the episode line covers only the new messages).";

export const proposedFactSchema = z.object({
  page: z
    .string()
    .trim()
    .min(1)
    .max(80)
    .describe("Topic page named for the fact's subject, e.g. 'Suppliers'. Reuse an existing page when one fits."),
  key: z
    .string()
    .trim()
    .min(1)
    .max(80)
    .describe("The fact's own subject, specific enough that two different things never share it, e.g. 'butter supplier', not 'supplier'."),
  text: z.string().trim().min(1).max(400).describe("The fact, self-contained and concrete."),
  messageSeq: z.number().int().positive().describe("The #number of the message the fact comes from."),
  replaces: z
    .string()
    .max(64)
    .nullable()
    .describe("The id of the live fact this one replaces because the decision or value on the same subject changed; null otherwise."),
});

export const stretchStates = ["continues", "ends", "new-subject"] as const;

export const memoryPassOutputSchema = z.object({
  facts: z.array(proposedFactSchema).max(30),
  episode: z.string().max(400).describe(EPISODE_INSTRUCTION),
  stretch: z.enum(stretchStates).describe(STRETCH_INSTRUCTION),
});

export type ProposedFact = z.infer<typeof proposedFactSchema>;
export type MemoryPassOutput = z.infer<typeof memoryPassOutputSchema>;
export type StretchState = (typeof stretchStates)[number];
