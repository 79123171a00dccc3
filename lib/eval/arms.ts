// The evaluation's arms (§08 plus two peers). Every arm has the same tools and
// the turn pipeline is the same; an arm is only a context configuration: which
// strategy shows the thread's history, and whether recall runs.

import type { AppConfig } from "@/lib/config";
import type { ContextConfig } from "@/lib/context";
import { compressorStrategy, type Summary } from "@/lib/context/compressor";
import { episodicBufferStrategy } from "@/lib/context/episodic-buffer";
import { windowStrategy } from "@/lib/context/window";

export const ARM_IDS = ["A", "B", "C", "D", "E"] as const;
export type ArmId = (typeof ARM_IDS)[number];

/** What an arm's context is built from: the run's window and buffer caps, and the case's compressor summary. */
export type ArmSettings = { window: number; config: Pick<AppConfig, "bufferMaxLines" | "bufferLineChars">; summary: Summary };

export type Arm = {
  id: ArmId;
  label: string;
  description: string;
  /** Hermes-style arms need the case's middle summarised before the question turn. */
  needsSummary: boolean;
  /** Whether the arm shows the episodic buffer, so "did a line point at the fact's page" applies. */
  hasBuffer: boolean;
  context: (settings: ArmSettings) => ContextConfig;
};

const buffer = ({ window, config }: ArmSettings) =>
  episodicBufferStrategy({ window, maxLines: config.bufferMaxLines, maxLineChars: config.bufferLineChars });

export const ARMS: Record<ArmId, Arm> = {
  A: {
    id: "A",
    label: "Recent only",
    description: "the last window messages, nothing else",
    needsSummary: false,
    hasBuffer: false,
    context: ({ window }) => ({ strategy: windowStrategy(window), recall: false }),
  },
  B: {
    id: "B",
    label: "+ recall",
    description: "recent messages plus memory recall",
    needsSummary: false,
    hasBuffer: false,
    context: ({ window }) => ({ strategy: windowStrategy(window), recall: true }),
  },
  C: {
    id: "C",
    label: "+ buffer",
    description: "recent messages, recall and the episodic buffer",
    needsSummary: false,
    hasBuffer: true,
    context: (settings) => ({ strategy: buffer(settings), recall: true }),
  },
  D: {
    id: "D",
    label: "Compressor",
    description: "Hermes-style: first 4 and last window−4 messages, the middle summarised iteratively; recall on",
    needsSummary: true,
    hasBuffer: false,
    context: ({ window, summary }) => ({ strategy: compressorStrategy(window, summary), recall: true }),
  },
  E: {
    id: "E",
    label: "2× window",
    description: "twice the window, recall on, no buffer",
    needsSummary: false,
    hasBuffer: false,
    context: ({ window }) => ({ strategy: windowStrategy(window * 2), recall: true }),
  },
};

/** The paired comparisons reported, later arm minus earlier: the buffer against each alternative, and recall against nothing. */
export const COMPARISONS: ReadonlyArray<readonly [ArmId, ArmId]> = [
  ["C", "A"],
  ["C", "B"],
  ["C", "D"],
  ["C", "E"],
  ["B", "A"],
];

/** The comparisons whose two arms both ran. */
export function comparisonsFor(arms: readonly ArmId[]): Array<readonly [ArmId, ArmId]> {
  return COMPARISONS.filter(([x, y]) => arms.includes(x) && arms.includes(y));
}
