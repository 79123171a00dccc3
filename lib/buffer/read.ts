import { Prisma } from "@/lib/db/generated/client";
import type { Db } from "@/lib/db/client";
import type { Message } from "@/lib/db/generated/client";
import { renderBufferBlock, selectEpisodes, shouldReadBuffer, type EpisodeLine } from "episodic-buffer";
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

type JsonMessage = Omit<Message, "createdAt"> & { createdAt: string };
type JsonEpisode = Omit<EpisodeLine, "fromAt" | "toAt" | "marks"> & { fromAt: string; toAt: string; ownerGist: string | null } & Omit<PointerCounts, "ownerEdited">;
type JsonFold = Omit<EpisodeLine, "fromAt" | "toAt" | "marks"> & { fromAt: string; toAt: string };

/** An episode row as a line needs it; its pointer counts are kept on it by triggers (the episode_pointer_marks migration). */
const EPISODE_COLUMNS = Prisma.sql`e.id, e."fromSeq", e."toSeq", e."fromAt", e."toAt", e.gist, e."ownerGist", e.pages,
  e."pointerCount" AS pointers, e."rejectedPointers" AS rejected, e."supersededPointers" AS superseded`;

/** timestamp(3) columns come back from json as UTC wall-clock text without a zone. */
const utc = (text: string) => new Date(`${text}Z`);
/**
 * The window and the buffer's episodes in one statement: the last `window`
 * messages, and only when that read is full (older messages exist), the
 * thread's first episode and the `maxLines` episodes ending before the
 * window's oldest message — both index reads on (threadId, toSeq) — with how
 * many episodes end before it (an index range count, so a gap can say how
 * many lines it leaves out) and, with folds on, the `maxLines` folds ending before it.
 */
export async function readWindowWithBuffer(
  db: Db,
  threadId: string,
  settings: BufferSettings,
  screen: PromptScreen,
): Promise<{ messages: Message[]; buffer: BufferReport }> {
  const foldLimit = settings.folds ? settings.maxLines : 0;
  // Each episode read is its own subquery: a CTE both shared would be
  // materialised, reading every episode of the thread on every turn.
  const [row] = await db.$queryRaw<{ messages: JsonMessage[]; first: JsonEpisode | null; recent: JsonEpisode[]; folds: JsonFold[]; endedBefore: number }[]>`
    WITH w AS (
      SELECT id, "threadId", seq, role, speaker, text, parts, "createdAt"
      FROM "Message" WHERE "threadId" = ${threadId} ORDER BY seq DESC LIMIT ${settings.window}
    ), bounds AS (SELECT min(seq) AS start, count(*) AS n FROM w)
    SELECT
      (SELECT coalesce(json_agg(w ORDER BY seq), '[]'::json) FROM w) AS messages,
      (SELECT row_to_json(f) FROM (
        SELECT ${EPISODE_COLUMNS}
        FROM "Episode" e, bounds WHERE e."threadId" = ${threadId} AND bounds.n = ${settings.window}
        ORDER BY e."toSeq" ASC LIMIT 1
      ) f) AS first,
      (SELECT coalesce(json_agg(r ORDER BY "toSeq" DESC), '[]'::json) FROM (
        SELECT ${EPISODE_COLUMNS}
        FROM "Episode" e, bounds WHERE e."threadId" = ${threadId} AND bounds.n = ${settings.window} AND e."toSeq" < bounds.start
        ORDER BY e."toSeq" DESC LIMIT ${settings.maxLines}
      ) r) AS recent,
      (SELECT count(*)::int FROM "Episode" e, bounds
        WHERE e."threadId" = ${threadId} AND bounds.n = ${settings.window} AND e."toSeq" < bounds.start) AS "endedBefore",
      (SELECT coalesce(json_agg(d ORDER BY "toSeq" DESC), '[]'::json) FROM (
        SELECT id, "fromSeq", "toSeq", "fromAt", "toAt", gist, pages FROM "EpisodeFold", bounds
        WHERE "threadId" = ${threadId} AND bounds.n = ${settings.window} AND "toSeq" < bounds.start ORDER BY "toSeq" DESC LIMIT ${foldLimit}
      ) d) AS folds`;
  const messages = row.messages.map((m) => ({ ...m, createdAt: utc(m.createdAt) }));
  if (!shouldReadBuffer(messages.length, settings.window)) return { messages, buffer: fitsWindow(messages.length, settings.window) };
  const episode = ({ pointers, rejected, superseded, ...e }: JsonEpisode) =>
    toLine({ ...e, fromAt: utc(e.fromAt), toAt: utc(e.toAt) }, lineMarks({ pointers, rejected, superseded, ownerEdited: e.ownerGist !== null }));
  const fold = (f: JsonFold) => foldLine({ ...f, fromAt: utc(f.fromAt), toAt: utc(f.toAt) });
  return {
    messages,
    buffer: bufferReport(
      messages,
      { first: row.first ? episode(row.first) : null, recent: row.recent.map(episode), folds: row.folds.map(fold), endedBefore: row.endedBefore },
      settings,
      screen,
    ),
  };
}
