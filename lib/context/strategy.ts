import type { BufferReport } from "@/lib/contracts/buffer-report";
import type { Db } from "@/lib/db/client";
import type { Message } from "@/lib/db/generated/client";
import type { PromptScreen } from "@/lib/guard/screen";

// What the model is shown of a thread on one turn. The window, the episodic
// buffer and the compressor are peers behind this interface (after Hermes
// Agent's ContextEngine): the turn asks a strategy for its selection and
// reports what it cost; nothing else in the turn knows which one runs.

export type ContextScope = {
  db: Db;
  threadId: string;
  /** Every stored string a strategy adds to the prompt passes this screen. */
  screen: PromptScreen;
};

/** A system message the strategy places before messages[beforeIndex]. */
export type ContextNote = { beforeIndex: number; text: string };

export type ContextSelection = {
  /** Stored messages shown to the model, oldest first; the turn's question is the last one. */
  messages: Message[];
  notes: ContextNote[];
  /** The buffer's read path on this turn; "not-needed" with a reason for strategies without a buffer. */
  buffer: BufferReport;
  /** Tokens the strategy's notes add to the prompt, and its time beyond reading messages. */
  cost: { noteTokens: number; ms: number };
};

export interface ContextStrategy {
  /** "window", "buffer" or "compressor": shown in the trace and the evaluation. */
  readonly name: string;
  /** Messages this strategy replays at most. */
  readonly window: number;
  select(scope: ContextScope): Promise<ContextSelection>;
}

/** The trace's buffer report for a turn whose strategy has no buffer. */
export function noBuffer(reason: string): BufferReport {
  return { status: "not-needed", reason, block: null, gap: false, gaps: [], chosen: [] };
}

export const NO_COST: ContextSelection["cost"] = { noteTokens: 0, ms: 0 };
