import { readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as chatRoute from "@/app/api/chat/route";
import * as factReviewRoute from "@/app/api/facts/[id]/review/route";
import * as pageEpisodesRoute from "@/app/api/pages/[id]/episodes/route";
import * as pageFactsRoute from "@/app/api/pages/[id]/facts/route";
import * as factRoute from "@/app/api/facts/[id]/route";
import * as episodeRoute from "@/app/api/episodes/[id]/route";
import * as pageRoute from "@/app/api/pages/[id]/route";
import * as publishPreviewRoute from "@/app/api/pages/[id]/publish-preview/route";
import * as questionRoute from "@/app/api/questions/[id]/route";
import * as pagesRoute from "@/app/api/pages/route";
import * as consolidateRoute from "@/app/api/threads/[id]/consolidate/route";
import * as episodesRoute from "@/app/api/threads/[id]/episodes/route";
import * as exportRoute from "@/app/api/threads/[id]/export/route";
import * as messagesRoute from "@/app/api/threads/[id]/messages/route";
import * as traceRoute from "@/app/api/traces/[id]/route";
import * as threadRoute from "@/app/api/threads/[id]/route";
import * as tracesRoute from "@/app/api/threads/[id]/traces/route";
import * as importRoute from "@/app/api/threads/import/route";
import * as importProgressRoute from "@/app/api/threads/import/[id]/route";
import * as threadsRoute from "@/app/api/threads/route";
import * as startupRoute from "@/app/api/startup/route";
import * as memoryPassRoute from "@/app/api/threads/[id]/memory-pass/route";
import * as memoryRoute from "@/app/api/memory/route";
import * as activeWorkspaceRoute from "@/app/api/workspaces/active/route";
import * as resetWorkspaceRoute from "@/app/api/workspaces/reset/route";
import * as workspacesRoute from "@/app/api/workspaces/route";
import * as supportChatRoute from "@/app/api/support/[slug]/chat/route";
import * as supersessionRoute from "@/app/api/supersessions/[id]/route";
import * as mcpRoute from "@/app/api/mcp/route";
import * as mcpTokensRoute from "@/app/api/mcp-tokens/route";
import * as mcpTokenRoute from "@/app/api/mcp-tokens/[id]/route";
import { getAuth } from "@/lib/auth/server";
import { CLIENT_ADDRESS_HEADER, markServedByAppServer } from "@/lib/contracts/client-address";
import { proxy } from "@/proxy";
import { NextRequest } from "next/server";
import type { Db } from "@/lib/db/client";
import { handle, SERVER_FAILURE } from "@/lib/http/respond";
import { fileFact } from "@/lib/pages/facts";
import { appendMessage } from "@/lib/threads/messages";
import { appDbForFile } from "@/tests/db/test-db";
import { MCP_LIMITS } from "@/lib/http/mcp";
import { createToken } from "@/lib/tokens/store";

// Every route in app/api, called as Next calls it (a real Request, params as a
// promise) on a real database: malformed input of every kind is a 4xx with
// its code and writes nothing; a well-formed id that names nothing is a 404.
// Then who may call them: no session, a forged workspace cookie, another
// owner's session, a customer's visitor cookie, another site's page.

/** The Cookie header of the request being made; next/headers reads it as Next would. */
let cookieHeader = "";
function cookieNamed(name: string) {
  for (const pair of cookieHeader.split(/;\s*/)) {
    const at = pair.indexOf("=");
    if (at > 0 && pair.slice(0, at) === name) return { name, value: decodeURIComponent(pair.slice(at + 1)) };
  }
  return undefined;
}
vi.mock("next/headers", () => ({
  headers: async () => new Headers(cookieHeader ? { cookie: cookieHeader } : {}),
  cookies: async () => ({ get: cookieNamed }),
}));
// A support turn finishes its memory pass after the response, as Next's after() would run it.
const afterTasks: Promise<unknown>[] = [];
vi.mock("next/server", async (original) => ({
  ...(await original<typeof import("next/server")>()),
  after: (task: () => unknown) => void afterTasks.push(Promise.resolve().then(task)),
}));

// The boundary is what is tested here; the memory-pass queue behind the chat route is tested in reply-path.test.ts,
// the import job in thread-import.test.ts.
vi.mock("@/lib/jobs/runtime", () => ({
  getMemoryPassQueue: async () => ({ enqueue: async () => undefined, retryFailed: async () => 0 }),
  getThreadImportQueue: async () => ({ enqueue: async () => undefined }),
}));
process.env.AUTH_SECRET ??= "a-test-secret-that-is-long-enough-for-hmac-signing";
// Requests here carry the client's address as the app's server (server.ts) hands it on.
markServedByAppServer();

/** Signs a new user up through Better Auth, then in (sign-up alone starts no session), and returns their session cookie as the browser would hold it. */
async function signUp(email: string): Promise<{ cookie: string; userId: string }> {
  const auth = await getAuth();
  const password = "a long enough password";
  await auth.api.signUpEmail({ body: { email, password, name: email } });
  const response = await auth.api.signInEmail({ body: { email, password }, asResponse: true });
  const setCookie = response.headers.get("set-cookie") ?? "";
  const cookie = setCookie.split(";")[0];
  if (!cookie.startsWith("better-auth.session_token=")) throw new Error(`sign-in set no session cookie: ${setCookie}`);
  const { user } = (await response.json()) as { user: { id: string } };
  return { cookie, userId: user.id };
}

let ownerCookie: string;
let ownerUserId: string;
let workspaceId: string;
const SUPPORT_SLUG = "boundaries";

const t = appDbForFile();
let threadId: string;
let pageId: string;
let factId: string;
let traceId: string;
let episodeId: string;
let importId: string;
let offerId: string;
let questionId: string;
let tokenId: string;
let tokenSecret: string;

beforeAll(async () => {
  const workspace = await t.db.workspace.create({ data: { slug: SUPPORT_SLUG, name: "Boundaries" } });
  workspaceId = workspace.id;
  ({ cookie: ownerCookie, userId: ownerUserId } = await signUp("owner@boundaries.test"));
  await t.db.membership.create({ data: { userId: ownerUserId, workspaceId } });
  cookieHeader = ownerCookie;
  const thread = await t.db.thread.create({ data: { workspaceId: workspace.id, title: "Rent" } });
  threadId = thread.id;
  const message = await appendMessage(t.db, threadId, { role: "USER", speaker: "OWNER", text: "Rent is $2,350 a month." });
  const filed = await t.db.$transaction((tx) =>
    fileFact(tx, { workspaceId: workspace.id, pageTitle: "Lease", key: "rent", text: "Rent is $2,350 a month.", source: "AGENT", threadId, messageId: message.id, messageSeq: message.seq, replaces: null }),
  );
  pageId = filed.fact.pageId;
  factId = filed.fact.id;
  traceId = (await t.db.turnTrace.create({ data: { threadId, userMessageId: message.id, modelId: "offline", data: {} } })).id;
  const at = new Date("2026-10-02T14:00:00Z");
  const episode = await t.db.episode.create({ data: { threadId, fromSeq: 1, toSeq: 1, fromAt: at, toAt: at, gist: "The owner set the rent." } });
  episodeId = episode.id;
  importId = (await t.db.threadImport.create({ data: { workspaceId, bytes: 2, file: "{}" } })).id;
  const changed = await t.db.$transaction((tx) =>
    fileFact(tx, { workspaceId, pageTitle: "Costs", key: "rent", text: "Rent is $2,450 a month.", source: "OWNER", threadId, messageId: message.id, messageSeq: message.seq, replaces: null }),
  );
  offerId = (await t.db.supersessionOffer.create({ data: { workspaceId, oldFactId: factId, newFactId: changed.fact.id, reason: "the same rent" } })).id;
  questionId = (await t.db.unansweredQuestion.create({ data: { workspaceId, threadId, seq: 1, text: "Do you deliver?" } })).id;
  ({ token: { id: tokenId }, secret: tokenSecret } = await createToken(t.db, workspaceId, { name: "Desktop agent", audience: "owner" }));
});

/** Every row in every table that a request could write, and every fact's status. */
async function snapshot() {
  const db = t.db;
  const [workspaces, memberships, sessions, threads, messages, pages, facts, episodes, pointers, traces, offers, questions, tokens] = await Promise.all([
    db.workspace.count(),
    db.membership.count(),
    db.session.findMany({ select: { id: true, activeWorkspaceId: true }, orderBy: { id: "asc" } }),
    db.thread.findMany({ select: { id: true, title: true }, orderBy: { id: "asc" } }),
    db.message.count(),
    db.page.findMany({ select: { id: true, visibility: true }, orderBy: { id: "asc" } }),
    db.fact.findMany({ select: { id: true, status: true, text: true }, orderBy: { id: "asc" } }),
    db.episode.findMany({ select: { id: true, ownerGist: true }, orderBy: { id: "asc" } }),
    db.episodeFact.count(),
    db.turnTrace.count(),
    db.supersessionOffer.findMany({ select: { id: true, status: true }, orderBy: { id: "asc" } }),
    db.unansweredQuestion.findMany({ select: { id: true, status: true }, orderBy: { id: "asc" } }),
    db.mcpToken.findMany({ select: { id: true, name: true }, orderBy: { id: "asc" } }),
  ]);
  return { workspaces, memberships, sessions, threads, messages, pages, facts, episodes, pointers, traces, offers, questions, tokens };
}

type Params = { params: Promise<{ id: string }> };
type Handler = (request: Request, context: Params) => Promise<Response>;

type RouteCase = {
  /** The route file under app/api. */
  file: string;
  method: "GET" | "POST" | "PATCH" | "DELETE";
  /** What it does for another owner, signed in to a workspace of their own: lists and creations act in that workspace. */
  forAnotherOwner?: "lists their own" | "creates in their own";
  handler: Handler;
  /** What the :id names, for routes that have one. */
  id?: { kind: "thread" | "page" | "fact" | "trace" | "episode" | "import" | "offer" | "question" | "token"; valid: () => string };
  /** A body the route accepts, and which of its fields holds text. */
  body?: { valid: () => Record<string, unknown>; textField: string };
  /**
   * A thread file's upload: its body is read and checked by the import job,
   * not by the request (thread-import.test.ts), and proxy.ts's matcher keeps
   * the proxy away from it, so the route checks the origin itself.
   */
  upload?: true;
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
  { file: "threads/route.ts", method: "GET", handler: withoutParams(threadsRoute.GET), forAnotherOwner: "lists their own" },
  {
    file: "threads/route.ts",
    method: "POST",
    forAnotherOwner: "creates in their own",
    handler: withoutParams(threadsRoute.POST),
    body: { valid: () => ({ title: "A new thread", kind: "OWNER" }), textField: "title" },
  },
  { file: "threads/[id]/route.ts", method: "GET", handler: withParams(threadRoute.GET), id: { kind: "thread", valid: () => threadId } },
  { file: "threads/[id]/route.ts", method: "DELETE", handler: withParams(threadRoute.DELETE), id: { kind: "thread", valid: () => threadId } },
  {
    file: "threads/[id]/route.ts",
    method: "PATCH",
    handler: withParams(threadRoute.PATCH),
    id: { kind: "thread", valid: () => threadId },
    body: { valid: () => ({ keepOutOfMemory: false }), textField: "keepOutOfMemory" },
  },
  {
    file: "threads/[id]/route.ts",
    method: "PATCH",
    handler: withParams(threadRoute.PATCH),
    id: { kind: "thread", valid: () => threadId },
    body: { valid: () => ({ title: "Rent, renamed" }), textField: "title" },
  },
  { file: "startup/route.ts", method: "GET", handler: withoutParams(() => startupRoute.GET()) },
  { file: "threads/[id]/traces/route.ts", method: "GET", handler: withParams(tracesRoute.GET), id: { kind: "thread", valid: () => threadId } },
  { file: "traces/[id]/route.ts", method: "GET", handler: withParams(traceRoute.GET), id: { kind: "trace", valid: () => traceId } },
  { file: "threads/[id]/messages/route.ts", method: "GET", handler: withParams(messagesRoute.GET), id: { kind: "thread", valid: () => threadId } },
  { file: "threads/[id]/episodes/route.ts", method: "GET", handler: withParams(episodesRoute.GET), id: { kind: "thread", valid: () => threadId } },
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
    forAnotherOwner: "creates in their own",
    handler: withoutParams(importRoute.POST),
    body: { valid: threadFile, textField: "format" },
    upload: true,
  },
  { file: "threads/import/[id]/route.ts", method: "GET", handler: withParams(importProgressRoute.GET), id: { kind: "import", valid: () => importId } },
  { file: "pages/route.ts", method: "GET", handler: withoutParams(pagesRoute.GET), forAnotherOwner: "lists their own" },
  { file: "pages/[id]/route.ts", method: "GET", handler: withParams(pageRoute.GET), id: { kind: "page", valid: () => pageId } },
  { file: "pages/[id]/publish-preview/route.ts", method: "GET", handler: withParams(publishPreviewRoute.GET), id: { kind: "page", valid: () => pageId } },
  {
    file: "questions/[id]/route.ts",
    method: "PATCH",
    handler: withParams(questionRoute.PATCH),
    id: { kind: "question", valid: () => questionId },
    body: { valid: () => ({ status: "ANSWERED" }), textField: "status" },
  },
  { file: "pages/[id]/facts/route.ts", method: "GET", handler: withParams(pageFactsRoute.GET), id: { kind: "page", valid: () => pageId } },
  { file: "pages/[id]/episodes/route.ts", method: "GET", handler: withParams(pageEpisodesRoute.GET), id: { kind: "page", valid: () => pageId } },
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
  { file: "facts/[id]/route.ts", method: "DELETE", handler: withParams(factRoute.DELETE), id: { kind: "fact", valid: () => factId } },
  { file: "memory/route.ts", method: "GET", handler: withoutParams(memoryRoute.GET), forAnotherOwner: "lists their own" },
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
  { file: "workspaces/route.ts", method: "GET", handler: withoutParams(() => workspacesRoute.GET()), forAnotherOwner: "lists their own" },
  {
    file: "workspaces/route.ts",
    method: "POST",
    forAnotherOwner: "creates in their own",
    handler: withoutParams(workspacesRoute.POST),
    body: { valid: () => ({ name: "A second shop" }), textField: "name" },
  },
  {
    file: "workspaces/active/route.ts",
    method: "POST",
    handler: withoutParams(activeWorkspaceRoute.POST),
    body: { valid: () => ({ workspaceId }), textField: "workspaceId" },
  },
  { file: "workspaces/reset/route.ts", method: "POST", handler: withoutParams(() => resetWorkspaceRoute.POST()) },
  {
    file: "supersessions/[id]/route.ts",
    method: "POST",
    handler: withParams(supersessionRoute.POST),
    id: { kind: "offer", valid: () => offerId },
    body: { valid: () => ({ decision: "keep-both" }), textField: "decision" },
  },
  { file: "mcp-tokens/route.ts", method: "GET", handler: withoutParams(() => mcpTokensRoute.GET()), forAnotherOwner: "lists their own" },
  {
    file: "mcp-tokens/route.ts",
    method: "POST",
    forAnotherOwner: "creates in their own",
    handler: withoutParams(mcpTokensRoute.POST),
    body: { valid: () => ({ name: "A phone agent", audience: "customer" }), textField: "name" },
  },
  { file: "mcp-tokens/[id]/route.ts", method: "DELETE", handler: withParams(mcpTokenRoute.DELETE), id: { kind: "token", valid: () => tokenId } },
];

/** Routes anyone may call, each walked on its own below: Better Auth's sign-in endpoints, the customers' support chat, the token-checked MCP endpoint. */
const PUBLIC_ROUTES = ["auth/[...all]/route.ts", "support/[slug]/chat/route.ts", "mcp/route.ts"];

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
  if (!route.body || route.upload) return [];
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

type CallInput = { id?: string; body?: string; query?: string; origin?: string | null; throughProxy?: boolean; address?: string };

/** Calls the route; `throughProxy` runs proxy.ts first, as Next does, and reaches the route only if the proxy lets the request through. */
async function call(route: RouteCase, { id, body, query = "", origin = "http://app.test", throughProxy = false, address }: CallInput) {
  const url = `http://app.test/api/${route.file.replace(/\/?route\.ts$/, "").replace("[id]", "x").replace("[slug]", SUPPORT_SLUG)}${query}`;
  const headers = new Headers({ host: "app.test" });
  if (body !== undefined) headers.set("content-type", "application/json");
  if (origin !== null) headers.set("origin", origin);
  if (cookieHeader) headers.set("cookie", cookieHeader);
  // What server.ts does for every request: the address it worked out, in its own header.
  if (address) headers.set(CLIENT_ADDRESS_HEADER, address);
  const request = new Request(url, { method: route.method, headers, ...(body !== undefined ? { body } : {}) });
  const stopped = throughProxy && !route.upload ? proxy(new NextRequest(request.clone())) : null;
  const response =
    stopped && !stopped.headers.get("x-middleware-next") ? stopped : await route.handler(request, { params: Promise.resolve({ id: id ?? route.id?.valid() ?? "" }) });
  const text = await response.text();
  const json = text && !response.headers.get("content-type")?.startsWith("text/event-stream");
  let parsed: { error?: string; code?: string; raw?: string } = {};
  try {
    if (json) parsed = JSON.parse(text.split("\n")[0]) as typeof parsed;
  } catch {
    parsed = { raw: text.slice(0, 200) };
  }
  return { status: response.status, body: parsed, contentType: response.headers.get("content-type") };
}

/** Calls the route and checks it refused with the status and code given, leaving every table as it was. */
async function expectRefused(route: RouteCase, input: CallInput, status: number, code: string) {
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
    expect(new Set([...ROUTES.map((r) => r.file), ...PUBLIC_ROUTES])).toEqual(new Set(files));
  });

  // An upload's body is the import job's to check (thread-import.test.ts): it has nothing to test here.
  for (const route of ROUTES.filter((r) => !r.upload)) {
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
      if (route.file === "workspaces/reset/route.ts") {
        it("answers 409 for a workspace that is not the demo, and writes nothing", async () => {
          await expectRefused(route, {}, 409, "conflict:reset");
        });
      }
      if (route.method === "GET" && !route.id) {
        it("ignores a query string it does not read and writes nothing", async () => {
          const before = await snapshot();
          expect((await call(route, { query: "?unread=%00&limit=%ED%A0%80" })).status).toBe(200);
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

  const route = (file: string) => ROUTES.find((r) => r.file === file && r.method === "GET")!;
  const forged = Buffer.from(JSON.stringify(["yesterday", "x"])).toString("base64url");

  it("refuses a cursor the app did not hand out, on every list that takes one", async () => {
    for (const file of ["threads/route.ts", "pages/route.ts", "threads/[id]/traces/route.ts", "pages/[id]/facts/route.ts", "pages/[id]/episodes/route.ts"]) {
      for (const cursor of ["garbage", forged, "%00", "a".repeat(300)]) {
        await expectRefused(route(file), { query: `?cursor=${cursor}` }, 422, "invalid:query");
      }
    }
  });

  it("refuses a message position that is not a seq, or more than one of before, after and around", async () => {
    const messages = route("threads/[id]/messages/route.ts");
    for (const query of ["?before=abc", "?after=-1", "?around=1.5", "?before=99999999999", "?before=3&after=1", "?limit=0", "?limit=1000"]) {
      await expectRefused(messages, { query }, 422, "invalid:query");
    }
    await expectRefused(route("threads/[id]/episodes/route.ts"), { query: "?after=x" }, 422, "invalid:query");
    await expectRefused(route("pages/[id]/facts/route.ts"), { query: "?group=all" }, 422, "invalid:query");
  });

  it("refuses Memory screen filters it cannot take: text it cannot store, an id that is not one, a status it does not know", async () => {
    const memory = route("memory/route.ts");
    for (const query of ["?q=%00", "?page=../x", "?thread=nope", "?status=LIVE", `?q=${"x".repeat(201)}`]) {
      await expectRefused(memory, { query }, 422, "invalid:query");
    }
    const found = await call(memory, { query: "?q=rent&status=all" });
    expect(found.status).toBe(200);
  });

  it("refuses a thread update that changes nothing, or a keep-out switch that is not true or false", async () => {
    const update = ROUTES.find((r) => r.file === "threads/[id]/route.ts" && r.method === "PATCH")!;
    for (const body of [{}, { keepOutOfMemory: "yes" }, { title: "x", extra: 1 }]) {
      await expectRefused(update, { body: JSON.stringify(body) }, 422, "invalid:body");
    }
  });

  it("answers a well-formed page of each list", async () => {
    expect((await call(route("threads/[id]/messages/route.ts"), { query: "?before=2" })).status).toBe(200);
    expect((await call(route("threads/[id]/episodes/route.ts"), { query: "?after=0" })).status).toBe(200);
    expect((await call(route("pages/[id]/facts/route.ts"), { query: "?group=waiting" })).status).toBe(200);
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

const validInput = (route: RouteCase): CallInput => ({ body: route.body && JSON.stringify(route.body.valid()) });

/** Runs `run` with the given Cookie header on every request it makes. */
async function as<T>(cookie: string, run: () => Promise<T>): Promise<T> {
  const own = cookieHeader;
  cookieHeader = cookie;
  try {
    return await run();
  } finally {
    cookieHeader = own;
  }
}

const supportChat: RouteCase = {
  file: "support/[slug]/chat/route.ts",
  method: "POST",
  handler: async (request) => supportChatRoute.POST(request, { params: Promise.resolve({ slug: SUPPORT_SLUG }) }),
  body: { valid: () => ({ text: "When are you open?" }), textField: "text" },
};

/** Sends a customer message and waits for the turn's work after the response; returns the visitor cookie it was given, if any. */
async function customerSays(text: string, address = "203.0.113.1") {
  const before = afterTasks.length;
  const { status } = await call(supportChat, { body: JSON.stringify({ text }), address });
  await Promise.all(afterTasks.slice(before));
  return status;
}

/** A new visitor's first message, through the real route: their signed cookie as the browser would send it back. */
async function newVisitor(address: string): Promise<string> {
  const url = `http://app.test/api/support/${SUPPORT_SLUG}/chat`;
  const before = afterTasks.length;
  const response = await as("", () =>
    supportChatRoute.POST(
      new Request(url, { method: "POST", headers: { host: "app.test", origin: "http://app.test", "content-type": "application/json", [CLIENT_ADDRESS_HEADER]: address }, body: JSON.stringify({ text: "Hello, are you open today?" }) }),
      { params: Promise.resolve({ slug: SUPPORT_SLUG }) },
    ),
  );
  expect(response.status).toBe(200);
  await response.text();
  await Promise.all(afterTasks.slice(before));
  const setCookie = response.headers.get("set-cookie") ?? "";
  expect(setCookie).toMatch(/HttpOnly/);
  expect(setCookie).toMatch(/SameSite=Lax/);
  return setCookie.split(";")[0];
}

describe("who may call each owner route", () => {
  let strangerCookie: string;
  let newcomerCookie: string;
  let visitorCookie: string;

  beforeAll(async () => {
    const stranger = await signUp("stranger@elsewhere.test");
    strangerCookie = stranger.cookie;
    const theirs = await t.db.workspace.create({ data: { slug: "elsewhere", name: "Elsewhere" } });
    await t.db.membership.create({ data: { userId: stranger.userId, workspaceId: theirs.id } });
    newcomerCookie = (await signUp("newcomer@nowhere.test")).cookie;
    visitorCookie = await newVisitor("198.51.100.7");
  });

  const secrets = () => [threadId, pageId, factId, workspaceId, tokenId, "Rent", "Boundaries", "Desktop agent"];

  // The startup route answers everyone: it tells only how far the first run's seeding has got.
  for (const route of ROUTES.filter((r) => r.file !== "startup/route.ts")) {
    describe(`${route.method} ${route.file}`, () => {
      it("answers 401 with no session, and writes nothing", async () => {
        await as("", () => expectRefused(route, validInput(route), 401, "unauthorized:session"));
      });

      it("answers 401 to a forged workspace cookie alone, and writes nothing", async () => {
        await as(`workspace=${SUPPORT_SLUG}; workspaceId=${workspaceId}`, () => expectRefused(route, validInput(route), 401, "unauthorized:session"));
      });

      it("answers 401 to a customer's visitor cookie, and writes nothing", async () => {
        await as(visitorCookie, () => expectRefused(route, validInput(route), 401, "unauthorized:session"));
      });

      it("reaches nothing of this workspace with another owner's session", async () => {
        await as(strangerCookie, async () => {
          if (route.forAnotherOwner === "lists their own") {
            const before = await snapshot();
            const response = await call(route, {});
            expect(response.status).toBe(200);
            for (const secret of secrets()) expect(JSON.stringify(response.body)).not.toContain(secret);
            expect(await snapshot()).toEqual(before);
          } else if (route.forAnotherOwner === "creates in their own") {
            const ours = () => Promise.all([t.db.thread.count({ where: { workspaceId } }), t.db.membership.count({ where: { workspaceId } })]);
            const before = await ours();
            expect((await call(route, validInput(route))).status).toBe(route.upload ? 202 : 201);
            expect(await ours()).toEqual(before);
          } else {
            const before = await snapshot();
            const { status } = await call(route, validInput(route));
            // 404: the id names nothing they can see; 409: the reset of a workspace of theirs that is not the demo.
            expect(route.file === "workspaces/reset/route.ts" ? 409 : 404).toBe(status);
            expect(await snapshot()).toEqual(before);
          }
        });
      });

      if (!route.file.startsWith("workspaces/")) {
        it("answers 403 to a signed-in user who owns no workspace yet", async () => {
          await as(newcomerCookie, () => expectRefused(route, validInput(route), 403, "forbidden:workspace"));
        });
      }
    });
  }
});

describe("a state-changing request from another site", () => {
  const writes = [...ROUTES.filter((r) => r.method !== "GET"), supportChat];

  for (const route of writes) {
    it(`${route.method} ${route.file}: 403 even with the owner's session, nothing written`, async () => {
      for (const origin of ["http://evil.example", "http://app.test.evil.example", "null", null]) {
        await expectRefused(route, { ...validInput(route), origin, throughProxy: true }, 403, "forbidden:origin");
      }
    });
  }

  it("lets the app's own pages through, and reads from anywhere", async () => {
    const create = ROUTES.find((r) => r.file === "threads/route.ts" && r.method === "POST")!;
    expect((await call(create, { ...validInput(create), throughProxy: true })).status).toBe(201);
    const list = ROUTES.find((r) => r.file === "threads/route.ts" && r.method === "GET")!;
    expect((await call(list, { origin: "http://evil.example", throughProxy: true })).status).toBe(200);
  });
});

describe("the public support chat", () => {
  const visitorThreads = () => t.db.thread.findMany({ where: { workspaceId, visitorId: { not: null } }, include: { messages: { orderBy: { seq: "asc" } } } });

  it("gives each visitor a SUPPORT thread of their own, where they speak as the customer", async () => {
    const before = (await visitorThreads()).length;
    const first = await newVisitor("192.0.2.10");
    const second = await newVisitor("192.0.2.11");
    expect(first).not.toEqual(second);
    const threads = await visitorThreads();
    expect(threads).toHaveLength(before + 2);
    for (const thread of threads) {
      expect(thread.kind).toBe("SUPPORT");
      expect(thread.messages[0]).toMatchObject({ role: "USER", speaker: "CUSTOMER" });
    }
  });

  it("keeps a returning visitor in their own thread; a tampered cookie is a new visitor", async () => {
    const cookie = await newVisitor("192.0.2.20");
    const [, value] = cookie.split("=");
    const visitorId = value.split(".")[0];
    await as(cookie, () => customerSays("And on Sundays?", "192.0.2.20"));
    const own = await t.db.thread.findFirstOrThrow({ where: { workspaceId, visitorId }, include: { messages: true } });
    expect(own.messages.filter((m) => m.role === "USER").map((m) => m.text)).toEqual(["Hello, are you open today?", "And on Sundays?"]);

    const tampered = `${cookie.slice(0, -2)}${cookie.endsWith("A") ? "BB" : "AA"}`;
    await as(tampered, () => customerSays("Let me in.", "192.0.2.20"));
    const after = await t.db.thread.findFirstOrThrow({ where: { id: own.id }, include: { messages: true } });
    expect(after.messages).toHaveLength(own.messages.length);
  });

  it("takes no thread id from the customer, and writes nothing for it", async () => {
    await as("", () => expectRefused(supportChat, { body: JSON.stringify({ text: "hi", threadId }), address: "192.0.2.30" }, 422, "invalid:body"));
  });

  it("answers 404 for a workspace that does not exist", async () => {
    const missing: RouteCase = { ...supportChat, handler: async (request) => supportChatRoute.POST(request, { params: Promise.resolve({ slug: "no-such-shop" }) }) };
    await as("", () => expectRefused(missing, { ...validInput(supportChat), address: "192.0.2.31" }, 404, "not_found:workspace"));
  });

  it("lets the owner read a visitor's thread but not write in it", async () => {
    const [visitorsThread] = await visitorThreads();
    const read = await call(ROUTES.find((r) => r.file === "threads/[id]/route.ts")!, { id: visitorsThread.id });
    expect(read.status).toBe(200);
    const chat = ROUTES.find((r) => r.file === "chat/route.ts")!;
    await expectRefused(chat, { body: JSON.stringify({ threadId: visitorsThread.id, text: "Owner here." }) }, 409, "conflict:visitor_thread");
  });

  it("answers 429 once a visitor has sent too many messages, and writes nothing then", async () => {
    const cookie = await newVisitor("192.0.2.40");
    await as(cookie, async () => {
      // Empty messages are refused after the limiter has counted them, so no turn runs while the bucket empties.
      let status = 0;
      for (let sent = 0; sent < 20 && status !== 429; sent++) {
        status = (await call(supportChat, { body: JSON.stringify({ text: " " }), address: "192.0.2.40" })).status;
      }
      expect(status).toBe(429);
      await expectRefused(supportChat, { ...validInput(supportChat), address: "192.0.2.40" }, 429, "too_many:requests");
    });
  });

  it("answers 429 to many visitors from one address", async () => {
    await as("", async () => {
      let status = 0;
      for (let sent = 0; sent < 60 && status !== 429; sent++) {
        status = (await call(supportChat, { body: JSON.stringify({ text: " " }), address: "192.0.2.50" })).status;
      }
      expect(status).toBe(429);
    });
  });
});

describe("malformed input of every kind, on every route", () => {
  // Values a client can put where a field, an id or a query parameter goes: wrong types, edge numbers, oversize and unstorable text.
  const WRONG_VALUES: unknown[] = [null, 0, -1, 1.5, 1e308, true, [], {}, [[]], "", " ", "x".repeat(70_000), "\u0000", "\ud800", { $ne: 1 }, "NaN"];
  const ODD_IDS = ["%ZZ", "%", "%E0%A4%A", " ", "c" + "\u202e".repeat(24), `C${"0".repeat(24)}`, `c${"a".repeat(33)}`, "çaaaaaaaaaaaaaaaaaaaaaaaa", "null", "undefined"];
  const cursorAt = (at: string) => Buffer.from(JSON.stringify([at, UNKNOWN_ID])).toString("base64url");
  const ODD_QUERIES = [
    `?cursor=${cursorAt("0000-01-01T00:00:00.000Z")}`,
    `?cursor=${cursorAt("0001-01-01T00:00:00.000Z")}`,
    `?cursor=${cursorAt("9999-12-31T23:59:59.999Z")}`,
    "?limit=1e3",
    "?limit=-0",
    "?limit=0x10",
    "?before=1e400",
    "?after=%00",
    "?around=-1",
    "?group=__proto__",
    "?cursor=&limit=&before=",
    "?cursor[]=a&cursor[]=b",
  ];
  const BODY_SHAPES = ["null", "0", "true", '"text"', "[]", "{}", "", "{\"__proto__\": {\"admin\": true}}"];

  const served: string[] = [];
  async function answer(label: string, route: RouteCase, input: CallInput) {
    const { status, body, contentType } = await call(route, input);
    if (status >= 500) served.push(`${route.method} ${route.file} ${label}: ${status} ${JSON.stringify(body).slice(0, 120)}`);
    if (status >= 400 && !contentType?.startsWith("application/json")) served.push(`${route.method} ${route.file} ${label}: ${status} as ${contentType}`);
    return status;
  }

  it("never answers 5xx", { timeout: 600_000 }, async () => {
    for (const route of [...ROUTES, supportChat]) {
      const body = route.body && JSON.stringify(route.body.valid());
      if (route.id) for (const id of ODD_IDS) expect(await answer(`id ${JSON.stringify(id)}`, route, { id, body })).toBeLessThan(500);
      if (route.method === "GET") for (const query of ODD_QUERIES) await answer(`query ${query}`, route, { query });
      if (route.body && !route.upload) {
        for (const shape of BODY_SHAPES) await answer(`body ${shape}`, route, { body: shape, address: "192.0.2.200" });
        await answer("a 70 KB body", route, { body: JSON.stringify({ ...route.body.valid(), pad: "x".repeat(70_000) }), address: "192.0.2.201" });
        for (const field of Object.keys(route.body.valid())) {
          for (const value of WRONG_VALUES) {
            await answer(`${field}: ${JSON.stringify(value)?.slice(0, 20)}`, route, { body: JSON.stringify({ ...route.body.valid(), [field]: value }), address: "192.0.2.202" });
          }
        }
      }
    }
    expect(served).toEqual([]);
  });

  it("refuses a cursor dated in year 0, which the database has no room for, with 422", async () => {
    const list = ROUTES.find((r) => r.file === "threads/route.ts" && r.method === "GET")!;
    await expectRefused(list, { query: `?cursor=${cursorAt("0000-06-01T00:00:00.000Z")}` }, 422, "invalid:query");
    expect((await call(list, { query: `?cursor=${cursorAt("0001-01-01T00:00:00.000Z")}` })).status).toBe(200);
  });
});

describe("a thread file's upload", () => {
  it("goes past proxy.ts unread, while every other address goes through it", async () => {
    const { config } = await import("@/proxy");
    const [matcher] = config.matcher;
    const matches = (pathname: string) => new RegExp(`^${matcher}$`).test(pathname);
    expect(matches("/api/threads/import")).toBe(false);
    for (const pathname of ["/api/threads", "/api/threads/import/cunknownid0000000000000000", "/api/threads/imports", "/threads/import", "/api/chat"]) expect(matches(pathname), pathname).toBe(true);
  });

  it("is refused with 413 naming the cap, from its declared length or as it streams", async () => {
    const headers = { host: "app.test", origin: "http://app.test", cookie: cookieHeader, "content-type": "application/json" };
    const tooLong = await importRoute.POST(new Request("http://app.test/api/threads/import", { method: "POST", headers: { ...headers, "content-length": String(21 * 1024 * 1024) }, body: "{}" }));
    expect(tooLong.status).toBe(413);
    expect(((await tooLong.json()) as { error: string }).error).toBe("The thread file is larger than 20 MB, the most this app takes.");
    const chunk = new Uint8Array(1024 * 1024).fill(0x20);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 21) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const streamed = await importRoute.POST(new Request("http://app.test/api/threads/import", { method: "POST", headers, body, duplex: "half" } as RequestInit));
    expect(streamed.status).toBe(413);
    expect(sent).toBeLessThan(23);
  });

  it("is taken (202) with the import to follow, which only its workspace can read", async () => {
    const answer = await importRoute.POST(
      new Request("http://app.test/api/threads/import", { method: "POST", headers: { host: "app.test", origin: "http://app.test", cookie: cookieHeader }, body: JSON.stringify(threadFile()) }),
    );
    expect(answer.status).toBe(202);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    const { import: queued } = (await answer.json()) as { import: { id: string; status: string } };
    expect(queued.status).toBe("QUEUED");
    const progress = ROUTES.find((r) => r.file === "threads/import/[id]/route.ts")!;
    expect(await call(progress, { id: queued.id })).toMatchObject({ status: 200, body: { import: { id: queued.id, status: "QUEUED" } } });
  });
});

describe("the memory's MCP endpoint", () => {
  type McpInput = { body?: string; token?: string | null; authorization?: string; origin?: string | null; throughProxy?: boolean; address?: string };
  const initialize = () => ({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } } });

  /** A POST to /api/mcp as an MCP client sends it (a bearer token, no cookie), through proxy.ts first when asked. */
  async function mcp({ body = JSON.stringify(initialize()), token = tokenSecret, authorization, origin = null, throughProxy = false, address = "192.0.2.90" }: McpInput) {
    const headers = new Headers({ host: "app.test", "content-type": "application/json", accept: "application/json, text/event-stream", [CLIENT_ADDRESS_HEADER]: address });
    if (authorization ?? token) headers.set("authorization", authorization ?? `Bearer ${token}`);
    if (origin !== null) headers.set("origin", origin);
    const request = new Request("http://app.test/api/mcp", { method: "POST", headers, body });
    const stopped = throughProxy ? proxy(new NextRequest(request.clone())) : null;
    const response = stopped && !stopped.headers.get("x-middleware-next") ? stopped : await as("", () => mcpRoute.POST(request));
    const text = await response.text();
    let parsed: { error?: string; code?: string; result?: unknown } = {};
    try {
      parsed = JSON.parse(text) as typeof parsed;
    } catch {
      // Not JSON: the status tells.
    }
    return { status: response.status, body: parsed, headers: response.headers };
  }

  async function expectMcpRefused(input: McpInput, status: number, code: string) {
    const before = await snapshot();
    const { status: answered, body } = await mcp(input);
    expect({ status: answered, code: body.code }).toEqual({ status, code });
    expect(body.error).toEqual(expect.any(String));
    expect(await snapshot()).toEqual(before);
  }

  it("answers an MCP client with a live token", async () => {
    const { status, body } = await mcp({});
    expect(status).toBe(200);
    expect(body.result).toMatchObject({ serverInfo: { name: "episodic-buffer" }, capabilities: { tools: {} } });
  });

  it("answers 401 with the scheme it wants to no token, another scheme, a malformed, unknown or revoked token, and a session cookie alone", async () => {
    for (const input of [{ token: null }, { authorization: `Basic ${tokenSecret}` }, { token: "ebm_x" }, { token: `ebm_${"B".repeat(43)}` }, { token: `ebm_${"C".repeat(42)}!` }]) {
      await expectMcpRefused(input, 401, "unauthorized:token");
      expect((await mcp(input)).headers.get("www-authenticate")).toMatch(/^Bearer/);
    }
    const revoked = await createToken(t.db, workspaceId, { name: "Revoked", audience: "owner" });
    await t.db.mcpToken.delete({ where: { id: revoked.token.id } });
    await expectMcpRefused({ token: revoked.secret }, 401, "unauthorized:token");
    const withCookie = await as(ownerCookie, () => mcp({ token: null }));
    expect(withCookie.status).toBe(401);
  });

  it("lets programs through proxy.ts without a session or an Origin, and refuses another site's page", async () => {
    expect((await mcp({ throughProxy: true })).status).toBe(200);
    for (const origin of ["http://evil.example", "null"]) await expectMcpRefused({ origin, throughProxy: true }, 403, "forbidden:origin");
    await expectMcpRefused({ origin: "http://evil.example" }, 403, "forbidden:origin");
    expect((await mcp({ origin: "http://app.test", throughProxy: true })).status).toBe(200);
  });

  it("refuses a body that is not an MCP message with a 4xx naming why", async () => {
    const valid = JSON.stringify(initialize());
    await expectMcpRefused({ body: `${valid.slice(0, -1)},` }, 400, "bad_request:json");
    await expectMcpRefused({ body: JSON.stringify({ ...initialize(), method: "initialize\u0000" }) }, 422, "invalid:text");
    await expectMcpRefused({ body: `${"[".repeat(5000)}${"]".repeat(5000)}` }, 422, "invalid:body");
    for (const body of ["{}", "[]", '{"jsonrpc":"1.0","method":"x"}', JSON.stringify(Array.from({ length: 9 }, () => initialize())), JSON.stringify({ ...initialize(), extra: 1 })]) {
      await expectMcpRefused({ body }, 422, "invalid:body");
    }
    expect((await mcp({ body: JSON.stringify({ ...initialize(), pad: "x".repeat(70_000) }) })).status).toBe(413);
  });

  it("never answers 5xx, whatever the body", { timeout: 300_000 }, async () => {
    const served: string[] = [];
    const WRONG = [null, 0, -1, 1.5, 1e308, true, [], {}, "", "x".repeat(200), "\ud800", { $ne: 1 }];
    const bodies = ["null", "0", "true", '"text"', "", "{\"__proto__\": {\"admin\": true}}"];
    for (const field of Object.keys(initialize())) for (const value of WRONG) bodies.push(JSON.stringify({ ...initialize(), [field]: value }));
    for (const method of ["tools/list", "tools/call", "resources/list", "prompts/get", "ping", "notifications/initialized", "x".repeat(100)]) {
      bodies.push(JSON.stringify({ jsonrpc: "2.0", id: 2, method, params: { name: "read_page", arguments: { title: { deep: ["x"] } } } }));
    }
    for (const [i, body] of bodies.entries()) {
      const { status } = await mcp({ body, address: `198.51.100.${i % 200}` });
      if (status >= 500) served.push(`${body.slice(0, 60)}: ${status}`);
    }
    expect(served).toEqual([]);
  });

  it("answers 429 once a token has made too many requests in a short time", async () => {
    const { secret } = await createToken(t.db, workspaceId, { name: "Busy agent", audience: "owner" });
    let status = 0;
    // It refills as it goes, a token a second: a few more than it holds empty it.
    for (let sent = 0; sent < 2 * MCP_LIMITS.perToken.capacity && status !== 429; sent++) status = (await mcp({ token: secret, body: "{}", address: "192.0.2.91" })).status;
    expect(status).toBe(429);
    await expectMcpRefused({ token: secret, address: "192.0.2.91" }, 429, "too_many:requests");
  });
});
