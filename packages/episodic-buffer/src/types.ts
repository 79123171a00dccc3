// Plain data the buffer's rules work on: no database rows, no model.
import type { BufferMark } from "./block.ts";

/** One consolidated stretch of a thread (or a fold of several), as the read path sees it (design §06.1). */
export type EpisodeLine = {
  id: string;
  /** The stretch's first and last message, numbered from 1 in each thread. */
  fromSeq: number;
  toSeq: number;
  fromAt: Date;
  toAt: Date;
  gist: string;
  /** Titles of the pages the stretch's memory pass wrote records into, in filing order. */
  pages: string[];
  /** What the line must say about its records (rejected, corrected since, worded by the owner); empty for most lines. */
  marks: BufferMark[];
};

export type LineReason = "first" | "fold" | "recent";

export type ChosenEpisode = {
  episode: EpisodeLine;
  /** "first": the thread's first stretch (primacy); "fold": several older stretches in one line; "recent": just before the window (recency). */
  reason: LineReason;
};

export type Selection = {
  /** Oldest first. */
  shown: ChosenEpisode[];
  /** Where a stretch provably sits after a shown line, before the next one, that no shown line or fold covers. */
  gaps: Gap[];
};

export type Gap = {
  /** The index in `shown` of the line the gap follows. */
  after: number;
  /** The messages between that line and the next thing shown (a line or the window). */
  fromSeq: number;
  toSeq: number;
  /** How many episode lines it leaves out; null when they could not be counted (a fold covers part of it). */
  lines: number | null;
};

export type ScanResult = {
  flagged: boolean;
  /** Short names of what matched, e.g. "override-instruction"; empty when nothing did. */
  reasons: string[];
};

/** What a scan is shown: a line's gist, or the title of a page it points at. */
export type ScannedText = "gist" | "page-title";

/**
 * The guard between stored text and a prompt (design §06.4), passed in by
 * the agent: `scan` says whether a gist or a page title reads like injected
 * instructions (the agent's own injection scan; nothing here guesses at one),
 * and `flatten` makes any text one plain line (flattenLine unless given).
 */
export type Screen = {
  scan: (text: string, what: ScannedText) => ScanResult;
  flatten?: (text: string) => string;
};

export type RenderedLine = {
  episodeId: string;
  reason: LineReason;
  /** The line as it appears in the block, or null when the scan dropped it. */
  text: string | null;
  scan: ScanResult;
};

export type BufferBlock = {
  /** The whole block placed before the oldest windowed message; null when every line was dropped. */
  text: string | null;
  lines: RenderedLine[];
  gap: boolean;
};
