import type { LanguageModelV4 } from "@ai-sdk/provider";
import { beforeAll, describe, expect, it } from "vitest";
import { consolidateThread, type ConsolidationProgress } from "@/lib/memory/consolidate";
import { createOfflineModel } from "@/lib/models/offline";
import { importThread } from "@/lib/threads/transfer";
import type { ThreadFile } from "@/lib/threads/transfer-schema";
import { openTestDb } from "@/tests/db/test-db";
import { forFile } from "@/tests/support/for-file";

const MESSAGES = 40;
const STRETCH = 8;

const t = forFile(openTestDb);
let workspaceId: string;

beforeAll(async () => {
  workspaceId = (await t.db.workspace.create({ data: { slug: "consolidate", name: "Consolidate" } })).id;
});

const OWNER_LINES = [
  "Our budget for rent is under $2,500 a month.",
  "The Main St lease is $2,350 a month for 3 years.",
  "The Canal Blvd lease is $2,600 a month plus $180 maintenance.",
  "I hired Tasha Robichaux as manager at $21 an hour.",
  "We'll go with Bayou Roasters as our supplier at $9.35 a pound.",
];

function threadFile(kind: "OWNER" | "SUPPORT"): ThreadFile {
  const person = kind === "OWNER" ? "OWNER" : "CUSTOMER";
  return {
    format: "episodic-buffer.thread",
    version: 1,
    thread: { title: `${kind} thread`, kind, createdAt: new Date(Date.UTC(2026, 9, 2)).toISOString() },
    messages: Array.from({ length: MESSAGES }, (_, i) => ({
      seq: i + 1,
      role: i % 2 === 0 ? ("USER" as const) : ("ASSISTANT" as const),
      speaker: i % 2 === 0 ? person : ("AGENT" as const),
      text: i % 2 === 0 ? OWNER_LINES[(i / 2) % OWNER_LINES.length] : `Noted, message ${i + 1}.`,
      createdAt: new Date(Date.UTC(2026, 9, 2 + Math.floor(i / 4), 14, i)).toISOString(),
    })),
  };
}

/** The offline model, except that the given calls fail as an unreachable server would. */
function modelFailingOn(failingCalls: number[]): LanguageModelV4 {
  const offline = createOfflineModel({ delayMs: 0 });
  let calls = 0;
  return {
    specificationVersion: "v4",
    provider: "test",
    modelId: "flaky",
    supportedUrls: {},
    doGenerate: async (options) => {
      calls += 1;
      if (failingCalls.includes(calls)) throw new Error("the model server is unreachable");
      return offline.doGenerate(options);
    },
    doStream: (options) => offline.doStream(options),
  };
}

function expectMonotonic(events: ConsolidationProgress[]) {
  for (const [previous, next] of events.slice(0, -1).map((e, i) => [e, events[i + 1]])) {
    expect(next.done).toBeGreaterThan(previous.done);
    expect(next.episodes).toBeGreaterThanOrEqual(previous.episodes);
    expect(next.facts).toBeGreaterThanOrEqual(previous.facts);
    expect(next.total).toBe(previous.total);
  }
}

describe("consolidating a whole thread", () => {
  it("reports monotonic progress in stretches and ends at the total", async () => {
    // Each test imports the same file into one workspace: a copy each time, on purpose.
    const { thread } = await importThread(t.db, workspaceId, threadFile("OWNER"), { duplicate: true });
    const events: ConsolidationProgress[] = [];
    const outcome = await consolidateThread(t.db, createOfflineModel({ delayMs: 0 }), workspaceId, thread.id, {
      onProgress: (p) => {
        events.push(p);
      },
    });

    expect(events.map((e) => e.done)).toEqual([0, 8, 16, 24, 32, 40]);
    expectMonotonic(events);
    expect(events[0]).toEqual({ done: 0, total: MESSAGES, episodes: 0, facts: 0 });
    expect(outcome).toEqual({ ...events.at(-1), finished: true });
    expect(outcome.facts).toBeGreaterThan(0);
    expect(outcome.episodes).toBe(MESSAGES / STRETCH);
    const episodes = await t.db.episode.findMany({ where: { threadId: thread.id }, orderBy: { toSeq: "asc" } });
    expect(episodes.map((e) => [e.fromSeq, e.toSeq])).toEqual([
      [1, 8],
      [9, 16],
      [17, 24],
      [25, 32],
      [33, 40],
    ]);
  });

  it("stops at a failed pass with its error and resumes where it stopped", async () => {
    const { thread } = await importThread(t.db, workspaceId, threadFile("OWNER"), { duplicate: true });
    const model = modelFailingOn([3]);
    const first: ConsolidationProgress[] = [];
    const stopped = await consolidateThread(t.db, model, workspaceId, thread.id, { onProgress: (p) => void first.push(p) });

    expect(first.map((e) => e.done)).toEqual([0, 8, 16]);
    expect(stopped).toMatchObject({ finished: false, done: 16, total: MESSAGES });
    expect("error" in stopped && stopped.error).toMatch(/messages 17–24 failed: .*unreachable/);
    expect((await t.db.thread.findUniqueOrThrow({ where: { id: thread.id } })).consolidatedSeq).toBe(16);

    const resumed: ConsolidationProgress[] = [];
    const outcome = await consolidateThread(t.db, model, workspaceId, thread.id, { onProgress: (p) => void resumed.push(p) });
    expect(resumed.map((e) => e.done)).toEqual([16, 24, 32, 40]);
    expect(resumed[0]).toEqual(first.at(-1));
    expectMonotonic([...first, ...resumed.slice(1)]);
    expect(outcome).toMatchObject({ finished: true, done: MESSAGES, episodes: MESSAGES / STRETCH });
    const toSeqs = (await t.db.episode.findMany({ where: { threadId: thread.id }, orderBy: { toSeq: "asc" } })).map((e) => e.toSeq);
    expect(toSeqs).toEqual([8, 16, 24, 32, 40]);
  });

  it("stops between passes when asked to, keeping what it filed", async () => {
    const { thread } = await importThread(t.db, workspaceId, threadFile("OWNER"), { duplicate: true });
    const stop = new AbortController();
    const outcome = await consolidateThread(t.db, createOfflineModel({ delayMs: 0 }), workspaceId, thread.id, {
      signal: stop.signal,
      onProgress: (p) => {
        if (p.done === 16) stop.abort();
      },
    });
    expect(outcome).toMatchObject({ finished: false, done: 16 });
    expect((await t.db.thread.findUniqueOrThrow({ where: { id: thread.id } })).consolidatedSeq).toBe(16);
  });

  it("moves through a support thread without filing anything", async () => {
    const { thread } = await importThread(t.db, workspaceId, threadFile("SUPPORT"), { duplicate: true });
    const outcome = await consolidateThread(t.db, createOfflineModel({ delayMs: 0 }), workspaceId, thread.id);
    expect(outcome).toEqual({ done: MESSAGES, total: MESSAGES, episodes: 0, facts: 0, finished: true });
  });

  it("consolidates only threads of the workspace asking", async () => {
    const { thread } = await importThread(t.db, workspaceId, threadFile("OWNER"), { duplicate: true });
    const other = await t.db.workspace.create({ data: { slug: "elsewhere", name: "Elsewhere" } });
    await expect(consolidateThread(t.db, createOfflineModel(), other.id, thread.id)).rejects.toMatchObject({ code: "not_found:thread", status: 404 });
    expect((await t.db.thread.findUniqueOrThrow({ where: { id: thread.id } })).consolidatedSeq).toBe(0);
  });
});
