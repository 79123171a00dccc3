// What `npm run demo` and `npm run demo:measure` share: whether the build is
// current, building it, and starting the production server until its
// sign-in page answers (which it does once the demo workspace is seeded).
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

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

function run(command: string, args: string[], env: NodeJS.ProcessEnv, quiet: boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env, stdio: quiet ? "ignore" : "inherit" });
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(args[0] ?? command)} ${args[1] ?? ""} exited with ${code}`))));
  });
}

/**
 * `next build` into `distDir`. Its type check is left out: `npm run
 * typecheck` and the tests check types, and a demo should not wait for it.
 */
export async function build(distDir: string, { quiet = false } = {}): Promise<number> {
  const started = performance.now();
  await run(process.execPath, [next, "build"], { ...process.env, NEXT_DIST_DIR: distDir, NEXT_BUILD_SKIP_TYPECHECK: "1" }, quiet);
  return performance.now() - started;
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

/** Milliseconds until the sign-in page answers 200, polled every 100 ms; throws when the server exits first or `timeoutMs` passes. */
export async function untilSignInAnswers(server: RunningServer, timeoutMs = 300_000): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (server.child.exitCode !== null) throw new Error(`the server exited (${server.child.exitCode}) before the sign-in page answered`);
    const ok = await fetch(`${server.url}/sign-in`, { signal: AbortSignal.timeout(timeoutMs) }).then((r) => r.ok, () => false);
    if (ok) return performance.now() - started;
    if (performance.now() - started > timeoutMs) throw new Error(`the sign-in page did not answer within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
