// Whether the committed sample report still measures the code: the files
// that change its figures (the pipeline under lib/ and the episodic-buffer
// package's core, the evaluation's generator and runner, the database
// schema) must not have changed in any commit after the one the report measured.
import { execFileSync } from "node:child_process";

/** Where the sample report lives: the README's figures and, on a fresh install, the Evaluation page come from it. */
export const SAMPLE_DIR = "eval-results-sample";
export const SAMPLE_REPORT = `${SAMPLE_DIR}/report.json`;

/** Paths whose changes can move the sample's figures. */
export const FIGURE_SOURCES = ["lib", "packages/episodic-buffer/src", "evaluation/planted", "scripts/eval.ts", "prisma"];

/** Under those, what only reads, formats or serves a report, or never runs in an evaluation. */
export const NOT_FIGURES = [
  "lib/eval/latest.ts",
  "lib/eval/readme.ts",
  "lib/eval/format.ts",
  "lib/auth",
  "lib/http",
  "lib/customers",
  "lib/workspaces",
  "lib/jobs",
  "lib/mcp",
  "lib/tokens",
  "packages/episodic-buffer/src/mcp.ts",
  "packages/episodic-buffer/src/memory.ts",
  "packages/episodic-buffer/src/middleware.ts",
  "packages/episodic-buffer/src/postgres.ts",
];

const git = (...args: string[]) => execFileSync("git", args, { encoding: "utf8" }).trim();

/** The files that change the figures and changed in a commit after `commit`; throws when the commit is not in this clone's history. */
export function changedSince(commit: string): string[] {
  if (!/^[0-9a-f]{7,40}$/.test(commit)) throw new Error(`"${commit}" is not a commit the sample could have measured (a dirty work tree?)`);
  git("cat-file", "-e", `${commit}^{commit}`);
  const changed = git("diff", "--name-only", `${commit}`, "HEAD", "--", ...FIGURE_SOURCES, ...NOT_FIGURES.map((p) => `:(exclude)${p}`));
  return changed ? changed.split("\n") : [];
}
