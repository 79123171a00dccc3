import { describe, expect, it } from "vitest";
import { eta, progressLine, progressReporter } from "@/lib/eval/progress";

const event = (casesDone: number) => ({ casesDone, casesTotal: 400, caseId: "planted-1-007/inside", step: "arm C" });

describe("progress", () => {
  it("estimates the time left from the pace so far", () => {
    expect(eta(0, 400, 5_000)).toBeNull();
    expect(eta(100, 400, 60_000)).toBe(180_000);
  });

  it("draws a bar on a terminal and a plain line elsewhere", () => {
    expect(progressLine(event(100), 60_000, { bar: true })).toBe(
      "[██████░░░░░░░░░░░░░░░░░░] 100/400 threads · planted-1-007/inside · arm C · 1m 00s elapsed · ETA 3m 00s",
    );
    expect(progressLine(event(0), 1_000, { bar: false })).toBe("0/400 threads · planted-1-007/inside · arm C · 1s elapsed");
  });

  it("redraws in place on a terminal", () => {
    const written: string[] = [];
    const reporter = progressReporter({ isTTY: true, columns: 200, write: (t) => written.push(t) }, () => 0);
    reporter.update(event(1));
    reporter.update(event(2));
    reporter.finish();
    expect(written).toHaveLength(3);
    expect(written[0].startsWith("\r[")).toBe(true);
    expect(written[2]).toBe("\n");
  });

  it("writes a line now and then when not a terminal, and the last one always", () => {
    const written: string[] = [];
    let now = 0;
    const reporter = progressReporter({ isTTY: false, write: (t) => written.push(t) }, () => now);
    reporter.update(event(0));
    now = 5_000;
    reporter.update(event(10));
    now = 20_000;
    reporter.update(event(30));
    now = 21_000;
    reporter.update(event(400));
    reporter.finish();
    expect(written.map((line) => line.split(" ")[0])).toEqual(["0/400", "30/400", "400/400"]);
    expect(written.every((line) => line.endsWith("\n") && !line.includes("\r"))).toBe(true);
  });
});
