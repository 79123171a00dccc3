// Runs an evaluation's cases on several worker threads. PGlite executes
// queries on the thread that opened it, so one database serves one core;
// each worker gets a database of its own and a share of the cases, and the
// results are put back in case order so the report does not depend on how
// many workers ran.

import { Worker } from "node:worker_threads";
import type { AppConfig } from "@/lib/config";
import type { CaseResult } from "@/lib/eval/report-schema";
import { casesFor, probeKey, type Evaluation, type ProgressEvent, type RunHooks } from "@/lib/eval/run";
import type { ModelSetting } from "@/lib/eval/setup";

export type WorkerSetup = { evaluation: Evaluation; config: AppConfig; model: ModelSetting; judge: boolean; databaseUrl?: string };
export type WorkerData = WorkerSetup & { share: number[] };
export type WorkerMessage =
  | { type: "progress"; event: ProgressEvent }
  | { type: "case"; results: CaseResult[] }
  | { type: "done"; results: CaseResult[] }
  | { type: "failed"; message: string };

/** Case indexes dealt round-robin, so every worker gets a mix of short and long threads. */
export function shares(count: number, workers: number): number[][] {
  const n = Math.max(1, Math.min(workers, count));
  return Array.from({ length: n }, (_, w) => Array.from({ length: Math.ceil((count - w) / n) }, (_, k) => w + k * n));
}

/** Results from several workers (and an earlier, resumed run) in the order the cases and their probes were listed. */
export function inCaseOrder(evaluation: Evaluation, results: readonly CaseResult[]): CaseResult[] {
  const order = new Map(casesFor(evaluation).flatMap((c) => c.probes.map((p) => probeKey(p))).map((key, i) => [key, i]));
  return [...results].sort((x, y) => (order.get(probeKey(x)) ?? 0) - (order.get(probeKey(y)) ?? 0));
}

function runWorker(
  data: WorkerData,
  onProgress: (event: ProgressEvent) => void,
  onCaseResults: RunHooks["onCaseResults"],
): { done: Promise<CaseResult[]>; stop: () => void } {
  const worker = new Worker(new URL("./worker.ts", import.meta.url), { workerData: data });
  const done = new Promise<CaseResult[]>((resolve, reject) => {
    worker.on("message", (message: WorkerMessage) => {
      if (message.type === "progress") onProgress(message.event);
      else if (message.type === "case") void onCaseResults?.(message.results);
      else if (message.type === "failed") reject(new Error(message.message));
      else resolve(message.results);
    });
    worker.on("error", reject);
    worker.on("exit", (code) => reject(new Error(`an evaluation worker exited with code ${code} before finishing`)));
  });
  // A settled promise ignores the exit's rejection, so ending a finished worker is safe.
  return { done: done.finally(() => void worker.terminate()), stop: () => void worker.terminate() };
}

/** The results of the cases not already done, from `workers` threads; the caller builds the report. */
export async function runCasesInWorkers(
  setup: WorkerSetup,
  workers: number,
  onProgress?: (event: ProgressEvent) => void,
  hooks: RunHooks = {},
): Promise<CaseResult[]> {
  const cases = casesFor(setup.evaluation);
  const todo = cases.flatMap((c, i) => (c.probes.every((p) => hooks.done?.has(probeKey(p))) ? [] : [i]));
  const skipped = cases.length - todo.length;
  if (todo.length === 0) return [];
  const doneBy: number[] = [];
  const running = shares(todo.length, workers).map((share, w) => {
    doneBy[w] = 0;
    return runWorker(
      { ...setup, share: share.map((k) => todo[k]) },
      (event) => {
        doneBy[w] = event.casesDone;
        onProgress?.({ ...event, casesDone: skipped + doneBy.reduce((sum, n) => sum + n, 0), casesTotal: cases.length });
      },
      hooks.onCaseResults,
    );
  });
  const results = await Promise.all(running.map((r) => r.done)).catch((error: unknown) => {
    running.forEach((r) => r.stop());
    throw error;
  });
  return results.flat();
}
