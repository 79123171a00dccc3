import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { RequestError } from "@/lib/errors";
import { readJsonBody } from "@/lib/http/respond";
import { exportDisposition } from "@/lib/http/transfer";
import { appendMessage } from "@/lib/threads/messages";
import { exportThread, importThread, threadFileText } from "@/lib/threads/transfer";
import type { ThreadFile } from "@/lib/threads/transfer-schema";
import { openTestDb, type TestDb } from "@/tests/db/test-db";

let t: TestDb;
let workspaceId: string;
let otherWorkspaceId: string;

beforeAll(async () => {
  t = await openTestDb();
  workspaceId = (await t.db.workspace.create({ data: { slug: "transfer", name: "Transfer" } })).id;
  otherWorkspaceId = (await t.db.workspace.create({ data: { slug: "other", name: "Other" } })).id;
});
afterAll(() => t.close());

const at = (minute: number) => new Date(Date.UTC(2026, 9, 2, 14, minute)).toISOString();

/** A file as export writes it: keys in schema order, canonical timestamps, parts only where they are not the default. */
function threadFile(): ThreadFile {
  return {
    format: "episodic-buffer.thread",
    version: 1,
    thread: { title: "Second location planning", kind: "OWNER", createdAt: at(0) },
    messages: [
      { seq: 1, role: "USER", speaker: "OWNER", text: "Our budget for rent is under $2,500 a month.", createdAt: at(0) },
      {
        seq: 2,
        role: "ASSISTANT",
        speaker: "AGENT",
        text: "Noted: under $2,500 a month.",
        parts: [
          { type: "step-start" },
          {
            type: "tool-read_page",
            input: { title: "Second Location" },
            state: "output-available",
            output: { facts: [], found: true, title: "Second Location" },
            toolCallId: "call_1",
          },
          { type: "text", text: "Noted: under $2,500 a month." },
        ],
        createdAt: at(1),
      },
      { seq: 3, role: "USER", speaker: "OWNER", text: "The Main St lease is $2,350 a month.", createdAt: at(2) },
      { seq: 4, role: "ASSISTANT", speaker: "AGENT", text: "That is under budget.", createdAt: at(2) },
    ],
  };
}

async function counts(db: Db) {
  return { threads: await db.thread.count(), messages: await db.message.count() };
}

/** Imports a file that must be refused and returns the error, checking that nothing was written. */
async function refused(input: unknown): Promise<RequestError> {
  const before = await counts(t.db);
  const error = await importThread(t.db, workspaceId, input).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RequestError);
  expect(error).toMatchObject({ code: "invalid:thread_file", status: 422 });
  expect(await counts(t.db)).toEqual(before);
  return error as RequestError;
}

describe("thread import and export", () => {
  it("exports an imported thread byte for byte as the file it came from", async () => {
    const file = threadFile();
    const text = JSON.stringify(file, null, 2);
    const { thread } = await importThread(t.db, workspaceId, JSON.parse(text));
    expect(thread).toMatchObject({ title: file.thread.title, kind: "OWNER", lastSeq: 4, consolidatedSeq: 0, workspaceId });

    const stored = await t.db.message.findMany({ where: { threadId: thread.id }, orderBy: { seq: "asc" } });
    expect(stored.map((m) => m.seq)).toEqual([1, 2, 3, 4]);
    expect(stored[0].parts).toEqual([{ type: "text", text: file.messages[0].text }]);

    const exported = await exportThread(t.db, workspaceId, thread.id);
    expect(JSON.stringify(exported, null, 2)).toBe(text);
    expect(threadFileText(exported)).toBe(`${text}\n`);

    // The same thread imported a second time on purpose (a plain re-import is refused as a duplicate: memory-screen.test.ts).
    const again = await importThread(t.db, workspaceId, exported, { duplicate: true });
    expect(threadFileText(await exportThread(t.db, workspaceId, again.thread.id))).toBe(threadFileText(exported));
  });

  it("appends after imported messages with the next sequence number", async () => {
    const { thread } = await importThread(t.db, workspaceId, threadFile(), { duplicate: true });
    const next = await appendMessage(t.db, thread.id, { role: "USER", speaker: "OWNER", text: "And Canal Blvd?" });
    expect(next.seq).toBe(5);
  });

  it("exports only threads of the workspace asking", async () => {
    const { thread } = await importThread(t.db, workspaceId, threadFile(), { duplicate: true });
    await expect(exportThread(t.db, otherWorkspaceId, thread.id)).rejects.toMatchObject({ code: "not_found:thread" });
    await expect(exportThread(t.db, workspaceId, "no-such-thread")).rejects.toMatchObject({ code: "not_found:thread" });
  });

  it("refuses messages out of order, saying where", async () => {
    const file = threadFile();
    [file.messages[1].seq, file.messages[2].seq] = [3, 2];
    const error = await refused(file);
    expect(error.message).toContain("messages.1.seq: expected 2: messages are numbered 1..n in order");
    expect(error.problems).toContain("messages.2.seq: expected 3: messages are numbered 1..n in order");
  });

  it("refuses a customer in an owner thread and the agent speaking as a user", async () => {
    const file = threadFile();
    file.messages[0].speaker = "CUSTOMER";
    file.messages[2].speaker = "AGENT";
    const error = await refused(file);
    expect(error.message).toMatch(/^This is not a valid thread file\. /);
    expect(error.problems).toContain("messages.0.speaker: an owner thread's user is OWNER");
    expect(error.problems).toContain("messages.2.speaker: the agent speaks as ASSISTANT, people as USER");
  });

  it("refuses messages out of time order", async () => {
    const file = threadFile();
    file.messages[3].createdAt = at(0);
    expect((await refused(file)).problems).toEqual(["messages.3.createdAt: messages must be in time order"]);
  });

  it("refuses something that is not a thread file, listing the first problems", async () => {
    const error = await refused({ hello: "world" });
    expect(error.problems[0]).toMatch(/^format: /);
    expect((await refused([])).problems).toEqual([expect.stringMatching(/^file: /)]);

    const file = threadFile();
    file.messages = [...file.messages, ...threadFile().messages].map((m) => ({ ...m, seq: 9, createdAt: at(0) }));
    const listed = await refused(file);
    expect(listed.problems).toHaveLength(8);
    expect(listed.message).toContain("messages.4.seq: expected 5");
    expect(listed.message).not.toContain("messages.5.seq");
    expect(listed.message).toMatch(/\(and 3 more\)\.$/);
  });

  it("refuses text the database cannot store instead of failing half-way", async () => {
    const file = threadFile();
    file.messages[2].text = "Main St\u0000lease";
    expect((await refused(file)).problems).toEqual([
      "messages.2.text: contains a NUL character (\\u0000), which the database cannot store",
    ]);
  });

  it("takes only the part types the app writes, naming the path of any other", async () => {
    const withPart = (part: Record<string, unknown>, seq = 2) => {
      const file = threadFile();
      file.messages[seq - 1].parts = [part as never];
      return file;
    };
    const cases: [part: Record<string, unknown>, problem: RegExp][] = [
      [{ type: "file", mediaType: "image/png", url: "https://files.example/x.png" }, /^messages\.1\.parts\.0\.type: not a part type this app writes/],
      [{ type: "source-url", sourceId: "s1", url: "https://example.com" }, /^messages\.1\.parts\.0\.type: not a part type this app writes/],
      [{ type: "reasoning", text: "thinking" }, /^messages\.1\.parts\.0\.type: not a part type/],
      [{ type: "dynamic-tool", toolName: "x", toolCallId: "c", state: "input-available", input: {} }, /^messages\.1\.parts\.0\.type: not a part type/],
      [{ type: "text", text: "Noted.", url: "https://example.com" }, /^messages\.1\.parts\.0: Unrecognized key: "url"/],
      [
        { type: "tool-read_page", toolCallId: "c1", state: "output-available", input: { title: "Lease" }, output: { found: true } },
        /^messages\.1\.parts\.0\.output\.(title|facts)/,
      ],
      [
        { type: "tool-read_page", toolCallId: "c1", state: "output-available", input: { title: "Lease", url: "https://x" }, output: { title: "Lease", found: false, facts: [] } },
        /^messages\.1\.parts\.0\.input: Unrecognized key: "url"/,
      ],
      [{ type: "tool-search_chat_history", toolCallId: "c1", state: "input-streaming", input: { query: "rent" } }, /^messages\.1\.parts\.0\.state/],
    ];
    for (const [part, problem] of cases) {
      expect((await refused(withPart(part))).problems, JSON.stringify(part)).toContainEqual(expect.stringMatching(problem));
    }
    const toolInUserMessage = withPart({ type: "step-start" }, 1);
    expect((await refused(toolInUserMessage)).problems).toEqual(["messages.0.parts.0.type: a person's message holds only text parts"]);
  });

  it("refuses text the database cannot store anywhere in a part, and a title with a lone surrogate", async () => {
    const file = threadFile();
    file.messages[1].parts![1] = {
      type: "tool-read_page",
      input: { title: "Second Location" },
      state: "output-available",
      output: { facts: [], found: true, title: "Second\u0000Location" },
      toolCallId: "call_1",
    } as never;
    expect((await refused(file)).problems).toEqual([expect.stringMatching(/^messages\.1\.parts\.1\.output\.title: contains a NUL character/)]);
    const titled = threadFile();
    titled.thread.title = "Lease \ud800 plan";
    expect((await refused(titled)).problems).toEqual([expect.stringMatching(/^thread\.title: contains a lone UTF-16 surrogate/)]);
  });

  it("does not store what a provider attached to a part", async () => {
    const file = threadFile();
    file.messages[1].parts = [{ type: "text", text: file.messages[1].text, providerMetadata: { openai: { itemId: "msg_1" } } } as never];
    const { thread } = await importThread(t.db, workspaceId, file, { duplicate: true });
    const stored = await t.db.message.findFirstOrThrow({ where: { threadId: thread.id, seq: 2 } });
    expect(stored.parts).toEqual([{ type: "text", text: file.messages[1].text }]);
  });

  it("writes nothing when the database fails part-way through an import", async () => {
    const failing = t.db.$extends({
      query: {
        message: {
          async createManyAndReturn() {
            throw new Error("disk full");
          },
        },
      },
    }) as unknown as Db;
    const before = await counts(t.db);
    await expect(importThread(failing, workspaceId, threadFile(), { duplicate: true })).rejects.toThrow("disk full");
    expect(await counts(t.db)).toEqual(before);
  });
});

describe("reading an uploaded body", () => {
  const limits = { maxBytes: 1024, name: "thread file" };

  it("parses JSON within the cap", async () => {
    const request = new Request("http://test/", { method: "POST", body: JSON.stringify({ a: 1 }) });
    await expect(readJsonBody(request, limits)).resolves.toEqual({ a: 1 });
  });

  it("answers 400 for a body that is not JSON", async () => {
    const request = new Request("http://test/", { method: "POST", body: "format: thread" });
    await expect(readJsonBody(request, limits)).rejects.toMatchObject({ status: 400, message: "The thread file is not valid JSON." });
  });

  it("answers 413 from the declared length, before reading", async () => {
    const declared = new Request("http://test/", { method: "POST", headers: { "content-length": "5000000" }, body: "{}" });
    await expect(readJsonBody(declared, limits)).rejects.toMatchObject({ status: 413, message: "The thread file is larger than 1 KB, the most this app takes." });
  });

  it("answers 413 while streaming a body of undeclared length, counting bytes not characters", async () => {
    // 611 characters, but 1,211 bytes.
    const chunks = ['{"text":"', "é".repeat(300), "é".repeat(300), '"}'];
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
        controller.close();
      },
    });
    const request = new Request("http://test/", { method: "POST", body, duplex: "half" } as RequestInit);
    const error = await readJsonBody(request, limits).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestError);
    expect(error).toMatchObject({ status: 413, code: "too_large:body" });
  });
});

describe("the export file name", () => {
  it("keeps a plain title and makes any title safe as a file name", () => {
    expect(exportDisposition("Second location planning")).toBe(
      `attachment; filename="Second location planning.thread.json"; filename*=UTF-8''Second%20location%20planning.thread.json`,
    );
    expect(exportDisposition(`Owner's "plan": A/B café`)).toBe(
      `attachment; filename="Owner's -plan- A-B caf_.thread.json"; filename*=UTF-8''Owner%27s%20-plan-%20A-B%20caf%C3%A9.thread.json`,
    );
  });
});
