import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readLatestReport, resultsDir } from "@/lib/eval/latest";

describe("readLatestReport", () => {
  it("reads EVAL_RESULTS_DIR, eval-results by default", () => {
    expect(resultsDir({})).toBe("eval-results");
    expect(resultsDir({ EVAL_RESULTS_DIR: "" })).toBe("eval-results");
    expect(resultsDir({ EVAL_RESULTS_DIR: "e2e/fixtures" })).toBe("e2e/fixtures");
  });

  it("reads the committed fixture report, which the shared schema accepts", async () => {
    const latest = await readLatestReport("e2e/fixtures");
    expect(latest).toMatchObject({ status: "ok", file: path.join("e2e/fixtures", "eval-report.json") });
    expect(latest.status === "ok" && latest.report.cases.length).toBeGreaterThan(0);
  });

  it("says missing when no run has written a report", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "eval-"));
    expect(await readLatestReport(dir)).toEqual({ status: "missing", file: path.join(dir, "report.json") });
  });

  it("refuses a file that is not a report, naming the problem", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "eval-"));
    await writeFile(path.join(dir, "report.json"), JSON.stringify({ version: 2 }));
    const latest = await readLatestReport(dir);
    expect(latest.status).toBe("invalid");
    expect(latest.status === "invalid" && latest.problem).toMatch(/version/);
    await writeFile(path.join(dir, "report.json"), "{");
    expect(await readLatestReport(dir)).toMatchObject({ status: "invalid", problem: expect.stringMatching(/^not JSON/) });
  });
});
