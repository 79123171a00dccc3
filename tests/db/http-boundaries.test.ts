import { readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as chatRoute from "@/app/api/chat/route";
import * as factReviewRoute from "@/app/api/facts/[id]/review/route";
import * as factRoute from "@/app/api/facts/[id]/route";
import * as episodeRoute from "@/app/api/episodes/[id]/route";
import * as pageRoute from "@/app/api/pages/[id]/route";
import * as pagesRoute from "@/app/api/pages/route";
import * as consolidateRoute from "@/app/api/threads/[id]/consolidate/route";
import * as exportRoute from "@/app/api/threads/[id]/export/route";
import * as threadRoute from "@/app/api/threads/[id]/route";
import * as tracesRoute from "@/app/api/threads/[id]/traces/route";
import * as importRoute from "@/app/api/threads/import/route";
import * as threadsRoute from "@/app/api/threads/route";
import * as startupRoute from "@/app/api/startup/route";
import * as memoryPassRoute from "@/app/api/threads/[id]/memory-pass/route";
import type { Db } from "@/lib/db/client";
import { handle, SERVER_FAILURE } from "@/lib/http/respond";
import { fileFact } from "@/lib/pages/facts";
import { appendMessage } from "@/lib/threads/messages";
import { openTestDb, type TestDb } from "@/tests/db/test-db";

// Every route in app/api, called as Next calls it (a real Request, params as a
// promise) on a real database: malformed input of every kind is a 4xx with
// its code and writes nothing; a well-formed id that names nothing is a 404.

let workspaceCookie: string | undefined;
vi.mock("next/headers", () => ({
  cookies: async () => ({ get: (name: string) => (name === "workspace" && workspaceCookie !== undefined ? { name, value: workspaceCookie } : undefined) }),
}));

// The boundary is what is tested here; the memory-pass queue behind the chat route is tested in reply-path.test.ts.
vi.mock("@/lib/jobs/runtime", () => ({
  getMemoryPassQueue: async () => ({ enqueue: async () => undefined, retryFailed: async () => 0 }),
}));

let t: TestDb;
let threadId: string;
let pageId: string;
let factId: string;
let episodeId: string;

beforeAll(async () => {
  t = await openTestDb();
  // getDb() hands out the process's database from here; the test's own takes its place.
  (globalThis as { episodicBufferDb?: Promise<Db> }).episodicBufferDb = Promise.resolve(t.db);
  const workspace = await t.db.workspace.create({ data: { slug: "boundaries", name: "Boundaries" } });
  workspaceCookie = workspace.slug;
  const thread = await t.db.thread.create({ data: { workspaceId: workspace.id, title: "Rent" } });
  threadId = thread.id;
  const message = await appendMessage(t.db, threadId, { role: "USER", speaker: "OWNER", text: "Rent is $2,350 a month." });
  const filed = await t.db.$transaction((tx) =>
    fileFact(tx, { workspaceId: workspace.id, pageTitle: "Lease", key: "rent", text: "Rent is $2,350 a month.", source: "AGENT", threadId, messageId: message.id, messageSeq: message.seq, replaces: null }),
  );
  pageId = filed.fact.pageId;
  factId = filed.fact.id;
  const at = new Date("2026-10-02T14:00:00Z");
  const episode = await t.db.episode.create({ data: { threadId, fromSeq: 1, toSeq: 1, fromAt: at, toAt: at, gist: "The owner set the rent." } });
  episodeId = episode.id;
});
afterAll(async () => {
  delete (globalThis as { episodicBufferDb?: Promise<Db> }).episodicBufferDb;
  await t.close();
});

/** Every row in every table that a request could write, and every fact's status. */
async function snapshot() {
  const db = t.db;
  const [workspaces, threads, messages, pages, facts, episodes, pointers, traces] = await Promise.all([
    db.workspace.count(),
    db.thread.findMany({ select: { id: true, title: true }, orderBy: { id: "asc" } }),
    db.message.count(),
    db.page.findMany({ select: { id: true, visibility: true }, orderBy: { id: "asc" } }),
    db.fact.findMany({ select: { id: true, status: true, text: true }, orderBy: { id: "asc" } }),
    db.episode.findMany({ select: { id: true, ownerGist: true }, orderBy: { id: "asc" } }),
    db.episodeFact.count(),
    db.turnTrace.count(),
  ]);
  return { workspaces, threads, messages, pages, facts, episodes, pointers, traces };
}

type Params = { params: Promise<{ id: string }> };
type Handler = (request: Request, context: Params) => Promise<Response>;

type RouteCase = {
  /** The route file under app/api. */
  file: string;
  method: "GET" | "POST" | "PATCH";
  handler: Handler;
  /** What the :id names, for routes that have one. */
  id?: { kind: "thread" | "page" | "fact" | "episode"; valid: () => string };
  /** A body the route accepts, and which of its fields holds text. */
  body?: { valid: () => Record<string, unknown>; textField: string };
};

const withParams = (handler: (request: Request, context: Params) => Response | Promise<Response>): Handler => async (request, context) =>
  handler(request, context);
const withoutParams = (handler: (request: Request) => Response | Promise<Response>): Handler => async (request) => handler(request);

const threadFile = () => ({
  format: "episodic-buffer.thread",
  version: 1,
  thread: { title: "Imported", kind: "OWNER", createdAt: "2026-10-02T14:00:00.000Z" },
  messages: [{ seq: 1, role: "USER", speaker: "OWNER", text: "Hello.", createdAt: "2026-10-02T14:00:00.000Z" }],
});

const ROUTES: RouteCase[] = [
  {
    file: "chat/route.ts",
    method: "POST",
    handler: withoutParams(chatRoute.POST),
    body: { valid: () => ({ threadId, text: "What is the rent?" }), textField: "text" },
  },
  { file: "threads/route.ts", method: "GET", handler: withoutParams(() => threadsRoute.GET()) },
  {
    file: "threads/route.ts",
    method: "POST",
    handler: withoutParams(threadsRoute.POST),
    body: { valid: () => ({ title: "A new thread", kind: "OWNER" }), textField: "title" },
  },
  { file: "threads/[id]/route.ts", method: "GET", handler: withParams(threadRoute.GET), id: { kind: "thread", valid: () => threadId } },
  {
    file: "threads/[id]/route.ts",
    method: "PATCH",
    handler: withParams(threadRoute.PATCH),
    id: { kind: "thread", valid: () => threadId },
    body: { valid: () => ({ title: "Rent, renamed" }), textField: "title" },
  },
  { file: "startup/route.ts", method: "GET", handler: withoutParams(() => startupRoute.GET()) },
  { file: "threads/[id]/traces/route.ts", method: "GET", handler: withParams(tracesRoute.GET), id: { kind: "thread", valid: () => threadId } },
  { file: "threads/[id]/export/route.ts", method: "GET", handler: withParams(exportRoute.GET), id: { kind: "thread", valid: () => threadId } },
  {
    file: "threads/[id]/consolidate/route.ts",
    method: "POST",
    handler: withParams(consolidateRoute.POST),
    id: { kind: "thread", valid: () => threadId },
  },
  {
    file: "threads/[id]/memory-pass/route.ts",
    method: "POST",
    handler: withParams(memoryPassRoute.POST),
    id: { kind: "thread", valid: () => threadId },
  },
  {
    file: "threads/import/route.ts",
    method: "POST",
    handler: withoutParams(importRoute.POST),
    body: { valid: threadFile, textField: "format" },
  },
  { file: "pages/route.ts", method: "GET", handler: withoutParams(() => pagesRoute.GET()) },
  { file: "pages/[id]/route.ts", method: "GET", handler: withParams(pageRoute.GET), id: { kind: "page", valid: () => pageId } },
  {
    file: "pages/[id]/route.ts",
    method: "PATCH",
    handler: withParams(pageRoute.PATCH),
    id: { kind: "page", valid: () => pageId },
    body: { valid: () => ({ visibility: "PUBLIC" }), textField: "visibility" },
  },
  {
    file: "facts/[id]/review/route.ts",
    method: "POST",
    handler: withParams(factReviewRoute.POST),
    id: { kind: "fact", valid: () => factId },
    body: { valid: () => ({ verdict: "confirm" }), textField: "verdict" },
  },
  {
    file: "facts/[id]/route.ts",
    method: "PATCH",
    handler: withParams(factRoute.PATCH),
    id: { kind: "fact", valid: () => factId },
    body: { valid: () => ({ text: "Rent is $2,450 a month." }), textField: "text" },
  },
  {
    file: "episodes/[id]/route.ts",
    method: "PATCH",
    handler: withParams(episodeRoute.PATCH),
    id: { kind: "episode", valid: () => episodeId },
    body: { valid: () => ({ text: "Rent settled at $2,450 a month." }), textField: "text" },
  },
];

/** Well formed, as the database's ids are, but naming nothing. */
const UNKNOWN_ID = "cunknownid0000000000000000";

const MALFORMED_IDS: [name: string, id: string][] = [
  ["a NUL character", "\u0000"],
  ["an encoded NUL", "%00"],
  ["an id with a NUL inside", `${UNKNOWN_ID.slice(0, 10)}\u0000${UNKNOWN_ID.slice(11)}`],
  ["an overlong id", `c${"a".repeat(200)}`],
  ["a path", "../../etc/passwd"],
  ["a lone surrogate", "c\ud800aaaaaaaaaaaaaaaaaaaaaaa"],
  ["not an id at all", "no-such-thread"],
];

const DEEP = 20_000;

function bodyCases(route: RouteCase): [name: string, text: string, code: string][] {
  if (!route.body) return [];
  const { valid, textField } = route.body;
  const json = (value: unknown) => JSON.stringify(value);
  const deepParts = `${"[".repeat(DEEP)}${"]".repeat(DEEP)}`;
  return [
    ["a NUL in its text", json({ ...valid(), [textField]: "Main St\u0000lease" }), "invalid:text"],
    ["a lone surrogate in its text", json({ ...valid(), [textField]: "Main St \ud800 lease" }), "invalid:text"],
    ["a NUL in a field the route does not read", json({ ...valid(), note: "\u0000" }), "invalid:text"],
    ["a NUL in a key", json({ ...valid(), "n\u0000te": "x" }), "invalid:text"],
    ["parts nested 20,000 deep", `${json(valid()).slice(0, -1)},"parts":${deepParts}}`, "invalid:body"],
    // Shallower than the parts, to stay under the body cap: this is about depth, not size.
    ["objects nested 5,000 deep", `${json(valid()).slice(0, -1)},"x":${'{"a":'.repeat(5000)}1${"}".repeat(5000)}}`, "invalid:body"],
    ["not JSON", `${json(valid()).slice(0, -1)},`, "bad_request:json"],
  ];
}

async function call(route: RouteCase, { id, body, query = "" }: { id?: string; body?: string; query?: string }) {
  const url = `http://app.test/api/${route.file.replace(/\/?route\.ts$/, "").replace("[id]", "x")}${query}`;
  const request = new Request(url, {
    method: route.method,
    ...(body !== undefined ? { body, headers: { "content-type": "application/json" } } : {}),
  });
  const response = await route.handler(request, { params: Promise.resolve({ id: id ?? route.id?.valid() ?? "" }) });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text.split("\n")[0]) as { error?: string; code?: string }) : {} };
}

/** Calls the route and checks it refused with the status and code given, leaving every table as it was. */
async function expectRefused(route: RouteCase, input: Parameters<typeof call>[1], status: number, code: string) {
  const before = await snapshot();
  const { status: answered, body } = await call(route, input);
  expect({ status: answered, code: body.code }).toEqual({ status, code });
  expect(body.error).toEqual(expect.any(String));
  expect(await snapshot()).toEqual(before);
  return body.error!;
}

describe("every route in app/api", () => {
  it("is covered by this table", () => {
    const dir = path.resolve("app/api");
    const files = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith("route.ts"));
    expect(new Set(ROUTES.map((r) => r.file))).toEqual(new Set(files));
  });

  for (const route of ROUTES) {
    describe(`${route.method} ${route.file}`, () => {
      if (route.id) {
        const { kind } = route.id;
        for (const [name, id] of MALFORMED_IDS) {
          it(`refuses ${name} as its id with 422 and writes nothing`, async () => {
            await expectRefused(route, { id, body: route.body && JSON.stringify(route.body.valid()) }, 422, "invalid:id");
          });
        }
        it(`answers 404 for a well-formed ${kind} id that names nothing`, async () => {
          const message = await expectRefused(route, { id: UNKNOWN_ID, body: route.body && JSON.stringify(route.body.valid()) }, 404, `not_found:${kind}`);
          expect(message).toMatch(new RegExp(`No such ${kind}`));
        });
      }
      for (const [name, body, code] of bodyCases(route)) {
        it(`refuses a body with ${name}: ${code}, nothing written`, async () => {
          await expectRefused(route, { body }, code === "bad_request:json" ? 400 : 422, code);
        });
      }
      if (!route.id && !route.body) {
        it("ignores a query string it does not read and writes nothing", async () => {
          const before = await snapshot();
          expect((await call(route, { query: "?q=%00&limit=%ED%A0%80" })).status).toBe(200);
          expect(await snapshot()).toEqual(before);
        });
      }
    });
  }
});

describe("ids inside bodies", () => {
  const chat = ROUTES.find((r) => r.file === "chat/route.ts")!;

  it("refuses a malformed thread id in a chat body with 422", async () => {
    for (const [, id] of MALFORMED_IDS) {
      await expectRefused(chat, { body: JSON.stringify({ threadId: id, text: "hello" }) }, 422, id.includes("\u0000") || id.includes("\ud800") ? "invalid:text" : "invalid:body");
    }
  });

  it("answers 404 for a well-formed thread id that names nothing", async () => {
    await expectRefused(chat, { body: JSON.stringify({ threadId: UNKNOWN_ID, text: "hello" }) }, 404, "not_found:thread");
  });

  it("answers 409 for a retry with nothing to retry", async () => {
    await t.db.message.create({ data: { threadId, seq: 2, role: "ASSISTANT", speaker: "AGENT", text: "Noted." } });
    await t.db.thread.update({ where: { id: threadId }, data: { lastSeq: 2 } });
    await expectRefused(chat, { body: JSON.stringify({ threadId, retry: true }) }, 409, "conflict:retry");
  });
});

describe("query strings", () => {
  const traces = ROUTES.find((r) => r.file === "threads/[id]/traces/route.ts")!;

  it("refuses a limit that is not a number in range", async () => {
    for (const limit of ["abc", "0", "%00", "9999"]) {
      await expectRefused(traces, { query: `?limit=${limit}` }, 422, "invalid:query");
    }
  });
});

describe("the workspace cookie", () => {
  const threads = ROUTES.find((r) => r.file === "threads/route.ts" && r.method === "GET")!;

  it("refuses a cookie that cannot name a workspace, and answers 404 for one that names none", async () => {
    const own = workspaceCookie;
    try {
      for (const bad of ["\u0000", "\ud800", "x".repeat(500)]) {
        workspaceCookie = bad;
        await expectRefused(threads, {}, 422, "invalid:workspace");
      }
      workspaceCookie = "someone-else";
      expect(await expectRefused(threads, {}, 404, "not_found:workspace")).toMatch(/Unknown workspace/);
    } finally {
      workspaceCookie = own;
    }
  });
});

describe("reviewing a fact", () => {
  const review = ROUTES.find((r) => r.file === "facts/[id]/review/route.ts")!;
  const verdict = (v: string) => JSON.stringify({ verdict: v });

  it("answers 409 with the fact's status when another tab reviewed it first, and changes nothing", async () => {
    const first = await call(review, { id: factId, body: verdict("confirm") });
    expect(first).toMatchObject({ status: 200 });
    const message = await expectRefused(review, { id: factId, body: verdict("reject") }, 409, "conflict:review");
    expect(message).toMatch(/already confirmed/);
    expect((await t.db.fact.findUniqueOrThrow({ where: { id: factId } })).status).toBe("CONFIRMED");
  });

  it("says a fact replaced by a newer one is superseded", async () => {
    const fact = await t.db.fact.findUniqueOrThrow({ where: { id: factId } });
    const newer = await t.db.fact.create({ data: { pageId: fact.pageId, key: fact.key, text: "Rent is $2,400.", source: "AGENT", status: "PENDING", threadId, messageId: fact.messageId } });
    const stale = await t.db.fact.create({
      data: { pageId: fact.pageId, key: "deposit", text: "Deposit is $1,000.", source: "AGENT", status: "SUPERSEDED", supersededById: newer.id, threadId, messageId: fact.messageId },
    });
    expect(await expectRefused(review, { id: stale.id, body: verdict("confirm") }, 409, "conflict:review")).toMatch(/superseded/);
  });

  it("refuses a verdict it does not know with 422", async () => {
    await expectRefused(review, { body: verdict("maybe") }, 422, "invalid:body");
  });
});

describe("a failure that is not a refusal", () => {
  it("is a 500 that calls itself a bug and promises nothing", async () => {
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await handle(async () => {
      throw new Error("disk full");
    });
    quiet.mockRestore();
    expect(response.status).toBe(500);
    const body = (await response.json()) as { error: string; code: string };
    expect(body).toEqual({ error: SERVER_FAILURE, code: "internal:server" });
    expect(body.error).not.toMatch(/nothing was lost/i);
    expect(body.error).not.toContain("disk full");
  });
});
