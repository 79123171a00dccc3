import { isoDay } from "@/lib/contracts/prompt/common";

// Dates render the same on the server and in the browser (UTC, like the
// prompts), so hydration never disagrees across time zones.

export function day(date: Date | string): string {
  return isoDay(new Date(date));
}

/** "2026-10-02 14:03 UTC" */
export function dayAndTime(date: Date | string): string {
  return `${new Date(date).toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/** "2026-10-02" or "2026-10-02 – 2026-10-11" */
export function dayRange(from: Date | string, to: Date | string): string {
  const [a, b] = [day(from), day(to)];
  return a === b ? a : `${a} – ${b}`;
}

/** "#12–#19", or "#12" for a single message. */
export function seqRange(fromSeq: number, toSeq: number): string {
  return fromSeq === toSeq ? `#${fromSeq}` : `#${fromSeq}–#${toSeq}`;
}

export function ms(value: number): string {
  return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`;
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
