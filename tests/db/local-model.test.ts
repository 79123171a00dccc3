import { rmSync, writeFileSync } from "node:fs";
import { PromptScreen } from "@/lib/guard/screen";
import os from "node:os";
import path from "node:path";
import type { LanguageModelV4CallOptions } from "@ai-sdk/provider";
import { generateText, NoObjectGeneratedError, Output, streamText, stepCountIs, wrapLanguageModel, type UIMessageChunk } from "ai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentTools } from "@/lib/agent/tools";
import { runTurn, startTurn } from "@/lib/agent/turn";
import { readConfig } from "@/lib/config";
import { memoryPassOutput, memoryPassOutputSchema } from "@/lib/contracts/memory-pass";
import type { MemoryPassReport } from "@/lib/contracts/memory-pass-report";
import { runMemoryPass } from "@/lib/memory/pass";
import { chooseModels } from "@/lib/models";
import { fileFact } from "@/lib/pages/facts";
import { startLlamaShim, type LlamaShim } from "@/tests/support/llama-shim";
import { tinyGgufPath } from "@/tests/support/tiny-gguf";
import { addConversation, makeThread, makeWorkspace, testConfig } from "@/tests/db/fixtures";
import { openTestDb, type TestDb } from "@/tests/db/test-db";

// A real inference engine (llama.cpp through node-llama-cpp) running a tiny
// random-weight model: its words mean nothing, so these tests assert the
// protocol around them. Structured output is accepted or cleanly rejected and
// reported; a tool call makes the round trip; a stream is framed properly.

let t: TestDb;
let modelPath: string;
let shim: LlamaShim;
beforeAll(async () => {
  modelPath = tinyGgufPath();
  t = await openTestDb();
  shim = await startLlamaShim(modelPath);
});
afterAll(async () => {
  await shim?.close();
  await t?.close();
});

const local = () => testConfig({ LOCAL_MODEL_PATH: modelPath });
const throughShim = () => testConfig({ OPENAI_BASE_URL: shim.baseUrl, OPENAI_MODEL: "tiny" });

async function ownerThread(slug: string) {
  const workspace = await makeWorkspace(t.db, slug);
  const thread = await makeThread(t.db, workspace.id);
  const [said] = await addConversation(t.db, thread.id, [
    { who: "owner", text: "We signed with a new produce supplier; deliveries start Monday." },
    { who: "agent", text: "Noted: deliveries from the new supplier start Monday." },
  ]);
  await t.db.$transaction((tx) =>
    fileFact(tx, { workspaceId: workspace.id, pageTitle: "Suppliers", key: "produce", text: "New produce supplier, deliveries from Monday", source: "OWNER", threadId: thread.id, messageId: said.id, messageSeq: said.seq, replaces: null }),
  );
  return { workspace, thread };
}

/** A pass either files (each fact citing a trusted message of the stretch, each drop with a reason) or fails with the reason, and never throws. */
async function expectCleanPassOutcome(report: MemoryPassReport, trustedSeqs: number[]) {
  expect(["filed", "failed"]).toContain(report.status);
  if (report.status === "failed") {
    expect(report.error).toMatch(/\S/);
    return;
  }
  for (const fact of report.facts) expect(trustedSeqs).toContain(fact.messageSeq);
  for (const drop of report.dropped) expect(drop.reason).toMatch(/\S/);
}

describe("choosing the local model", () => {
  it("runs LOCAL_MODEL_PATH in-process, after a base URL and a key, and labels it", () => {
    const choice = chooseModels(local()).chat;
    expect(choice.kind).toBe("local");
    expect(choice.label).toContain("tiny-chatml.gguf");
    expect(chooseModels(testConfig({ LOCAL_MODEL_PATH: modelPath, OPENAI_BASE_URL: shim.baseUrl })).chat.kind).toBe("openai-compatible");
    expect(chooseModels(testConfig({ LOCAL_MODEL_PATH: modelPath, OPENAI_API_KEY: "sk-test" })).chat.kind).toBe("openai");
  });

  it("refuses a missing or non-GGUF file when the configuration is read", () => {
    expect(() => readConfig({ LOCAL_MODEL_PATH: path.join(os.tmpdir(), "no-such-model.gguf") })).toThrow(/LOCAL_MODEL_PATH: .*can't be read \(ENOENT\)/);
    const notAModel = path.join(os.tmpdir(), `not-a-model-${process.pid}.gguf`);
    writeFileSync(notAModel, "hello");
    try {
      expect(() => readConfig({ LOCAL_MODEL_PATH: notAModel })).toThrow(/is not a GGUF model file/);
    } finally {
      rmSync(notAModel, { force: true });
    }
  });
});

describe("the engine under the schemas the app sends", () => {
  it("answers the memory pass's schema only with output the app's own validation accepts", async () => {
    const { model } = chooseModels(local()).chat;
    let proposed = 0;
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const result = await generateText({ model, prompt: "List facts.", output: Output.object({ schema: memoryPassOutput }), seed, temperature: 0.8, maxOutputTokens: 3000 }).catch(
        (error: unknown) => {
          // A grammar enforces structure; a constraint it ignores (a minimum, a length) shows up here as a rejected object.
          if (NoObjectGeneratedError.isInstance(error)) throw new Error(`seed ${seed}: the engine's answer failed validation: ${error.cause}\n${error.text}`);
          throw error;
        },
      );
      expect(result.finishReason).toBe("stop");
      expect(memoryPassOutputSchema.safeParse(result.output).success).toBe(true);
      proposed += result.output.facts.length;
    }
    // Facts, not only empty lists: their numbers and strings are what a reintroduced constraint would trip on.
    expect(proposed).toBeGreaterThan(0);
  });

  it("makes a tool-call round trip with the agent's real tools", async () => {
    const { workspace, thread } = await ownerThread("local-tools");
    const prompts: LanguageModelV4CallOptions["prompt"][] = [];
    const model = wrapLanguageModel({
      model: chooseModels(local()).chat.model as Parameters<typeof wrapLanguageModel>[0]["model"],
      middleware: { specificationVersion: "v4", transformParams: async ({ params }) => (prompts.push(params.prompt), params) },
    });
    const result = await generateText({
      model,
      prompt: "Look at what we know about suppliers.",
      tools: agentTools({ db: t.db, workspaceId: workspace.id, threadId: thread.id, windowFromSeq: 1, audience: "owner", screen: new PromptScreen() }),
      prepareStep: ({ stepNumber }) => ({ toolChoice: stepNumber === 0 ? "required" : "none" }),
      stopWhen: stepCountIs(2),
      maxOutputTokens: 200,
      seed: 7,
    });
    const [call] = result.steps[0].toolCalls;
    expect(result.steps[0].finishReason).toBe("tool-calls");
    expect(["read_page", "search_chat_history"]).toContain(call.toolName);
    expect(result.steps[0].toolResults).toEqual([expect.objectContaining({ toolCallId: call.toolCallId })]);
    expect(result.steps[0].content.some((part) => part.type === "tool-error")).toBe(false);
    const resultSent = prompts[1].flatMap((m) => (m.role === "tool" ? m.content : [])).find((p) => p.type === "tool-result");
    expect(resultSent).toMatchObject({ toolCallId: call.toolCallId, toolName: call.toolName });
    expect(result.steps).toHaveLength(2);
  });

  it("stops when the caller aborts, and serves the next call", async () => {
    const { model } = chooseModels(local()).chat;
    const abort = new AbortController();
    // A tiny model writes its few tokens faster than a reader takes the first one, so the caller aborts as the step starts,
    // while the engine is still setting the call up: the reply must end as aborted, not run to its end.
    const stream = streamText({ model, prompt: "Say a lot.", abortSignal: abort.signal, maxOutputTokens: 500 });
    let aborted = false;
    let finished = false;
    try {
      for await (const part of stream.fullStream) {
        if (part.type === "start-step") abort.abort();
        if (part.type === "abort") aborted = true;
        if (part.type === "finish") finished = true;
      }
    } catch (error) {
      aborted = (error as Error).name === "AbortError";
    }
    expect({ aborted, finished }).toEqual({ aborted: true, finished: false });
    const next = await generateText({ model, prompt: "Hello.", maxOutputTokens: 20 });
    expect(["stop", "length"]).toContain(next.finishReason);
    expect(next.usage.outputTokens).toBeGreaterThan(0);
  });
});

describe.each([
  ["in-process", local],
  ["over HTTP through an OpenAI-compatible shim", throughShim],
] as const)("a turn on the real engine, %s", (_, config) => {
  it("streams a framed reply, saves it with its trace, and reports the memory pass cleanly", async () => {
    const { workspace, thread } = await ownerThread(`local-turn-${config === local ? "direct" : "shim"}`);
    const turn = await startTurn({ db: t.db, config: config(), models: chooseModels(config()), workspaceId: workspace.id, threadId: thread.id, text: "What did we decide about produce?" });
    const chunks: UIMessageChunk[] = [];
    await turn.stream.pipeTo(new WritableStream({ write: (chunk) => void chunks.push(chunk) }));
    const outcome = await turn.finished;

    const types = chunks.map((c) => c.type);
    expect(types[0]).toBe("start");
    expect(types.at(-1)).toBe("finish");
    expect(types).not.toContain("error");
    const opened = chunks.flatMap((c) => (c.type === "text-start" ? [c.id] : []));
    const closed = chunks.flatMap((c) => (c.type === "text-end" ? [c.id] : []));
    expect(closed).toEqual(opened);
    const streamed = chunks.flatMap((c) => (c.type === "text-delta" ? [c.delta] : [])).join("");
    expect(outcome.trace.error).toBeNull();
    expect(outcome.answer).toBe(streamed.trim());
    expect(outcome.trace.model.kind).toBe(config === local ? "local" : "openai-compatible");
    if (outcome.assistantMessage) await expectCleanPassOutcome(outcome.trace.memoryPass!, [1, 2, 3]);
  });

  it("runs the memory pass to a clean outcome", async () => {
    const { thread } = await ownerThread(`local-pass-${config === local ? "direct" : "shim"}`);
    const report = await runMemoryPass(t.db, chooseModels(config()).memory.model, thread.id);
    await expectCleanPassOutcome(report, [1, 2]);
  });
});
