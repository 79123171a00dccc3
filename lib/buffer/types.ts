// Plain data the buffer's pure rules work on: no database rows, no model.
import type { EpisodeLine } from "@/lib/episodes/types";
import type { ScanResult } from "@/lib/guard/scan";

export type { EpisodeLine };

export type ChosenEpisode = {
  episode: EpisodeLine;
  /** "first": the thread's first stretch (primacy); "recent": just before the window (recency). */
  reason: "first" | "recent";
};

export type Selection = {
  /** Oldest first. */
  shown: ChosenEpisode[];
  /** True only when a stretch provably sits between the first line and the recent ones. */
  gap: boolean;
};

export type RenderedLine = {
  episodeId: string;
  reason: "first" | "recent";
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
