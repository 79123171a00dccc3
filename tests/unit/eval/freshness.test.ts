import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { evalReportSchema } from "@/lib/eval/report-schema";
import { SAMPLE_REPORT, changedSince } from "@/scripts/eval-freshness";

// The figures people read are current: the committed sample report names the
// commit it measured, and nothing that changes its figures changed in a commit
// since. When this fails, run `npm run eval:refresh` and commit what it wrote.

const ROOT = path.join(import.meta.dirname, "../../..");
const report = evalReportSchema.parse(JSON.parse(readFileSync(path.join(ROOT, SAMPLE_REPORT), "utf8")));

describe("the sample report", () => {
  it("names the clean commit it measured, the same one the Evaluation page shows", () => {
    expect(report.provenance?.commit).toMatch(/^[0-9a-f]{12}$/);
    expect(report.commit).toBe(report.provenance?.commit);
    expect(report.sample).toBe(true);
  });

  it("measured the code as it is: no file that changes its figures changed in a commit after that one", () => {
    const changed = changedSince(report.provenance!.commit);
    expect(changed, `changed since ${report.provenance!.commit}; run npm run eval:refresh and commit the sample with the README`).toEqual([]);
  });

  it("notices a change to the pipeline after a commit, and refuses what names no clean commit", () => {
    expect(() => changedSince("not-a-commit")).toThrow(/not a commit/);
    expect(() => changedSince(`${report.provenance!.commit}-dirty`)).toThrow(/not a commit/);
    // The last commit before the measured one that touched the offline model: from it on, the offline model changed.
    const touched = execFileSync("git", ["log", "-1", "--format=%h", "--abbrev=12", report.provenance!.commit, "--", "lib/models/offline"], { encoding: "utf8" }).trim();
    const before = execFileSync("git", ["rev-parse", "--short=12", `${touched}~1`], { encoding: "utf8" }).trim();
    expect(changedSince(before)).toEqual(expect.arrayContaining([expect.stringMatching(/^lib\/models\/offline\//)]));
  });
});
