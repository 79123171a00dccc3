import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { PrismaClient } from "@/lib/db/generated/client";
import { takeToken } from "@/lib/limits/buckets";
import { SUPPORT_LIMITS, takeSupportMessageTokens } from "@/lib/customers/rate-limit";
import { openTestDb, type TestDb } from "@/tests/db/test-db";

// The limits' buckets live in the database, so every instance on it draws
// from the same ones: here a second client on the same database stands for a
// second instance.

let t: TestDb;
let other: Db;

beforeAll(async () => {
  t = await openTestDb();
  other =
    "pglite" in t.queue
      ? new PrismaClient({ adapter: new PrismaPGlite(t.queue.pglite) })
      : new PrismaClient({ adapter: new PrismaPg({ connectionString: t.queue.connectionString }) });
});
afterAll(async () => {
  await other.$disconnect();
  await t.close();
});

const allowedOf = async (takes: Promise<{ allowed: boolean }>[]) => (await Promise.all(takes)).filter((taken) => taken.allowed).length;

describe("a token bucket in the database", () => {
  it("allows a burst up to its capacity, then refuses, saying when a token is back", async () => {
    const rule = { capacity: 3, perMinute: 1 };
    const taken = [];
    for (let i = 0; i < 4; i++) taken.push(await takeToken(t.db, "test:burst", rule));
    expect(taken.map((x) => x.allowed)).toEqual([true, true, true, false]);
    const refused = taken[3];
    expect(refused.allowed === false && refused.retryAfterSeconds).toBeGreaterThan(50);
    expect(refused.allowed === false && refused.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it("refills at its rate, never past its capacity", async () => {
    // One token every two seconds: slow enough that a busy machine takes three tokens in a row well within one.
    const rule = { capacity: 2, perMinute: 30 };
    const inARow = async (n: number) => {
      const allowed = [];
      for (let i = 0; i < n; i++) allowed.push((await takeToken(t.db, "test:refill", rule)).allowed);
      return allowed;
    };
    expect(await inARow(3)).toEqual([true, true, false]);
    await new Promise((resolve) => setTimeout(resolve, 2_400));
    expect(await inARow(2)).toEqual([true, false]);
    // Long enough to refill three tokens, and the bucket holds two.
    await new Promise((resolve) => setTimeout(resolve, 6_500));
    expect(await inARow(3)).toEqual([true, true, false]);
  });

  it("is shared by two instances: of a burst across both, exactly its capacity gets through", async () => {
    const rule = { capacity: 5, perMinute: 1 };
    const burst = Array.from({ length: 12 }, (_, i) => takeToken(i % 2 === 0 ? t.db : other, "test:shared", rule));
    expect(await allowedOf(burst)).toBe(5);
    expect((await takeToken(other, "test:shared", rule)).allowed).toBe(false);
    expect((await takeToken(t.db, "test:shared", rule)).allowed).toBe(false);
  });

  it("keeps one key's flood from touching another's bucket", async () => {
    const rule = { capacity: 1, perMinute: 1 };
    expect((await takeToken(t.db, "test:a", rule)).allowed).toBe(true);
    expect((await takeToken(t.db, "test:a", rule)).allowed).toBe(false);
    expect((await takeToken(t.db, "test:b", rule)).allowed).toBe(true);
  });

  it("refuses a rule that could never allow anything", async () => {
    await expect(takeToken(t.db, "test:none", { capacity: 0.5, perMinute: 1 })).rejects.toThrow(/room for a token/);
  });
});

describe("the support chat's limits", () => {
  const send = (db: Db, visitorId: string, isNewVisitor: boolean, address: string) =>
    takeSupportMessageTokens(db, { visitorId, isNewVisitor, address }).then(
      () => "sent",
      (error: { code?: string; message: string }) => `${error.code}: ${error.message}`,
    );

  it("gives a client without a cookie no fresh bucket per message: new conversations per address run out", async () => {
    const results = [];
    for (let i = 0; i < SUPPORT_LIMITS.newVisitorsPerAddress.capacity + 3; i++) results.push(await send(i % 2 ? t.db : other, `fresh-visitor-${i}`, true, "198.51.100.20"));
    expect(results.filter((r) => r === "sent")).toHaveLength(SUPPORT_LIMITS.newVisitorsPerAddress.capacity);
    expect(results.at(-1)).toMatch(/^too_many:requests: Too many new conversations from your network\. Try again in \d+ minutes?\.$/);
    // A returning visitor from that address still gets through.
    expect(await send(t.db, "fresh-visitor-0", false, "198.51.100.20")).toBe("sent");
  });

  it("counts an IPv6 network as one client", async () => {
    const results = [];
    for (let i = 0; i < SUPPORT_LIMITS.newVisitorsPerAddress.capacity + 1; i++) results.push(await send(t.db, `v6-visitor-${i}`, true, `2001:db8:7:7::${(i + 1).toString(16)}`));
    expect(results.at(-1)).toMatch(/new conversations/);
  });

  /** Sends until the first refusal: how many got through, within the bucket and what it refilled meanwhile, and the refusal. */
  async function untilRefused(rule: { capacity: number; perMinute: number }, sendOne: (i: number) => Promise<string>) {
    const started = performance.now();
    let sent = 0;
    let refusal = "";
    for (let i = 0; i < 200 && !refusal; i++) {
      const result = await sendOne(i);
      if (result === "sent") sent += 1;
      else refusal = result;
    }
    const refilled = Math.floor(((performance.now() - started) / 60_000) * rule.perMinute);
    expect(sent).toBeGreaterThanOrEqual(rule.capacity);
    expect(sent).toBeLessThanOrEqual(rule.capacity + refilled);
    return refusal;
  }

  it("limits one visitor's messages, and one address's across its visitors", async () => {
    expect(await untilRefused(SUPPORT_LIMITS.perVisitor, () => send(t.db, "chatty-visitor", false, "198.51.100.30"))).toMatch(/Too many messages in a short time/);
    expect(await untilRefused(SUPPORT_LIMITS.perAddress, (i) => send(i % 2 ? t.db : other, `office-visitor-${i % 8}`, false, "198.51.100.40"))).toMatch(/from your network/);
  });
});
