import { execFileSync } from "node:child_process";
import pg from "pg";
import { expect, test } from "@/e2e/support/fixtures";
import { startAppServer, type AppServer } from "@/e2e/support/app-server";

// The rate limits as an attacker meets them over real HTTP: a fresh
// X-Forwarded-For on every attempt, a forged last entry, no cookie at all,
// and requests spread over two instances of the app on one PostgreSQL, whose
// counts live in that database. Without a PostgreSQL server the same attacks
// run against one instance on the embedded database. A third instance behind
// a proxy the operator names (TRUSTED_PROXY_HOPS=1) believes the entry that
// proxy appended, and only that one.

const serverUrl = process.env.DATABASE_URL;
const name = `episodic_e2e_limits_${process.pid}`;
let databaseUrl: string | undefined;
const servers: AppServer[] = [];

async function start(env: Record<string, string> = {}): Promise<AppServer> {
  const server = await startAppServer({ ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), ...env });
  servers.push(server);
  return server;
}

test.beforeAll(async () => {
  test.setTimeout(600_000);
  if (serverUrl) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    execFileSync("npx", ["tsx", "scripts/db-migrate.ts"], { env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: "ignore" });
  }
});

test.afterAll(async () => {
  for (const server of servers) await server.stop();
  if (databaseUrl) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
});

/** One wrong password for the account, sent to `app` with the X-Forwarded-For the attacker chose. */
async function guess(app: AppServer, forwardedFor: string, password = "not the password"): Promise<number> {
  const response = await fetch(`${app.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: app.url, "x-forwarded-for": forwardedFor },
    body: JSON.stringify({ email: "target@bakery.test", password }),
  });
  await response.text();
  return response.status;
}

/** A customer message with no visitor cookie, so each one would start a new conversation. */
async function cookieless(app: AppServer, forwardedFor: string): Promise<number> {
  const response = await fetch(`${app.url}/api/support/demo/chat`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: app.url, "x-forwarded-for": forwardedFor },
    body: JSON.stringify({ text: "Do you have oat milk?" }),
  });
  await response.text();
  return response.status;
}

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

test("forged X-Forwarded-For and cookieless bursts are limited, across instances on one database", async () => {
  test.setTimeout(900_000);
  const first = await start();
  const instances = databaseUrl ? [first, await start()] : [first];
  console.log(`limits: ${instances.length} instance(s) on ${databaseUrl ? "one PostgreSQL database" : "the embedded database"}`);
  const signUp = await fetch(`${first.url}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: first.url },
    body: JSON.stringify({ email: "target@bakery.test", password: "the right password", name: "Target" }),
  });
  expect(signUp.status).toBe(200);

  // Thirty guesses, each with a fresh address in the header, spread over the instances: three get an answer, and one
  // more for every 3⅓ s they take (the limit is 3 every 10 s, a bucket of 3 refilling at that rate).
  const guesses: number[] = [];
  const started = performance.now();
  for (let i = 0; i < 30; i++) guesses.push(await guess(instances[i % instances.length], `198.51.100.${i + 1}`));
  // A two-entry header with a forged last entry is no different.
  for (let i = 0; i < 10; i++) guesses.push(await guess(instances[i % instances.length], `203.0.113.9, 10.0.${i}.1`));
  const seconds = (performance.now() - started) / 1000;
  const refilled = Math.floor((seconds * 3) / 10);
  console.log(`sign-in: ${count(guesses, 401)} answered, ${count(guesses, 429)} refused of ${guesses.length} in ${seconds.toFixed(1)} s (3 + ${refilled} refilled allowed)`);
  expect(count(guesses, 401)).toBeGreaterThanOrEqual(3);
  expect(count(guesses, 401)).toBeLessThanOrEqual(3 + refilled);
  expect(count(guesses, 401) + count(guesses, 429)).toBe(guesses.length);
  // The right password waits too, on either instance.
  for (const app of instances) expect(await guess(app, "192.0.2.77", "the right password")).toBe(429);

  // Customers without a cookie, each message a new conversation, with forged addresses: the new-conversation bucket of this address runs out.
  const messages: number[] = [];
  for (let i = 0; i < 16; i++) messages.push(await cookieless(instances[i % instances.length], `192.0.2.${i + 1}, 198.51.100.${i + 1}`));
  console.log(`support chat without a cookie: ${count(messages, 200)} answered, ${count(messages, 429)} refused of ${messages.length}`);
  expect(count(messages, 200)).toBe(10);
  expect(count(messages, 429)).toBe(6);
});

test("behind a named proxy, the entry it appended is the client and nothing before it is", async () => {
  test.setTimeout(600_000);
  const behindProxy = await start({ TRUSTED_PROXY_HOPS: "1" });
  // Four clients behind the proxy, three guesses each: each client has a bucket of its own.
  const byClient: Record<string, number[]> = {};
  for (const client of ["192.0.2.10", "192.0.2.11", "192.0.2.12", "192.0.2.13"]) {
    byClient[client] = [];
    for (let i = 0; i < 3; i++) byClient[client].push(await guess(behindProxy, client));
  }
  for (const statuses of Object.values(byClient)) expect(statuses).toEqual([401, 401, 401]);
  // One client forging what comes before the proxy's entry is still that one client.
  const forging: number[] = [];
  for (let i = 0; i < 6; i++) forging.push(await guess(behindProxy, `10.9.${i}.9, 192.0.2.20`));
  // Counted as six clients, all six would have been answered.
  expect(forging.slice(0, 3)).toEqual([401, 401, 401]);
  expect(forging).toContain(429);
});
