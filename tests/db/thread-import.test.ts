import type { PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { startJobBoss } from "@/lib/jobs/boss";
import { startThreadImportQueue, type ThreadImportQueue } from "@/lib/jobs/thread-import";
import { failThreadImport, queueThreadImport, runThreadImport, threadImportProgress, type ThreadImportProgress } from "@/lib/threads/transfer-imports";
import { openTestDb } from "@/tests/db/test-db";
import { forFile } from "@/tests/support/for-file";

// A thread file's import as the import job runs it: off the request, a
// stretch at a time, the thread out of sight until its last message is in,
// and carried on from where it stopped when its job is run again.

const t = forFile(openTestDb);
let workspaceId: string;

beforeAll(async () => {
  workspaceId = (await t.db.workspace.create({ data: { slug: "imports", name: "Imports" } })).id;
});

function fileOf(count: number, title = "Supplier history"): Uint8Array {
  const start = Date.UTC(2026, 3, 1, 9);
  const messages = Array.from({ length: count }, (_, i) => ({
    seq: i + 1,
    role: i % 2 ? "ASSISTANT" : "USER",
    speaker: i % 2 ? "AGENT" : "OWNER",
    text: i % 2 ? `Noted (${i + 1}).` : `Flour order ${i + 1}: 12 sacks from Miller & Sons.`,
    createdAt: new Date(start + i * 60_000).toISOString(),
  }));
  const file = { format: "episodic-buffer.thread", version: 1, thread: { title, kind: "OWNER", createdAt: messages[0]?.createdAt ?? new Date(start).toISOString() }, messages };
  return new TextEncoder().encode(JSON.stringify(file));
}

const threadsNamed = (title: string) => t.db.thread.findMany({ where: { workspaceId, title }, select: { id: true, lastSeq: true } });
const stagingWorkspaces = () => t.db.workspace.count({ where: { slug: { startsWith: "import:" } } });

async function progressOf(id: string): Promise<ThreadImportProgress> {
  return (await threadImportProgress(t.db, workspaceId, id))!;
}

describe("an import run by its job", () => {
  let boss: PgBoss;
  let queue: ThreadImportQueue;

  beforeAll(async () => {
    boss = await startJobBoss(t.queue);
    queue = await startThreadImportQueue({ db: t.db, boss, retryDelaySeconds: 1, pauseMs: 1 });
  });
  afterAll(async () => {
    await queue.stop();
    await boss.stop({ graceful: false });
  });

  it("writes the thread in stretches, reporting progress, and shows it only once every message is in", async () => {
    const title = "Supplier history (queued)";
    const queued = await queueThreadImport(t.db, workspaceId, fileOf(1_234, title));
    expect(queued).toMatchObject({ status: "QUEUED", total: 0, done: 0, thread: null });
    await queue.enqueue(queued.id);
    const seen: string[] = [];
    let progress = queued;
    for (let polls = 0; progress.status !== "DONE" && progress.status !== "FAILED" && polls < 600; polls++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      progress = await progressOf(queued.id);
      if (progress.status === "WRITING") {
        seen.push(`${progress.done}/${progress.total}`);
        // Mid-import the owner's workspace has no such thread at all.
        if (progress.done < progress.total) expect(await threadsNamed(title)).toEqual([]);
      }
    }
    expect(progress).toMatchObject({ status: "DONE", total: 1_234, done: 1_234, error: null, thread: { title, kind: "OWNER", lastSeq: 1_234 } });
    expect(seen.length).toBeGreaterThan(1);
    const [thread] = await threadsNamed(title);
    const seqs = await t.db.message.findMany({ where: { threadId: thread.id }, select: { seq: true }, orderBy: { seq: "asc" } });
    expect(seqs.map((m) => m.seq)).toEqual(Array.from({ length: 1_234 }, (_, i) => i + 1));
    expect(await stagingWorkspaces()).toBe(0);
    // The upload is not kept once its thread is written.
    expect((await t.db.threadImport.findUniqueOrThrow({ where: { id: queued.id } })).file).toBeNull();
  });

  it("ends a file that does not validate with its problems, writing nothing", async () => {
    const threadsBefore = await t.db.thread.count();
    const bad = JSON.parse(new TextDecoder().decode(fileOf(30, "Bad one")));
    bad.messages[7].speaker = "CUSTOMER";
    bad.messages[19].seq = 99;
    const queued = await queueThreadImport(t.db, workspaceId, new TextEncoder().encode(JSON.stringify(bad)));
    await queue.enqueue(queued.id);
    await expect.poll(async () => (await progressOf(queued.id)).status, { timeout: 20_000 }).toBe("FAILED");
    const failed = await progressOf(queued.id);
    expect(failed.error).toMatch(/^This is not a valid thread file\. /);
    expect(failed.problems).toEqual(["messages.7.speaker: the agent speaks as ASSISTANT, people as USER", "messages.19.seq: expected 20: messages are numbered 1..n in order"]);
    expect(await t.db.thread.count()).toBe(threadsBefore);
    expect(await stagingWorkspaces()).toBe(0);
  });
});

describe("an import's job, run by hand", () => {
  it("refuses a file that is not UTF-8 text on upload, and one that is not JSON in its job, saying which", async () => {
    const importsBefore = await t.db.threadImport.count();
    await expect(queueThreadImport(t.db, workspaceId, Uint8Array.from([0x7b, 0x22, 0xe9, 0x22, 0x7d]))).rejects.toMatchObject({ status: 422, message: "The thread file is not UTF-8 text." });
    await expect(queueThreadImport(t.db, workspaceId, Uint8Array.from([0x7b, 0x22, 0x00, 0x22, 0x7d]))).rejects.toMatchObject({ status: 400, message: "The thread file is not valid JSON." });
    expect(await t.db.threadImport.count()).toBe(importsBefore);
    const notJson = await queueThreadImport(t.db, workspaceId, new TextEncoder().encode("Main St lease: $2,350"));
    await runThreadImport(t.db, notJson.id);
    expect(await progressOf(notJson.id)).toMatchObject({ status: "FAILED", error: "The thread file is not valid JSON." });
    const nul = await queueThreadImport(t.db, workspaceId, new TextEncoder().encode(new TextDecoder().decode(fileOf(4)).replace("Flour order 3", "Flour\\u0000order 3")));
    await runThreadImport(t.db, nul.id);
    expect((await progressOf(nul.id)).error).toContain("messages.2.text: contains a NUL character");
  });

  it("carries on from the messages already written when a run stops part-way, writing each message once", async () => {
    const title = "Supplier history (interrupted)";
    const queued = await queueThreadImport(t.db, workspaceId, fileOf(450, title));
    let stretches = 0;
    const failing = t.db.$extends({
      query: {
        message: {
          async createManyAndReturn({ args, query }) {
            if (++stretches === 3) throw new Error("connection lost");
            return query(args);
          },
        },
      },
    }) as unknown as Db;
    await expect(runThreadImport(failing, queued.id)).rejects.toThrow("connection lost");
    const stopped = await progressOf(queued.id);
    expect(stopped).toMatchObject({ status: "WRITING", total: 450, done: 200, thread: null });
    expect(await threadsNamed(title)).toEqual([]);

    await runThreadImport(t.db, queued.id);
    expect(await progressOf(queued.id)).toMatchObject({ status: "DONE", done: 450, thread: { title, lastSeq: 450 } });
    const [thread] = await threadsNamed(title);
    const seqs = await t.db.message.groupBy({ by: ["seq"], where: { threadId: thread.id }, _count: true });
    expect(seqs).toHaveLength(450);
    expect(seqs.every((row) => row._count === 1)).toBe(true);
    expect(await stagingWorkspaces()).toBe(0);
  });

  it("leaves nothing behind when its job gives up", async () => {
    const queued = await queueThreadImport(t.db, workspaceId, fileOf(300, "Given up"));
    let stretches = 0;
    const failing = t.db.$extends({
      query: {
        message: {
          async createManyAndReturn({ args, query }) {
            if (++stretches === 2) throw new Error("disk full");
            return query(args);
          },
        },
      },
    }) as unknown as Db;
    await expect(runThreadImport(failing, queued.id)).rejects.toThrow("disk full");
    expect(await stagingWorkspaces()).toBe(1);
    await failThreadImport(t.db, queued.id, "The import failed on the server; upload the file again.");
    expect(await progressOf(queued.id)).toMatchObject({ status: "FAILED", error: "The import failed on the server; upload the file again." });
    expect(await stagingWorkspaces()).toBe(0);
    expect(await t.db.thread.count({ where: { title: "Given up" } })).toBe(0);
  });

  it("is read only by its own workspace", async () => {
    const queued = await queueThreadImport(t.db, workspaceId, fileOf(2));
    const other = await t.db.workspace.create({ data: { slug: "imports-other", name: "Other" } });
    expect(await threadImportProgress(t.db, other.id, queued.id)).toBeNull();
  });
});
