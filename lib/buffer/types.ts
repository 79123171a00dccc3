// Plain data the buffer's pure rules work on: no database rows, no model.
import type { EpisodeLine } from "@/lib/episodes/types";
import type { ScanResult } from "@/lib/guard/scan";

export type { EpisodeLine };

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

export type RenderedLine = {
  episodeId: string;
  reason: LineReason;
  /** The line as it appears in the block, or null when the injection scan dropped it. */
  text: string | null;
  scan: ScanResult;
};

export type BufferBlock = {
  /** The whole block placed before the oldest windowed message; null when every line was dropped. */
  text: string | null;
  lines: RenderedLine[];
  gap: boolean;
};
