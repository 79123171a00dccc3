import { z } from "zod";
import { bufferReportSchema } from "@/lib/contracts/buffer-report";

/**
 * What the next turn of a thread would be given before anyone types: the
 * window as it stands, the buffer's read path run over it, and recall for an
 * empty message. Shown by the debug panel and the episode timeline; nothing
 * is written and no model is called.
 */
export const bufferPreviewSchema = z.object({
  threadId: z.string(),
  settings: z.object({ window: z.number().int(), maxLines: z.number().int(), maxLineChars: z.number().int(), recallPages: z.number().int() }),
  window: z.object({ count: z.number().int(), fromSeq: z.number().int(), toSeq: z.number().int() }),
  buffer: bufferReportSchema,
  recall: z.object({
    /** The query recall ran with: empty, since no message has been typed. */
    query: z.string(),
    /** Whether the visible lines' pages widen recall (§10 feed). */
    feed: z.boolean(),
    pages: z.array(z.object({ title: z.string(), rank: z.number(), facts: z.number().int(), fed: z.boolean() })),
  }),
  /** Page ids by title for every page the preview names, so links can open them. */
  pageIds: z.record(z.string(), z.string()),
});

export type BufferPreview = z.infer<typeof bufferPreviewSchema>;
