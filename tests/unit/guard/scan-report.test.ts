import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { measuredSets, tuningLines } from "@/scripts/scan-corpora";
import { measureSets, README_FILE, readmeWith, REPORT_FILE, totals, type ScanReport } from "@/scripts/scan-report";

// The scan's figures on the sets gathered after its rules were frozen are the
// committed report's: a change to the scan that moves any of them must come
// with the report `npm run scan:report` writes, so the README never quotes a
// figure the code no longer earns. The script itself checks, with git, that
// the scan is the frozen one and that the sets came after the freeze.

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

  it("name the commit that froze the rules, and come from sets added after it that share no line with the tuning set", () => {
    expect(committed.protocol).toEqual({ frozenAt: expect.stringMatching(/^[0-9a-f]{40}$/), frozenOn: expect.any(String), measuredSetsAddedAfter: true });
    const tuning = new Set(tuningLines().map((line) => line.text));
    expect(measuredSets().flatMap((set) => set.lines.filter((line) => tuning.has(line.text)).map((line) => line.text))).toEqual([]);
  });
});
