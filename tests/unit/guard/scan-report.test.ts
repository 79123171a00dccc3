import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { measureSets, README_FILE, readmeWith, REPORT_FILE, totals, type ScanReport } from "@/scripts/scan-report";

// The scan's figures on the sets gathered after its rules were frozen are the
// committed report's: a change to the scan that moves any of them must come
// with the report `npm run scan:report` writes, so the README never quotes a
// figure the code no longer earns.

const committed = JSON.parse(readFileSync(REPORT_FILE, "utf8")) as ScanReport;

describe("the injection scan's measured figures", () => {
  const measured = measureSets();

  it("are the committed report's, set by set and style by style", () => {
    expect(measured).toEqual(committed.sets);
    expect(totals(measured)).toEqual(committed.totals);
  });

  it("are the README's, as the script writes them from the committed report", () => {
    const readme = readFileSync(README_FILE, "utf8");
    expect(readmeWith(readme, committed)).toBe(readme);
  });

  it("name the source of every set", () => {
    expect(measured.every((set) => set.sources.length > 0 && set.sources.every(Boolean))).toBe(true);
  });
});
