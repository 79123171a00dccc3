import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

// A second instance of the app built by Playwright's webServer, with its own
// embedded database and a different model: for the one test that needs the
// server's environment changed (a model that fails upstream).

export type AppServer = {
  url: string;
  stop: () => Promise<void>;
  /** Kills the server outright (SIGKILL), as a crash or a lost machine would: nothing gets to clean up. */
  crash: () => Promise<void>;
};

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export async function waitUntilUp(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    // The first request also seeds the demo workspace, so it can take a while.
    const answered = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) }).then((r) => r.ok, () => false);
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The second app server did not answer ${url} within ${timeoutMs} ms.`);
}

/** Starts the server without waiting for its first answer, for a test that watches the first run itself. */
export async function spawnAppServer(env: Record<string, string>): Promise<AppServer> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), "episodic-e2e-"));
  // The build playwright.config.ts's webServer made (same E2E_DIST_DIR rule), on a database of its own, never the CI's PostgreSQL.
  const child = spawn(process.execPath, [path.join("node_modules", "next", "dist", "bin", "next"), "start", "--port", String(port)], {
    env: {
      ...process.env,
      NEXT_DIST_DIR: process.env.E2E_DIST_DIR ?? ".next-e2e",
      PGLITE_DATA_DIR: path.join(dataDir, "pglite"),
      DATABASE_URL: "",
      OPENAI_API_KEY: "",
      ...env,
    },
    cwd: path.resolve(import.meta.dirname, "../.."),
    detached: true,
    stdio: "ignore",
  });
  const end = (signal: NodeJS.Signals) => async () => {
    if (child.exitCode === null && child.signalCode === null && child.pid) process.kill(-child.pid, signal);
    await new Promise((resolve) => (child.exitCode === null && child.signalCode === null ? child.once("exit", resolve) : resolve(null)));
    await rm(dataDir, { recursive: true, force: true });
  };
  return { url: `http://localhost:${port}`, stop: end("SIGTERM"), crash: end("SIGKILL") };
}

export async function startAppServer(env: Record<string, string>): Promise<AppServer> {
  const app = await spawnAppServer(env);
  try {
    // A first request migrates and seeds the demo (consolidation, then its turns): minutes on a busy two-core machine.
    await waitUntilUp(`${app.url}/api/threads`, 240_000);
  } catch (error) {
    await app.stop();
    throw error;
  }
  return app;
}
