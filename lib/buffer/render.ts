import { BUFFER_GAP_LINE, BUFFER_HEADER, BUFFER_NOTE, isoDay, pageRef } from "@/lib/contracts/prompt/format";
import { neutralise, scanForInjection } from "@/lib/guard/scan";
import type { ScanResult } from "@/lib/guard/scan";
import type { BufferBlock, ChosenEpisode, EpisodeLine, RenderedLine, Selection } from "@/lib/buffer/types";

/** More pointers than this crowd out the gist; the rest are counted so the model knows they exist. */
const MAX_LISTED_PAGES = 3;
/** Below this a gist stops saying anything, so page pointers are dropped from the list first. */
const MIN_GIST_CHARS = 24;
const ELLIPSIS = "…";

/**
 * Renders the selection as the block placed before the oldest windowed message
 * (design §09). Each line is the agent's own note, so it is flattened and
 * scanned before it can reach the prompt; a flagged line is dropped rather than
 * repaired, because a half-cleaned instruction is still an instruction.
 */
export function renderBufferBlock(selection: Selection, options: { maxLineChars: number }): BufferBlock {
  const lines = selection.shown.map((chosen) => renderLine(chosen, options.maxLineChars));
  if (!lines.some((line) => line.text !== null)) return { text: null, lines, gap: false };

  const body = lines.flatMap((line) => [
    ...(line.text === null ? [] : [line.text]),
    // The gap sits where the first stretch ends, even if its own line was dropped.
    ...(selection.gap && line.reason === "first" ? [BUFFER_GAP_LINE] : []),
  ]);
  return { text: [BUFFER_HEADER, BUFFER_NOTE, ...body].join("\n"), lines, gap: selection.gap };
}

function renderLine({ episode, reason }: ChosenEpisode, maxLineChars: number): RenderedLine {
  const scan = scanEpisode(episode);
  return { episodeId: episode.id, reason, text: scan.flagged ? null : lineText(episode, maxLineChars), scan };
}

/** Page titles reach the prompt as pointers, so they are as untrusted as the gist. */
function scanEpisode(episode: EpisodeLine): ScanResult {
  const reasons = [...new Set([episode.gist, ...episode.pages].flatMap((text) => scanForInjection(text).reasons))];
  return { flagged: reasons.length > 0, reasons };
}

/**
 * "- 2026-10-02: <gist> (filed in pages/…)". When the line is too long the gist
 * gives way, never the date or the pointer: the pointer is what the model can
 * follow, and a truncated title would name a page that does not exist.
 */
function lineText(episode: EpisodeLine, maxLineChars: number): string {
  const day = `- ${isoDay(episode.toAt)}:`;
  const pointer = fittingPointer(episode.pages.map(neutralise), maxLineChars - day.length - MIN_GIST_CHARS - 2);
  const gist = clip(neutralise(episode.gist), maxLineChars - day.length - pointer.length - 2);
  return clip([day, gist, pointer].filter(Boolean).join(" "), maxLineChars);
}

/** Lists as many pages (up to three) as leave the gist room; one page is always named so the line still points somewhere. */
function fittingPointer(titles: string[], budget: number): string {
  if (titles.length === 0) return "(nothing filed)";
  let listed = Math.min(MAX_LISTED_PAGES, titles.length);
  while (listed > 1 && pointer(titles, listed).length > budget) listed--;
  return pointer(titles, listed);
}

function pointer(titles: string[], listed: number): string {
  const more = titles.length > listed ? `, +${titles.length - listed} more` : "";
  return `(filed in ${titles.slice(0, listed).map(pageRef).join(", ")}${more})`;
}

/** Cuts to at most `max` UTF-16 units, ending in "…", without splitting a surrogate pair. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max < ELLIPSIS.length) return "";
  let end = max - ELLIPSIS.length;
  if (/[\uDC00-\uDFFF]/.test(text[end] ?? "")) end--;
  return `${text.slice(0, end).trimEnd()}${ELLIPSIS}`;
}
