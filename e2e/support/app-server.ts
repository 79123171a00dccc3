import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "@playwright/test";
import { AGAINST_RUNNING_SERVER, DEMO_OWNER } from "@/e2e/support/fixtures";

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
    // The sign-in page seeds the demo workspace and its owner first, so it can take a while.
    const answered = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) }).then((r) => r.ok, () => false);
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The second app server did not answer ${url} within ${timeoutMs} ms.`);
}

/** Starts the server without waiting for its first answer, for a test that watches the first run itself. */
export async function spawnAppServer(env: Record<string, string>): Promise<AppServer> {
  test.skip(AGAINST_RUNNING_SERVER, "starts a server of its own from the build, and E2E_BASE_URL points at a running one");
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), "episodic-e2e-"));
  // The build playwright.config.ts's webServer made (same E2E_DIST_DIR rule), on a database of its own, never the CI's PostgreSQL.
  // The app's own server (server.ts), as `npm start` runs it.
  const child = spawn(process.execPath, ["server.ts"], {
    env: {
      ...process.env,
      HOST: "localhost",
      PORT: String(port),
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
    // The sign-in page migrates and seeds the demo and its owner first (consolidation, then its turns): minutes on a busy two-core machine.
    await waitUntilUp(`${app.url}/sign-in`, 240_000);
  } catch (error) {
    await app.stop();
    throw error;
  }
  return app;
}

/**
 * Signs in as the demo owner through the API, as the sign-in form does, and
 * returns the headers an owner's request to that server then carries: the
 * session cookie, and the server's own Origin, without which writes are refused.
 */
export async function ownerHeaders(url: string): Promise<Record<string, string>> {
  const response = await fetch(`${url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify(DEMO_OWNER),
  });
  if (!response.ok) throw new Error(`signing in to ${url} answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  return { cookie, origin: url };
}
