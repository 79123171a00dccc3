import type { UIMessageChunk } from "ai";
import { beforeAll, describe, expect, it } from "vitest";
import { startTurn, type StartedTurn } from "@/lib/agent/turn";
import { chooseModels } from "@/lib/models";
import { countTokens } from "@/lib/models/tokens";
import { ownerThread, testConfig } from "@/tests/db/fixtures";
import { openTestDb } from "@/tests/db/test-db";
import { forFile, standInsForFile } from "@/tests/support/for-file";
import type { StandIn } from "@/tests/support/openai-stand-in";

// What a real server does that the offline model never does, over real HTTP
// to a stand-in behaving as each provider documents: it streams slowly, stops
// mid-reply, never answers, answers errors in an older shape. Each test says
// what is stored, what the trace says and what the chat is sent.

const t = forFile(openTestDb);
const server = standInsForFile();
beforeAll(() => {
  // The stand-in counts prompts with o200k in this process: its rank table loads once, before any limit is timed.
  countTokens("warm up");
});

async function readAll(turn: StartedTurn): Promise<UIMessageChunk[]> {
  const chunks: UIMessageChunk[] = [];
  await turn.stream.pipeTo(new WritableStream({ write: (chunk) => void chunks.push(chunk) }));
  return chunks;
}

const messagesOf = (threadId: string) => t.db.message.findMany({ where: { threadId }, orderBy: { seq: "asc" } });

/** A turn against the stand-in with these limits; the memory pass would be queued, and the test sees whether it was. */
async function turnAgainst(standIn: StandIn, slug: string, env: Record<string, string>, text = "Tell me about the lease.") {
  const config = testConfig({ OPENAI_BASE_URL: standIn.baseUrl, OPENAI_MODEL: "stand-in", ...env });
  const { workspace: { id: workspaceId }, thread: { id: threadId } } = await ownerThread(t.db, slug);
  const queued: string[] = [];
  const turn = await startTurn({
    db: t.db,
    config,
    models: chooseModels(config),
    workspaceId,
    threadId,
    text,
    consolidate: { kind: "queue", queue: { enqueue: async (id) => void queued.push(id) } },
  });
  const chunks = await readAll(turn);
  const outcome = await turn.finished;
  return { workspaceId, threadId, chunks, outcome, queued, config };
}

const LONG_REPLY = "The Main St lease runs five years at $2,350 a month with a ten percent cap on yearly increases and a right of first refusal.";

describe("a reply is complete only when the model says so", () => {
  it("cuts a stream that goes on past the whole-reply limit: kept INTERRUPTED with the reason, the request aborted, the chat told, no memory pass", async () => {
    const standIn = await server({ style: "vllm" });
    standIn.script({ kind: "text", text: LONG_REPLY, delayMs: 250 });
    const { threadId, chunks, outcome, queued } = await turnAgainst(standIn, "slow-stream", { MODEL_TIMEOUT_MS: "2000" });

    const [user, reply] = await messagesOf(threadId);
    expect(user.text).toBe("Tell me about the lease.");
    expect(reply.status).toBe("INTERRUPTED");
    expect(LONG_REPLY.startsWith(reply.text)).toBe(true);
    expect(reply.text.length).toBeGreaterThan(0);
    expect(reply.text.length).toBeLessThan(LONG_REPLY.length);
    expect(outcome.trace.error).toBe("the reply did not finish within 2 s (MODEL_TIMEOUT_MS)");
    expect(outcome.trace.replyStatus).toBe("interrupted");
    expect(queued).toEqual([]);
    expect(outcome.trace.memoryPassJob).toBeUndefined();
    // The provider's request was dropped, not left streaming into nothing.
    await expect.poll(() => standIn.requests[0].aborted).toBe(true);
    // The chat's stream says why and ends.
    const error = chunks.find((c) => c.type === "error");
    expect(error && "errorText" in error ? error.errorText : "").toBe(
      "The model call failed: the reply did not finish within 2 s (MODEL_TIMEOUT_MS). Your message is saved; retry to get an answer.",
    );
    expect(chunks.at(-1)?.type).toBe("finish");
  });

  it("cuts a stream that stops mid-reply at the idle limit and keeps what came", async () => {
    const standIn = await server({ style: "ollama" });
    standIn.script({ kind: "text", text: LONG_REPLY, stallAfterWords: 4 });
    // Without the idle limit this stream would never end, nor would the test.
    const { threadId, outcome } = await turnAgainst(standIn, "stalled-stream", { MODEL_IDLE_TIMEOUT_MS: "1000" });

    const reply = (await messagesOf(threadId))[1];
    expect(reply).toMatchObject({ status: "INTERRUPTED", text: "The Main St lease" });
    expect(outcome.trace.error).toBe("the model stopped sending for 1 s in the middle of its reply (MODEL_IDLE_TIMEOUT_MS)");
    await expect.poll(() => standIn.requests[0].aborted).toBe(true);
  });

  it("fails a call that sends nothing within the first-token limit, keeps the message, and a retry answers it", async () => {
    const standIn = await server();
    standIn.script({ kind: "hang" });
    const { workspaceId, threadId, outcome, config } = await turnAgainst(standIn, "no-first-token", { MODEL_FIRST_TOKEN_TIMEOUT_MS: "1000" });

    expect(outcome.assistantMessage).toBeNull();
    expect(outcome.trace.error).toBe("the model sent nothing within 1 s of the request (MODEL_FIRST_TOKEN_TIMEOUT_MS)");
    expect((await messagesOf(threadId)).map((m) => m.role)).toEqual(["USER"]);

    standIn.script({ kind: "text", text: "Five years at $2,350." });
    const retry = await startTurn({ db: t.db, config, models: chooseModels(config), workspaceId, threadId, text: null, consolidate: { kind: "skip" } });
    await readAll(retry);
    expect((await messagesOf(threadId)).map((m) => [m.role, m.status, m.text])).toEqual([
      ["USER", "COMPLETE", "Tell me about the lease."],
      ["ASSISTANT", "COMPLETE", "Five years at $2,350."],
    ]);
  });

  it("saves a reply as it streams, so a reply still streaming is already stored INTERRUPTED with its text so far", async () => {
    const standIn = await server();
    standIn.script({ kind: "text", text: LONG_REPLY, delayMs: 150 });
    const config = testConfig({ OPENAI_BASE_URL: standIn.baseUrl, OPENAI_MODEL: "stand-in" });
    const { workspace: { id: workspaceId }, thread: { id: threadId } } = await ownerThread(t.db, "drafted-reply");
    const turn = await startTurn({ db: t.db, config, models: chooseModels(config), workspaceId, threadId, text: "Tell me about the lease.", consolidate: { kind: "skip" } });
    const reading = readAll(turn);
    await expect.poll(async () => (await messagesOf(threadId))[1] ?? null, { timeout: 10_000, interval: 100 }).toMatchObject({ status: "INTERRUPTED", role: "ASSISTANT" });
    const partial = (await messagesOf(threadId))[1];
    expect(LONG_REPLY.startsWith(partial.text)).toBe(true);
    expect(partial.text.length).toBeLessThan(LONG_REPLY.length);
    await reading;
    const outcome = await turn.finished;
    // The same row, now the finished reply.
    expect(outcome.assistantMessage).toMatchObject({ id: partial.id, status: "COMPLETE", text: LONG_REPLY });
    expect(await t.db.message.count({ where: { threadId } })).toBe(2);
  });
});

describe("provider errors in the chat", () => {
  it("shows an older vLLM's error body by its message, not the bare status text", async () => {
    const standIn = await server({ style: "vllm", errorBody: "vllm-legacy" });
    standIn.script(...Array.from({ length: 3 }, () => ({ kind: "error" as const, status: 400, message: "max_tokens must be at least 1, got -186." })));
    const { outcome, chunks } = await turnAgainst(standIn, "legacy-error", {});
    expect(outcome.trace.error).toBe("max_tokens must be at least 1, got -186.");
    const error = chunks.find((c) => c.type === "error");
    // The reason's own full stop is not doubled.
    expect(error && "errorText" in error ? error.errorText : "").toBe("The model call failed: max_tokens must be at least 1, got -186. Your message is saved; retry to get an answer.");
  });
});
