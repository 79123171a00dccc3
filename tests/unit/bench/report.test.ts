import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { currentReadmeSection } from "@/lib/eval/readme";
import { BENCH_MARKERS, BENCH_SAMPLE, benchJsonSchema, benchReadmeSection, benchReportSchema, flatnessVerdict, type BenchRunRow } from "@/scripts/bench-report";

// The README's benchmark figures are regenerated, never copied: this fails
// when someone edits them by hand or commits a new report without running
// `npm run bench:readme`.

const ROOT = path.join(import.meta.dirname, "../../..");
const report = benchReportSchema.parse(JSON.parse(readFileSync(path.join(ROOT, BENCH_SAMPLE), "utf8")));
const readme = readFileSync(path.join(ROOT, "README.md"), "utf8");

const row = (over: Partial<BenchRunRow>): BenchRunRow => ({
  database: "pglite",
  messages: 1000,
  facts: 1000,
  otherFacts: 10_000,
  windowP50Ms: 2,
  bufferP50Ms: 1,
  bufferOverWindow: 0.5,
  recallP50Ms: 3,
  searchP50Ms: 4,
  turnP50Ms: 20,
  statementsPerTurn: 6,
  load: 1,
  ...over,
});

describe("the benchmark's report", () => {
  it("is what the README's section shows, exactly as npm run bench:readme writes it", () => {
    expect(currentReadmeSection(readme, BENCH_MARKERS)).toBe(benchReadmeSection(report, BENCH_SAMPLE));
  });

  it("comes from a clean commit and covers both databases at the issue's sizes", () => {
    expect(report.commit).toMatch(/^[0-9a-f]{12}$/);
    for (const database of ["pglite", "postgres"] as const) {
      expect(report.rows.filter((r) => r.database === database).map((r) => r.messages)).toEqual([1000, 10_000, 100_000]);
    }
  });

  it("keeps the --json document to the names the issue asked for", () => {
    const strict = { rows: [{ ...row({}), otherFacts: undefined, load: undefined }], cores: 2, loadAverage: [1, 1, 1] };
    const parsed = benchJsonSchema.parse(strict);
    expect(Object.keys(parsed.rows[0]).sort()).toEqual(
      ["database", "messages", "facts", "windowP50Ms", "bufferP50Ms", "bufferOverWindow", "recallP50Ms", "searchP50Ms", "turnP50Ms", "statementsPerTurn"].sort(),
    );
    expect(() => benchJsonSchema.parse({ rows: [{ database: "pglite" }], cores: 2, loadAverage: [1, 1, 1] })).toThrow();
  });

  it("calls the buffer flat only within the tolerance, and blames the machine when the window read moved as much", () => {
    const small = row({ bufferP50Ms: 1, windowP50Ms: 2 });
    expect(flatnessVerdict("pglite", [small, row({ messages: 100_000, bufferP50Ms: 1.1 })])).toMatch(/flat/);
    expect(flatnessVerdict("pglite", [small, row({ messages: 100_000, bufferP50Ms: 2, windowP50Ms: 4 })])).toMatch(/machine's load changed/);
    expect(flatnessVerdict("pglite", [small, row({ messages: 100_000, bufferP50Ms: 3, windowP50Ms: 2 })])).toMatch(/NOT flat/);
  });
});
