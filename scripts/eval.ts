// One command for the evaluation (design §08): planted-fact threads, or a
// LoCoMo file, asked under every arm through the real turn pipeline, with
// report.json, report.md and a summary table as the result.
import { execFileSync } from "node:child_process";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import path from "node:path";
import { z } from "zod";
import { readConfig } from "@/lib/config";
import { ARM_IDS } from "@/lib/eval/arms";
import { openScratchDatabase } from "@/lib/db/scratch";
import { duration } from "@/lib/eval/format";
import { REGIMES } from "@/lib/eval/generator";
import { parseLocomo } from "@/lib/eval/locomo";
import { runEvaluationInWorkers, type WorkerSetup } from "@/lib/eval/parallel";
import { progressReporter } from "@/lib/eval/progress";
import { reportMarkdown, summaryMarkdown } from "@/lib/eval/report";
import type { EvalReport } from "@/lib/eval/report-schema";
import { DEFAULT_STRETCH, DEFAULT_WINDOW, runEvaluation, type CaseSource } from "@/lib/eval/run";
import { evalConfig, evalModel } from "@/lib/eval/setup";
import { readArgs, runCli } from "@/scripts/thread-cli";

const USAGE =
  "npm run eval -- [--threads 200] [--seed 1] [--arms A,B,C,D,E] [--regimes outside,inside] [--window 30] [--stretch 6] " +
  "[--model offline|env] [--judge] [--locomo file.json] [--out eval-results] [--database-url postgres://…] [--workers 2] [--sample]";

// PGlite runs on the thread that opened it: one worker per core, and two
// already halve a run on the small machines this is meant to run on.
const DEFAULT_WORKERS = Math.min(2, availableParallelism());

const options = {
  threads: { type: "string", default: "200" },
  seed: { type: "string", default: "1" },
  arms: { type: "string", default: ARM_IDS.join(",") },
  regimes: { type: "string", default: REGIMES.join(",") },
  window: { type: "string", default: String(DEFAULT_WINDOW) },
  stretch: { type: "string", default: String(DEFAULT_STRETCH) },
  model: { type: "string", default: "env" },
  judge: { type: "boolean", default: false },
  locomo: { type: "string" },
  out: { type: "string", default: "eval-results" },
  "database-url": { type: "string" },
  workers: { type: "string", default: String(DEFAULT_WORKERS) },
  sample: { type: "boolean", default: false },
} as const;

/** "A,C" → ["A", "C"], each checked against the allowed values, duplicates dropped, order kept. */
const list = <T extends string>(allowed: readonly T[]) =>
  z.string().transform((text, ctx) => {
    const items = [...new Set(text.split(",").map((s) => s.trim()).filter(Boolean))];
    if (items.length === 0 || items.some((item) => !allowed.includes(item as T))) {
      ctx.addIssue({ code: "custom", message: `expected a comma-separated list of ${allowed.join(", ")}` });
      return z.NEVER;
    }
    return items as T[];
  });

const argsSchema = z.object({
  positionals: z.array(z.string()).max(0, { error: "no positional arguments" }),
  threads: z.coerce.number().int().min(1),
  seed: z.coerce.number().int(),
  arms: list(ARM_IDS),
  regimes: list(REGIMES),
  window: z.coerce.number().int().min(13),
  stretch: z.coerce.number().int().min(1),
  model: z.enum(["offline", "env"]),
  judge: z.boolean(),
  locomo: z.string().min(1).optional(),
  out: z.string().min(1),
  "database-url": z.url().optional(),
  workers: z.coerce.number().int().min(1).max(16),
  sample: z.boolean(),
});

/** The checkout's commit, so a report says which code produced it; undefined outside git. */
function currentCommit(): string | undefined {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim() || undefined;
  } catch {
    return undefined;
  }
}

runCli(USAGE, async () => {
  const args = readArgs(options, argsSchema);
  const env = readConfig();
  const config = evalConfig(env, args.window);
  const choice = evalModel(config, args.model);
  if (args.judge && choice.kind === "offline") {
    throw new Error("--judge needs a real model: set OPENAI_API_KEY or OPENAI_BASE_URL (and leave --model at env).");
  }
  const source: CaseSource = args.locomo
    ? { kind: "locomo", samples: parseLocomo(JSON.parse(await readFile(args.locomo, "utf8"))), file: args.locomo }
    : { kind: "planted", threads: args.threads, regimes: args.regimes };
  const evaluation = { source, options: { arms: args.arms, window: args.window, stretch: args.stretch, seed: args.seed } };
  const databaseUrl = args["database-url"] ?? env.databaseUrl;

  const progress = progressReporter(process.stderr);
  const where = databaseUrl ? "fresh PostgreSQL databases" : "in-memory PGlite";
  console.error(`Evaluating with ${choice.label} on ${where}, ${args.workers} worker${args.workers === 1 ? "" : "s"}…`);
  const run = await runOn(evaluation, { config, databaseUrl, judge: args.judge, model: args.model }, args.workers, (e) =>
    progress.update(e),
  ).finally(() => progress.finish());
  const report: EvalReport = { ...run, ...(args.sample ? { sample: true } : {}), commit: currentCommit() };

  await mkdir(args.out, { recursive: true });
  await writeFile(path.join(args.out, "report.json"), `${JSON.stringify(report, null, 2)}\n`);
  await writeFile(path.join(args.out, "report.md"), reportMarkdown(report));
  console.log(summaryMarkdown(report));
  console.log(`\nWrote ${path.join(args.out, "report.json")} and report.md in ${duration(report.wallMs)}.`);
});

/** On worker threads, or in this process when one worker is asked for (easier to debug). */
async function runOn(
  evaluation: WorkerSetup["evaluation"],
  setup: Omit<WorkerSetup, "evaluation">,
  workers: number,
  onProgress: Parameters<typeof runEvaluationInWorkers>[2],
): Promise<EvalReport> {
  if (workers > 1) return runEvaluationInWorkers({ ...setup, evaluation }, workers, onProgress);
  const database = await openScratchDatabase({ purpose: "eval", databaseUrl: setup.databaseUrl });
  const choice = evalModel(setup.config, setup.model);
  return runEvaluation(
    { db: database.db, database: database.kind, choice, config: setup.config, judge: setup.judge ? choice.model : undefined, onProgress },
    evaluation,
  ).finally(() => database.close());
}
