// Rewrites the README's quick-start figures from a report `npm run demo:measure` wrote (default: the committed sample).
import { readFile, writeFile } from "node:fs/promises";
import { withReadmeSection } from "@/lib/eval/readme";
import { FIRST_RUN_MARKERS, FIRST_RUN_SAMPLE, firstRunReadmeSection, firstRunReportSchema } from "@/scripts/first-run-report";

async function main() {
  const reportPath = process.argv[2] ?? FIRST_RUN_SAMPLE;
  const report = firstRunReportSchema.parse(JSON.parse(await readFile(reportPath, "utf8")));
  const readme = await readFile("README.md", "utf8");
  await writeFile("README.md", withReadmeSection(readme, firstRunReadmeSection(report, reportPath), FIRST_RUN_MARKERS));
  console.log(`README.md's quick-start figures now show ${reportPath} (commit ${report.commit}).`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
