import { spawn } from "node:child_process";
import { lstatSync, readdirSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@/e2e/support/fixtures";
import { freePort } from "@/e2e/support/app-server";
import { openThread } from "@/e2e/support/chat";

// The production server as an attacker, or a careless operator, meets it:
// what its headers give away, what a malformed address gets, whose files its
// data are, and what a second server on the same data directory does.

const root = path.resolve(import.meta.dirname, "..");
const dataDir = path.join(root, `.data/e2e-${process.env.E2E_PORT ?? 3100}`);

test("pages carry a fresh script nonce and no inline-script allowance, and still run", async ({ page, request }) => {
  const scriptSources = async (address: string) => {
    const response = await request.get(address);
    const policy = response.headers()["content-security-policy"];
    const scriptSrc = policy.split(";").map((d) => d.trim()).find((d) => d.startsWith("script-src "))!;
    const nonce = /'nonce-([^']+)'/.exec(scriptSrc)?.[1];
    return { policy, scriptSrc, nonce, html: await response.text() };
  };
  const first = await scriptSources("/");
  const second = await scriptSources("/");
  expect(first.scriptSrc).not.toContain("'unsafe-inline'");
  expect(first.scriptSrc).not.toContain("'unsafe-eval'");
  expect(first.scriptSrc).toContain("'strict-dynamic'");
  expect(first.policy).toContain("frame-ancestors 'none'");
  expect(first.nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  expect(second.nonce).not.toBe(first.nonce);
  // Every script Next wrote into the page carries this response's nonce.
  const scripts = [...first.html.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag);
  expect(scripts.length).toBeGreaterThan(3);
  for (const tag of scripts) expect(tag).toContain(`nonce="${first.nonce}"`);

  // The browser runs them: the page hydrates and nothing is refused.
  const refusals: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to (execute|load)/i.test(message.text())) refusals.push(message.text());
  });
  await page.goto("/");
  // The debug panel draws the long thread's preview of its next turn in the browser only: it is there once the scripts ran.
  await openThread(page, "Second location planning");
  await expect(page.getByTestId("buffer-preview")).toBeVisible({ timeout: 30_000 });
  await page.getByRole("link", { name: "Pages", exact: true }).click();
  await expect(page).toHaveURL(/\/pages$/);
  await expect(page.getByTestId("page-list")).toBeVisible();
  expect(refusals).toEqual([]);
});

test("private answers say no-store, and nothing says what the server runs", async ({ request }) => {
  for (const address of ["/api/threads", "/api/pages", "/api/workspaces", "/sign-in", "/"]) {
    const response = await request.get(address);
    expect(response.headers()["x-powered-by"], address).toBeUndefined();
    if (address.startsWith("/api/")) expect(response.headers()["cache-control"], address).toBe("no-store");
  }
  const refused = await request.get("/api/threads/cunknownid0000000000000000");
  expect(refused.status()).toBe(404);
  expect(refused.headers()["cache-control"]).toBe("no-store");
});

test("a malformed % escape in an address is a 400, on API routes and pages alike", async ({ request }) => {
  for (const address of ["/api/threads/%ZZ", "/api/threads/%ZZ/messages", "/api/pages/%E0%A4%A", "/api/traces/%", "/threads/%ZZ", "/pages/%ZZ"]) {
    const response = await request.get(address);
    expect(response.status(), address).toBe(400);
    expect(((await response.json()) as { code: string }).code, address).toBe("bad_request:address");
  }
  const write = await request.patch("/api/threads/%ZZ", { data: { title: "x" } });
  expect(write.status()).toBe(400);
});

test("the data directory is the server user's alone: folders 0700, files 0600", async () => {
  const open: string[] = [];
  let count = 0;
  const walk = (at: string) => {
    const stats = lstatSync(at);
    count += 1;
    if ((stats.mode & 0o077) !== 0) open.push(`${path.relative(root, at)} ${(stats.mode & 0o777).toString(8)}`);
    if (stats.isDirectory()) for (const name of readdirSync(at)) walk(path.join(at, name));
  };
  walk(dataDir);
  for (const file of [path.dirname(dataDir), path.join(path.dirname(dataDir), "auth-secret"), `${dataDir}.lock`]) {
    const mode = lstatSync(file).mode & 0o777;
    if ((mode & 0o077) !== 0) open.push(`${path.relative(root, file)} ${mode.toString(8)}`);
  }
  console.log(`data directory: ${count} files and folders, ${open.length} readable by others`);
  expect(count).toBeGreaterThan(500);
  expect(open).toEqual([]);
});

test("a second server on the same data directory exits with the reason and never says it is ready", async () => {
  test.setTimeout(120_000);
  const child = spawn(process.execPath, ["server.ts"], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: "",
      HOST: "localhost",
      PORT: String(await freePort()),
      PGLITE_DATA_DIR: dataDir,
      NEXT_DIST_DIR: process.env.E2E_DIST_DIR ?? ".next-e2e",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  expect(code).toBe(1);
  expect(output).toMatch(/The server cannot start: The embedded database at .* is in use by process \d+\. Stop that process, or point PGLITE_DATA_DIR elsewhere/);
  expect(output).not.toMatch(/Ready/);
});
