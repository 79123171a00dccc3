import type { UIMessageChunk } from "ai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTurn } from "@/lib/agent/turn";
import { readConfig } from "@/lib/config";
import { BUFFER_HEADER } from "@/lib/contracts/prompt/buffer-block";
import { saveEpisode } from "@/lib/episodes/store";
import { runMemoryPass } from "@/lib/memory/pass";
import { chooseModels } from "@/lib/models";
import { readyEngine } from "@/lib/models/local/engine";
import { fileFact } from "@/lib/pages/facts";
import { addConversation, makeThread, makeWorkspace } from "@/tests/db/fixtures";
import { openTestDb, type TestDb } from "@/tests/db/test-db";
import { tinyGgufPath, type TemplateFamily } from "@/tests/support/tiny-gguf";

// The in-process engine under node-llama-cpp's own chat wrappers for the
// families the README recommends and the strict ones, and under each
// model's own Jinja template: a full turn of the app's layout (a window
// opening on the agent's reply, the buffer block, tools) renders and runs,
// and the debug panel's token figure is the engine's own. Then what only an
// in-process engine has: a memory pass and a reply at once, a reply waiting
// for its lane, a prompt larger than the context.

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(async () => {
  await t?.close();
});

const localConfig = (family: TemplateFamily, env: Record<string, string> = {}) =>
  readConfig({ OFFLINE_MODEL_DELAY_MS: "0", LOCAL_MODEL_PATH: tinyGgufPath(family), LOCAL_MODEL_THREADS: "1", MODEL_REPLY_TOKENS: "48", ...env });

let threads = 0;
/** An owner thread past its window (40 messages, the window opening on an agent reply) with a buffer line for its first stretch. */
async function fullThread(lines = 40, text = (i: number) => `message ${i} about the lease at Main St`) {
  const workspace = await makeWorkspace(t.db, `wrappers-${++threads}`);
  const thread = await makeThread(t.db, workspace.id);
  const messages = await addConversation(
    t.db,
    thread.id,
    Array.from({ length: lines }, (_, i) => ({ who: i % 2 === 0 ? ("owner" as const) : ("agent" as const), text: text(i + 1) })),
  );
  const filed = await t.db.$transaction((tx) =>
    fileFact(tx, { workspaceId: workspace.id, pageTitle: "Second Location", key: "lease", text: "Main St lease at $2,350 a month", source: "OWNER", threadId: thread.id, messageId: messages[0].id, messageSeq: 1, replaces: null }),
  );
  await t.db.$transaction((tx) =>
    saveEpisode(tx, { threadId: thread.id, fromSeq: 1, toSeq: 2, fromAt: messages[0].createdAt, toAt: messages[1].createdAt, gist: "The owner shared the Main St lease", closed: true, factIds: [filed.fact.id] }),
  );
  return { workspaceId: workspace.id, threadId: thread.id };
}

async function turnOn(config: ReturnType<typeof readConfig>, ids: { workspaceId: string; threadId: string }, text = "Which lease did we like?") {
  const turn = await startTurn({ db: t.db, config, models: chooseModels(config), ...ids, text, consolidate: { kind: "skip" } });
  const chunks: UIMessageChunk[] = [];
  await turn.stream.pipeTo(new WritableStream({ write: (chunk) => void chunks.push(chunk) }));
  return { chunks, outcome: await turn.finished };
}

/**
 * A random-weight model's reply is meaningless and may run to its token
 * limit: then it is stored unfinished and says so. Either way the turn ends
 * cleanly, never with a failure.
 */
function expectHonestEnd(outcome: Awaited<ReturnType<typeof turnOn>>["outcome"]) {
  if (outcome.trace.error !== null) expect(outcome.trace.error).toBe("the reply reached its token limit (MODEL_REPLY_TOKENS) before it finished");
  if (outcome.assistantMessage) expect(outcome.assistantMessage.status).toBe(outcome.trace.error === null ? "COMPLETE" : "INTERRUPTED");
}

/** The engine's count of the first call's prompt against the trace's: within 5% (it is the same tokenizer over the same template). */
function expectTokenFigureMatchesEngine(budget: NonNullable<Awaited<ReturnType<typeof turnOn>>["outcome"]["trace"]["budget"]>) {
  expect(budget.method).toBe("model-tokenizer");
  expect(budget.reportedTokens).not.toBeNull();
  expect(Math.abs(budget.promptTokens - budget.reportedTokens!) / budget.reportedTokens!).toBeLessThanOrEqual(0.05);
}

const WRAPPERS = [
  ["qwen2.5", "qwen", "Qwen"],
  ["llama3.1", "llama3.1", "Llama 3.1"],
  ["gemma", "gemma", "Gemma"],
  ["mistral", "mistral", "Mistral"],
  ["qwen2.5", "jinja", "JinjaTemplate"],
  ["llama3.1", "jinja", "JinjaTemplate"],
  ["gemma", "jinja", "JinjaTemplate"],
  ["mistral", "jinja", "JinjaTemplate"],
] as const;

describe.each(WRAPPERS)("a %s model under the %s chat wrapper", (family, wrapper, wrapperName) => {
  it("runs a full turn of the app's layout, and the token figure is the engine's own", async () => {
    const config = localConfig(family, { LOCAL_MODEL_CHAT_WRAPPER: wrapper });
    const engine = await readyEngine(config.localModel!);
    expect(engine.wrapperName).toBe(wrapperName);
    const ids = await fullThread();
    const { chunks, outcome } = await turnOn(config, ids);

    const types = chunks.map((c) => c.type);
    expect(types[0]).toBe("start");
    expect(types.at(-1)).toBe("finish");
    expectHonestEnd(outcome);
    const messages = outcome.trace.prompt.messages as { role: string; content: unknown }[];
    expect(messages[0]).toMatchObject({ role: "user", content: expect.stringContaining(BUFFER_HEADER) });
    expect(messages.map((m) => m.role).every((role, i) => role === (i % 2 === 0 ? "user" : "assistant"))).toBe(true);
    const budget = outcome.trace.budget!;
    expect(budget.counter).toContain(wrapperName);
    expectTokenFigureMatchesEngine(budget);
  });
});

describe("the in-process engine's lanes", () => {
  it("answers a reply while a memory pass runs: the pass holds its own sequence, not the reply's", async () => {
    const config = localConfig("chatml", { MODEL_FIRST_TOKEN_TIMEOUT_MS: "2000" });
    const engine = await readyEngine(config.localModel!);
    const ids = await fullThread(6);
    // A pass in flight holds the JSON lane for as long as it runs.
    const free = await engine.lanes.json.acquire();
    try {
      const { outcome } = await turnOn(config, ids, "Hello?");
      expectHonestEnd(outcome);
      expect(outcome.trace.timings.waitMs ?? 0).toBeLessThan(500);
    } finally {
      free();
    }
  });

  it("runs a real pass and a reply at once, each to a clean end", async () => {
    const config = localConfig("chatml");
    const ids = await fullThread(6);
    const choice = chooseModels(config).memory;
    const [report, { outcome }] = await Promise.all([
      runMemoryPass(t.db, choice.model, ids.threadId, { runtime: choice.runtime }),
      turnOn(config, ids, "And the deposit?"),
    ]);
    expect(["filed", "failed"]).toContain(report.status);
    expectHonestEnd(outcome);
  });

  it("lets a reply wait its turn behind another on the reply lane, shows the wait, and charges it to no limit", async () => {
    const config = localConfig("chatml", { MODEL_FIRST_TOKEN_TIMEOUT_MS: "1000", MODEL_TIMEOUT_MS: "5000" });
    const engine = await readyEngine(config.localModel!);
    const ids = await fullThread(6);
    const free = await engine.lanes.reply.acquire();
    const released = new Promise<void>((resolve) =>
      setTimeout(() => {
        free();
        resolve();
      }, 2_500),
    );
    const { outcome } = await turnOn(config, ids, "Still there?");
    await released;
    expectHonestEnd(outcome);
    expect(outcome.trace.timings.waitMs).toBeGreaterThanOrEqual(2_000);
  });
});

describe("a prompt larger than the in-process context", () => {
  it("is fitted before it is sent: the oldest messages are left out, and the engine holds what the trace counted", async () => {
    const config = localConfig("chatml", { LOCAL_MODEL_CONTEXT: "1024", MODEL_REPLY_TOKENS: "64" });
    const ids = await fullThread(40, (i) => `message ${i}: ${"the landlord sent the lease terms again with every clause spelled out ".repeat(6)}`);
    const { outcome } = await turnOn(config, ids);
    const budget = outcome.trace.budget!;
    expect(budget).toMatchObject({ contextTokens: 1024, contextSource: "provider", replyTokens: 64 });
    expect(budget.leftOut[0]).toMatchObject({ what: "window" });
    expect(budget.leftOut[0].count).toBeGreaterThan(20);
    expect(budget.promptTokens + budget.replyTokens).toBeLessThanOrEqual(1024);
    expectTokenFigureMatchesEngine(budget);
  });
});
