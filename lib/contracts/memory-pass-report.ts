import { z } from "zod";
import { modelRefSchema } from "@/lib/contracts/model-ref";

/**
 * What one memory pass did: stored in the turn trace and shown in the debug
 * panel. "kept-out": the owner keeps the thread out of memory, so the pass
 * read nothing and moved the cursor past these messages.
 */
export const memoryPassReportSchema = z.object({
  status: z.enum(["filed", "nothing-new", "untrusted-only", "failed", "raced", "kept-out"]),
  fromSeq: z.number().int(),
  toSeq: z.number().int(),
  facts: z.array(
    z.object({
      id: z.string(),
      page: z.string(),
      key: z.string(),
      text: z.string(),
      status: z.enum(["CONFIRMED", "PENDING", "REJECTED", "SUPERSEDED"]),
      source: z.enum(["OWNER", "AGENT"]),
      messageSeq: z.number().int(),
      superseded: z.array(z.string()),
      /** Why the replacement the model named was refused (another page, another subject, not live); null when none was refused. */
      replacementRefused: z.string().nullable(),
    }),
  ),
  dropped: z.array(z.object({ what: z.enum(["fact", "page", "episode", "fold"]), text: z.string(), reason: z.string() })),
  episode: z
    .object({
      id: z.string(),
      fromSeq: z.number().int(),
      gist: z.string(),
      /** False while the stretch is still open and later passes extend it. */
      closed: z.boolean(),
      pointers: z.array(z.object({ factId: z.string(), page: z.string() })),
    })
    .nullable(),
  /** The fold this pass wrote over older closed stretches (§10); null when none was due. Absent in older traces. */
  fold: z
    .object({ id: z.string(), fromSeq: z.number().int(), toSeq: z.number().int(), gist: z.string(), episodes: z.number().int(), pages: z.array(z.string()) })
    .nullable()
    .default(null),
  tokens: z.object({ input: z.number(), output: z.number() }).optional(),
  /** How the pass's prompt and answer were fitted to the model's context, and what was left out; absent without a runtime or in older traces. */
  fit: z.object({ contextTokens: z.number(), promptTokens: z.number(), maxOutputTokens: z.number(), leftOut: z.array(z.string()) }).optional(),
  error: z.string().optional(),
  ms: z.number(),
});

export type MemoryPassReport = z.infer<typeof memoryPassReportSchema>;

/**
 * Where a turn's memory pass stands: it runs as a job after the reply is
 * saved, so the trace says whether it is waiting, running, done or has failed
 * for good (after its retries), with the last error. Traces written before
 * the queue have no job and only a report.
 */
export const memoryPassJobSchema = z.object({
  status: z.enum(["queued", "running", "done", "failed"]),
  /** Attempts started so far (0 while queued for the first time). */
  attempts: z.number().int().min(0),
  error: z.string().optional(),
  /** The model that ran the pass (the memory role's), set once one started; absent before and in older traces. */
  model: modelRefSchema.optional(),
  updatedAt: z.string(),
});

export type MemoryPassJob = z.infer<typeof memoryPassJobSchema>;
