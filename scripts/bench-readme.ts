// Rewrites the README's benchmark figures from a report `npm run bench -- --out` wrote (default: the committed sample).
import { readFile, writeFile } from "node:fs/promises";
import { withReadmeSection } from "@/lib/eval/readme";
import { BENCH_MARKERS, BENCH_SAMPLE, benchReadmeSection, benchReportSchema } from "@/scripts/bench-report";

async function main() {
  const reportPath = process.argv[2] ?? BENCH_SAMPLE;
  const report = benchReportSchema.parse(JSON.parse(await readFile(reportPath, "utf8")));
  const readme = await readFile("README.md", "utf8");
  await writeFile("README.md", withReadmeSection(readme, benchReadmeSection(report, reportPath), BENCH_MARKERS));
  console.log(`README.md's benchmark section now shows ${reportPath} (commit ${report.commit}).`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
