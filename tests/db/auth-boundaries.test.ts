import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_OWNER } from "@/lib/auth/demo-account";
import { CLIENT_ADDRESS_HEADER, markServedByAppServer, resolveClientAddress } from "@/lib/contracts/client-address";
import type { Db } from "@/lib/db/client";
import { authResponse } from "@/lib/http/auth";
import { DEMO_WORKSPACE_SLUG } from "@/lib/workspaces/demo-template";
import { openTestDb, type TestDb } from "@/tests/db/test-db";

// Better Auth's endpoints as the browser reaches them (POST /api/auth/…),
// through the app's route function on a real database: what an attacker can
// learn or break with them. The client's address reaches them as the app's
// server hands it on; a forged X-Forwarded-For is what the attacker controls.

process.env.AUTH_SECRET ??= "a-test-secret-that-is-long-enough-for-hmac-signing";
markServedByAppServer();

let t: TestDb;

beforeAll(async () => {
  t = await openTestDb();
  (globalThis as { episodicBufferDb?: Promise<Db> }).episodicBufferDb = Promise.resolve(t.db);
  // The demo's story is not what is tested here: an empty demo workspace spares the seed.
  await t.db.workspace.create({ data: { slug: DEMO_WORKSPACE_SLUG, name: "Demo" } });
});
afterAll(async () => {
  delete (globalThis as { episodicBufferDb?: Promise<Db> }).episodicBufferDb;
  delete (globalThis as { episodicBufferAuth?: unknown }).episodicBufferAuth;
  delete (globalThis as { episodicBufferDemoOwner?: unknown }).episodicBufferDemoOwner;
  await t.close();
});

type Sent = { socket?: string; forwardedFor?: string; cookie?: string };

/** POSTs to a Better Auth endpoint as server.ts would pass the request on: the address from the socket, X-Forwarded-For as the client sent it. */
async function post(path: string, body: unknown, { socket = "203.0.113.5", forwardedFor, cookie }: Sent = {}) {
  const headers = new Headers({ host: "app.test", origin: "http://app.test", "content-type": "application/json" });
  if (forwardedFor) headers.set("x-forwarded-for", forwardedFor);
  if (cookie) headers.set("cookie", cookie);
  headers.set(CLIENT_ADDRESS_HEADER, resolveClientAddress(socket, forwardedFor, { kind: "none" }));
  const response = await authResponse(new Request(`http://app.test/api/auth${path}`, { method: "POST", headers, body: typeof body === "string" ? body : JSON.stringify(body) }));
  const text = await response.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // Not every answer is JSON.
  }
  return { status: response.status, json, cookie: response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ") };
}

async function signedIn(email: string, password: string, socket: string) {
  const answer = await post("/sign-in/email", { email, password }, { socket });
  expect(answer.status).toBe(200);
  expect(answer.cookie).toMatch(/better-auth\.session_token=/);
  return answer.cookie;
}

describe("sign-in attempts", () => {
  it("are limited per client address however X-Forwarded-For changes", async () => {
    await post("/sign-up/email", { email: "victim@shop.test", password: "the right password", name: "Victim" }, { socket: "198.51.100.99" });
    const statuses = [];
    const started = performance.now();
    for (let i = 0; i < 30; i++) {
      statuses.push((await post("/sign-in/email", { email: "victim@shop.test", password: `guess ${i}` }, { socket: "203.0.113.66", forwardedFor: `10.0.${i}.1` })).status);
    }
    // Three every 10 s: a bucket of three, and one more for every 3⅓ s the guesses took.
    const refilled = Math.floor(((performance.now() - started) / 1000) * 0.3);
    const answered = statuses.filter((s) => s === 401).length;
    expect(answered).toBeGreaterThanOrEqual(3);
    expect(answered).toBeLessThanOrEqual(3 + refilled);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - answered);
    // Even the right password waits now; another address is not held up by this one.
    expect((await post("/sign-in/email", { email: "victim@shop.test", password: "the right password" }, { socket: "203.0.113.66", forwardedFor: "10.9.9.9" })).status).toBe(429);
    await signedIn("victim@shop.test", "the right password", "203.0.113.67");
  });

  it("from one IPv6 network count as one address", async () => {
    const statuses = [];
    for (let i = 1; i <= 6; i++) statuses.push((await post("/sign-in/email", { email: "nobody@shop.test", password: "wrong password" }, { socket: `2001:db8:66::${i}` })).status);
    // Six addresses of one /64: had each counted alone, all six would have been answered.
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses).toContain(429);
  });
});

describe("signing up", () => {
  const signUp = (email: string, socket: string, name: unknown = "Rosa") => post("/sign-up/email", { email, password: "a long enough password", name }, { socket });

  it("answers alike whether or not the email has an account, and starts no session either way", async () => {
    const fresh = await signUp("rosa@bakery.test", "192.0.2.101");
    const again = await signUp("rosa@bakery.test", "192.0.2.102");
    for (const answer of [fresh, again]) {
      expect(answer.status).toBe(200);
      expect(answer.cookie).not.toMatch(/session_token/);
      expect(answer.json).toMatchObject({ token: null, user: { email: "rosa@bakery.test", name: "Rosa" } });
    }
    expect(Object.keys(again.json.user as object).sort()).toEqual(Object.keys(fresh.json.user as object).sort());
    expect(await t.db.user.count({ where: { email: "rosa@bakery.test" } })).toBe(1);
    // The owner then signs in with the password they chose; the second sign-up changed nothing.
    await signedIn("rosa@bakery.test", "a long enough password", "192.0.2.103");
  });

  it("refuses a name that is too long, blank, unprintable or not text, and writes no user", async () => {
    const names: [unknown, RegExp][] = [
      ["x".repeat(5 * 1024 * 1024), /longer than 100/],
      ["   ", /empty/],
      ["Rosa\u0000", /NUL/],
      ["Rosa \ud800", /surrogate/],
      ["Rosa\u001b[31m", /control characters/],
      ["Rosa\u202egnp.exe", /control characters/],
      [12345, /must be text|expected string/i],
      [{ first: "Rosa" }, /must be text|expected string/i],
    ];
    for (const [i, [name, message]] of names.entries()) {
      const answer = await signUp(`named-${i}@bakery.test`, `192.0.2.${110 + i}`, name);
      expect(answer.status, String(name).slice(0, 20)).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(String(answer.json.message)).toMatch(message);
    }
    expect(await t.db.user.count({ where: { email: { startsWith: "named-" } } })).toBe(0);
  });

  it("keeps the name it was given without the spaces around it, and takes no picture", async () => {
    await signUp("spaced@bakery.test", "192.0.2.130", "  Rosa Diaz  ");
    expect((await t.db.user.findUniqueOrThrow({ where: { email: "spaced@bakery.test" } })).name).toBe("Rosa Diaz");
    const pictured = await post("/sign-up/email", { email: "pictured@bakery.test", password: "a long enough password", name: "Pic", image: "https://tracker.example/p.gif" }, { socket: "192.0.2.131" });
    expect(pictured.status).toBe(422);
    expect(await t.db.user.count({ where: { email: "pictured@bakery.test" } })).toBe(0);
  });
});

describe("an owner's own account", () => {
  it("takes a valid new name and refuses a bad one, NUL and wrong types included, with 4xx", async () => {
    await post("/sign-up/email", { email: "owner@bakery.test", password: "a long enough password", name: "Owner" }, { socket: "192.0.2.140" });
    const cookie = await signedIn("owner@bakery.test", "a long enough password", "192.0.2.141");
    const update = (body: unknown) => post("/update-user", body, { socket: "192.0.2.142", cookie });
    expect((await update({ name: "Owner Two" })).status).toBe(200);
    for (const body of [{ name: "Own\u0000er" }, { name: 42 }, { name: ["Owner"] }, { name: null }, { name: "x".repeat(70_000) }, { name: "" }, { image: 7 }, '{"name": "unterminated']) {
      const answer = await update(body);
      expect(answer.status, JSON.stringify(body).slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    }
    expect((await t.db.user.findUniqueOrThrow({ where: { email: "owner@bakery.test" } })).name).toBe("Owner Two");
  });
});

describe("the demo account, whose password is published", () => {
  it("signs in and out, and its password, name, email and sessions cannot be changed or listed", async () => {
    const cookie = await signedIn(DEMO_OWNER.email, DEMO_OWNER.password, "192.0.2.150");
    const other = await signedIn(DEMO_OWNER.email, DEMO_OWNER.password, "192.0.2.151");
    const attempts: [string, unknown][] = [
      ["/change-password", { currentPassword: DEMO_OWNER.password, newPassword: "locked you all out", revokeOtherSessions: true }],
      ["/update-user", { name: "Pwned" }],
      ["/change-email", { newEmail: "mine@evil.example" }],
      ["/revoke-sessions", {}],
      ["/revoke-other-sessions", {}],
      ["/delete-user", {}],
    ];
    for (const [path, body] of attempts) {
      const answer = await post(path, body, { socket: "192.0.2.152", cookie });
      expect(answer.status, path).toBe(403);
      expect(String(answer.json.message), path).toMatch(/shared by everyone who opens the demo/);
    }
    const listed = await authResponse(new Request("http://app.test/api/auth/list-sessions", { headers: { host: "app.test", cookie, [CLIENT_ADDRESS_HEADER]: "192.0.2.152" } }));
    expect(listed.status).toBe(403);
    // Everything still as published: the password signs in, the name is the demo's, the other session is alive.
    const owner = await t.db.user.findUniqueOrThrow({ where: { id: DEMO_OWNER.id } });
    expect(owner).toMatchObject({ name: DEMO_OWNER.name, email: DEMO_OWNER.email });
    await signedIn(DEMO_OWNER.email, DEMO_OWNER.password, "192.0.2.153");
    const session = await authResponse(new Request("http://app.test/api/auth/get-session", { headers: { host: "app.test", cookie: other, [CLIENT_ADDRESS_HEADER]: "192.0.2.151" } }));
    expect(((await session.json()) as { user?: { id: string } } | null)?.user?.id).toBe(DEMO_OWNER.id);
    expect((await post("/sign-out", {}, { socket: "192.0.2.150", cookie })).status).toBe(200);
  });
});

describe("every Better Auth endpoint", () => {
  const PATHS = [
    "/sign-in/email", "/sign-up/email", "/sign-out", "/get-session", "/update-user", "/change-password", "/change-email", "/delete-user",
    "/list-sessions", "/revoke-session", "/revoke-sessions", "/revoke-other-sessions", "/list-accounts", "/account-info", "/link-social",
    "/unlink-account", "/request-password-reset", "/reset-password", "/send-verification-email", "/verify-email", "/verify-password",
    "/update-session", "/refresh-token", "/get-access-token", "/sign-in/social", "/callback/credential", "/ok", "/error", "/no-such-endpoint",
  ];
  const BODIES: unknown[] = [
    "", "null", "[]", '"text"', "{", '{"email": 7}', { email: "\u0000@x.test", password: "x" }, { email: "a@b.test", password: 12345678 },
    { name: ["x"], email: "a@b.test", password: "a long enough password" }, { email: `${"a".repeat(5000)}@b.test`, password: "p" },
    { currentPassword: null, newPassword: {} }, { token: "\ud800" }, { callbackURL: "https://evil.example/" }, { image: { src: 1 } },
  ];

  it("answers malformed input with 4xx, signed in or not, never 5xx", { timeout: 300_000 }, async () => {
    await post("/sign-up/email", { email: "fuzzed@bakery.test", password: "a long enough password", name: "Fuzzed" }, { socket: "192.0.2.160" });
    const cookie = await signedIn("fuzzed@bakery.test", "a long enough password", "192.0.2.161");
    const failures: string[] = [];
    for (const [i, path] of PATHS.entries()) {
      for (const [j, body] of BODIES.entries()) {
        // A fresh address for each, so the limit does not hide what the endpoint itself answers.
        const answer = await post(path, body, { socket: `198.18.${i}.${j + 1}`, cookie: j % 2 ? cookie : undefined });
        if (answer.status >= 500) failures.push(`${path} ${JSON.stringify(body).slice(0, 40)}: ${answer.status} ${JSON.stringify(answer.json).slice(0, 100)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
