// How the evaluation's numbers are written, shared by report.md, the console
// summary and the evaluation page so all three read the same.

export function percent(rate: number): string {
  return `${(rate * 100).toFixed(1)}%`;
}

/** "55.1–69.3%" */
export function percentInterval(low: number, high: number): string {
  return `${(low * 100).toFixed(1)}–${(high * 100).toFixed(1)}%`;
}

/** A difference of two rates in percentage points, signed: "+12.5 pp". */
export function points(diff: number): string {
  const value = diff * 100;
  const sign = value > 0.05 ? "+" : value < -0.05 ? "−" : "±";
  return `${sign}${Math.abs(value).toFixed(1)} pp`;
}

/** "[−3.0, +12.5] pp" */
export function pointsInterval(low: number, high: number): string {
  const signed = (v: number) => `${v < -0.0005 ? "−" : v > 0.0005 ? "+" : ""}${Math.abs(v * 100).toFixed(1)}`;
  return `[${signed(low)}, ${signed(high)}] pp`;
}

export function pValue(p: number): string {
  return p < 0.001 ? "<0.001" : p.toFixed(3);
}

/** Counts and token figures: integers stay integers, means get one decimal. */
export function figure(value: number): string {
  return Number.isInteger(value) ? value.toLocaleString("en-US") : value.toLocaleString("en-US", { maximumFractionDigits: 1, minimumFractionDigits: 1 });
}

export function milliseconds(value: number): string {
  return value >= 100 ? `${Math.round(value)} ms` : `${value.toFixed(1)} ms`;
}

/** "4m 05s", "12s" */
export function duration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  const minutes = Math.floor(seconds / 60);
  return minutes > 0 ? `${minutes}m ${String(seconds % 60).padStart(2, "0")}s` : `${seconds}s`;
}

/** A GitHub-style table with padded columns, readable as plain text too. */
export function markdownTable(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const clean = (cell: string) => cell.replace(/\|/g, "\\|").replace(/\s*\n\s*/g, " ");
  const all = [header, ...rows].map((row) => row.map(clean));
  const widths = header.map((_, c) => Math.max(3, ...all.map((row) => (row[c] ?? "").length)));
  const line = (row: readonly string[]) => `| ${widths.map((w, c) => (row[c] ?? "").padEnd(w)).join(" | ")} |`;
  return [line(all[0]), `| ${widths.map((w) => "-".repeat(w)).join(" | ")} |`, ...all.slice(1).map(line)].join("\n");
}
