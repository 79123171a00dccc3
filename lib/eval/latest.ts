import { readFile } from "node:fs/promises";
import path from "node:path";
import { evalReportSchema, type EvalReport } from "@/lib/eval/report-schema";
import sampleReport from "@/eval-results-sample/report.json";

// The evaluation page reads the last report scripts/eval.ts wrote; nothing
// else keeps results, so a missing file simply means no run yet, and the page
// shows the small sample run that ships with the app instead.

export const DEFAULT_RESULTS_DIR = "eval-results";

const REPORT_NAME = "report.json";

/** Where the shipped sample lives; `npm run eval:refresh` rewrites it, and the README's figures with it. */
export const SAMPLE_REPORT_FILE = "eval-results-sample/report.json";

export type LatestReport =
  | { status: "missing"; file: string }
  | { status: "invalid"; file: string; problem: string }
  | { status: "ok"; file: string; report: EvalReport };

/** For the page: a real report when there is one, else the sample (`file` is then where a real run would write). */
export type ShownReport = Exclude<LatestReport, { status: "missing" }> | { status: "sample"; file: string; report: EvalReport };

/** EVAL_RESULTS_DIR, relative to the working directory; eval-results by default. */
export function resultsDir(env: Record<string, string | undefined> = process.env): string {
  return env.EVAL_RESULTS_DIR || DEFAULT_RESULTS_DIR;
}

// The results folder is chosen at run time, so the build must not trace it (it would trace the whole project).
const reportFile = (dir: string) => path.join(/*turbopackIgnore: true*/ dir, REPORT_NAME);

async function readReportText(file: string): Promise<string | null> {
  try {
    return await readFile(path.resolve(/*turbopackIgnore: true*/ process.cwd(), file), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/** The report in `dir`, validated with the schema the writer used. */
export async function readLatestReport(dir: string): Promise<LatestReport> {
  const file = reportFile(dir);
  const text = await readReportText(file);
  if (text === null) return { status: "missing", file };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { status: "invalid", file, problem: `not JSON: ${(error as Error).message}` };
  }
  return validated(json, file);
}

function validated(json: unknown, file: string): Exclude<LatestReport, { status: "missing" }> {
  const parsed = evalReportSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.slice(0, 3).map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`);
    return { status: "invalid", file, problem: problems.join("; ") };
  }
  return { status: "ok", file, report: parsed.data };
}

/** The latest report in `dir`, or the sample that ships with the app when no run has written one. */
export async function readShownReport(dir: string): Promise<ShownReport> {
  const latest = await readLatestReport(dir);
  if (latest.status !== "missing") return latest;
  const sample = validated(sampleReport, SAMPLE_REPORT_FILE);
  return sample.status === "ok" ? { status: "sample", file: latest.file, report: sample.report } : sample;
}
