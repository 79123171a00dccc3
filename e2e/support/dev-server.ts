import { spawn } from "node:child_process";
import { openSync } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "@playwright/test";
import { freePort, waitUntilUp, type AppServer } from "@/e2e/support/app-server";
import { AGAINST_RUNNING_SERVER } from "@/e2e/support/fixtures";

// `next dev` beside the production build the other specs use: some behaviour
// differs between the two (React's development double render, late styles),
// so a spec can check it under development too. Its own build folder and
// database; E2E_DEV_PORT picks the port, else any free one. Its output goes
// to test-results/dev-server-<port>.log.

export async function startDevServer(): Promise<AppServer> {
  test.skip(AGAINST_RUNNING_SERVER, "starts next dev of its own, and E2E_BASE_URL points at a running server");
  const port = Number(process.env.E2E_DEV_PORT) || (await freePort());
  const root = path.resolve(import.meta.dirname, "../..");
  const dataDir = await mkdtemp(path.join(tmpdir(), "episodic-e2e-dev-"));
  // A fresh build folder: a development cache left by an interrupted run can fail every request.
  // Its name is in tsconfig.json's include, so next dev does not rewrite that file to add it.
  const distDir = ".next-e2e-dev";
  await rm(path.join(root, distDir), { recursive: true, force: true });
  await mkdir(path.join(root, "test-results"), { recursive: true });
  const log = openSync(path.join(root, "test-results", `dev-server-${port}.log`), "w");
  // The embedded database and the offline model; unset rather than blank, since the OpenAI provider refuses a blank base URL on import.
  const env: NodeJS.ProcessEnv = { ...process.env, NEXT_DIST_DIR: distDir, PGLITE_DATA_DIR: path.join(dataDir, "pglite"), HOST: "localhost", PORT: String(port) };
  for (const name of ["DATABASE_URL", "OPENAI_API_KEY", "OPENAI_BASE_URL"]) delete env[name];
  // The app's own server in development, as `npm run dev` runs it.
  const child = spawn(process.execPath, ["server.ts", "--dev"], {
    env,
    cwd: root,
    detached: true,
    stdio: ["ignore", log, log],
  });
  const stop = async () => {
    if (child.exitCode === null && child.pid) process.kill(-child.pid, "SIGTERM");
    await new Promise((resolve) => (child.exitCode === null ? child.once("exit", resolve) : resolve(null)));
    await rm(dataDir, { recursive: true, force: true });
  };
  // localhost, not 127.0.0.1: the dev server refuses its own resources to another origin, and the page would never hydrate.
  const url = `http://localhost:${port}`;
  try {
    // Compiling on first request, then migrating and seeding: minutes on a busy machine. The API answers only a session; the sign-in page answers anyone once seeded.
    await waitUntilUp(`${url}/sign-in`, 420_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop, crash: stop };
}
