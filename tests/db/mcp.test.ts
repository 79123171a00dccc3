import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import * as mcpRoute from "@/app/api/mcp/route";
import { BUFFER_HEADER } from "@/lib/contracts/prompt/buffer-block";
import type { Db } from "@/lib/db/client";
import { PrismaClient } from "@/lib/db/generated/client";
import { saveEpisode } from "@/lib/episodes/store";
import { fileFact } from "@/lib/pages/facts";
import { appendMessages } from "@/lib/threads/messages";
import { createToken, revokeToken } from "@/lib/tokens/store";
import { openTestDb, type TestDb } from "@/tests/db/test-db";

// The workspace's memory over MCP, through the SDK's own client: on the app's
// HTTP route (called as Next calls it) and as `npm run mcp` on stdio. A
// token names the workspace and the audience; a customer's reads only what
// the business published.

let t: TestDb;
let workspaceId: string;
let threadId: string;
let ownerSecret: string;
let customerSecret: string;

/** A workspace with a private page, a published one, and a thread past its window whose first stretch was filed. */
async function seed(db: Db, slug: string) {
  const workspace = await db.workspace.create({ data: { slug, name: "The Corner Bakery" } });
  const thread = await db.thread.create({ data: { workspaceId: workspace.id, title: "Second location" } });
  const at = (n: number) => new Date(Date.UTC(2026, 9, 2, 9, n));
  const messages = await appendMessages(db, thread.id, [
    { role: "USER", speaker: "OWNER", text: "We liked the Main St lease at $2,350 a month.", createdAt: at(1) },
    { role: "ASSISTANT", speaker: "AGENT", text: "Noted: the Main St lease, $2,350 a month.", createdAt: at(2) },
    ...Array.from({ length: 32 }, (_, i) => ({ role: i % 2 ? ("ASSISTANT" as const) : ("USER" as const), speaker: i % 2 ? ("AGENT" as const) : ("OWNER" as const), text: `About the menu, part ${i + 3}.`, createdAt: at(i + 3) })),
  ]);
  const [lease, payroll, hours] = await db.$transaction(async (tx) => [
    await fileFact(tx, { workspaceId: workspace.id, pageTitle: "Second Location", key: "lease", text: "The Main St lease is $2,350 a month.", source: "OWNER", threadId: thread.id, messageId: messages[0].id, messageSeq: 1, replaces: null }),
    await fileFact(tx, { workspaceId: workspace.id, pageTitle: "Payroll", key: "baker wage", text: "Bakers earn $19 an hour.", source: "OWNER", threadId: thread.id, messageId: messages[0].id, messageSeq: 1, replaces: null }),
    await fileFact(tx, { workspaceId: workspace.id, pageTitle: "Opening Hours", key: "weekday hours", text: "Open 7am to 3pm on weekdays.", source: "OWNER", threadId: thread.id, messageId: messages[0].id, messageSeq: 1, replaces: null }),
  ]);
  void payroll;
  await db.page.update({ where: { id: hours.fact.pageId }, data: { visibility: "PUBLIC" } });
  await db.$transaction((tx) =>
    saveEpisode(tx, { threadId: thread.id, fromSeq: 1, toSeq: 2, fromAt: at(1), toAt: at(2), gist: "The owner picked the Main St lease at $2,350 a month", closed: true, factIds: [lease.fact.id] }),
  );
  return { workspaceId: workspace.id, threadId: thread.id };
}

beforeAll(async () => {
  t = await openTestDb();
  // getDb() hands out the process's database from here; the test's own takes its place.
  (globalThis as { episodicBufferDb?: Promise<Db> }).episodicBufferDb = Promise.resolve(t.db);
  ({ workspaceId, threadId } = await seed(t.db, "corner-bakery"));
  ownerSecret = (await createToken(t.db, workspaceId, { name: "Desktop agent", audience: "owner" })).secret;
  customerSecret = (await createToken(t.db, workspaceId, { name: "Public helper", audience: "customer" })).secret;
});
afterAll(async () => {
  delete (globalThis as { episodicBufferDb?: Promise<Db> }).episodicBufferDb;
  await t.close();
});

/** The SDK's HTTP client, its requests handed to the route as Next would; GET (a server-sent stream) is not served, as Next answers a method a route lacks. */
async function httpClient(secret: string | null): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL("http://app.test/api/mcp"), {
    requestInit: secret ? { headers: { authorization: `Bearer ${secret}` } } : {},
    fetch: async (url, init) => {
      const request = new Request(url, init);
      return request.method === "POST" ? mcpRoute.POST(request) : new Response(null, { status: 405 });
    },
  });
  const client = new Client({ name: "mcp-test", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

type ToolResult = Awaited<ReturnType<Client["callTool"]>>;
const textOf = (result: ToolResult) => (result.content as { type: string; text: string }[])[0].text;
const call = (client: Client, name: string, args: Record<string, unknown>) => client.callTool({ name, arguments: args });

describe("the memory over MCP, with an owner's token", () => {
  it("lists the memory's five read-only tools", async () => {
    const { tools } = await (await httpClient(ownerSecret)).listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(["list_threads", "read_page", "search_chat_history", "thread_buffer", "timeline"]);
    expect(tools.every((tool) => tool.annotations?.readOnlyHint === true)).toBe(true);
  });

  it("reads a page, private ones included, with each fact's source", async () => {
    const client = await httpClient(ownerSecret);
    const page = await call(client, "read_page", { title: "pages/Second Location" });
    expect(page.isError).toBeFalsy();
    expect(page.structuredContent).toMatchObject({ title: "Second Location", found: true, facts: [{ text: "The Main St lease is $2,350 a month.", status: "CONFIRMED", threadTitle: "Second location" }] });
    expect((await call(client, "read_page", { title: "Payroll" })).structuredContent).toMatchObject({ title: "Payroll", found: true });
  });

  it("lists the threads and searches one, its oldest messages included", async () => {
    const client = await httpClient(ownerSecret);
    expect((await call(client, "list_threads", {})).structuredContent).toEqual({
      threads: [expect.objectContaining({ id: threadId, title: "Second location", messages: 34 })],
    });
    const found = await call(client, "search_chat_history", { threadId, query: "lease" });
    expect(found.structuredContent).toMatchObject({ query: "lease", matches: [{ seq: 2 }, { seq: 1 }] });
  });

  it("shows the thread's buffer as its next turn would, and its timeline", async () => {
    const client = await httpClient(ownerSecret);
    const buffer = (await call(client, "thread_buffer", { threadId })).structuredContent as { status: string; block: string; window: unknown };
    expect(buffer.status).toBe("injected");
    expect(buffer.window).toEqual({ fromSeq: 5, toSeq: 34, count: 30 });
    expect(buffer.block.split("\n")).toEqual([
      BUFFER_HEADER,
      expect.any(String),
      "- 2026-10-02: The owner picked the Main St lease at $2,350 a month (filed in pages/Second Location)",
    ]);
    const timeline = (await call(client, "timeline", { threadId })).structuredContent;
    expect(timeline).toMatchObject({ lines: [{ fromSeq: 1, toSeq: 2, pages: ["Second Location"], marks: [] }], nextAfterSeq: null });
  });

  it("refuses a thread of another workspace as one that does not exist", async () => {
    const other = await seed(t.db, "elsewhere");
    const client = await httpClient(ownerSecret);
    for (const id of [other.threadId, "cunknownid0000000000000000", "../../etc"]) {
      const refused = await call(client, "timeline", { threadId: id });
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toBe("No such thread in this workspace.");
    }
  });
});

describe("the memory over MCP, with a customer's token", () => {
  it("reads a published page, and is refused a private one as if it did not exist", async () => {
    const client = await httpClient(customerSecret);
    const published = await call(client, "read_page", { title: "Opening Hours" });
    expect(published.structuredContent).toMatchObject({ found: true, facts: [{ text: "Open 7am to 3pm on weekdays.", threadTitle: null }] });
    const privatePage = await call(client, "read_page", { title: "Payroll" });
    const missing = await call(client, "read_page", { title: "Nowhere" });
    expect(privatePage.isError).toBe(true);
    expect(textOf(privatePage)).toBe('No page named "Payroll" that this token may read.');
    expect(textOf(missing)).toBe('No page named "Nowhere" that this token may read.');
    expect(JSON.stringify(privatePage)).not.toContain("$19");
  });

  it("reaches no thread at all", async () => {
    const client = await httpClient(customerSecret);
    for (const [tool, args] of [
      ["list_threads", {}],
      ["search_chat_history", { threadId, query: "lease" }],
      ["thread_buffer", { threadId }],
      ["timeline", { threadId }],
    ] as const) {
      const refused = await call(client, tool, args);
      expect(refused.isError, tool).toBe(true);
      expect(JSON.stringify(refused)).not.toContain("Main St");
    }
  });
});

describe("the memory over MCP, without a live token", () => {
  it("is refused everything without a token, with a malformed or unknown one, and with a revoked one", async () => {
    const revoked = await createToken(t.db, workspaceId, { name: "Old laptop", audience: "owner" });
    expect(await revokeToken(t.db, workspaceId, revoked.token.id)).toBe(true);
    for (const secret of [null, "ebm_not-a-token", `ebm_${"A".repeat(43)}`, revoked.secret]) {
      await expect(httpClient(secret), String(secret)).rejects.toThrow(/401|unauthorized|memory token/i);
    }
  });

  it("stops a connected client's next call once its token is revoked", async () => {
    const made = await createToken(t.db, workspaceId, { name: "Short-lived", audience: "owner" });
    const client = await httpClient(made.secret);
    expect((await call(client, "read_page", { title: "Payroll" })).isError).toBeFalsy();
    await revokeToken(t.db, workspaceId, made.token.id);
    await expect(call(client, "read_page", { title: "Payroll" })).rejects.toThrow(/401|memory token/i);
  });
});

// `npm run mcp` opens the app's configured database; here, an embedded one in a directory of its own.
describe.runIf(process.env.TEST_DATABASE === "pglite")("npm run mcp", () => {
  let dir: string;
  let secret: string;
  let seeded: { threadId: string };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "mcp-stdio-"));
    const pglite = new PGlite(path.join(dir, "pglite"), { loadDataDir: new Blob([Buffer.from(inject("pgliteSnapshot"), "base64")]) });
    const db = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
    seeded = await seed(db, "stdio-bakery");
    secret = (await createToken(db, (await db.workspace.findFirstOrThrow()).id, { name: "Subprocess", audience: "owner" })).secret;
    await db.$disconnect();
    await pglite.close();
  }, 120_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const start = (token: string | undefined) =>
    new StdioClientTransport({
      command: "npm",
      args: ["run", "--silent", "mcp"],
      cwd: process.cwd(),
      env: { ...(process.env as Record<string, string>), PGLITE_DATA_DIR: path.join(dir, "pglite"), DATABASE_URL: "", EPISODIC_BUFFER_TOKEN: token ?? "" },
      stderr: "pipe",
    });

  it("serves the token's workspace on stdin and stdout", { timeout: 120_000 }, async () => {
    const client = new Client({ name: "mcp-stdio-test", version: "1.0.0" });
    await client.connect(start(secret));
    try {
      expect((await client.listTools()).tools).toHaveLength(5);
      const found = await call(client, "search_chat_history", { threadId: seeded.threadId, query: "Main St lease" });
      const { matches } = found.structuredContent as { matches: { seq: number }[] };
      expect(matches.map((m) => m.seq).sort()).toEqual([1, 2]);
    } finally {
      await client.close();
    }
  });

  it("exits with the reason when the token is missing", { timeout: 120_000 }, async () => {
    const child = spawn("npm", ["run", "--silent", "mcp"], { env: { ...process.env, PGLITE_DATA_DIR: path.join(dir, "pglite"), DATABASE_URL: "", EPISODIC_BUFFER_TOKEN: "" } });
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(code).not.toBe(0);
    expect(stderr).toContain("Set EPISODIC_BUFFER_TOKEN to a memory token from the Settings page.");
  });
});
