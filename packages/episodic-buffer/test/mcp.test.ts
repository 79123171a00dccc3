import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { describe, expect, it } from "vitest";
import { createMemoryServer, MemoryRefusal, READ_FAILED, type MemoryReader } from "../src/mcp.ts";

/** A reader over one page and one thread; any other page is refused, and "boom" fails as a bug would. */
const reader: MemoryReader = {
  listThreads: async ({ limit }) => ({ threads: [{ id: "t1", title: "Second location" }].slice(0, limit ?? 20) }),
  readPage: async ({ title }) => {
    if (title === "boom") throw new Error("connection lost to db at 10.0.0.5");
    if (title !== "Lease") throw new MemoryRefusal(`No page named "${title}".`);
    return { title, facts: [{ text: "Rent is $2,350 a month." }] };
  },
  searchChatHistory: async ({ threadId, query, limit }) => ({ threadId, query, limit: limit ?? null, matches: [] }),
  threadBuffer: async ({ threadId }) => ({ threadId, block: null }),
  timeline: async ({ threadId, afterSeq }) => ({ threadId, afterSeq: afterSeq ?? 0, items: [] }),
};

async function connect(onError?: (error: unknown) => void) {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createMemoryServer(reader, { onError }).connect(serverSide);
  const client = new Client({ name: "test", version: "1.0.0" });
  await client.connect(clientSide);
  return client;
}

const textOf = (result: Awaited<ReturnType<Client["callTool"]>>) => (result.content as { type: string; text: string }[])[0].text;

describe("the memory's MCP server", () => {
  it("lists five read-only tools, each with its input schema", async () => {
    const { tools } = await (await connect()).listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(["list_threads", "read_page", "search_chat_history", "thread_buffer", "timeline"]);
    for (const tool of tools) expect(tool.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    expect(tools.find((t) => t.name === "search_chat_history")?.inputSchema.required).toEqual(["threadId", "query"]);
  });

  it("answers a tool with the reader's JSON, as text and as structured content", async () => {
    const result = await (await connect()).callTool({ name: "read_page", arguments: { title: "Lease" } });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({ title: "Lease", facts: [{ text: "Rent is $2,350 a month." }] });
    expect(JSON.parse(textOf(result))).toEqual(result.structuredContent);
  });

  it("hands the reader validated arguments", async () => {
    const client = await connect();
    const found = await client.callTool({ name: "search_chat_history", arguments: { threadId: "t1", query: "lease", limit: 5 } });
    expect(found.structuredContent).toEqual({ threadId: "t1", query: "lease", limit: 5, matches: [] });
    for (const args of [{ threadId: "t1", query: "" }, { threadId: "t1", query: "x", limit: 99 }, { query: "lease" }, { threadId: "x".repeat(65), query: "x" }]) {
      const refused = await client.callTool({ name: "search_chat_history", arguments: args });
      expect(refused.isError, JSON.stringify(args)).toBe(true);
    }
  });

  it("turns a refusal into a tool error with its message, and a failure into one that says nothing of it", async () => {
    const failures: unknown[] = [];
    const client = await connect((error) => failures.push(error));
    const refused = await client.callTool({ name: "read_page", arguments: { title: "Payroll" } });
    expect(refused).toMatchObject({ isError: true });
    expect(textOf(refused)).toBe('No page named "Payroll".');
    const failed = await client.callTool({ name: "read_page", arguments: { title: "boom" } });
    expect(textOf(failed)).toBe(READ_FAILED);
    expect(textOf(failed)).not.toContain("10.0.0.5");
    expect(failures).toHaveLength(1);
  });
});
