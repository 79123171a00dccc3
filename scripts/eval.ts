// One command for the evaluation (design §08): generated planted-fact
// threads, a case file, or a LoCoMo file, asked under every arm through the
// real turn pipeline, with report.json, report.md and a summary table as the
// result. Each finished case is appended to results.jsonl next to the
// report, so `--resume` continues a run that crashed or was stopped.
import { DEFAULT_EVAL_THREADS } from "@/lib/eval/defaults";
import { appendFile, mkdir, readFile, writeFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import path from "node:path";
import { z } from "zod";
import { readConfig } from "@/lib/config";
import { ARM_IDS } from "@/lib/eval/arms";
import { caseFileText, readCaseFileText } from "@/lib/eval/case-file";
import { openScratchDatabase } from "@/lib/db/scratch";
import { estimateRun, parsePrice, priceFor } from "@/lib/eval/estimate";
import { duration, figure } from "@/lib/eval/format";
import { MIN_WINDOW, plantedSource } from "@/evaluation/planted/generator";
import { POSITIONS } from "@/lib/eval/positions";
import { parseLocomo } from "@/lib/eval/locomo";
import { inCaseOrder, runCasesInWorkers, type WorkerSetup } from "@/lib/eval/parallel";
import { progressReporter } from "@/lib/eval/progress";
import { reportMarkdown, summaryMarkdown } from "@/lib/eval/report";
import { caseResultSchema, type CaseResult, type EvalReport } from "@/lib/eval/report-schema";
import {
  DEFAULT_STRETCH,
  DEFAULT_WINDOW,
  casesFor,
  evaluationReport,
  probeKey,
  runCases,
  type CaseSource,
  type Evaluation,
  type RunHooks,
} from "@/lib/eval/run";
import { evalConfig, evalModels } from "@/lib/eval/setup";
import { MODEL_ROLES } from "@/lib/models/roles";
import { currentCommit, readArgs, runCli } from "@/scripts/thread-cli";

// PGlite runs on the thread that opened it: one worker per core, and two
// already halve a run on the small machines this is meant to run on.
const DEFAULT_WORKERS = Math.min(2, availableParallelism());
/** Ten threads per position: 65 s on two idle cores with the offline model, a few minutes on busy ones. */
const DEFAULT_THREADS = DEFAULT_EVAL_THREADS;
/** A remote model's typical call, for the time estimate. */
const SECONDS_PER_REMOTE_CALL = 2.5;

const USAGE =
  `npm run eval -- [--threads ${DEFAULT_THREADS}] [--seed 1] [--arms A,B,C,D,E] [--positions ${POSITIONS.join(",")}] [--window 30] [--stretch 6] ` +
  "[--cases file.json | --locomo file.json] [--write-cases file.json] [--model offline|env] [--judge] [--price IN,OUT] " +
  "[--concurrency 1] [--resume] [--out eval-results] [--database-url postgres://…] [--workers 2] [--sample]";

const options = {
  threads: { type: "string", default: String(DEFAULT_THREADS) },
  seed: { type: "string", default: "1" },
  arms: { type: "string", default: ARM_IDS.join(",") },
  positions: { type: "string", default: POSITIONS.join(",") },
  cases: { type: "string" },
  "write-cases": { type: "string" },
  price: { type: "string" },
  concurrency: { type: "string", default: "1" },
  resume: { type: "boolean", default: false },
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
  positions: list(POSITIONS),
  cases: z.string().min(1).optional(),
  "write-cases": z.string().min(1).optional(),
  price: z.string().optional(),
  concurrency: z.coerce.number().int().min(1).max(64),
  resume: z.boolean(),
  window: z.coerce.number().int().min(MIN_WINDOW),
  stretch: z.coerce.number().int().min(1),
  model: z.enum(["offline", "env"]),
  judge: z.boolean(),
  locomo: z.string().min(1).optional(),
  out: z.string().min(1),
  "database-url": z.url().optional(),
  workers: z.coerce.number().int().min(1).max(16),
  /** Stamps the report as the small sample the Evaluation page shows until a real run exists. */
  sample: z.boolean(),
});

runCli(USAGE, async () => {
  const args = readArgs(options, argsSchema);
  if (args.cases && args.locomo) throw new Error("--cases and --locomo each name the cases to run: give one.");
  const env = readConfig();
  const config = evalConfig(env, args.window);
  const runOptions = {
    arms: args.arms,
    window: args.window,
    stretch: args.stretch,
    seed: args.seed,
    bufferReach: config.bufferMaxLines * args.stretch,
    concurrency: args.concurrency,
  };
  const source: CaseSource = args.locomo
    ? { kind: "locomo", samples: parseLocomo(JSON.parse(await readFile(args.locomo, "utf8"))), file: args.locomo }
    : args.cases
      ? { kind: "file", file: args.cases, cases: readCaseFileText(await readFile(args.cases, "utf8"), args.cases).cases }
      : plantedSource(args.threads, args.positions, runOptions);
  const evaluation: Evaluation = { source, options: runOptions };

  if (args["write-cases"]) {
    if (source.kind !== "planted") throw new Error("--write-cases writes the generator's threads; leave out --cases and --locomo.");
    const cases = source.cases.map((generated) => generated.case);
    await writeFile(args["write-cases"], caseFileText({ cases }));
    console.log(`Wrote ${cases.length} cases to ${args["write-cases"]}; run them with \`npm run eval -- --cases ${args["write-cases"]}\`.`);
    return;
  }

  const models = evalModels(config, args.model);
  const choice = models.chat;
  if (args.judge && models.judge.kind === "offline") {
    throw new Error("--judge needs a real model: set OPENAI_API_KEY or OPENAI_BASE_URL (and leave --model at env).");
  }
  const cases = casesFor(evaluation);
  if (choice.kind !== "offline") {
    const price = args.price ? parsePrice(args.price) : priceFor(choice.modelId);
    const estimate = estimateRun(cases, {
      ...runOptions,
      judge: args.judge,
      price,
      secondsPerCall: SECONDS_PER_REMOTE_CALL,
      parallel: args.workers * args.concurrency,
    });
    const cost = estimate.dollars === null ? `no price known for ${choice.modelId} (pass --price IN,OUT per million tokens)` : `about $${estimate.dollars.toFixed(2)}`;
    console.error(
      `Estimate for ${cases.length} cases on ${choice.modelId}: ~${figure(estimate.calls)} model calls, ` +
        `~${figure(estimate.inputTokens)} input and ~${figure(estimate.outputTokens)} output tokens, ${cost}, ` +
        `~${duration(estimate.seconds * 1000)} at ${args.workers * args.concurrency} in parallel. Ctrl-C stops; --resume continues.`,
    );
  }

  await mkdir(args.out, { recursive: true });
  const journal = path.join(args.out, "results.jsonl");
  // Other roles' models are named only when they differ from the chat model, so a journal written before roles still resumes.
  const others = MODEL_ROLES.filter((role) => models[role].modelId !== choice.modelId).map((role) => `${role}=${models[role].modelId}`);
  const header = JSON.stringify({
    run: { source: source.kind, file: "file" in source ? source.file : null, ...runOptions, concurrency: undefined, model: choice.modelId, ...(others.length > 0 ? { roles: others } : {}), judge: args.judge, threads: args.threads, positions: args.positions },
  });
  const resumed = args.resume ? await readJournal(journal, header) : [];
  if (!args.resume) await writeFile(journal, `${header}\n`);
  let appended: Promise<void> = Promise.resolve();
  const hooks: RunHooks = {
    done: new Set(resumed.map(probeKey)),
    // Appends one after another, so lines from two workers never interleave.
    onCaseResults: (results) => {
      appended = appended.then(() => appendFile(journal, results.map((r) => `${JSON.stringify(r)}\n`).join("")));
      return appended;
    },
  };
  const databaseUrl = args["database-url"] ?? env.databaseUrl;

  const progress = progressReporter(process.stderr);
  const where = databaseUrl ? "fresh PostgreSQL databases" : "in-memory PGlite";
  const again = resumed.length > 0 ? `, ${resumed.length} results resumed from ${journal}` : "";
  console.error(`Evaluating with ${choice.label} on ${where}, ${args.workers} worker${args.workers === 1 ? "" : "s"}${again}…`);
  const started = performance.now();
  const fresh = await runOn(evaluation, { config, databaseUrl, judge: args.judge, model: args.model }, args.workers, hooks, (e) =>
    progress.update(e),
  ).finally(() => progress.finish());
  await appended;
  const report = evaluationReport(
    evaluation,
    {
      models,
      database: databaseUrl ? "postgres" : "pglite",
      judge: args.judge,
      wallMs: performance.now() - started,
      provenance: { commit: currentCommit(), options: commandLine(), casesFile: args.cases ?? args.locomo ?? null },
    },
    inCaseOrder(evaluation, [...resumed, ...fresh]),
  );

  const stamped: EvalReport = { ...report, ...(args.sample ? { sample: true } : {}), commit: report.provenance?.commit ?? currentCommit() };
  await writeFile(path.join(args.out, "report.json"), `${JSON.stringify(stamped, null, 2)}\n`);
  await writeFile(path.join(args.out, "report.md"), reportMarkdown(stamped));
  console.log(summaryMarkdown(stamped));
  console.log(`\nWrote ${path.join(args.out, "report.json")} and report.md in ${duration(report.wallMs)}.`);
});

/** The results an earlier run of the same evaluation appended; a journal of another evaluation is refused rather than mixed in. */
async function readJournal(file: string, header: string): Promise<CaseResult[]> {
  const text = await readFile(file, "utf8").catch(() => null);
  if (text === null) throw new Error(`--resume: ${file} does not exist; start the run without --resume.`);
  const [first, ...lines] = text.split("\n").filter((line) => line.trim() !== "");
  if (first !== header) throw new Error(`--resume: ${file} is from a run with other options; rerun with those options, or without --resume to start over.`);
  // A line cut off by a crash is the case that was in flight; it runs again.
  return lines.flatMap((line) => {
    try {
      return [caseResultSchema.parse(JSON.parse(line))];
    } catch {
      return [];
    }
  });
}

/** Options that change nothing in the figures: where the report goes, and the database (its URL may hold a password). */
const NOT_RECORDED = ["--out", "--database-url"];

/** The options as given, less those that change nothing in the figures. */
function commandLine(): string {
  const given = process.argv.slice(2);
  const recorded = (arg: string | undefined) => !NOT_RECORDED.some((name) => arg === name || arg?.startsWith(`${name}=`));
  return given.filter((arg, i) => recorded(arg) && !(NOT_RECORDED.includes(given[i - 1] ?? "") && !arg.startsWith("--"))).join(" ");
}

/** The cases not already done, on worker threads, or in this process when one worker is asked for (easier to debug). */
async function runOn(
  evaluation: WorkerSetup["evaluation"],
  setup: Omit<WorkerSetup, "evaluation">,
  workers: number,
  hooks: RunHooks,
  onProgress: Parameters<typeof runCasesInWorkers>[2],
): Promise<CaseResult[]> {
  if (workers > 1) return runCasesInWorkers({ ...setup, evaluation }, workers, onProgress, hooks);
  const database = await openScratchDatabase({ purpose: "eval", databaseUrl: setup.databaseUrl });
  const models = evalModels(setup.config, setup.model);
  return runCases(
    { db: database.db, database: database.kind, models, config: setup.config, judge: setup.judge ? models.judge.model : undefined, onProgress },
    casesFor(evaluation),
    evaluation.options,
    hooks,
  ).finally(() => database.close());
}
