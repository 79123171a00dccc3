// The thread's map: what each stretch of the thread is to the model on one turn, oldest first (pure).
import type { BufferReport } from "@/lib/contracts/buffer-report";

export type MapSegment =
  | {
      kind: "line";
      reason: BufferReport["chosen"][number]["reason"];
      episodeId: string;
      fromSeq: number;
      toSeq: number;
      /** The injection scan dropped the line: its stretch never reached the model. */
      dropped: boolean;
    }
  | {
      kind: "gap";
      fromSeq: number;
      toSeq: number;
      /** Episode lines left out; null when they could not be counted. */
      lines: number | null;
      /** The cap that left them out: BUFFER_MAX_LINES, its value. */
      maxLines: number;
    }
  | {
      kind: "uncovered";
      fromSeq: number;
      toSeq: number;
      /** "no-line": no episode line covers these messages; "budget": left out of the window to fit the model's context. */
      why: "no-line" | "budget";
    }
  | { kind: "window"; fromSeq: number; toSeq: number; count: number };

export type MapInput = {
  buffer: Pick<BufferReport, "chosen" | "gaps">;
  /** The messages the strategy read for the window (before the budget cut any). */
  window: { count: number; fromSeq: number; toSeq: number };
  maxLines: number;
  /** How many of the window's oldest messages the budget left out of the prompt (0 for the preview). */
  windowCut?: number;
};

/** Messages are numbered from 1 in every thread. */
const FIRST_SEQ = 1;

/**
 * Lays the buffer's shown lines, its gaps and the window along the thread.
 * Whatever lies between them is flagged as uncovered: neither a line nor the
 * window shows it, and nothing in the block says it exists.
 */
export function threadMap({ buffer, window, maxLines, windowCut = 0 }: MapInput): MapSegment[] {
  if (window.count === 0) return [];
  const cut = Math.min(Math.max(windowCut, 0), window.count - 1);
  const covered: MapSegment[] = [
    ...buffer.chosen.map((c): MapSegment => ({ kind: "line", reason: c.reason, episodeId: c.episodeId, fromSeq: c.fromSeq, toSeq: c.toSeq, dropped: c.line === null })),
    ...buffer.gaps.map((g): MapSegment => ({ kind: "gap", fromSeq: g.fromSeq, toSeq: g.toSeq, lines: g.lines, maxLines })),
    ...(cut > 0 ? [{ kind: "uncovered" as const, fromSeq: window.fromSeq, toSeq: window.fromSeq + cut - 1, why: "budget" as const }] : []),
    { kind: "window" as const, fromSeq: window.fromSeq + cut, toSeq: window.toSeq, count: window.count - cut },
  ].sort((a, b) => a.fromSeq - b.fromSeq);

  const segments: MapSegment[] = [];
  let next = FIRST_SEQ;
  for (const segment of covered) {
    if (segment.fromSeq > next) segments.push({ kind: "uncovered", fromSeq: next, toSeq: segment.fromSeq - 1, why: "no-line" });
    segments.push(segment);
    next = Math.max(next, segment.toSeq + 1);
  }
  return segments;
}

/** How many messages a segment spans. */
export const segmentSize = (segment: MapSegment) => segment.toSeq - segment.fromSeq + 1;
