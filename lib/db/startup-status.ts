import { z } from "zod";

// What the process is doing before it can serve its first page: the first
// request opens and migrates the database and seeds the demo workspace, which
// takes seconds. The loading screen polls this instead of saying "Loading…".

export const startupStatusSchema = z.object({
  phase: z.enum(["starting", "opening", "migrating", "seeding", "consolidating", "replaying", "ready"]),
  /** A sentence for the person waiting. */
  detail: z.string(),
  /** Progress within the phase, when it has steps. */
  done: z.number().int().nonnegative().nullable(),
  total: z.number().int().nonnegative().nullable(),
});

export type StartupStatus = z.infer<typeof startupStatusSchema>;

// One process loads modules several times (route handlers, pages); they share this holder.
const holder = globalThis as typeof globalThis & { episodicBufferStartup?: StartupStatus };

export function reportStartup(phase: StartupStatus["phase"], detail: string, progress?: { done: number; total: number }): void {
  holder.episodicBufferStartup = { phase, detail, done: progress?.done ?? null, total: progress?.total ?? null };
}

export function startupStatus(): StartupStatus {
  return holder.episodicBufferStartup ?? { phase: "starting", detail: "Starting the server…", done: null, total: null };
}
