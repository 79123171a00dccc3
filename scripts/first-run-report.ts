import { z } from "zod";
import type { ReadmeMarkers } from "@/lib/eval/readme";
import { startupStepSchema, type StartupStep } from "@/lib/db/startup-status";
import { DEMO_SUPPORT, DEMO_TURNS } from "@/lib/workspaces/demo-story";

// The first-run report (npm run demo:measure) and the README section made from it.

export const FIRST_RUN_MARKERS: ReadmeMarkers = { start: "<!-- first-run:start -->", end: "<!-- first-run:end -->" };

/** The report the README's figures come from unless another is named. */
export const FIRST_RUN_SAMPLE = "first-run-sample/report.json";

const loadSchema = z.tuple([z.number(), z.number(), z.number()]);
const ms = z.number().nonnegative();

/** How a start found its database: new and restored from the demo's snapshot (npm run demo), existing (every later start), or new and seeded by the server itself (npm start). */
export const START_KINDS = ["fresh", "existing", "seeding"] as const;

export const firstRunReportSchema = z.object({
  commit: z.string(),
  createdAt: z.iso.datetime(),
  cores: z.number().int().positive(),
  /** The build and the demo's snapshot, made side by side: `ms` is the wall time of the two together. */
  prepare: z.object({ ms, load: loadSchema }),
  build: z.object({
    ms,
    cpuMs: ms.nullable(),
    phases: z.object({ compile: ms, typecheck: ms, pageData: ms, staticPages: ms, cacheWrite: ms }).partial(),
  }),
  snapshot: z.object({ ms, cpuMs: ms, steps: z.array(startupStepSchema) }),
  starts: z.array(
    z.object({
      database: z.enum(START_KINDS),
      signInMs: ms,
      load: loadSchema,
      /** The server's phases, and its clock and CPU time when the sign-in page had answered. */
      steps: z.array(startupStepSchema),
      end: startupStepSchema.omit({ phase: true }),
    }),
  ),
});

export type FirstRunReport = z.infer<typeof firstRunReportSchema>;

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** What each phase of the startup status does, as the README names it; what follows "ready" depends on the process. */
const PHASE_LABELS: Record<Exclude<StartupStep["phase"], "ready">, string> = {
  starting: "start",
  opening: "create or open the database",
  restoring: "restore the snapshot",
  migrating: "migrations",
  queue: "job queue",
  seeding: "write the demo's threads",
  consolidating: "memory pass over the demo's threads",
  replaying: `the demo's ${DEMO_SUPPORT.messages.length + DEMO_TURNS.questions.length} turns through the agent`,
};

type Span = { label: string; ms: number; cpuMs: number };

/**
 * A process's steps as spans: from its start to its first phase (`first`:
 * for a server, loading Node, Next.js and the code that opens the database;
 * none when the clock starts at the first phase), then each phase to the
 * next and the last to `end`, what follows a "ready" named `ready`. Spans of
 * one label are added up, and listed where the last of them falls.
 */
export function stepSpans(steps: StartupStep[], end: Omit<StartupStep, "phase">, labels: { first: string | null; ready: string }): Span[] {
  const spans: Span[] = [];
  const add = (label: string, from: Omit<StartupStep, "phase">, to: Omit<StartupStep, "phase">) => {
    const at = spans.findIndex((span) => span.label === label);
    const span = at >= 0 ? spans.splice(at, 1)[0] : { label, ms: 0, cpuMs: 0 };
    span.ms += to.atMs - from.atMs;
    span.cpuMs += to.cpuMs - from.cpuMs;
    spans.push(span);
  };
  if (steps.length > 0 && labels.first !== null) add(labels.first, { atMs: 0, cpuMs: 0 }, steps[0]);
  steps.forEach((step, i) => add(step.phase === "ready" ? labels.ready : PHASE_LABELS[step.phase], step, steps[i + 1] ?? end));
  return spans;
}

const spansText = (spans: Span[]) => spans.map((span) => `${span.label} ${s(span.ms)} (CPU ${s(span.cpuMs)})`).join(" · ");

const cpu = (ms: number | null) => (ms === null ? "–" : s(ms));

export function firstRunReadmeSection(report: FirstRunReport, reportPath: string): string {
  const start = (database: (typeof START_KINDS)[number]) => report.starts.find((r) => r.database === database);
  const [fresh, existing, seeding] = START_KINDS.map(start);
  const { build, snapshot } = report;
  // A phase under a second is left out: the type check, when the build skips it, still opens a span.
  const phases = [
    ["compile", build.phases.compile],
    ["type check", build.phases.typecheck],
    ["page data", build.phases.pageData],
    ["static pages", build.phases.staticPages],
    ["cache write", build.phases.cacheWrite],
  ].flatMap(([name, ms]) => (typeof ms === "number" && ms >= 1000 ? [`${name} ${s(ms)}`] : []));
  const row = (label: string, ms: number, cpuMs: number | null, load?: number[]) => `| ${label} | ${s(ms)} | ${cpu(cpuMs)} | ${load?.join(" / ") ?? ""} |`;
  const startRow = (label: string, r: NonNullable<typeof fresh>) => row(label, r.signInMs, r.end.cpuMs, r.load);
  const snapshotSpans = stepSpans(snapshot.steps, { atMs: snapshot.ms, cpuMs: snapshot.cpuMs }, { first: null, ready: "the owner's account, and the dump" });
  const server = { first: "boot (Node, Next.js, the code that opens the database)", ready: "load the routes (Next.js preloads them all) and render the page" };
  return [
    FIRST_RUN_MARKERS.start,
    "<!-- Written by `npm run demo:readme`; edits here are overwritten. -->",
    "",
    `Measured by \`npm run demo:measure\` (\`${reportPath}\`: commit \`${report.commit}\`, ${report.createdAt.slice(0, 16).replace("T", " ")} UTC, ${report.cores} cores). CPU time is what a step cost whatever else the machine was doing; on a shared machine the clock shows the wait too:`,
    "",
    "| `npm run demo` step | Time | CPU time | Load average (1 / 5 / 15 min) |",
    "| --- | --- | --- | --- |",
    row("Build and seed the demo's database side by side, once after a clone (and after the code changes)", report.prepare.ms, null, report.prepare.load),
    row(`· the build, for this machine's browser only (${phases.join(", ")})`, build.ms, build.cpuMs),
    row("· the demo's database, seeded and saved as a snapshot", snapshot.ms, snapshot.cpuMs),
    ...(fresh ? [startRow("Start to the sign-in page, new database (restored from the snapshot)", fresh)] : []),
    ...(existing ? [startRow("Start to the sign-in page, every later start", existing)] : []),
    ...(seeding ? [startRow("For comparison: `npm start` on a new database, seeding the demo itself", seeding)] : []),
    "",
    "Step by step (the server's own clock and CPU time, from `GET /api/startup`):",
    "",
    `- the demo's database: ${spansText(snapshotSpans)}`,
    ...(fresh ? [`- a new database from the snapshot: ${spansText(stepSpans(fresh.steps, fresh.end, server))}`] : []),
    ...(existing ? [`- a later start: ${spansText(stepSpans(existing.steps, existing.end, server))}`] : []),
    ...(seeding ? [`- \`npm start\` seeding a new database: ${spansText(stepSpans(seeding.steps, seeding.end, server))}`] : []),
    ...(fresh
      ? ["", `The first \`npm run demo\` after \`npm install\` is ready in about ${s(report.prepare.ms + fresh.signInMs)}; every later one in about ${s(existing?.signInMs ?? fresh.signInMs)}.`]
      : []),
    FIRST_RUN_MARKERS.end,
  ].join("\n");
}
