// Plain data the buffer's pure rules work on: no database rows, no model.

/** One consolidated stretch of a thread, as the read path sees it. */
export type EpisodeLine = {
  id: string;
  fromSeq: number;
  toSeq: number;
  fromAt: Date;
  toAt: Date;
  gist: string;
  /** Titles of the pages the stretch's memory pass wrote facts into, in filing order. */
  pages: string[];
};

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

export type ScanResult = {
  flagged: boolean;
  /** Short names of what matched, e.g. "role-tag", "override-instruction". */
  reasons: string[];
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
