// What `npm run demo` and `npm run demo:measure` share: whether the build is
// current, building it and making the demo's seeded database beside it,
// and starting the production server until its sign-in page answers whole
// (which it does once the demo workspace is seeded).
import { spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { readConfig } from "@/lib/config";
import { startupStatusSchema, type StartupStep } from "@/lib/db/startup-status";
import { demoSeedSettings } from "@/lib/workspaces/demo-template";

const root = path.resolve(import.meta.dirname, "..");
const next = path.join(root, "node_modules", "next", "dist", "bin", "next");

/** What a build is made from: a change to any of these since the last build means building again. */
const SOURCES = ["app", "components", "lib", "public", "prisma/schema.prisma", "next.config.ts", "package.json", "proxy.ts", "instrumentation.ts"];

function newestChange(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

/** Whether `distDir` holds a production build at least as new as every source it is made from. */
export function buildIsCurrent(distDir: string): boolean {
  const id = path.join(root, distDir, "BUILD_ID");
  if (!existsSync(id)) return false;
  const built = statSync(id).mtimeMs;
  return SOURCES.every((source) => newestChange(path.join(root, source)) <= built);
}

/** How long a step took by the clock, and the CPU time it used: the machine may be shared, and CPU time does not wait for it. */
export type Timed = { ms: number; cpuMs: number | null };

/**
 * The phases of a build by Next's own trace (`<distDir>/trace`), in
 * milliseconds: compiling (Turbopack), the type check (when it runs),
 * collecting page data, generating static pages, and writing Turbopack's
 * cache to disk (when it is on; it runs beside the others).
 */
const TRACED_PHASES = {
  "run-turbopack": "compile",
  "run-typescript": "typecheck",
  "static-check": "pageData",
  "static-generation": "staticPages",
  "turbopack-persistence": "cacheWrite",
} as const;
export type BuildPhases = Partial<Record<(typeof TRACED_PHASES)[keyof typeof TRACED_PHASES], number>>;

const traceEventSchema = z.object({ name: z.string(), duration: z.number() });

async function buildPhases(distDir: string): Promise<BuildPhases> {
  const text = await readFile(path.join(root, distDir, "trace"), "utf8").catch(() => "");
  const phases: BuildPhases = {};
  for (const line of text.split("\n").filter(Boolean)) {
    const events = z.array(z.unknown()).safeParse(JSON.parse(line));
    for (const raw of events.success ? events.data : []) {
      const event = traceEventSchema.safeParse(raw);
      const phase = event.success ? TRACED_PHASES[event.data.name as keyof typeof TRACED_PHASES] : undefined;
      if (phase && event.success) phases[phase] = Math.round(event.data.duration / 1000);
    }
  }
  return phases;
}

/**
 * Runs `node <args>` to its end. Where there is a POSIX shell, through it,
 * whose `times` then says how much CPU the run and every process it started
 * used; elsewhere the CPU time is unknown.
 */
function run(args: string[], env: NodeJS.ProcessEnv, quiet: boolean): Promise<Timed> {
  const started = performance.now();
  const posix = process.platform !== "win32";
  const [command, argv] = posix ? ["/bin/sh", ["-c", '"$@"; status=$?; times >&3; exit $status', "sh", process.execPath, ...args]] : [process.execPath, args];
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, { cwd: root, env, stdio: [quiet ? "ignore" : "inherit", quiet ? "ignore" : "inherit", quiet ? "ignore" : "inherit", "pipe"] });
    let times = "";
    child.stdio[3]?.on("data", (chunk: Buffer) => (times += chunk.toString()));
    child.once("error", reject);
    child.once("close", (code) => {
      if (code !== 0) return reject(new Error(`${path.basename(args[0] ?? "node")} ${args[1] ?? ""} exited with ${code}`));
      resolve({ ms: performance.now() - started, cpuMs: posix ? childCpuMs(times) : null });
    });
  });
}

/** The children's user and system time from the second line of `times` ("0m1.234s 0m0.056s"). */
function childCpuMs(times: string): number | null {
  const line = times.trim().split("\n")[1] ?? "";
  const parts = [...line.matchAll(/(\d+)m([\d.]+)s/g)].map(([, m, s]) => Number(m) * 60_000 + Number(s) * 1000);
  return parts.length === 2 ? Math.round(parts[0] + parts[1]) : null;
}

/**
 * `next build` into `distDir`, as a build for this machine's own browser
 * (NEXT_BUILD_FOR_DEMO, next.config.ts): what a demo waits for and gains
 * nothing from is left out (the type check, which `npm test` and CI run
 * first; Turbopack's disk cache; minifying; server source maps).
 */
export async function build(distDir: string, { quiet = false } = {}): Promise<Timed & { phases: BuildPhases }> {
  const env = { ...process.env, NEXT_DIST_DIR: distDir, NEXT_BUILD_FOR_DEMO: "1" };
  const timed = await run([next, "build"], env, quiet);
  return { ...timed, phases: await buildPhases(distDir) };
}

/** What the demo's seeded database is made from: a change to any of these (or to a setting the seed reads) means seeding it again. */
const SEED_SOURCES = ["lib", "prisma/schema.prisma", "prisma/migrations", "package-lock.json"];

function filesUnder(entry: string): string[] {
  if (!existsSync(entry)) return [];
  if (!statSync(entry).isDirectory()) return [entry];
  return readdirSync(entry)
    .sort()
    .flatMap((name) => filesUnder(path.join(entry, name)));
}

/** Where the demo's snapshot for the code and settings at hand lives in `dir`: named by a hash of what it is made from. */
export async function demoSnapshotPath(dir: string): Promise<string> {
  const hash = createHash("sha256");
  for (const file of SEED_SOURCES.flatMap((source) => filesUnder(path.join(root, source)))) {
    hash.update(`${path.relative(root, file)}\0`).update(readFileSync(file)).update("\0");
  }
  hash.update(demoSeedSettings());
  return path.join(dir, `demo-${hash.digest("hex").slice(0, 16)}.tar.gz`);
}

/** Where `npm run demo` keeps its snapshots: a cache beside the packages, which a fresh clone does not have and git never sees. */
export const DEMO_SNAPSHOTS = path.join(root, "node_modules", ".cache", "episodic-buffer");

/** How long making the snapshot took and the CPU it used (this process's own), with the seed's steps timed from its start. */
export type Snapshot = { ms: number; cpuMs: number; steps: StartupStep[] };

/**
 * Seeds the demo into a new database in this process and saves it as
 * `file`, replacing the snapshots of older code in its folder. Returns the
 * seed's steps as the startup status timed them.
 */
export async function makeDemoSnapshot(file: string): Promise<Snapshot> {
  const started = { ms: performance.now(), cpu: process.cpuUsage() };
  const { makeDemoSnapshot: seedAndDump } = await import("@/lib/workspaces/demo-snapshot");
  const { startupStatus } = await import("@/lib/db/startup-status");
  const dump = await seedAndDump();
  const dir = path.dirname(file);
  await mkdir(dir, { recursive: true });
  for (const old of readdirSync(dir).filter((name) => /^demo-[0-9a-f]+\.tar\.gz$/.test(name))) await rm(path.join(dir, old), { force: true });
  // Written whole, then renamed: a server never finds half a snapshot.
  await writeFile(`${file}.partial`, Buffer.from(await dump.arrayBuffer()));
  await rename(`${file}.partial`, file);
  // The steps' clocks run from the process's start; here they count from the snapshot's.
  const startCpuMs = (started.cpu.user + started.cpu.system) / 1000;
  const steps = startupStatus().steps.map((step) => ({ ...step, atMs: Math.round(step.atMs - started.ms), cpuMs: Math.round(step.cpuMs - startCpuMs) }));
  const cpu = process.cpuUsage(started.cpu);
  return { ms: performance.now() - started.ms, cpuMs: Math.round((cpu.user + cpu.system) / 1000), steps };
}

/**
 * What a demo start needs: the build (when the code changed) and, for a new
 * embedded database, the seeded snapshot (when the code that seeds it
 * changed), made side by side; `null` where nothing was to be done.
 */
export type Prepared = { build: (Timed & { phases: BuildPhases }) | null; snapshot: Snapshot | null; snapshotFile: string | null };

/**
 * Builds `distDir` unless it is current and, on the embedded database,
 * makes the demo's snapshot in `snapshotDir` unless the one for this code
 * is there: the seed runs in this process while `next build` runs in its
 * own, so on two cores the first run waits for the longer of the two, not
 * for both.
 */
export async function prepare(
  distDir: string,
  snapshotDir: string,
  { quiet = false, announce }: { quiet?: boolean; announce?: (work: string) => void } = {},
): Promise<Prepared> {
  const config = readConfig();
  // Only a new embedded database starts from the snapshot: PostgreSQL, or a data directory that is there already, has no use for one.
  const snapshotFile = !config.databaseUrl && !existsSync(config.pgliteDataDir) ? await demoSnapshotPath(snapshotDir) : null;
  const needs = { build: !buildIsCurrent(distDir), snapshot: snapshotFile !== null && !existsSync(snapshotFile) };
  const work =
    needs.build && needs.snapshot
      ? "Building the app and, beside the build, seeding the demo's database"
      : needs.build
        ? "Building the app"
        : needs.snapshot
          ? "Seeding the demo's database"
          : null;
  if (work) announce?.(work);
  const [built, snapshot] = await Promise.all([
    needs.build ? build(distDir, { quiet }) : null,
    needs.snapshot && snapshotFile ? makeDemoSnapshot(snapshotFile) : null,
  ]);
  return { build: built, snapshot, snapshotFile };
}

export type RunningServer = { url: string; child: ChildProcess; stop: () => Promise<void> };

/** The app's own server (`server.ts`, as `npm start` runs it) from `distDir`, in a process group of its own (so stopping it stops its workers too). */
export function start(distDir: string, env: NodeJS.ProcessEnv, { quiet = false } = {}): RunningServer {
  const host = env.HOST ?? "localhost";
  const port = env.PORT ?? "3000";
  const child = spawn(process.execPath, [path.join(root, "server.ts")], {
    cwd: root,
    env: { ...env, HOST: host, PORT: port, NEXT_DIST_DIR: distDir },
    stdio: quiet ? "ignore" : "inherit",
    detached: true,
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    process.kill(-child.pid, "SIGTERM");
    await exited;
  };
  return { url: `http://${host === "0.0.0.0" ? "localhost" : host}:${port}`, child, stop };
}

/** The sign-in page's credentials box: in the page only once the demo and its owner are seeded (the loading screen streams first). */
const SIGN_IN_READY = 'data-testid="demo-credentials"';

/**
 * Milliseconds until the sign-in page answers 200 with its whole page (not
 * the loading screen it streams first on a first run), polled every 100 ms;
 * throws when the server exits first or `timeoutMs` passes.
 */
export async function untilSignInAnswers(server: RunningServer, timeoutMs = 300_000): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (server.child.exitCode !== null) throw new Error(`the server exited (${server.child.exitCode}) before the sign-in page answered`);
    const page = await fetch(`${server.url}/sign-in`, { signal: AbortSignal.timeout(timeoutMs) }).then(
      async (r) => (r.ok ? r.text() : ""),
      () => "",
    );
    if (page.includes(SIGN_IN_READY)) return performance.now() - started;
    if (performance.now() - started > timeoutMs) throw new Error(`the sign-in page did not answer within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The server's own account of its start: each phase's wall and CPU time since the process began, and both now. */
export async function startupSteps(server: RunningServer): Promise<{ steps: StartupStep[]; now: Omit<StartupStep, "phase"> }> {
  return startupStatusSchema.parse(await (await fetch(`${server.url}/api/startup`)).json());
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
