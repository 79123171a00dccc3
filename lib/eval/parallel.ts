// Runs an evaluation's cases on several worker threads. PGlite executes
// queries on the thread that opened it, so one database serves one core;
// each worker gets a database of its own and a share of the cases, and the
// results are put back in case order so the report does not depend on how
// many workers ran.

import { Worker } from "node:worker_threads";
import type { AppConfig } from "@/lib/config";
import type { CaseResult, EvalReport } from "@/lib/eval/report-schema";
import { casesFor, evaluationReport, type Evaluation, type ProgressEvent } from "@/lib/eval/run";
import { evalModel, type ModelSetting } from "@/lib/eval/setup";

export type WorkerSetup = { evaluation: Evaluation; config: AppConfig; model: ModelSetting; judge: boolean; databaseUrl?: string };
export type WorkerData = WorkerSetup & { share: number[] };
export type WorkerMessage =
  | { type: "progress"; event: ProgressEvent }
  | { type: "done"; results: CaseResult[] }
  | { type: "failed"; message: string };

/** Case indexes dealt round-robin, so every worker gets a mix of short and long threads. */
export function shares(count: number, workers: number): number[][] {
  const n = Math.max(1, Math.min(workers, count));
  return Array.from({ length: n }, (_, w) => Array.from({ length: Math.ceil((count - w) / n) }, (_, k) => w + k * n));
}

const resultKey = (r: { regime: string; id: string }) => `${r.regime}:${r.id}`;

/** Results from several workers in the order the cases (and their probes) were listed. */
export function inCaseOrder(evaluation: Evaluation, results: readonly CaseResult[]): CaseResult[] {
  const order = new Map(casesFor(evaluation).flatMap((c) => c.probes.map((p) => resultKey(p))).map((key, i) => [key, i]));
  return [...results].sort((x, y) => (order.get(resultKey(x)) ?? 0) - (order.get(resultKey(y)) ?? 0));
}

function runWorker(data: WorkerData, onProgress: (event: ProgressEvent) => void): { done: Promise<CaseResult[]>; stop: () => void } {
  const worker = new Worker(new URL("./worker.ts", import.meta.url), { workerData: data });
  const done = new Promise<CaseResult[]>((resolve, reject) => {
    worker.on("message", (message: WorkerMessage) => {
      if (message.type === "progress") onProgress(message.event);
      else if (message.type === "failed") reject(new Error(message.message));
      else resolve(message.results);
    });
    worker.on("error", reject);
    worker.on("exit", (code) => reject(new Error(`an evaluation worker exited with code ${code} before finishing`)));
  });
  // A settled promise ignores the exit's rejection, so ending a finished worker is safe.
  return { done: done.finally(() => void worker.terminate()), stop: () => void worker.terminate() };
}

export async function runEvaluationInWorkers(
  setup: WorkerSetup,
  workers: number,
  onProgress?: (event: ProgressEvent) => void,
): Promise<EvalReport> {
  const started = performance.now();
  const total = casesFor(setup.evaluation).length;
  const doneBy: number[] = [];
  const running = shares(total, workers).map((share, w) => {
    doneBy[w] = 0;
    return runWorker({ ...setup, share }, (event) => {
      doneBy[w] = event.casesDone;
      onProgress?.({ ...event, casesDone: doneBy.reduce((sum, n) => sum + n, 0), casesTotal: total });
    });
  });
  const results = await Promise.all(running.map((r) => r.done)).catch((error: unknown) => {
    running.forEach((r) => r.stop());
    throw error;
  });
  const { kind, label, modelId } = evalModel(setup.config, setup.model);
  return evaluationReport(
    setup.evaluation,
    {
      model: { kind, label, modelId },
      database: setup.databaseUrl ? "postgres" : "pglite",
      judge: setup.judge,
      wallMs: performance.now() - started,
    },
    inCaseOrder(setup.evaluation, results.flat()),
  );
}
