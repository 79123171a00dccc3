import { describe, expect, it } from "vitest";
import { stepSpans } from "@/scripts/first-run-report";

// The first-run report times a start step by step from the server's startup
// status: when each phase began, by the clock and in CPU time. The README
// shows how long each step took.

describe("a start's steps as the first-run report shows them", () => {
  it("run from the process's start to the first phase, then each phase to the next, the last to the end; a phase seen twice adds up where it last falls", () => {
    const steps = [
      { phase: "opening", atMs: 1000, cpuMs: 800 },
      { phase: "migrating", atMs: 3000, cpuMs: 2500 },
      { phase: "ready", atMs: 3200, cpuMs: 2600 },
      { phase: "queue", atMs: 3300, cpuMs: 2650 },
      { phase: "ready", atMs: 3800, cpuMs: 3000 },
    ] as const;
    expect(stepSpans([...steps], { atMs: 4500, cpuMs: 3500 }, { first: "boot", ready: "page" })).toEqual([
      { label: "boot", ms: 1000, cpuMs: 800 },
      { label: "create or open the database", ms: 2000, cpuMs: 1700 },
      { label: "migrations", ms: 200, cpuMs: 100 },
      { label: "job queue", ms: 500, cpuMs: 350 },
      { label: "page", ms: 800, cpuMs: 550 },
    ]);
  });

  it("start at the first phase when the clock did, and are none when the process reported no phase", () => {
    const steps = [{ phase: "opening", atMs: 0, cpuMs: 0 }] as const;
    expect(stepSpans([...steps], { atMs: 900, cpuMs: 700 }, { first: null, ready: "page" })).toEqual([{ label: "create or open the database", ms: 900, cpuMs: 700 }]);
    expect(stepSpans([], { atMs: 4500, cpuMs: 3500 }, { first: "boot", ready: "page" })).toEqual([]);
  });
});
