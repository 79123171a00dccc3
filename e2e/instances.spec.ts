import { execFileSync } from "node:child_process";
import { expect, test } from "@/e2e/support/fixtures";
import pg from "pg";
import { ownerHeaders, startAppServer, type AppServer } from "@/e2e/support/app-server";

// Two app instances on one PostgreSQL, as a stateless deployment runs: turns
// go to either, for the same thread and for different ones; one instance is
// killed in the middle of a memory pass. Every pass must still run, exactly
// once, and no message may be lost or out of order.

const serverUrl = process.env.DATABASE_URL;
test.skip(!serverUrl, "needs a PostgreSQL server in DATABASE_URL");

const name = `episodic_e2e_instances_${process.pid}`;
let databaseUrl: string;
let db: pg.Client;
const servers: AppServer[] = [];

// Each memory pass takes six seconds, so one can be caught in flight. The instances share one AUTH_SECRET, as any
// deployment of several must: each signs and checks the same session cookie.
const env = () => ({
  DATABASE_URL: databaseUrl,
  AUTH_SECRET: "a-secret-both-instances-of-this-deployment-share",
  OFFLINE_MEMORY_PASS_DELAY_MS: "6000",
  OFFLINE_MODEL_DELAY_MS: "0",
});

async function start(extra: Record<string, string> = {}): Promise<AppServer> {
  const server = await startAppServer({ ...env(), ...extra });
  servers.push(server);
  return server;
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  execFileSync("npx", ["tsx", "scripts/db-migrate.ts"], { env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: "ignore" });
  db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
});

test.afterAll(async () => {
  for (const server of servers) await server.stop();
  await db?.end();
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

/**
 * One demo-owner session for every instance: sessions live in the shared
 * database, so any instance accepts it, and it is the one whose copy of the
 * demo the threads are made in. Each instance gets its own Origin.
 */
let session: Promise<Record<string, string>> | undefined;

async function owner(app: AppServer): Promise<Record<string, string>> {
  session ??= ownerHeaders(app.url);
  return { ...(await session), origin: app.url };
}

async function newThread(app: AppServer, title: string): Promise<string> {
  const response = await fetch(`${app.url}/api/threads`, {
    method: "POST",
    headers: { ...(await owner(app)), "content-type": "application/json" },
    body: JSON.stringify({ title }),
  });
  expect(response.status).toBe(201);
  const { id } = ((await response.json()) as { thread: { id: string } }).thread;
  testThreads.push(id);
  return id;
}

/** The threads this test made: the demo workspace seeds turns of its own, which are not what is measured. */
const testThreads: string[] = [];

/** One turn through the chat endpoint, read to the end of its stream. */
async function send(app: AppServer, threadId: string, text: string): Promise<void> {
  const response = await fetch(`${app.url}/api/chat`, {
    method: "POST",
    headers: { ...(await owner(app)), "content-type": "application/json" },
    body: JSON.stringify({ threadId, text }),
  });
  expect(response.status).toBe(200);
  const body = await response.text();
  expect(body).toContain("text-delta");
}

type TraceRow = { threadId: string; job: { status: string; attempts: number } | null; pass: { status: string; episode: { id: string } | null } | null };

async function traces(): Promise<TraceRow[]> {
  const { rows } = await db.query<TraceRow>(
    `SELECT "threadId", data->'memoryPassJob' AS job, data->'memoryPass' AS pass FROM "TurnTrace" ORDER BY "createdAt"`,
  );
  return rows.filter((row) => testThreads.includes(row.threadId));
}

test("two instances share the queue: a pass killed with its instance runs again once, and nothing is lost", async () => {
  test.setTimeout(300_000);
  const first = await start();
  const threadA = await newThread(first, "Shared thread");
  const threadB = await newThread(first, "Second thread");

  // Only the first instance is up, so it takes the pass; it dies in the middle of it.
  await send(first, threadA, "Our supplier for flour is Miller & Sons at $38 a sack.");
  await expect.poll(async () => (await traces())[0]?.job?.status, { timeout: 30_000 }).toBe("running");
  await first.crash();

  const second = await start();
  await expect.poll(async () => (await traces())[0]?.job?.status, { timeout: 90_000, intervals: [1000] }).toBe("done");
  expect((await traces())[0].job?.attempts).toBe(2);

  // Both instances now take turns, for the same thread and for another, at once.
  const third = await start();
  await Promise.all([
    send(second, threadA, "The bakery opens at six on weekdays."),
    send(third, threadA, "Deliveries come on Tuesdays and Fridays."),
    send(third, threadB, "The van lease is $410 a month."),
    send(second, threadB, "Insurance renews in April."),
  ]);
  await expect
    .poll(async () => (await traces()).every((t) => t.job?.status === "done"), { timeout: 120_000, intervals: [1000] })
    .toBe(true);

  const all = await traces();
  expect(all).toHaveLength(5);
  expect(all.map((t) => t.pass?.status)).not.toContain("raced");
  for (const threadId of [threadA, threadB]) {
    const { rows: messages } = await db.query<{ role: string }>(`SELECT role FROM "Message" WHERE "threadId" = $1 ORDER BY seq`, [threadId]);
    const turns = all.filter((t) => t.threadId === threadId).length;
    expect(messages.map((m) => m.role)).toEqual(Array.from({ length: turns * 2 }, (_, i) => (i % 2 === 0 ? "USER" : "ASSISTANT")));
    const { rows: [thread] } = await db.query<{ lastSeq: number; consolidatedSeq: number }>(
      `SELECT "lastSeq", "consolidatedSeq" FROM "Thread" WHERE id = $1`,
      [threadId],
    );
    expect(thread.consolidatedSeq).toBe(thread.lastSeq);
    // Each pass that filed an episode did so once: no stretch was consolidated twice.
    const { rows: episodes } = await db.query<{ fromSeq: number; toSeq: number }>(
      `SELECT "fromSeq", "toSeq" FROM "Episode" WHERE "threadId" = $1 ORDER BY "fromSeq"`,
      [threadId],
    );
    for (const [i, episode] of episodes.entries()) if (i > 0) expect(episode.fromSeq).toBeGreaterThan(episodes[i - 1].toSeq);
  }
  // The killed pass's job finished once, on the instance that survived it; the queue holds no job still waiting.
  const { rows: pending } = await db.query(`SELECT state FROM pgboss.job WHERE state NOT IN ('completed')`);
  expect(pending).toEqual([]);
});

test("an instance killed mid-reply leaves the reply so far, and its thread is free once its heartbeat stops", async () => {
  test.setTimeout(300_000);
  // The instance that dies streams a word every 300 ms, so it is killed in the middle of a reply it has drafted.
  const slow = await start({ OFFLINE_MODEL_DELAY_MS: "300" });
  const survivor = await start({ TURN_WAIT_MS: "60000" });
  const threadId = await newThread(slow, "Killed mid-reply");
  const reply = fetch(`${slow.url}/api/chat`, {
    method: "POST",
    headers: { ...(await owner(slow)), "content-type": "application/json" },
    body: JSON.stringify({ threadId, text: "Can you write me a long note about planning the second location, the lease and the budget?" }),
  })
    .then((r) => r.text())
    .catch(() => "the server went away");
  const saved = async () => (await db.query<{ role: string; status: string; text: string }>(`SELECT role, status, text FROM "Message" WHERE "threadId" = $1 ORDER BY seq`, [threadId])).rows;
  await expect.poll(async () => (await saved())[1]?.text.length ?? 0, { timeout: 30_000, intervals: [250] }).toBeGreaterThan(0);
  await slow.crash();
  await reply;

  // The survivor's send waits for the thread for up to a minute, well short of the dead turn's claim (its reply's
  // limit and a margin, 150 s): it gets the thread only because the dead instance's heartbeat went stale.
  const killedAt = Date.now();
  await send(survivor, threadId, "Are you still there?");
  console.log(`the thread was free again ${((Date.now() - killedAt) / 1000).toFixed(1)} s after its instance was killed`);
  const messages = await saved();
  expect(messages.map((m) => [m.role, m.status])).toEqual([
    ["USER", "COMPLETE"],
    ["ASSISTANT", "INTERRUPTED"],
    ["USER", "COMPLETE"],
    ["ASSISTANT", "COMPLETE"],
  ]);
  expect(messages[1].text.length).toBeGreaterThan(0);
});
