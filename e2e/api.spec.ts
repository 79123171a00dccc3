import { expect, test, type APIRequestContext } from "@playwright/test";

// The chat API refuses bad input with a 4xx and a clear message, and writes nothing.

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
    { name: "unknown thread", body: JSON.stringify({ threadId: "no-such-thread", text: "hello" }), status: 404, message: /No such thread/ },
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

test("an unknown workspace sees nothing", async ({ playwright, baseURL }) => {
  const stranger = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { cookie: "workspace=someone-else" } });
  const threads = await stranger.get("/api/threads");
  expect(threads.status()).toBe(404);
  expect(((await threads.json()) as { error: string }).error).toMatch(/Unknown workspace/);
  await stranger.dispose();
});
