// Refreshes the evaluation's figures in one go: runs the sample on the
// offline model against the code as committed (a work tree with uncommitted
// changes to what moves the figures is refused, so the report's commit is the
// code it measured), then rewrites the README's evaluation section from it.
// Commit the sample and the README together afterwards.
import { execFileSync } from "node:child_process";
import { SAMPLE_DIR, FIGURE_SOURCES, NOT_FIGURES } from "@/scripts/eval-freshness";

const uncommitted = execFileSync("git", ["status", "--porcelain", "--", ...FIGURE_SOURCES, ...NOT_FIGURES.map((p) => `:(exclude)${p}`)], { encoding: "utf8" }).trim();
if (uncommitted) {
  console.error(`Commit these first, so the sample measures committed code:\n${uncommitted}`);
  process.exit(1);
}
const run = (script: string, args: string[]) => execFileSync("npx", ["tsx", script, ...args], { stdio: "inherit" });
run("scripts/eval.ts", ["--model", "offline", "--sample", "--out", SAMPLE_DIR]);
run("scripts/eval-readme.ts", []);
console.log(`Refreshed ${SAMPLE_DIR} and the README's evaluation section: commit them together.`);
