import { readConfig, type AppConfig } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import type { Workspace } from "@/lib/db/generated/client";

// The demo workspace every demo session copies (the template), the settings
// it is seeded with, and the seed of it this process may be running. Kept apart from the seed itself
// (demo.ts), which brings the agent, the memory pass, the offline model and
// the injection screen's weights: a page that only looks the template up
// (every owner page, through the session's copy; the sign-in page) does not
// load them.

export const DEMO_WORKSPACE_SLUG = "demo";

// The workspace row exists as soon as the seed claims it, long before its
// threads are filed into memory; a request of the same process that finds it
// then waits for the run instead of showing a half-filed workspace. Shared on
// globalThis because Next loads this module more than once per process.
const holder = globalThis as typeof globalThis & { episodicBufferDemoSeeds?: WeakMap<Db, Promise<Workspace>> };
const inFlight = (holder.episodicBufferDemoSeeds ??= new WeakMap());

/** The seed this process is running on `db`, if any. */
export function demoSeedInProgress(db: Db): Promise<Workspace> | undefined {
  return inFlight.get(db);
}

/** Runs `seed` on `db` unless this process is seeding it already; every caller meanwhile gets that one run. */
export function seedOneAtATime(db: Db, seed: () => Promise<Workspace>): Promise<Workspace> {
  const running = inFlight.get(db);
  if (running) return running;
  const run = seed().finally(() => inFlight.delete(db));
  inFlight.set(db, run);
  return run;
}

/** The settings the demo is seeded with: the environment's, but the offline model whatever it names, without its streaming pause. */
export function demoSeedConfig(config: AppConfig = readConfig()): AppConfig {
  return { ...config, openaiApiKey: undefined, openaiBaseUrl: undefined, localModel: undefined, offlineDelayMs: 0, offlineMemoryPassDelayMs: 0 };
}

/**
 * The settings that shape what the seed writes (window, buffer, recall,
 * extensions…), as text: a snapshot of the demo made under other settings
 * is not the demo this configuration would seed. Where the data lives,
 * secrets and addresses are left out; they change nothing the seed writes.
 */
export function demoSeedSettings(config = readConfig()): string {
  const { databaseUrl, pgliteDataDir, pgliteSnapshot, authSecret, publicUrl, proxyTrust, ...shaping } = demoSeedConfig(config);
  return JSON.stringify(shaping);
}
