import { z } from "zod";

/** What the read path did on one turn: stored in the turn trace, shown in the debug panel. */
export const bufferReportSchema = z.object({
  status: z.enum(["not-needed", "no-episodes", "injected", "all-dropped"]),
  reason: z.string(),
  block: z.string().nullable(),
  gap: z.boolean(),
  chosen: z.array(
    z.object({
      episodeId: z.string(),
      fromSeq: z.number().int(),
      toSeq: z.number().int(),
      reason: z.enum(["first", "recent"]),
      pages: z.array(z.string()),
      /** The rendered line, or null when the injection scan dropped it. */
      line: z.string().nullable(),
      scanReasons: z.array(z.string()),
    }),
  ),
});

export type BufferReport = z.infer<typeof bufferReportSchema>;
