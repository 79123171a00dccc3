// The evaluation's arms (§08 plus two peers, and the §10 extensions on top of
// the buffer). Every arm has the same tools and the turn pipeline is the same;
// an arm is only a context configuration: which strategy shows the thread's
// history, whether recall runs, and whether the buffer feeds it or shows folds.

import type { AppConfig } from "@/lib/config";
import type { ContextConfig } from "@/lib/context";
import { compressorStrategy, type Summary } from "@/lib/context/compressor";
import { episodicBufferStrategy } from "@/lib/context/episodic-buffer";
import { windowStrategy } from "@/lib/context/window";

export const ARM_IDS = ["A", "B", "C", "D", "E", "C+feed", "C+fold", "C+feed+fold"] as const;
export type ArmId = (typeof ARM_IDS)[number];

/** What an arm's context is built from: the run's window and buffer caps, and the case's compressor summary. */
export type ArmSettings = { window: number; config: Pick<AppConfig, "bufferMaxLines" | "bufferLineChars" | "reconsolidation">; summary: Summary };

export type Arm = {
  id: ArmId;
  label: string;
  description: string;
  /** Hermes-style arms need the case's middle summarised before the question turn. */
  needsSummary: boolean;
  /** Whether the arm shows the episodic buffer, so "did a line point at the fact's page" applies. */
  hasBuffer: boolean;
  /** Arms that show folds need the memory pass to have written them while the case was consolidated. */
  needsFolds: boolean;
  context: (settings: ArmSettings) => ContextConfig;
};

const buffer = ({ window, config }: ArmSettings, folds = false) =>
  episodicBufferStrategy({ window, maxLines: config.bufferMaxLines, maxLineChars: config.bufferLineChars, folds, marks: config.reconsolidation });

export const ARMS: Record<ArmId, Arm> = {
  A: {
    id: "A",
    label: "Recent only",
    description: "the last window messages, nothing else",
    needsSummary: false,
    hasBuffer: false,
    needsFolds: false,
    context: ({ window }) => ({ strategy: windowStrategy(window), recall: false, feed: false }),
  },
  B: {
    id: "B",
    label: "+ recall",
    description: "recent messages plus memory recall",
    needsSummary: false,
    hasBuffer: false,
    needsFolds: false,
    context: ({ window }) => ({ strategy: windowStrategy(window), recall: true, feed: false }),
  },
  C: {
    id: "C",
    label: "+ buffer",
    description: "recent messages, recall and the episodic buffer",
    needsSummary: false,
    hasBuffer: true,
    needsFolds: false,
    context: (settings) => ({ strategy: buffer(settings), recall: true, feed: false }),
  },
  D: {
    id: "D",
    label: "Compressor",
    description: "Hermes-style: first 4 and last window−4 messages, the middle summarised iteratively; recall on",
    needsSummary: true,
    hasBuffer: false,
    needsFolds: false,
    context: ({ window, summary }) => ({ strategy: compressorStrategy(window, summary), recall: true, feed: false }),
  },
  E: {
    id: "E",
    label: "2× window",
    description: "twice the window, recall on, no buffer",
    needsSummary: false,
    hasBuffer: false,
    needsFolds: false,
    context: ({ window }) => ({ strategy: windowStrategy(window * 2), recall: true, feed: false }),
  },
  "C+feed": {
    id: "C+feed",
    label: "+ buffer, feed",
    description: "C, and the pages the visible buffer lines point at widen recall within its cap (§10)",
    needsSummary: false,
    hasBuffer: true,
    needsFolds: false,
    context: (settings) => ({ strategy: buffer(settings), recall: true, feed: true }),
  },
  "C+fold": {
    id: "C+fold",
    label: "+ buffer, folds",
    description: "C, with folds of older stretches taking up to half the lines after the first (§10)",
    needsSummary: false,
    hasBuffer: true,
    needsFolds: true,
    context: (settings) => ({ strategy: buffer(settings, true), recall: true, feed: false }),
  },
  "C+feed+fold": {
    id: "C+feed+fold",
    label: "+ buffer, feed, folds",
    description: "C with both §10 extensions: folds in the buffer, and the pages its lines point at widen recall",
    needsSummary: false,
    hasBuffer: true,
    needsFolds: true,
    context: (settings) => ({ strategy: buffer(settings, true), recall: true, feed: true }),
  },
};

/**
 * The paired comparisons reported, arm minus baseline: the buffer against
 * each alternative, recall against nothing, and each §10 extension against
 * the plain buffer.
 */
export const COMPARISONS: ReadonlyArray<readonly [ArmId, ArmId]> = [
  ["C", "A"],
  ["C", "B"],
  ["C", "D"],
  ["C", "E"],
  ["B", "A"],
  ["C+feed", "C"],
  ["C+fold", "C"],
  ["C+feed+fold", "C"],
];

/** The comparisons whose two arms both ran. */
export function comparisonsFor(arms: readonly ArmId[]): Array<readonly [ArmId, ArmId]> {
  return COMPARISONS.filter(([x, y]) => arms.includes(x) && arms.includes(y));
}
