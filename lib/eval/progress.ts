// The run's progress on stderr: a bar redrawn in place on a terminal, a line
// every so often otherwise (CI logs, a redirected file), never both.

import { duration } from "@/lib/eval/format";
import type { ProgressEvent } from "@/lib/eval/run";

const BAR_WIDTH = 24;
const LINE_EVERY_MS = 15_000;

/** Remaining time from the pace so far; unknown until a case has finished. */
export function eta(done: number, total: number, elapsedMs: number): number | null {
  if (done === 0 || total === 0) return null;
  return (elapsedMs / done) * (total - done);
}

export function progressLine(event: ProgressEvent, elapsedMs: number, options: { bar: boolean }): string {
  const { casesDone, casesTotal } = event;
  const fraction = casesTotal === 0 ? 1 : casesDone / casesTotal;
  const filled = Math.round(fraction * BAR_WIDTH);
  const bar = options.bar ? `[${"█".repeat(filled)}${"░".repeat(BAR_WIDTH - filled)}] ` : "";
  const remaining = eta(casesDone, casesTotal, elapsedMs);
  const timing = `${duration(elapsedMs)} elapsed${remaining === null ? "" : ` · ETA ${duration(remaining)}`}`;
  return `${bar}${casesDone}/${casesTotal} threads · ${event.caseId} · ${event.step} · ${timing}`;
}

type Sink = { isTTY?: boolean; columns?: number; write: (text: string) => unknown };

/** A progress reporter for the runner's onProgress; `finish` ends the bar's line. */
export function progressReporter(sink: Sink, now: () => number = () => performance.now()) {
  const started = now();
  let lastLine = -Infinity;
  let last: ProgressEvent | null = null;
  return {
    update(event: ProgressEvent) {
      last = event;
      const elapsed = now() - started;
      if (sink.isTTY) {
        const line = progressLine(event, elapsed, { bar: true });
        sink.write(`\r${line.slice(0, (sink.columns ?? 120) - 1)}\x1b[K`);
      } else if (elapsed - lastLine >= LINE_EVERY_MS || event.casesDone === event.casesTotal) {
        lastLine = elapsed;
        sink.write(`${progressLine(event, elapsed, { bar: false })}\n`);
      }
    },
    finish() {
      if (sink.isTTY && last) sink.write("\n");
    },
  };
}
