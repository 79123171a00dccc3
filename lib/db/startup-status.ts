import { z } from "zod";

// What the process is doing before it can serve its first page: the first
// request opens and migrates the database and seeds the demo workspace, which
// takes seconds. The loading screen polls this instead of saying "Loading…".
// Each phase's start is kept with the wall and CPU time the process had used
// by then, so a first run can be timed step by step (npm run demo:measure):
// CPU time says what a step costs whatever else the machine is doing.

const phaseSchema = z.enum(["starting", "opening", "restoring", "migrating", "queue", "seeding", "consolidating", "replaying", "ready"]);

/** When a phase began: milliseconds since the process started, and CPU milliseconds it had used by then. */
export const startupStepSchema = z.object({ phase: phaseSchema, atMs: z.number().nonnegative(), cpuMs: z.number().nonnegative() });

export const startupStatusSchema = z.object({
  phase: phaseSchema,
  /** A sentence for the person waiting. */
  detail: z.string(),
  /** Progress within the phase, when it has steps. */
  done: z.number().int().nonnegative().nullable(),
  total: z.number().int().nonnegative().nullable(),
  /** Every phase so far, in order, and where the process stands now. */
  steps: z.array(startupStepSchema),
  now: startupStepSchema.omit({ phase: true }),
});

export type StartupStatus = z.infer<typeof startupStatusSchema>;
export type StartupStep = z.infer<typeof startupStepSchema>;
type Phase = StartupStep["phase"];

/** Wall time is from the process's start (performance's time origin); CPU time is the process's user and system time. */
function clock(): { atMs: number; cpuMs: number } {
  const { user, system } = process.cpuUsage();
  return { atMs: Math.round(performance.now()), cpuMs: Math.round((user + system) / 1000) };
}

// One process loads modules several times (route handlers, pages); they share this holder.
type Current = Omit<StartupStatus, "steps" | "now">;
const holder = globalThis as typeof globalThis & { episodicBufferStartup?: Current; episodicBufferStartupSteps?: StartupStep[] };
const steps = (holder.episodicBufferStartupSteps ??= []);

export function reportStartup(phase: Phase, detail: string, progress?: { done: number; total: number }): void {
  if (steps.at(-1)?.phase !== phase) steps.push({ phase, ...clock() });
  holder.episodicBufferStartup = { phase, detail, done: progress?.done ?? null, total: progress?.total ?? null };
}

export function startupStatus(): StartupStatus {
  const current = holder.episodicBufferStartup ?? { phase: "starting", detail: "Starting the server…", done: null, total: null };
  return { ...current, steps: [...steps], now: clock() };
}
