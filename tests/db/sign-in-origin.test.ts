import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAuth } from "@/lib/auth/server";
import { CLIENT_ADDRESS_HEADER, markServedByAppServer } from "@/lib/contracts/client-address";
import type { Db } from "@/lib/db/client";
import { openTestDb, type TestDb } from "@/tests/db/test-db";

// A server started with HOST=127.0.0.1 (or a LAN address) and no
// BETTER_AUTH_URL: Next hands the route a URL naming localhost whatever
// the browser addressed, so the origin Better Auth derives from it differs
// from the browser's. Signing in must work at the address the browser used,
// and still refuse any other site's origin.

process.env.AUTH_SECRET ??= "a-test-secret-that-is-long-enough-for-hmac-signing";
// Each request comes from a client of its own, as the app's server would say: what is tested is the origin, not the limits.
markServedByAppServer();
let clients = 0;

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
  // getDb() hands out the process's database from here; the test's own takes its place.
  (globalThis as { episodicBufferDb?: Promise<Db> }).episodicBufferDb = Promise.resolve(t.db);
});
afterAll(async () => {
  delete (globalThis as { episodicBufferDb?: Promise<Db> }).episodicBufferDb;
  delete (globalThis as { episodicBufferAuth?: unknown }).episodicBufferAuth;
  await t.close();
});

/** A request to the auth routes as Next hands it over: its URL on localhost, the headers the browser sent. */
const viaNext = (route: string, address: string, origin: string, body: unknown) =>
  new Request(`http://localhost:3211/api/auth/${route}`, {
    method: "POST",
    headers: { host: address, origin, "content-type": "application/json", [CLIENT_ADDRESS_HEADER]: `192.0.2.${++clients}` },
    body: JSON.stringify(body),
  });

describe("signing in at the address the browser used", () => {
  it("works at 127.0.0.1 as at localhost", async () => {
    const auth = await getAuth();
    const account = { email: "owner@origin.test", password: "a long enough password", name: "Owner" };
    const signedUp = await auth.handler(viaNext("sign-up/email", "127.0.0.1:3211", "http://127.0.0.1:3211", account));
    expect(signedUp.status).toBe(200);
    for (const address of ["127.0.0.1:3211", "localhost:3211", "192.168.1.20:3211"]) {
      const response = await auth.handler(viaNext("sign-in/email", address, `http://${address}`, { email: account.email, password: account.password }));
      expect(response.status, `signing in at ${address}`).toBe(200);
      expect(response.headers.get("set-cookie")).toContain("better-auth.session_token=");
    }
  });

  it("still refuses an origin that is not the address the request was sent to", async () => {
    const auth = await getAuth();
    const response = await auth.handler(viaNext("sign-in/email", "127.0.0.1:3211", "http://evil.example", { email: "owner@origin.test", password: "a long enough password" }));
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: "INVALID_ORIGIN" });
  });
});
