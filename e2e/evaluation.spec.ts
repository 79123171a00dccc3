import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@/e2e/support/fixtures";
import { evalReportSchema } from "@/lib/eval/report-schema";

// The server's EVAL_RESULTS_DIR holds no report, as on a fresh install, so the
// page shows the sample report of a real 12-thread run that ships with the app.
const report = evalReportSchema.parse(JSON.parse(readFileSync(path.join(import.meta.dirname, "../eval-results-sample/report.json"), "utf8")));

test("on a fresh install the evaluation page charts the shipped sample, says it is one, and lists the costs", async ({ page }, testInfo) => {
  await page.goto("/evaluation");
  await expect(page.getByRole("heading", { name: "Evaluation", level: 1 })).toBeVisible();
  const notice = page.getByTestId("evaluation-sample");
  await expect(notice).toContainText("Sample");
  await expect(notice).toContainText("npm run eval");
  await expect(notice.getByTestId("sample-commit")).toHaveText(report.commit!);
  await expect(page.getByTestId("run-summary")).toContainText(report.model.label);

  const chart = page.getByTestId("accuracy-chart");
  await expect(chart).toBeVisible();
  const bars = chart.getByTestId("accuracy-bar");
  await expect(bars).toHaveCount(report.arms.length * report.regimes.length);
  for (const { id } of report.arms) {
    for (const regime of report.regimes) {
      await expect(chart.locator(`[data-testid="accuracy-bar"][data-arm="${id}"][data-regime="${regime}"]`)).toHaveCount(1);
    }
  }

  // Every arm in every position, each cell saying its count out of the group's questions.
  const grid = page.getByTestId("position-grid");
  await expect(grid.getByTestId("position-cell")).toHaveCount(report.arms.length * report.groups!.length);
  const cell = report.byGroup!.find((row) => row.arm === "C" && row.value === report.groups![0])!;
  await expect(grid.locator(`[data-arm="C"][data-group="${report.groups![0]}"]`)).toContainText(`${cell.correct.count}/${cell.correct.n}`);
  await grid.screenshot({ path: testInfo.outputPath("position-grid.png") });

  const comparisons = page.getByTestId("comparisons-table");
  await expect(comparisons.locator("tbody tr")).toHaveCount(report.comparisons.length);
  await expect(comparisons).toContainText("C − A");

  const costs = page.getByTestId("costs-table");
  await expect(costs.getByTestId("cost-row")).toHaveCount(report.arms.length);
  await expect(costs).toContainText("Prompt tokens");
  await expect(costs).toContainText("Compressor");

  await page.screenshot({ path: testInfo.outputPath("evaluation.png"), fullPage: true });
});
