// The evaluation's arms (§08 plus two peers). Every arm has the same tools,
// so the only thing that differs between arms is what context the model gets.

import type { TurnFeatures } from "@/lib/agent/turn";

export const ARM_IDS = ["A", "B", "C", "D", "E"] as const;
export type ArmId = (typeof ARM_IDS)[number];

export type Arm = {
  id: ArmId;
  label: string;
  description: string;
  /** memoryPass is always off: the question turn must not change what the next arm sees. */
  features: TurnFeatures;
  /** The turn's window as a multiple of the configured one. */
  windowFactor: number;
  /** Hermes-style: protected head and tail, the middle summarised by extra model calls. */
  compressor: boolean;
};

const TOOLS_ONLY = { recall: false, buffer: false, tools: true, memoryPass: false } as const;

export const ARMS: Record<ArmId, Arm> = {
  A: {
    id: "A",
    label: "Recent only",
    description: "the last window messages, nothing else",
    features: TOOLS_ONLY,
    windowFactor: 1,
    compressor: false,
  },
  B: {
    id: "B",
    label: "+ recall",
    description: "recent messages plus memory recall",
    features: { ...TOOLS_ONLY, recall: true },
    windowFactor: 1,
    compressor: false,
  },
  C: {
    id: "C",
    label: "+ buffer",
    description: "recent messages, recall and the episodic buffer",
    features: { ...TOOLS_ONLY, recall: true, buffer: true },
    windowFactor: 1,
    compressor: false,
  },
  D: {
    id: "D",
    label: "Compressor",
    description: "Hermes-style: first 4 and last window−4 messages, the middle summarised iteratively; recall on",
    features: { ...TOOLS_ONLY, recall: true },
    windowFactor: 1,
    compressor: true,
  },
  E: {
    id: "E",
    label: "2× window",
    description: "twice the window, recall on, no buffer",
    features: { ...TOOLS_ONLY, recall: true },
    windowFactor: 2,
    compressor: false,
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
