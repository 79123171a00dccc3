import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { measuredSets, tuningLines } from "@/scripts/scan-corpora";
import { byFamily, frozenFingerprint, measureSets, README_FILE, readmeWith, REPORT_FILE, totals, type ScanReport } from "@/scripts/scan-report";

// The per-source figures the README quotes, measured again on every run: the
// frozen scan is run over every set gathered after the freeze, and the
// figures must be the committed report's, set by set, style by style and
// family by family. The scan that earned them must be the one in the tree
// (its files hash to the report's fingerprint), so a change to the scan, its
// weights or its tuning lines fails here until it is frozen and measured
// again. `npm run scan:report` checks with git that the sets came after the
// freeze and writes the report and the README section.

const committed = JSON.parse(readFileSync(REPORT_FILE, "utf8")) as ScanReport;

describe("the injection scan's measured figures", () => {
  const measured = measureSets();

  it("come from the scan in the tree: its frozen files are the ones the report measured", () => {
    expect(frozenFingerprint()).toBe(committed.protocol.fingerprint);
  });

  it("are the committed report's, set by set, style by style and family by family", () => {
    expect(measured).toEqual(committed.sets);
    expect(totals(measured)).toEqual(committed.totals);
    expect(byFamily()).toEqual(committed.families);
  });

  it("are the README's, as the script writes them from the committed report", () => {
    const readme = readFileSync(README_FILE, "utf8");
    expect(readmeWith(readme, committed)).toBe(readme);
  });

  it("name the source of every set and the family of every attack", () => {
    expect(measured.length).toBeGreaterThan(0);
    expect(measured.every((set) => set.sources.length > 0 && set.sources.every(Boolean))).toBe(true);
    expect(measuredSets().flatMap((set) => set.lines.filter((line) => line.kind === "attack" && !line.family))).toEqual([]);
  });

  it("name the commit that froze the rules and the freeze the sets were added after, and come from sets that share no line with the tuning set", () => {
    expect(committed.protocol).toEqual({
      frozenAt: expect.stringMatching(/^[0-9a-f]{40}$/),
      frozenOn: expect.any(String),
      setsAddedAfter: expect.stringMatching(/^[0-9a-f]{40}$/),
      setsAddedAfterOn: expect.any(String),
      fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const tuning = new Set(tuningLines().map((line) => line.text));
    expect(measuredSets().flatMap((set) => set.lines.filter((line) => tuning.has(line.text)).map((line) => line.text))).toEqual([]);
  });
});
