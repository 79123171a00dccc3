import { z } from "zod";
import type { Db } from "@/lib/db/client";
import type { Message } from "@/lib/db/generated/client";
import { renderBufferBlock, selectEpisodes, shouldReadBuffer, type EpisodeLine } from "episodic-buffer";
import { jsonTimestamp } from "@/lib/db/json";
import { windowWithBuffer } from "@/lib/buffer/sql";
import { messageJson } from "@/lib/threads/messages";
import { foldLine, lineMarks, toLine, type PointerCounts } from "@/lib/episodes/store";
import type { BufferReport } from "@/lib/contracts/buffer-report";
import { bufferScreen, type PromptScreen } from "@/lib/guard/screen";

export type BufferSettings = {
  window: number;
  maxLines: number;
  maxLineChars: number;
  /** §10 chunks of chunks: folds of older stretches take up to half the lines after the first. Off unless set. */
  folds?: boolean;
  /** §10 reconsolidation: a line says when its records were rejected or corrected since. Off unless set. */
  marks?: boolean;
};

/** What the read path makes of a window read and the episodes it fetched (pure). */
function bufferReport(
  history: { seq: number }[],
  read: { first: EpisodeLine | null; recent: EpisodeLine[]; folds: EpisodeLine[]; endedBefore: number },
  settings: BufferSettings,
  screen: PromptScreen,
): BufferReport {
  const windowStartSeq = history[0].seq;
  const unmarked = (line: EpisodeLine) => (settings.marks ? line : { ...line, marks: line.marks.filter((m) => m === "owner-edit") });
  const selection = selectEpisodes(
    read.first && unmarked(read.first),
    read.recent.map(unmarked),
    settings.maxLines,
    windowStartSeq,
    settings.folds ? read.folds : [],
    read.endedBefore,
  );
  if (selection.shown.length === 0) {
    return { status: "no-episodes", reason: "no stretch before the window has an episode yet", block: null, gap: false, gaps: [], chosen: [] };
  }
  const block = renderBufferBlock(selection, { maxLineChars: settings.maxLineChars }, bufferScreen(screen));
  const chosen = selection.shown.map(({ episode, reason }) => {
    const rendered = block.lines.find((l) => l.episodeId === episode.id);
    return {
      episodeId: episode.id,
      fromSeq: episode.fromSeq,
      toSeq: episode.toSeq,
      reason,
      pages: episode.pages,
      marks: episode.marks,
      line: rendered?.text ?? null,
      scanReasons: rendered?.scan.reasons ?? [],
    };
  });
  const gaps = selection.gaps.map(({ after, ...gap }) => ({ ...gap, afterEpisodeId: selection.shown[after].episode.id }));
  return block.text
    ? { status: "injected", reason: `window starts at #${windowStartSeq}`, block: block.text, gap: block.gap, gaps, chosen }
    : { status: "all-dropped", reason: "the injection scan dropped every line", block: null, gap: false, gaps: [], chosen };
}

function fitsWindow(count: number, window: number): BufferReport {
  return { status: "not-needed", reason: `the thread fits the window (${count} of ${window} messages)`, block: null, gap: false, gaps: [], chosen: [] };
}

/** An episode as the read returns it inside json: the line's fields and the pointer counts its marks come from. */
const episodeJson = z.object({
  id: z.string(),
  fromSeq: z.number().int(),
  toSeq: z.number().int(),
  fromAt: jsonTimestamp,
  toAt: jsonTimestamp,
  gist: z.string(),
  ownerGist: z.string().nullable(),
  pages: z.array(z.string()),
  pointers: z.number().int(),
  rejected: z.number().int(),
  superseded: z.number().int(),
});

const foldJson = episodeJson.pick({ id: true, fromSeq: true, toSeq: true, fromAt: true, toAt: true, gist: true, pages: true });

const windowRead = z.object({
  messages: z.array(messageJson),
  first: episodeJson.nullable(),
  recent: z.array(episodeJson),
  folds: z.array(foldJson),
  endedBefore: z.number().int(),
});

/**
 * The window and the buffer's episodes in one statement
 * (lib/buffer/sql/windowWithBuffer.sql): the last `window` messages and, only
 * when that read is full, the episodes and folds ending before its oldest
 * message, with how many episodes end before it.
 */
export async function readWindowWithBuffer(
  db: Db,
  threadId: string,
  settings: BufferSettings,
  screen: PromptScreen,
): Promise<{ messages: Message[]; buffer: BufferReport }> {
  const [row] = await db.$queryRawTyped(windowWithBuffer(threadId, settings.window, settings.maxLines, settings.folds ? settings.maxLines : 0));
  const read = windowRead.parse(row);
  const { messages } = read;
  if (!shouldReadBuffer(messages.length, settings.window)) return { messages, buffer: fitsWindow(messages.length, settings.window) };
  const episode = ({ pointers, rejected, superseded, ...e }: z.infer<typeof episodeJson>) =>
    toLine(e, lineMarks({ pointers, rejected, superseded, ownerEdited: e.ownerGist !== null }));
  return {
    messages,
    buffer: bufferReport(
      messages,
      { first: read.first && episode(read.first), recent: read.recent.map(episode), folds: read.folds.map(foldLine), endedBefore: read.endedBefore },
      settings,
      screen,
    ),
  };
}
