import { renderBufferBlock } from "./render.ts";
import { selectEpisodes } from "./select.ts";
import type { EpisodeStore } from "./store.ts";
import type { BufferBlock, Screen, Selection } from "./types.ts";

/** The sizes the design names (§05, §06.4): a window of 30 messages, at most 12 lines of about 220 characters. */
export const BUFFER_DEFAULTS = { window: 30, maxLines: 12, maxLineChars: 220 } as const;

export type BufferReadOptions = {
  threadId: string;
  /**
   * The number of the oldest message the model is shown (messages are numbered
   * from 1 in each thread, as the memory pass numbers the stretches it files).
   * Only a window that does not start at the thread's first message has older
   * messages to point at (§06.3: the history read came back full).
   */
  windowStartSeq: number;
  screen: Screen;
  maxLines?: number;
  maxLineChars?: number;
};

export type BufferRead = {
  /** "not-needed": the window holds the whole thread; "no-episodes": nothing before it was filed yet; "all-dropped": the scan dropped every line. */
  status: "not-needed" | "no-episodes" | "injected" | "all-dropped";
  selection: Selection;
  /** The block's text is what goes before the oldest windowed message; null unless injected. */
  block: BufferBlock;
};

const NOTHING: Pick<BufferRead, "selection" | "block"> = { selection: { shown: [], gaps: [] }, block: { text: null, lines: [], gap: false } };

/**
 * The read path (design §06.3) over any store: the thread's first episode and
 * the `maxLines` ending before the window, chosen by primacy and recency with
 * a gap marker only where a stretch was provably left out, then rendered,
 * each line scanned and capped.
 */
export async function readBuffer(store: EpisodeStore, options: BufferReadOptions): Promise<BufferRead> {
  const { threadId, windowStartSeq, screen, maxLines = BUFFER_DEFAULTS.maxLines, maxLineChars = BUFFER_DEFAULTS.maxLineChars } = options;
  if (windowStartSeq <= 1) return { status: "not-needed", ...NOTHING };
  const [first, recent] = await Promise.all([store.firstEpisode(threadId), store.episodesBefore(threadId, windowStartSeq, maxLines)]);
  const selection = selectEpisodes(first, recent, maxLines, windowStartSeq);
  if (selection.shown.length === 0) return { status: "no-episodes", ...NOTHING };
  const block = renderBufferBlock(selection, { maxLineChars }, screen);
  return { status: block.text ? "injected" : "all-dropped", selection, block };
}
