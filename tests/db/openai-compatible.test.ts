import { describe, expect, it } from "vitest";
import { runTurn } from "@/lib/agent/turn";
import { runMemoryPass } from "@/lib/memory/pass";
import { chooseModels } from "@/lib/models";
import { startOpenAIStandIn } from "@/tests/support/openai-stand-in";
import { forFile } from "@/tests/support/for-file";
import { addConversation, leaseThread, ownerThread, testConfig } from "@/tests/db/fixtures";
import { openTestDb } from "@/tests/db/test-db";

const t = forFile(openTestDb);
const standIn = forFile(() => startOpenAIStandIn());

const config = () => testConfig({ OPENAI_BASE_URL: standIn.baseUrl, OPENAI_MODEL: "stand-in" });
const turn = (workspaceId: string, threadId: string, text: string | null) =>
  runTurn({ db: t.db, config: config(), models: chooseModels(config()), workspaceId, threadId, text });
/** A memory pass's answer that files `facts` (replacing none) and closes its stretch with `episode`. */
const closingPass = (facts: { page: string; key: string; text: string; messageSeq: number }[], episode: string) => ({
  kind: "text" as const,
  text: JSON.stringify({ facts: facts.map((fact) => ({ ...fact, replaces: null })), episode, stretch: "ends", fold: null }),
});
const failures = (n: number) => Array.from({ length: n }, () => ({ kind: "error" as const, status: 500, message: "upstream is down" }));

describe("an OpenAI-compatible server over real HTTP", () => {
  it("is chosen by OPENAI_BASE_URL and labelled", () => {
    const choice = chooseModels(config()).chat;
    expect(choice.kind).toBe("openai-compatible");
    expect(choice.label).toContain(standIn.baseUrl);
  });

  it("streams a turn with a tool call and files the memory pass's structured output", async () => {
    const { workspace, thread } = await leaseThread(t.db, "compat");
    standIn.requests.length = 0;
    standIn.script(
      { kind: "tool-call", name: "read_page", args: { title: "Second Location" } },
      { kind: "text", text: "We liked the Main St lease at $2,350 a month." },
      {
        kind: "text",
        text: JSON.stringify({
          facts: [{ page: "Second Location", key: "lease question", text: "Owner asked which lease we liked", messageSeq: 2, replaces: null }],
          episode: "Owner asked which lease we liked; answered Main St at $2,350/mo from pages/Second Location.",
          stretch: "ends",
          fold: null,
        }),
      },
    );

    const outcome = await turn(workspace.id, thread.id, "Which lease did we like?");

    expect(outcome.answer).toBe("We liked the Main St lease at $2,350 a month.");
    expect(outcome.trace.toolCalls).toHaveLength(1);
    expect(outcome.trace.toolCalls[0]).toMatchObject({ name: "read_page", input: { title: "Second Location" } });
    expect(JSON.stringify(outcome.trace.toolCalls[0].output)).toContain("Main St lease at $2,350/mo");

    const [first, second, pass] = standIn.requests;
    expect(first.path).toBe("/v1/chat/completions");
    expect(first.body.stream).toBe(true);
    expect((first.body.tools as { function: { name: string } }[]).map((tool) => tool.function.name).sort()).toEqual([
      "read_page",
      "search_chat_history",
    ]);
    const toolMessage = (second.body.messages as { role: string; content: string }[]).find((m) => m.role === "tool");
    expect(toolMessage?.content).toContain("Main St lease at $2,350/mo");
    expect(pass.body.stream).not.toBe(true);
    expect(JSON.stringify(pass.body.response_format)).toContain("episode");

    expect(outcome.trace.memoryPass?.status).toBe("filed");
    expect(outcome.trace.memoryPass?.episode?.gist).toContain("Main St");
    expect(outcome.trace.memoryPass?.facts[0]).toMatchObject({ page: "Second Location", source: "OWNER", status: "CONFIRMED" });
  });

  it("keeps the owner's message when the model call fails, and a retry answers it", async () => {
    const { workspace, thread } = await ownerThread(t.db, "compat-fail");
    standIn.script(...failures(3));
    const failed = await turn(workspace.id, thread.id, "What should we charge for a latte?");
    expect(failed.assistantMessage).toBeNull();
    expect(failed.trace.error).toMatch(/upstream is down/);
    const kept = await t.db.message.findMany({ where: { threadId: thread.id } });
    expect(kept.map((m) => m.text)).toEqual(["What should we charge for a latte?"]);

    standIn.script({ kind: "text", text: "Most shops nearby charge $4.50." }, { kind: "text", text: JSON.stringify({ facts: [], episode: "", stretch: "continues", fold: null }) });
    const retried = await turn(workspace.id, thread.id, null);
    expect(retried.userMessage.id).toBe(failed.userMessage.id);
    expect(retried.answer).toBe("Most shops nearby charge $4.50.");
    expect(await t.db.message.count({ where: { threadId: thread.id } })).toBe(2);
  });

  it("leaves the cursor in place when the memory pass fails, so the next pass covers the same stretch", async () => {
    const { workspace, thread } = await ownerThread(t.db, "compat-pass");
    await addConversation(t.db, thread.id, [
      { who: "owner", text: "We signed with Lakeshore Greens for deliveries." },
      { who: "agent", text: "Noted." },
    ]);
    const model = chooseModels(config()).memory.model;
    standIn.script(...failures(3));
    const failed = await runMemoryPass(t.db, model, thread.id);
    expect(failed.status).toBe("failed");
    expect((await t.db.thread.findUniqueOrThrow({ where: { id: thread.id } })).consolidatedSeq).toBe(0);

    standIn.script({
      kind: "text",
      text: JSON.stringify({
        facts: [{ page: "Suppliers", key: "produce supplier", text: "Signed with Lakeshore Greens for deliveries", messageSeq: 1, replaces: null }],
        episode: "Chose Lakeshore Greens as supplier; signed.",
        stretch: "ends",
        fold: null,
      }),
    });
    const resumed = await runMemoryPass(t.db, model, thread.id);
    expect(resumed).toMatchObject({ status: "filed", fromSeq: 1, toSeq: 2 });
    expect((await t.db.thread.findUniqueOrThrow({ where: { id: thread.id } })).consolidatedSeq).toBe(2);
  });
});

describe("models by role over real HTTP", () => {
  it("asks the chat model for the reply and the memory model for the memory pass, and the trace names each", async () => {
    const { workspace, thread } = await ownerThread(t.db, "compat-roles");
    const cfg = testConfig({ OPENAI_BASE_URL: standIn.baseUrl, OPENAI_MODEL: "large-chat", MEMORY_MODEL: "small-memory" });
    standIn.requests.length = 0;
    standIn.script(
      { kind: "text", text: "Noted: the van lease is $410 a month." },
      closingPass([{ page: "Vehicles", key: "van lease", text: "Van lease at $410 a month", messageSeq: 1 }], "The owner set the van lease at $410 a month; decided."),
    );
    const outcome = await runTurn({ db: t.db, config: cfg, models: chooseModels(cfg), workspaceId: workspace.id, threadId: thread.id, text: "The van lease is $410 a month." });

    const [reply, pass] = standIn.requests.filter((r) => r.path === "/v1/chat/completions");
    expect(reply.body).toMatchObject({ model: "large-chat", stream: true });
    expect(pass.body.model).toBe("small-memory");
    expect(JSON.stringify(pass.body.response_format)).toContain("episode");
    expect(outcome.trace.memoryPass).toMatchObject({ status: "filed" });
    const stored = await t.db.turnTrace.findUniqueOrThrow({ where: { id: outcome.traceId } });
    expect(stored.modelId).toBe("large-chat");
    expect(stored.data).toMatchObject({
      model: { kind: "openai-compatible", modelId: "large-chat" },
      memoryPassJob: { status: "done", model: { kind: "openai-compatible", modelId: "small-memory" } },
    });
  });
});
