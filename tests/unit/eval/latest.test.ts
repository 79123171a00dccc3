import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readLatestReport, readShownReport, resultsDir, SAMPLE_REPORT_FILE } from "@/lib/eval/latest";

const made: string[] = [];
/** A results folder of the test's own, removed when the file's tests are done. */
async function resultsFolder(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "eval-"));
  made.push(dir);
  return dir;
}
afterAll(() => Promise.all(made.map((dir) => rm(dir, { recursive: true, force: true }))));

describe("readLatestReport", () => {
  it("reads EVAL_RESULTS_DIR, eval-results by default", () => {
    expect(resultsDir({})).toBe("eval-results");
    expect(resultsDir({ EVAL_RESULTS_DIR: "" })).toBe("eval-results");
    expect(resultsDir({ EVAL_RESULTS_DIR: "runs/latest" })).toBe("runs/latest");
  });

  it("reads the shipped sample report, which the shared schema accepts and which says it is a sample", async () => {
    const latest = await readLatestReport(path.dirname(SAMPLE_REPORT_FILE));
    expect(latest).toMatchObject({ status: "ok", file: SAMPLE_REPORT_FILE });
    expect(latest.status === "ok" && latest.report.cases.length).toBeGreaterThan(0);
    expect(latest.status === "ok" && latest.report.sample).toBe(true);
    expect(latest.status === "ok" && latest.report.commit).toMatch(/^[0-9a-f]{7,40}$/);
  });

  it("shows the sample when no run has written a report, and a real report when one has", async () => {
    const dir = await resultsFolder();
    const shown = await readShownReport(dir);
    expect(shown).toMatchObject({ status: "sample", file: path.join(dir, "report.json") });
    const sample = shown.status === "sample" ? shown.report : null;
    const real = { ...sample!, sample: undefined, createdAt: "2026-01-01T00:00:00.000Z" };
    await writeFile(path.join(dir, "report.json"), JSON.stringify(real));
    expect(await readShownReport(dir)).toMatchObject({ status: "ok", report: { createdAt: real.createdAt } });
  });

  it("says missing when no run has written a report", async () => {
    const dir = await resultsFolder();
    expect(await readLatestReport(dir)).toEqual({ status: "missing", file: path.join(dir, "report.json") });
  });

  it("refuses a file that is not a report, naming the problem", async () => {
    const dir = await resultsFolder();
    await writeFile(path.join(dir, "report.json"), JSON.stringify({ version: 2 }));
    const latest = await readLatestReport(dir);
    expect(latest.status).toBe("invalid");
    expect(latest.status === "invalid" && latest.problem).toMatch(/version/);
    await writeFile(path.join(dir, "report.json"), "{");
    expect(await readLatestReport(dir)).toMatchObject({ status: "invalid", problem: expect.stringMatching(/^not JSON/) });
  });
});
