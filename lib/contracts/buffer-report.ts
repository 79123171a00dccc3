import { z } from "zod";

/** What the read path did on one turn: stored in the turn trace, shown in the debug panel. */
export const bufferReportSchema = z.object({
  status: z.enum(["not-needed", "no-episodes", "injected", "all-dropped"]),
  reason: z.string(),
  block: z.string().nullable(),
  gap: z.boolean(),
  /** Each stretch the gap marker stands for; absent in traces written before it was recorded. */
  gaps: z
    .array(
      z.object({
        /** The shown line the gap follows. */
        afterEpisodeId: z.string(),
        fromSeq: z.number().int(),
        toSeq: z.number().int(),
        /** Episode lines it leaves out; null when a fold covers part of it and they could not be counted. */
        lines: z.number().int().nullable(),
      }),
    )
    .default([]),
  chosen: z.array(
    z.object({
      episodeId: z.string(),
      fromSeq: z.number().int(),
      toSeq: z.number().int(),
      /** "fold": one line for several older stretches (§10); fromSeq–toSeq is all it covers. */
      reason: z.enum(["first", "fold", "recent"]),
      pages: z.array(z.string()),
      /** What the line said about its records; absent in traces written before reconsolidation. */
      marks: z.array(z.enum(["rejected", "corrected", "owner-edit"])).default([]),
      /** The rendered line, or null when the injection scan dropped it. */
      line: z.string().nullable(),
      scanReasons: z.array(z.string()),
    }),
  ),
});

export type BufferReport = z.infer<typeof bufferReportSchema>;
