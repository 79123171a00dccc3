import type { UIMessageChunk } from "ai";
import { afterEach, describe, expect, it } from "vitest";
import { runTurn, startTurn } from "@/lib/agent/turn";
import type { TurnTraceData } from "@/lib/contracts/trace";
import { startMemoryPassQueue, type MemoryPassQueue } from "@/lib/jobs/memory-pass";
import { runMemoryPass } from "@/lib/memory/pass";
import { ownerThread, testConfig } from "@/tests/db/fixtures";
import { openTestDb } from "@/tests/db/test-db";
import { forFile } from "@/tests/support/for-file";
import { scriptedChoice, scriptedModel, scriptedModels, type ScriptEntry, type ScriptedModel } from "@/tests/support/scripted-model";

// The reply path around the model: the stream ends once the reply is saved,
// the memory pass runs later as a job on the thread's queue, calls time out,
// a reply cut off mid-stream is kept but never consolidated, and a thread
// takes one turn at a time.

const t = forFile(openTestDb);
const config = testConfig();
const queues: MemoryPassQueue[] = [];

// Every worker on a database takes that database's jobs: one test's queue at a time, with its own model.
afterEach(async () => {
  for (const queue of queues.splice(0)) await queue.stop();
});

const isPass = (call: ScriptedModel["calls"][number]) => call.options.responseFormat?.type === "json";

/** A model whose memory passes file one episode line each (after `passDelayMs`) and whose replies are "ok.". */
function passingModel(passDelayMs = 0): ScriptedModel {
  const fallback: ScriptEntry = (call) =>
    isPass(call) ? { object: { facts: [], episode: "The owner and the agent talked; nothing decided.", stretch: "ends", fold: null }, delayMs: passDelayMs } : { text: "ok." };
  return scriptedModel([], fallback);
}

async function queueFor(model: ScriptedModel, options: { retries?: number } = {}) {
  const queue = await startMemoryPassQueue({
    db: t.db,
    backend: t.queue,
    memory: scriptedChoice(model),
    timeoutMs: 20_000,
    retries: options.retries ?? 1,
    retryDelaySeconds: 1,
  });
  queues.push(queue);
  return queue;
}

async function traceData(traceId: string): Promise<TurnTraceData> {
  const row = await t.db.turnTrace.findUniqueOrThrow({ where: { id: traceId } });
  return row.data as TurnTraceData;
}

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 40_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const messagesOf = (threadId: string) => t.db.message.findMany({ where: { threadId }, orderBy: { seq: "asc" } });

describe("the reply path", () => {
  it("ends the turn once the reply is saved; the memory pass runs later as a job and reports into the trace", async () => {
    const { workspace: { id: workspaceId }, thread: { id: threadId } } = await ownerThread(t.db, "reply-queued");
    const passModel = passingModel(3000);
    const queue = await queueFor(passModel);
    const chat = scriptedModel([{ text: "Noted." }]);
    const outcome = await runTurn({ db: t.db, config, models: scriptedModels(chat), workspaceId, threadId, text: "We open at nine.", consolidate: { kind: "queue", queue } });
    expect(outcome.answer).toBe("Noted.");
    expect(outcome.trace.memoryPassJob?.status).toBe("queued");
    // The turn is over while its three-second pass has not reported: the reply did not wait for it.
    expect((await traceData(outcome.traceId)).memoryPass).toBeNull();

    const settled = await eventually(() => traceData(outcome.traceId), (d) => d.memoryPassJob?.status === "done");
    expect(settled.memoryPassJob).toMatchObject({ status: "done", attempts: 1 });
    expect(settled.memoryPass).toMatchObject({ status: "filed", fromSeq: 1, toSeq: 2 });
    expect(passModel.calls.filter(isPass)).toHaveLength(1);
  });

  it("takes twenty sends at once to one thread one turn at a time, strictly alternating, and wastes no pass", async () => {
    const { workspace: { id: workspaceId }, thread: { id: threadId } } = await ownerThread(t.db, "reply-burst");
    const model = passingModel(100);
    const queue = await queueFor(model);
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        runTurn({ db: t.db, config, models: scriptedModels(model), workspaceId, threadId, text: `message ${i}`, consolidate: { kind: "queue", queue } }),
      ),
    );
    const messages = await messagesOf(threadId);
    expect(messages.map((m) => m.role)).toEqual(Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? "USER" : "ASSISTANT")));
    // Each reply answers the message right before it.
    for (const outcome of outcomes) expect(outcome.assistantMessage!.seq).toBe(outcome.userMessage.seq + 1);

    const traces = await eventually(
      () => Promise.all(outcomes.map((o) => traceData(o.traceId))),
      (list) => list.every((d) => d.memoryPassJob?.status === "done"),
    );
    expect(traces.every((d) => d.memoryPassJob?.status === "done")).toBe(true);
    expect(traces.map((d) => d.memoryPass?.status)).not.toContain("raced");
    expect(await t.db.thread.findUniqueOrThrow({ where: { id: threadId } })).toMatchObject({ consolidatedSeq: 40, turnLeaseId: null });
    // Passes run one after another per thread, each over what the last left: never more passes than turns, and none thrown away.
    // Only this thread's passes (its messages read "message N"): a job another test's queue left behind may land here too.
    const passes = model.calls.filter((call) => isPass(call) && /\bmessage \d+\b/.test(call.promptText)).length;
    expect(passes).toBeGreaterThan(0);
    expect(passes).toBeLessThanOrEqual(20);
    // Every episode line is one filed pass's stretch (traces a pass covered together share its report): none thrown away.
    // A pass over a stretch holding only a reply has no "message N" in its prompt, so lines are counted from the reports.
    const filed = new Set(traces.flatMap((d) => (d.memoryPass?.status === "filed" ? [`${d.memoryPass.fromSeq}-${d.memoryPass.toSeq}`] : [])));
    expect(await t.db.episode.count({ where: { threadId } })).toBe(filed.size);
  });

  it("times out a hung model call: the turn fails with a timeout, the message is kept, and a retry answers it", async () => {
    const { workspace: { id: workspaceId }, thread: { id: threadId } } = await ownerThread(t.db, "reply-hung");
    const quick = testConfig({ MODEL_TIMEOUT_MS: "1000" });
    const hung = scriptedModel([{ hang: true }]);
    const started = performance.now();
    const failed = await runTurn({ db: t.db, config: quick, models: scriptedModels(hung), workspaceId, threadId, text: "What did the roofer quote?", consolidate: { kind: "skip" } });
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(failed.assistantMessage).toBeNull();
    expect(failed.trace.error).toContain("the reply did not finish within 1 s (MODEL_TIMEOUT_MS)");
    expect((await messagesOf(threadId)).map((m) => [m.role, m.text])).toEqual([["USER", "What did the roofer quote?"]]);

    const retried = await runTurn({
      db: t.db,
      config: quick,
      models: scriptedModels(scriptedModel([{ text: "The roofer quoted $900." }])),
      workspaceId,
      threadId,
      text: null,
      consolidate: { kind: "skip" },
    });
    expect(retried.userMessage.id).toBe(failed.userMessage.id);
    expect((await messagesOf(threadId)).map((m) => m.role)).toEqual(["USER", "ASSISTANT"]);
  });

  it("keeps a reply cut off by the browser going away, marked interrupted and never consolidated; a retry replaces it", async () => {
    const { workspace: { id: workspaceId }, thread: { id: threadId } } = await ownerThread(t.db, "reply-cut");
    const slow = scriptedModel([{ text: "The delivery van is booked for Tuesday morning at the north depot.", delayMs: 150 }]);
    const browser = new AbortController();
    const queued: string[] = [];
    const turn = await startTurn({
      db: t.db,
      config,
      models: scriptedModels(slow),
      workspaceId,
      threadId,
      text: "When is the van booked?",
      consolidate: { kind: "queue", queue: { enqueue: async (id) => void queued.push(id) } },
      signal: browser.signal,
    });
    const reader = turn.stream.getReader();
    let seen = "";
    while (!seen.includes("van")) {
      const { value } = await reader.read();
      const chunk = value as UIMessageChunk;
      if (chunk.type === "text-delta") seen += chunk.delta;
    }
    browser.abort();
    await reader.cancel();
    const outcome = await turn.finished;
    expect(outcome.assistantMessage?.status).toBe("INTERRUPTED");
    expect(outcome.assistantMessage?.text).toContain("van");
    expect(outcome.assistantMessage?.text).not.toContain("north depot");
    expect(outcome.trace.replyStatus).toBe("interrupted");
    expect(queued).toEqual([]);

    const pass = passingModel();
    const report = await runMemoryPass(t.db, pass, threadId);
    expect(report.toSeq).toBe(1);
    expect(pass.calls[0].promptText).toContain("When is the van booked?");
    expect(pass.calls[0].promptText).not.toContain("The delivery van");

    const retried = await runTurn({
      db: t.db,
      config,
      models: scriptedModels(scriptedModel([{ text: "Tuesday morning." }])),
      workspaceId,
      threadId,
      text: null,
      consolidate: { kind: "skip" },
    });
    expect(retried.userMessage.id).toBe(outcome.userMessage.id);
    expect((await messagesOf(threadId)).map((m) => [m.role, m.status, m.text])).toEqual([
      ["USER", "COMPLETE", "When is the van booked?"],
      ["ASSISTANT", "COMPLETE", "Tuesday morning."],
    ]);
  });

  it("retries a failing pass with backoff, marks it failed with its error after the last try, and runs it again on request", async () => {
    const { workspace: { id: workspaceId }, thread: { id: threadId } } = await ownerThread(t.db, "reply-pass-fails");
    const passModel = scriptedModel([{ fail: "the provider is down" }, { fail: "the provider is down" }], {
      object: { facts: [], episode: "The owner set the opening hours.", stretch: "ends", fold: null },
    });
    const queue = await queueFor(passModel, { retries: 1 });
    const outcome = await runTurn({ db: t.db, config, models: scriptedModels(scriptedModel([])), workspaceId, threadId, text: "We open at nine.", consolidate: { kind: "queue", queue } });

    const failed = await eventually(() => traceData(outcome.traceId), (d) => d.memoryPassJob?.status === "failed");
    expect(failed.memoryPassJob).toMatchObject({ status: "failed", attempts: 2, error: expect.stringContaining("the provider is down") });
    expect(passModel.calls).toHaveLength(2);
    expect((await t.db.thread.findUniqueOrThrow({ where: { id: threadId } })).consolidatedSeq).toBe(0);

    expect(await queue.retryFailed(threadId)).toBe(1);
    const done = await eventually(() => traceData(outcome.traceId), (d) => d.memoryPassJob?.status === "done");
    expect(done.memoryPass).toMatchObject({ status: "filed", toSeq: 2 });
    expect(passModel.calls).toHaveLength(3);
  });

  it("refuses a send with a 409 while another turn holds the thread past the wait", async () => {
    const { workspace: { id: workspaceId }, thread: { id: threadId } } = await ownerThread(t.db, "reply-busy");
    const slow = scriptedModel([{ text: "one two three four five six", delayMs: 300 }]);
    const first = runTurn({ db: t.db, config, models: scriptedModels(slow), workspaceId, threadId, text: "first", consolidate: { kind: "skip" } });
    await eventually(() => t.db.thread.findUniqueOrThrow({ where: { id: threadId } }), (th) => th.turnLeaseId !== null);
    const impatient = testConfig({ TURN_WAIT_MS: "100" });
    const second = runTurn({ db: t.db, config: impatient, models: scriptedModels(scriptedModel([])), workspaceId, threadId, text: "second", consolidate: { kind: "skip" } });
    await expect(second).rejects.toMatchObject({ status: 409, message: expect.stringContaining("still being written") });
    await first;
    expect((await messagesOf(threadId)).map((m) => m.text)).toEqual(["first", "one two three four five six"]);
  });
});
