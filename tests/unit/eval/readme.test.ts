import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { currentReadmeSection, readmeSection, README_END, README_START, withReadmeSection } from "@/lib/eval/readme";
import { evalReportSchema } from "@/lib/eval/report-schema";

// The README's evaluation figures are regenerated, never copied: this fails
// when someone edits them by hand or commits a new sample without running
// `npm run eval:readme`.

const ROOT = path.join(import.meta.dirname, "../../..");
const SAMPLE = "eval-results-sample/report.json";
const report = evalReportSchema.parse(JSON.parse(readFileSync(path.join(ROOT, SAMPLE), "utf8")));
const readme = readFileSync(path.join(ROOT, "README.md"), "utf8");

describe("the README's evaluation section", () => {
  it("is exactly what npm run eval:readme writes from the committed sample report", () => {
    expect(currentReadmeSection(readme)).toBe(readmeSection(report, SAMPLE));
  });

  it("comes from a run of the new generator with every fact position, the far middle and the fits-window cost", () => {
    expect(report.groups).toEqual(expect.arrayContaining(["first-stretch", "far-middle", "middle", "before-window", "inside-window", "fits-window"]));
    expect(report.provenance?.commit).toMatch(/^[0-9a-f]{12}$/);
    const section = readmeSection(report, SAMPLE);
    expect(section).toContain("far-middle");
    expect(section).toContain("Fits the window");
  });

  it("replaces only what lies between the markers, and refuses a README without them", () => {
    const text = `intro\n${README_START}\nold\n${README_END}\noutro\n`;
    expect(withReadmeSection(text, `${README_START}\nnew\n${README_END}`)).toBe(`intro\n${README_START}\nnew\n${README_END}\noutro\n`);
    expect(() => withReadmeSection("no markers", "x")).toThrow(/markers/);
  });
});
