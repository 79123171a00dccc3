import { z } from "zod";
import { bufferReportSchema } from "@/lib/contracts/buffer-report";
import { memoryPassJobSchema, memoryPassReportSchema } from "@/lib/contracts/memory-pass-report";
import { modelRefSchema } from "@/lib/contracts/model-ref";

/** Stored text the prompt screen held back on this turn (see lib/guard/screen.ts). */
export const withheldTextSchema = z.object({ what: z.string(), text: z.string(), reasons: z.array(z.string()) });

/** How the turn's prompt was fitted to the model's context, and what was left out to make it fit. */
export const promptBudgetSchema = z.object({
  contextTokens: z.number().int(),
  /** "configured" (MODEL_CONTEXT_TOKENS), "provider" (read from the server or engine) or "default". */
  contextSource: z.enum(["configured", "provider", "default"]),
  contextDetail: z.string(),
  /** Kept free for the reply: each reply call's max_tokens. */
  replyTokens: z.number().int(),
  /** The first call's prompt as counted before it was sent: system, messages, tool schemas and framing. */
  promptTokens: z.number().int(),
  /** "model-tokenizer": the model's own tokenizer over its chat template; "estimate": o200k with framing. */
  method: z.enum(["model-tokenizer", "estimate"]),
  /** How far the count may be off, in percent (0 for the model's own tokenizer). */
  marginPct: z.number(),
  counter: z.string(),
  /** Whether the prompt counted carried the tools' schemas. */
  toolSchemas: z.boolean().default(true),
  /** What was left out to fit, in the order it was left out. */
  leftOut: z.array(z.object({ what: z.enum(["window", "recall", "tool-result"]), count: z.number().int(), detail: z.string() })),
  /** The first call's prompt tokens as the engine or provider reported them; null when it reported none. */
  reportedTokens: z.number().int().nullable(),
  /** Why the turn ran without tools (the provider refused them, or says the model takes none); absent when it had them. */
  toolsUnavailable: z.string().optional(),
});

export type PromptBudget = z.infer<typeof promptBudgetSchema>;

/** Everything one reply's prompt was built from. Shared by the server that writes it and the debug panel that reads it. */
export const turnTraceSchema = z.object({
  /** The model that answered: the chat role's (lib/models/roles.ts). */
  model: modelRefSchema,
  settings: z.object({ window: z.number(), maxLines: z.number(), maxLineChars: z.number(), recallPages: z.number() }),
  window: z.object({ count: z.number().int(), fromSeq: z.number().int(), toSeq: z.number().int() }),
  /** Which context strategy built the history ("window", "buffer", "compressor"); absent in traces written before strategies. */
  context: z.object({ strategy: z.string() }).optional(),
  withheld: z.array(withheldTextSchema).default([]),
  buffer: bufferReportSchema,
  recall: z.object({
    enabled: z.boolean(),
    /** Whether the visible buffer lines' pages widened recall (§10 feed); absent in older traces. */
    feed: z.boolean().default(false),
    /** `fed`: the page came from the feed alone, not from matching the message. */
    pages: z.array(z.object({ title: z.string(), rank: z.number(), facts: z.number().int(), fed: z.boolean().default(false) })),
    droppedFacts: z.array(z.object({ text: z.string(), reasons: z.array(z.string()) })),
  }),
  /** `reason`: the model's reasoning note right before the call (which buffer line it followed and why), when it gave one. */
  toolCalls: z.array(z.object({ name: z.string(), input: z.unknown(), output: z.unknown(), reason: z.string().optional() })),
  /** Every reasoning note the model emitted in this reply, in order; absent in older traces. */
  reasoning: z.array(z.string()).default([]),
  memoryPass: memoryPassReportSchema.nullable(),
  /** The memory pass's job for this turn; absent when none was queued (inline passes, old traces). */
  memoryPassJob: memoryPassJobSchema.optional(),
  tokens: z.object({
    prompt: z.number(),
    completion: z.number(),
    /** Tokens the buffer block adds to the prompt (0 when none was injected). */
    buffer: z.number(),
    recall: z.number(),
  }),
  timings: z.object({
    dbMs: z.number(),
    recallMs: z.number(),
    bufferMs: z.number(),
    modelMs: z.number(),
    memoryPassMs: z.number().nullable(),
    totalMs: z.number(),
    /** Waiting for the model to load before the call (the in-process engine), outside the reply's limits. */
    loadMs: z.number().optional(),
    /** Waiting for the in-process engine to take the reply's calls, outside the reply's limits. */
    waitMs: z.number().optional(),
  }),
  prompt: z.object({ system: z.string(), messages: z.array(z.unknown()) }),
  /** The context budget; absent in traces written before there was one. */
  budget: promptBudgetSchema.optional(),
  error: z.string().nullable(),
  /** A customer's reply: what the model wrote, what the check took out before the customer read it, and whether it went to Unanswered questions; absent in owner turns and older traces. */
  customerVoice: z.object({ modelText: z.string(), corrections: z.array(z.string()), unanswered: z.boolean() }).optional(),
  /** "interrupted" when the reply was saved unfinished (a time limit, an error, the browser going away; `error` says which but the last); absent for a reply that finished or was never saved. */
  replyStatus: z.enum(["interrupted"]).optional(),
});

export type TurnTraceData = z.infer<typeof turnTraceSchema>;
