import { expect, test, type APIRequestContext } from "@/e2e/support/fixtures";

// The chat API refuses bad input with a 4xx and a clear message, and writes nothing.

/** Shaped like the ids the database hands out, but naming nothing. */
const UNKNOWN_ID = "cunknownid0000000000000000";

async function newThread(request: APIRequestContext): Promise<string> {
  const created = await request.post("/api/threads", { data: { title: "Validation", kind: "OWNER" } });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { thread: { id: string } }).thread.id;
}

async function messageCount(request: APIRequestContext, threadId: string): Promise<number> {
  const response = await request.get(`/api/threads/${threadId}`);
  return ((await response.json()) as { messages: unknown[] }).messages.length;
}

test("bad chat requests get a clear 4xx and write nothing", async ({ request }) => {
  const threadId = await newThread(request);
  const cases: { name: string; body: string; status: number; message: RegExp }[] = [
    { name: "empty", body: JSON.stringify({ threadId, text: "   " }), status: 422, message: /empty/ },
    { name: "oversized", body: JSON.stringify({ threadId, text: "x".repeat(8001) }), status: 422, message: /longer than 8000/ },
    { name: "too large a body", body: JSON.stringify({ threadId, text: "x".repeat(70_000) }), status: 413, message: /larger than/ },
    { name: "not JSON", body: "{threadId:", status: 400, message: /not valid JSON/ },
    { name: "wrong shape", body: JSON.stringify({ thread: threadId, message: 42 }), status: 422, message: /.+/ },
    { name: "malformed thread id", body: JSON.stringify({ threadId: "no-such-thread", text: "hello" }), status: 422, message: /threadId: not a well-formed id/ },
    { name: "unknown thread", body: JSON.stringify({ threadId: UNKNOWN_ID, text: "hello" }), status: 404, message: /No such thread/ },
    { name: "NUL in the text", body: JSON.stringify({ threadId, text: "a\u0000b" }), status: 422, message: /text: contains a NUL character/ },
    { name: "nothing to retry", body: JSON.stringify({ threadId, retry: true }), status: 409, message: /no unanswered message/ },
  ];
  for (const c of cases) {
    // A Buffer goes out as is; a string would be JSON-encoded by Playwright.
    const response = await request.post("/api/chat", { data: Buffer.from(c.body), headers: { "content-type": "application/json" } });
    expect(response.status(), c.name).toBe(c.status);
    expect(((await response.json()) as { error: string }).error, c.name).toMatch(c.message);
  }
  expect(await messageCount(request, threadId)).toBe(0);
});

test("a malformed id in an API address is a 422, an unknown one a 404", async ({ request }) => {
  for (const path of ["/api/threads/%00", `/api/threads/c${"a".repeat(300)}`, "/api/pages/x", "/api/threads/x/traces"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(422);
    expect(await response.json(), path).toMatchObject({ code: "invalid:id" });
  }
  const unknown = await request.get(`/api/pages/${UNKNOWN_ID}`);
  expect(unknown.status()).toBe(404);
  expect(await unknown.json()).toMatchObject({ code: "not_found:page", error: expect.stringMatching(/No such page/) });
});

test("a forged workspace cookie names nothing: alone it is a 401, beside a session it is ignored", async ({ playwright, baseURL, request }) => {
  const stranger = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { cookie: "workspace=someone-else" } });
  const threads = await stranger.get("/api/threads");
  expect(threads.status()).toBe(401);
  expect(await threads.text()).not.toMatch(/someone-else|workspace "/);
  await stranger.dispose();

  const own = (await (await request.get("/api/threads")).json()) as unknown;
  const state = await request.storageState();
  const forged = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { cookie: [...state.cookies.map((c) => `${c.name}=${c.value}`), "workspace=someone-else"].join("; ") },
  });
  expect(await (await forged.get("/api/threads")).json()).toEqual(own);
  await forged.dispose();
});
