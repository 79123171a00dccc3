import { episodeField, episodeInstruction } from "episodic-buffer";
import { z } from "zod";
import { portableSchema } from "@/lib/contracts/portable-schema";

// The memory pass's structured output. The model proposes; code decides what
// is written (the message each fact cites must be in the stretch, who said it
// is read from that message, and a replacement is accepted only on the same
// page and subject). Every property is required; absent values are null.
//
// The schema sent holds structure only (see portable-schema.ts): lengths and
// ranges are checked per fact after parsing by checkProposedFact, so one bad
// fact is dropped and reported instead of failing the whole pass. The
// descriptions ask for short strings and the fact list is capped, so the
// answer fits in MEMORY_PASS_MAX_OUTPUT_TOKENS and is not cut mid-string.

/** The episode line's instruction, the episodic-buffer package's write-path field worded for a business's owner. */
export const EPISODE_INSTRUCTION = episodeInstruction({ speaker: "owner" });

export const STRETCH_INSTRUCTION =
  "stretch: 'continues' while the stretch is still on one subject and unsettled; 'ends' when it reached a decision or a " +
  "conclusion; 'new-subject' when the new messages turn to a subject the earlier messages of the stretch were not about " +
  "(then the episode line covers only the new messages).";

export const FOLD_INSTRUCTION =
  "fold: when lines are listed under [LINES TO FOLD], ONE line, under 30 words, in the third person, saying what those " +
  "consecutive stretches were about together and where they ended up, naming the things they filed; null when none are listed.";

export const MAX_FACTS_PER_PASS = 30;
export const FACT_LIMITS = { page: 80, key: 80, text: 400, replaces: 64 } as const;
export const MAX_EPISODE_CHARS = 400;
/** Room for MAX_FACTS_PER_PASS facts of about 85 tokens each (a sentence, its page, key and JSON) plus the episode and fold lines. */
export const MEMORY_PASS_MAX_OUTPUT_TOKENS = 3000;

export const proposedFactSchema = z.object({
  page: z.string().describe("Topic page named for the fact's subject, 1 to 5 words, e.g. 'Suppliers'. Reuse an existing page when one fits."),
  key: z
    .string()
    .describe("The fact's own subject, 1 to 5 words, specific enough that two different things never share it, e.g. 'butter supplier', not 'supplier'."),
  text: z.string().describe("The fact in one short sentence (under 40 words), self-contained and concrete."),
  messageSeq: z.number().int().describe("The #number of the message the fact comes from."),
  replaces: z
    .string()
    .nullable()
    .describe("The id of the live fact this one replaces because the decision or value on the same subject changed; null otherwise."),
});

export const stretchStates = ["continues", "ends", "new-subject"] as const;

export const memoryPassOutputSchema = z.object({
  facts: z.array(proposedFactSchema).max(MAX_FACTS_PER_PASS).describe(`At most ${MAX_FACTS_PER_PASS} durable facts; an empty list when there are none.`),
  ...episodeField({ speaker: "owner" }),
  stretch: z.enum(stretchStates).describe(STRETCH_INSTRUCTION),
  fold: z.string().nullable().describe(FOLD_INSTRUCTION),
});

/** What the memory pass sends as its output schema. */
export const memoryPassOutput = portableSchema(memoryPassOutputSchema);

export type ProposedFact = z.infer<typeof proposedFactSchema>;
export type MemoryPassOutput = z.infer<typeof memoryPassOutputSchema>;
export type StretchState = (typeof stretchStates)[number];

/**
 * A proposed fact trimmed and held to the limits the schema cannot carry, or
 * why it is dropped: an empty field, a non-positive message number. Overlong
 * text is clipped rather than dropped: the start of a fact still says it. A
 * named replacement too long to be an id names nothing.
 */
export function checkProposedFact(fact: ProposedFact): { fact: ProposedFact } | { reason: string } {
  const page = fact.page.trim();
  const key = fact.key.trim();
  const text = fact.text.trim();
  if (!page || !key || !text) return { reason: `empty ${!page ? "page" : !key ? "key" : "text"}` };
  if (!Number.isSafeInteger(fact.messageSeq) || fact.messageSeq < 1) return { reason: `cites #${fact.messageSeq}, not a message number` };
  const replaces = fact.replaces?.trim() || null;
  return {
    fact: {
      page: page.slice(0, FACT_LIMITS.page),
      key: key.slice(0, FACT_LIMITS.key),
      text: text.slice(0, FACT_LIMITS.text),
      messageSeq: fact.messageSeq,
      replaces: replaces && replaces.length <= FACT_LIMITS.replaces ? replaces : null,
    },
  };
}
