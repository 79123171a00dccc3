import type { Db } from "@/lib/db/client";
import { readFirstEpisode, readRecentEpisodes } from "@/lib/episodes/store";
import { renderBufferBlock } from "@/lib/buffer/render";
import { selectEpisodes, shouldReadBuffer } from "@/lib/buffer/select";
import type { BufferReport } from "@/lib/contracts/buffer-report";
import type { PromptScreen } from "@/lib/guard/screen";

export type BufferSettings = { window: number; maxLines: number; maxLineChars: number };

/**
 * The read path (§06.3). It runs only when the history read came back full,
 * so a thread that still fits its window costs no query and no tokens.
 */
export async function readBuffer(
  db: Db,
  threadId: string,
  history: { seq: number }[],
  settings: BufferSettings,
  screen: PromptScreen,
): Promise<BufferReport> {
  if (!shouldReadBuffer(history.length, settings.window)) {
    return {
      status: "not-needed",
      reason: `the thread fits the window (${history.length} of ${settings.window} messages)`,
      block: null,
      gap: false,
      chosen: [],
    };
  }
  const windowStartSeq = history[0].seq;
  const [first, recent] = await Promise.all([
    readFirstEpisode(db, threadId),
    readRecentEpisodes(db, threadId, windowStartSeq, settings.maxLines),
  ]);
  const selection = selectEpisodes(first, recent, settings.maxLines, windowStartSeq);
  if (selection.shown.length === 0) {
    return { status: "no-episodes", reason: "no stretch before the window has an episode yet", block: null, gap: false, chosen: [] };
  }
  const block = renderBufferBlock(selection, { maxLineChars: settings.maxLineChars }, screen);
  const chosen = selection.shown.map(({ episode, reason }) => {
    const rendered = block.lines.find((l) => l.episodeId === episode.id);
    return {
      episodeId: episode.id,
      fromSeq: episode.fromSeq,
      toSeq: episode.toSeq,
      reason,
      pages: episode.pages,
      line: rendered?.text ?? null,
      scanReasons: rendered?.scan.reasons ?? [],
    };
  });
  return block.text
    ? { status: "injected", reason: `window starts at #${windowStartSeq}`, block: block.text, gap: block.gap, chosen }
    : { status: "all-dropped", reason: "the injection scan dropped every line", block: null, gap: false, chosen };
}
