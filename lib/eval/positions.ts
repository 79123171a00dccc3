import type { Regime } from "@/lib/eval/regimes";

/**
 * Where a generated thread's fact sits, oldest first: the groups its results
 * are broken down by. The first four are outside the question turn's window:
 * the first stretch (the buffer's first line), the far middle (past the
 * buffer's reach), the middle (within it) and just before the window. The
 * last two are controls with the fact in view: a long thread with it inside
 * the window, and a thread that fits.
 */
export const POSITIONS = ["first-stretch", "far-middle", "middle", "before-window", "inside-window", "fits-window"] as const;
export type Position = (typeof POSITIONS)[number];

export const POSITION_REGIME: Record<Position, Regime> = {
  "first-stretch": "outside",
  "far-middle": "outside",
  middle: "outside",
  "before-window": "outside",
  "inside-window": "inside",
  "fits-window": "inside",
};
