import type { AppConfig } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import { readBuffer } from "@/lib/buffer/read";
import { bufferPreviewSchema, type BufferPreview } from "@/lib/contracts/buffer-preview";
import { pageIdsByTitle } from "@/lib/pages/queries";
import { recallPages } from "@/lib/pages/recall";
import { readWindow } from "@/lib/threads/messages";

/** Recall for a message nobody has typed yet. */
const EMPTY_QUERY = "";

/**
 * The next turn's context as it stands now, through the same reads a turn
 * makes (window, §06.3 read path, recall), so a thread past its window shows
 * its buffer on arrival. The thread must already be known to belong to the
 * caller's workspace.
 */
export async function previewNextTurn(db: Db, config: AppConfig, workspaceId: string, threadId: string): Promise<BufferPreview> {
  const window = await readWindow(db, threadId, config.window);
  const [buffer, recalled] = await Promise.all([
    readBuffer(db, threadId, window, { window: config.window, maxLines: config.bufferMaxLines, maxLineChars: config.bufferLineChars }),
    recallPages(db, workspaceId, EMPTY_QUERY, config.recallPages),
  ]);
  const titles = [...buffer.chosen.flatMap((c) => c.pages), ...recalled.map((p) => p.title)];
  return bufferPreviewSchema.parse({
    threadId,
    settings: { window: config.window, maxLines: config.bufferMaxLines, maxLineChars: config.bufferLineChars, recallPages: config.recallPages },
    window: { count: window.length, fromSeq: window[0]?.seq ?? 0, toSeq: window.at(-1)?.seq ?? 0 },
    buffer,
    recall: { query: EMPTY_QUERY, pages: recalled.map((p) => ({ title: p.title, rank: p.rank, facts: p.facts.length })) },
    pageIds: await pageIdsByTitle(db, workspaceId, titles),
  });
}
