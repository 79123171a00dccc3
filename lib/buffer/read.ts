import type { Db } from "@/lib/db/client";
import type { Message } from "@/lib/db/generated/client";
import { readFirstEpisode, readRecentEpisodes, toLine } from "@/lib/episodes/store";
import type { EpisodeLine } from "@/lib/episodes/types";
import { renderBufferBlock } from "@/lib/buffer/render";
import { selectEpisodes, shouldReadBuffer } from "@/lib/buffer/select";
import type { BufferReport } from "@/lib/contracts/buffer-report";
import type { PromptScreen } from "@/lib/guard/screen";

export type BufferSettings = { window: number; maxLines: number; maxLineChars: number };

/** What the read path makes of a window read and the episodes it fetched (pure). */
function bufferReport(
  history: { seq: number }[],
  first: EpisodeLine | null,
  recent: EpisodeLine[],
  settings: BufferSettings,
  screen: PromptScreen,
): BufferReport {
  const windowStartSeq = history[0].seq;
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

function fitsWindow(count: number, window: number): BufferReport {
  return { status: "not-needed", reason: `the thread fits the window (${count} of ${window} messages)`, block: null, gap: false, chosen: [] };
}

/**
 * The read path (§06.3) for a window already read. It runs only when the
 * history read came back full, so a thread that still fits its window costs
 * no query and no tokens.
 */
export async function readBuffer(
  db: Db,
  threadId: string,
  history: { seq: number }[],
  settings: BufferSettings,
  screen: PromptScreen,
): Promise<BufferReport> {
  if (!shouldReadBuffer(history.length, settings.window)) return fitsWindow(history.length, settings.window);
  const [first, recent] = await Promise.all([
    readFirstEpisode(db, threadId),
    readRecentEpisodes(db, threadId, history[0].seq, settings.maxLines),
  ]);
  return bufferReport(history, first, recent, settings, screen);
}

type JsonMessage = Omit<Message, "createdAt"> & { createdAt: string };
type JsonEpisode = Omit<EpisodeLine, "fromAt" | "toAt"> & { fromAt: string; toAt: string };

/** timestamp(3) columns come back from json as UTC wall-clock text without a zone. */
const utc = (text: string) => new Date(`${text}Z`);

/**
 * The window and the buffer's episodes in one statement: the last `window`
 * messages, and only when that read is full (older messages exist), the
 * thread's first episode and the `maxLines` episodes ending before the
 * window's oldest message — both index reads on (threadId, toSeq).
 */
export async function readWindowWithBuffer(
  db: Db,
  threadId: string,
  settings: BufferSettings,
  screen: PromptScreen,
): Promise<{ messages: Message[]; buffer: BufferReport }> {
  // Each episode read is its own subquery: a CTE both shared would be
  // materialised, reading every episode of the thread on every turn.
  const [row] = await db.$queryRaw<{ messages: JsonMessage[]; first: JsonEpisode | null; recent: JsonEpisode[] }[]>`
    WITH w AS (
      SELECT id, "threadId", seq, role, speaker, text, parts, "createdAt"
      FROM "Message" WHERE "threadId" = ${threadId} ORDER BY seq DESC LIMIT ${settings.window}
    ), bounds AS (SELECT min(seq) AS start, count(*) AS n FROM w)
    SELECT
      (SELECT coalesce(json_agg(w ORDER BY seq), '[]'::json) FROM w) AS messages,
      (SELECT row_to_json(f) FROM (
        SELECT e.id, e."fromSeq", e."toSeq", e."fromAt", e."toAt", e.gist, e.pages
        FROM "Episode" e, bounds WHERE e."threadId" = ${threadId} AND bounds.n = ${settings.window}
        ORDER BY e."toSeq" ASC LIMIT 1
      ) f) AS first,
      (SELECT coalesce(json_agg(r ORDER BY "toSeq" DESC), '[]'::json) FROM (
        SELECT e.id, e."fromSeq", e."toSeq", e."fromAt", e."toAt", e.gist, e.pages
        FROM "Episode" e, bounds WHERE e."threadId" = ${threadId} AND bounds.n = ${settings.window} AND e."toSeq" < bounds.start
        ORDER BY e."toSeq" DESC LIMIT ${settings.maxLines}
      ) r) AS recent`;
  const messages = row.messages.map((m) => ({ ...m, createdAt: utc(m.createdAt) }));
  if (!shouldReadBuffer(messages.length, settings.window)) return { messages, buffer: fitsWindow(messages.length, settings.window) };
  const episode = (e: JsonEpisode) => toLine({ ...e, fromAt: utc(e.fromAt), toAt: utc(e.toAt) });
  return { messages, buffer: bufferReport(messages, row.first ? episode(row.first) : null, row.recent.map(episode), settings, screen) };
}
