import { formatBufferBlock, formatBufferLine, formatBufferLinePrefix, formatMarks, formatPointer } from "./block.ts";
import { flattenLine, isoDay } from "./text.ts";
import type { BufferBlock, ChosenEpisode, EpisodeLine, RenderedLine, ScanResult, Screen, Selection } from "./types.ts";

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
export function renderBufferBlock(selection: Selection, options: { maxLineChars: number }, screen: Screen): BufferBlock {
  const lines = selection.shown.map((chosen) => renderLine(chosen, options.maxLineChars, screen));
  if (!lines.some((line) => line.text !== null)) return { text: null, lines, gap: false };

  const shown = lines.filter((line) => line.text !== null);
  // A gap stays where its stretch sat even when the line before it was dropped: after the last line still shown before it.
  const gapsAfter = [...new Set(selection.gaps.map(({ after: i }) => lines.slice(0, i + 1).filter((line) => line.text !== null).length - 1))];
  return {
    text: formatBufferBlock(shown.map((line) => line.text as string), gapsAfter),
    lines,
    gap: selection.gaps.length > 0,
  };
}

function renderLine({ episode, reason }: ChosenEpisode, maxLineChars: number, screen: Screen): RenderedLine {
  const scan = scanEpisode(episode, screen);
  const flatten = screen.flatten ?? flattenLine;
  return { episodeId: episode.id, reason, text: scan.flagged ? null : lineText(episode, reason === "fold", maxLineChars, flatten), scan };
}

/** Page titles reach the prompt as pointers, so they are as untrusted as the gist. */
function scanEpisode(episode: EpisodeLine, screen: Screen): ScanResult {
  const scans = [screen.scan(episode.gist, "gist"), ...episode.pages.map((title) => screen.scan(title, "page-title"))];
  const reasons = [...new Set(scans.flatMap((scan) => scan.reasons))];
  return { flagged: reasons.length > 0, reasons };
}

/**
 * "- 2026-10-02: <gist> (filed in pages/…)", a fold's "- 2026-07-01 to
 * 2026-08-15: …". When the line is too long the gist gives way, never the
 * dates, the marks or the pointer: the pointer is what the model can follow,
 * a truncated title would name a page that does not exist, and a mark is what
 * keeps a rejected record from reading as true.
 */
function lineText(episode: EpisodeLine, fold: boolean, maxLineChars: number, flatten: (text: string) => string): string {
  const day = isoDay(episode.toAt);
  const since = fold ? isoDay(episode.fromAt) : null;
  const prefix = formatBufferLinePrefix(day, since);
  const marks = formatMarks(episode.marks);
  const fixed = prefix.length + (marks ? marks.length + 1 : 0);
  const listed = fittingPages(episode.pages.map(flatten), maxLineChars - fixed - MIN_GIST_CHARS - 2);
  const pointer = formatPointer(listed.pages, listed.more);
  const gist = clip(flatten(episode.gist), maxLineChars - fixed - pointer.length - 2);
  return clip(formatBufferLine({ since, day, gist, marks: episode.marks, ...listed }), maxLineChars);
}

/** Lists as many pages (up to three) as leave the gist room; one page is always named so the line still points somewhere. */
function fittingPages(titles: string[], budget: number): { pages: string[]; more: number } {
  let listed = Math.min(MAX_LISTED_PAGES, titles.length);
  while (listed > 1 && formatPointer(titles.slice(0, listed), titles.length - listed).length > budget) listed--;
  return { pages: titles.slice(0, listed), more: titles.length - listed };
}

/** Cuts to at most `max` UTF-16 units, ending in "…", without splitting a surrogate pair. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max < ELLIPSIS.length) return "";
  let end = max - ELLIPSIS.length;
  if (/[\uDC00-\uDFFF]/.test(text[end] ?? "")) end--;
  return `${text.slice(0, end).trimEnd()}${ELLIPSIS}`;
}
