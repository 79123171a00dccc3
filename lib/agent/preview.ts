import type { AppConfig } from "@/lib/config";
import { appContext } from "@/lib/context";
import { fedTitles, mergeFed } from "@/lib/context/feed";
import { bufferPreviewSchema, type BufferPreview } from "@/lib/contracts/buffer-preview";
import type { Db } from "@/lib/db/client";
import { PromptScreen } from "@/lib/guard/screen";
import { pageIdsByTitle } from "@/lib/pages/queries";
import { readPagesByTitle } from "@/lib/pages/by-title";
import { recallPages } from "@/lib/pages/recall";

/** Recall for a message nobody has typed yet. */
const EMPTY_QUERY = "";

/**
 * The next turn's context as it stands now, through the app's own context
 * strategy (window and §06.3 read path) and recall, so a thread past its
 * window shows its buffer on arrival. Nothing is saved and no model is
 * called. The thread must already be known to belong to the caller's
 * workspace (an owner's: the preview is shown in the owner's app).
 */
export async function previewNextTurn(db: Db, config: AppConfig, workspaceId: string, threadId: string): Promise<BufferPreview> {
  const [{ messages: window, buffer }, searched] = await Promise.all([
    appContext(config).strategy.select({ db, threadId, screen: new PromptScreen() }),
    recallPages(db, workspaceId, EMPTY_QUERY, config.recallPages),
  ]);
  const { pages: recalled, fromFeed } = config.recallFeed
    ? mergeFed(searched, await readPagesByTitle(db, workspaceId, fedTitles(buffer.chosen)), config.recallPages)
    : { pages: searched, fromFeed: [] };
  const titles = [...buffer.chosen.flatMap((c) => c.pages), ...recalled.map((p) => p.title)];
  return bufferPreviewSchema.parse({
    threadId,
    settings: { window: config.window, maxLines: config.bufferMaxLines, maxLineChars: config.bufferLineChars, recallPages: config.recallPages },
    window: { count: window.length, fromSeq: window[0]?.seq ?? 0, toSeq: window.at(-1)?.seq ?? 0 },
    buffer,
    recall: {
      query: EMPTY_QUERY,
      feed: config.recallFeed,
      pages: recalled.map((p) => ({ title: p.title, rank: p.rank, facts: p.facts.length, fed: fromFeed.includes(p.title) })),
    },
    pageIds: await pageIdsByTitle(db, workspaceId, titles),
  });
}
