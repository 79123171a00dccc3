// One evaluation worker thread: its own database, its share of the cases.
import { parentPort, workerData } from "node:worker_threads";
import { openScratchDatabase } from "@/lib/db/scratch";
import type { WorkerData, WorkerMessage } from "@/lib/eval/parallel";
import { casesFor, runCases } from "@/lib/eval/run";
import { evalModels } from "@/lib/eval/setup";

const data = workerData as WorkerData;
const post = (message: WorkerMessage) => parentPort?.postMessage(message);

async function main() {
  const models = evalModels(data.config, data.model);
  const all = casesFor(data.evaluation);
  const database = await openScratchDatabase({ purpose: "eval", databaseUrl: data.databaseUrl });
  // Closed before reporting done: the main thread ends the worker then, and a PostgreSQL database must be dropped first.
  const results = await runCases(
    {
      db: database.db,
      database: database.kind,
      models,
      config: data.config,
      judge: data.judge ? models.judge.model : undefined,
      onProgress: (event) => post({ type: "progress", event }),
    },
    data.share.map((i) => all[i]),
    data.evaluation.options,
    { onCaseResults: (results) => post({ type: "case", results }) },
  ).finally(() => database.close());
  post({ type: "done", results });
}

main().catch((error: unknown) => post({ type: "failed", message: error instanceof Error ? error.message : String(error) }));
