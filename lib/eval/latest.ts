import { readFile } from "node:fs/promises";
import path from "node:path";
import { evalReportSchema, type EvalReport } from "@/lib/eval/report-schema";

// The evaluation page reads the last report scripts/eval.ts wrote; nothing
// else keeps results, so a missing file simply means no run yet.

export const DEFAULT_RESULTS_DIR = "eval-results";

/**
 * What a results directory may hold: report.json as `npm run eval` writes
 * it, or eval-report.json, the name a committed report has among other
 * fixtures (e2e/fixtures).
 */
const REPORT_NAMES = ["report.json", "eval-report.json"];

export type LatestReport =
  | { status: "missing"; file: string }
  | { status: "invalid"; file: string; problem: string }
  | { status: "ok"; file: string; report: EvalReport };

/** EVAL_RESULTS_DIR, relative to the working directory; eval-results by default. */
export function resultsDir(env: Record<string, string | undefined> = process.env): string {
  return env.EVAL_RESULTS_DIR || DEFAULT_RESULTS_DIR;
}

async function readFirst(dir: string): Promise<{ file: string; text: string } | null> {
  for (const name of REPORT_NAMES) {
    const file = path.join(dir, name);
    try {
      return { file, text: await readFile(path.resolve(/*turbopackIgnore: true*/ process.cwd(), file), "utf8") };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  return null;
}

/** The report in `dir`, validated with the schema the writer used. */
export async function readLatestReport(dir: string): Promise<LatestReport> {
  const found = await readFirst(dir);
  if (!found) return { status: "missing", file: path.join(dir, REPORT_NAMES[0]) };
  const { file, text } = found;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { status: "invalid", file, problem: `not JSON: ${(error as Error).message}` };
  }
  const parsed = evalReportSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.slice(0, 3).map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`);
    return { status: "invalid", file, problem: problems.join("; ") };
  }
  return { status: "ok", file, report: parsed.data };
}
