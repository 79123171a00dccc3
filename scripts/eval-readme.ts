// Rewrites the README's evaluation section from a report.json (default: the
// committed sample), so the figures there always come from a real run.
import { readFile, writeFile } from "node:fs/promises";
import { readmeSection, withReadmeSection } from "@/lib/eval/readme";
import { evalReportSchema } from "@/lib/eval/report-schema";

export const SAMPLE_REPORT = "eval-results-sample/report.json";

async function main() {
  const reportPath = process.argv[2] ?? SAMPLE_REPORT;
  const report = evalReportSchema.parse(JSON.parse(await readFile(reportPath, "utf8")));
  const readme = await readFile("README.md", "utf8");
  await writeFile("README.md", withReadmeSection(readme, readmeSection(report, reportPath)));
  console.log(`README.md's evaluation section now shows ${reportPath} (commit ${report.provenance?.commit ?? "unknown"}).`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
