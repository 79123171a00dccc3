// The planted-fact threads' words live in corpus.json, as data: this file
// only says what shape they have, and checks them on load.

import { z } from "zod";
import corpusJson from "@/evaluation/planted/corpus.json";

export const FACT_KINDS = ["price", "name", "date", "place", "decision"] as const;
export type FactKind = (typeof FACT_KINDS)[number];

const text = z.string().min(1);

/** One owner message and the agent's reply to it. */
const exchangeSchema = z.strictObject({ owner: text, agent: text });
export type Exchange = z.infer<typeof exchangeSchema>;

const factTemplateSchema = z.strictObject({
  /** Unique label, e.g. "second location rent". */
  topic: text,
  kind: z.enum(FACT_KINDS),
  /** The memory page the fact belongs on. */
  page: text,
  /** Lowercase words or phrases that name the topic; every withoutTopic question avoids all of them. */
  topicWords: z.array(text).min(1),
  /** The planted value as written, plus shorter forms an answer may use (a surname, a name without "Insurance"). */
  values: z.array(z.strictObject({ value: text, alsoAccept: z.array(text).optional() })).min(2),
  /** Sets the scene before the fact; never contains a value. */
  openers: z.array(exchangeSchema).min(1),
  /** Owner lines with a "{value}" placeholder. */
  statements: z.array(text).min(1),
  /** Agent replies to the statement; they confirm the filing without repeating the value. */
  acks: z.array(text).min(1),
  followUps: z.array(exchangeSchema).min(1),
});
export type FactTemplate = z.infer<typeof factTemplateSchema>;

/** A filler exchange: "{slot}" placeholders take the same pick in the owner's line and the agent's, so the pair stays consistent. */
const fillerBeatSchema = exchangeSchema.extend({ slots: z.record(z.string(), z.array(text).min(1)).optional() });
export type FillerBeat = z.infer<typeof fillerBeatSchema>;

/** Small talk about one page's subject, with concrete details of its own. */
const fillerTopicSchema = z.strictObject({ page: text, openers: z.array(fillerBeatSchema).min(1), beats: z.array(fillerBeatSchema).min(1) });
export type FillerTopic = z.infer<typeof fillerTopicSchema>;

const corpusSchema = z.strictObject({
  about: text,
  /** Whose business the threads are: the workspace they are loaded into. */
  business: text,
  facts: z.array(factTemplateSchema).min(1),
  fillers: z.array(fillerTopicSchema).min(1),
  /** Owner lines that change a value, with a "{statement}" placeholder for the new statement. */
  revisions: z.array(text).min(1),
});

const corpus = corpusSchema.parse(corpusJson);

export const PLANTED_BUSINESS: string = corpus.business;
export const FACT_TEMPLATES: readonly FactTemplate[] = corpus.facts;
export const FILLER_TOPICS: readonly FillerTopic[] = corpus.fillers;
export const REVISIONS: readonly string[] = corpus.revisions;
