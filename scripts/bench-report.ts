// The benchmark's report: a stop's row from its timings, the table and the
// verdicts printed after a run, the `--json` document (the row
// names), the fuller report `--out` writes (each row with the other
// workspaces' facts and the load average when it was taken), and the README
// section `npm run bench:readme` writes from it, so no figure there is copied
// by hand.
import os from "node:os";
import { z } from "zod";
import type { ReadmeMarkers } from "@/lib/eval/readme";
import { quantile } from "@/lib/eval/stats";
import type { StopTimings } from "@/scripts/bench-time";

export const BENCH_SAMPLE = "bench-results-sample/report.json";
export const BENCH_MARKERS: ReadmeMarkers = { start: "<!-- bench:start -->", end: "<!-- bench:end -->" };
/** The buffer's added cost counts as flat when it moves less than this from the smallest thread to the largest. */
export const FLAT_TOLERANCE = 0.2;

const ms = z.number().nonnegative();
const count = z.number().int().nonnegative();

export const benchRowSchema = z.object({
  database: z.enum(["pglite", "postgres"]),
  messages: count,
  facts: count,
  windowP50Ms: ms,
  bufferP50Ms: z.number(),
  bufferOverWindow: z.number(),
  recallP50Ms: ms,
  searchP50Ms: ms,
  turnP50Ms: ms,
  statementsPerTurn: z.number().nonnegative(),
});
export type BenchRow = z.infer<typeof benchRowSchema>;

const loadAverage = z.array(z.number().nonnegative()).length(3);

/** What `--json` prints. */
export const benchJsonSchema = z.object({ rows: z.array(benchRowSchema), cores: z.number().int().positive(), loadAverage });

export const benchRunRowSchema = benchRowSchema.extend({
  otherFacts: count,
  /** The one-minute load average when the row was measured. */
  load: z.number().nonnegative(),
});
export type BenchRunRow = z.infer<typeof benchRunRowSchema>;

/** What `--out` writes. */
export const benchReportSchema = z.object({
  version: z.literal(1),
  createdAt: z.iso.datetime(),
  commit: z.string(),
  cores: z.number().int().positive(),
  /** 1, 5 and 15 minutes, at the end of the run. */
  loadAverage,
  wallMs: ms,
  rows: z.array(benchRunRowSchema).min(1),
});
export type BenchReport = z.infer<typeof benchReportSchema>;

export const thousands = (n: number) => n.toLocaleString("en-US");
const millis = (n: number) => `${n.toFixed(2)} ms`;
const round = (n: number, digits = 3) => Math.round(n * 10 ** digits) / 10 ** digits;
const p50 = (values: readonly number[]) => quantile([...values].sort((a, b) => a - b), 0.5);

/** A stop's row: each kind's median, and the buffer's as a share of the window read's; `load` the one-minute load average. */
export function benchRow(
  database: BenchRow["database"],
  counts: Pick<BenchRunRow, "messages" | "facts" | "otherFacts">,
  timings: StopTimings,
  load: number,
): BenchRunRow {
  const windowP50Ms = p50(timings.window);
  const bufferP50Ms = p50(timings.buffer);
  return {
    database,
    messages: counts.messages,
    facts: counts.facts,
    windowP50Ms: round(windowP50Ms),
    bufferP50Ms: round(bufferP50Ms),
    bufferOverWindow: round(bufferP50Ms / windowP50Ms),
    recallP50Ms: round(p50(timings.recall)),
    searchP50Ms: round(p50(timings.search)),
    turnP50Ms: round(p50(timings.turnServer)),
    statementsPerTurn: p50(timings.turnStatements),
    otherFacts: counts.otherFacts,
    load,
  };
}

/** The machine a run is on: its cores, and its load average over 1, 5 and 15 minutes now. */
export type Machine = { cores: number; loadAverage: number[] };

export function machineNow(): Machine {
  return { cores: os.cpus().length, loadAverage: os.loadavg().map((l) => round(l, 2)) };
}

/** What `--json` prints: the rows without what only the fuller report keeps. */
export function benchJson(rows: readonly BenchRunRow[], machine: Machine): z.infer<typeof benchJsonSchema> {
  const strip = ({ otherFacts: _o, load: _l, ...row }: BenchRunRow): BenchRow => row;
  return benchJsonSchema.parse({ rows: rows.map(strip), ...machine });
}

/** What `--out` writes. */
export function benchReport(rows: BenchRunRow[], machine: Machine, run: { commit: string; wallMs: number }): BenchReport {
  return benchReportSchema.parse({ version: 1, createdAt: new Date().toISOString(), commit: run.commit, ...machine, wallMs: round(run.wallMs, 0), rows });
}

/** The lines printed under the table. */
export function benchFooter(rows: readonly BenchRunRow[], machine: Machine, run: { postgres: boolean; wallMs: number }): string[] {
  return [
    ...benchVerdicts(rows),
    ...(run.postgres ? [] : ["PostgreSQL skipped: set DATABASE_URL to a server to benchmark it too."]),
    "Statements per turn: those the app's client sent for a turn (the job queue's own insert for the memory pass comes on top).",
    `Load average ${machine.loadAverage.map((l) => l.toFixed(2)).join(" / ")} (1 / 5 / 15 min) on ${machine.cores} cores; total ${(run.wallMs / 1000).toFixed(1)} s.`,
  ];
}

export function benchTable(rows: readonly BenchRunRow[]): string {
  const header = ["database", "messages", "facts", "other facts", "window p50", "buffer added p50", "added/window", "recall p50", "search p50", "turn p50", "statements/turn", "load (1 min)"];
  const cells = rows.map((r) => [
    r.database,
    thousands(r.messages),
    thousands(r.facts),
    thousands(r.otherFacts),
    millis(r.windowP50Ms),
    millis(r.bufferP50Ms),
    `${r.bufferOverWindow.toFixed(2)}×`,
    millis(r.recallP50Ms),
    millis(r.searchP50Ms),
    millis(r.turnP50Ms),
    String(r.statementsPerTurn),
    r.load.toFixed(2),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  // The name column reads left-aligned, the numbers right-aligned.
  const line = (c: string[]) => c.map((v, i) => (i === 0 ? v.padEnd(widths[i]) : v.padStart(widths[i]))).join("  ");
  return [line(header), ...cells.map(line)].join("\n");
}

/** Whether the buffer's added cost stayed flat as the thread grew, with the window read as the control for machine noise. */
export function flatnessVerdict(database: string, rows: readonly BenchRunRow[]): string {
  if (rows.length < 2) return `${database}: one size only, so nothing to say about growth.`;
  const smallest = rows[0];
  const largest = rows[rows.length - 1];
  const growth = largest.bufferP50Ms / smallest.bufferP50Ms;
  const windowGrowth = largest.windowP50Ms / smallest.windowP50Ms;
  const what = `${database}: buffer added p50 at ${thousands(largest.messages)} ÷ at ${thousands(smallest.messages)} messages = ${growth.toFixed(2)}× (window ${windowGrowth.toFixed(2)}×)`;
  if (Math.abs(growth - 1) <= FLAT_TOLERANCE) return `${what}: flat (within ±${FLAT_TOLERANCE * 100}%).`;
  // The window read takes 30 rows off an index at every size, so it is the
  // control: when it moved about as much, the machine's load changed, not the buffer's cost.
  if (Math.abs(growth / windowGrowth - 1) <= FLAT_TOLERANCE) {
    return `${what}: the window read moved about as much, so the machine's load changed, not the buffer's cost; re-run on a quiet machine to confirm.`;
  }
  return `${what}: NOT flat; check the episode queries with EXPLAIN ANALYZE.`;
}

export function benchVerdicts(rows: readonly BenchRunRow[]): string[] {
  const databases = [...new Set(rows.map((r) => r.database))];
  return databases.map((database) => flatnessVerdict(database, rows.filter((r) => r.database === database)));
}

/** The README's figures, markers included. */
export function benchReadmeSection(report: BenchReport, reportPath: string): string {
  return [
    BENCH_MARKERS.start,
    "<!-- Written by `npm run bench:readme`; edits here are overwritten. -->",
    "",
    `From \`${reportPath}\`: commit \`${report.commit}\`, ${report.createdAt.slice(0, 16).replace("T", " ")} UTC, ${report.cores} cores, ` +
      `${(report.wallMs / 60_000).toFixed(1)} min; load average at the end ${report.loadAverage.map((l) => l.toFixed(2)).join(" / ")} (1 / 5 / 15 min), each row's own beside it.`,
    "",
    "```",
    benchTable(report.rows),
    "```",
    "",
    ...benchVerdicts(report.rows).map((line) => `- ${line}`),
    BENCH_MARKERS.end,
  ].join("\n");
}
