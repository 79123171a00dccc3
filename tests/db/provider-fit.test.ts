import { beforeAll, describe, expect, it } from "vitest";
import { runTurn } from "@/lib/agent/turn";
import { BUFFER_HEADER, BUFFER_NOTE_WITHOUT_TOOLS } from "@/lib/contracts/prompt/buffer-block";
import { JSON_ANSWER_HEADER } from "@/lib/contracts/prompt/json-answer";
import { NOT_SHOWN_HEADER } from "@/lib/contracts/prompt/not-shown";
import { saveEpisode } from "@/lib/episodes/store";
import { runMemoryPass } from "@/lib/memory/pass";
import { chooseModels } from "@/lib/models";
import { countTokens } from "@/lib/models/tokens";
import { fileFact } from "@/lib/pages/facts";
import { addConversation, ownerThread, testConfig } from "@/tests/db/fixtures";
import { openTestDb } from "@/tests/db/test-db";
import { forFile, standInsForFile } from "@/tests/support/for-file";
import type { StandIn, StandInOptions } from "@/tests/support/openai-stand-in";

// Real limits over real HTTP, each provider as it documents itself: a small
// context the server reports (and refuses or cuts past), chat templates that
// refuse non-alternating roles, a model without tools, a server without JSON
// schemas. Each test says what was sent, what is stored and what the trace says.

const t = forFile(openTestDb);
const startStandIn = standInsForFile();
beforeAll(() => {
  // The stand-in counts prompts with o200k in this process: its rank table loads once, before any limit is timed.
  countTokens("warm up");
});

let models = 0;
/** A stand-in of its own and a model name of its own, so what one test's model taught the app stays with it. */
async function server(options: StandInOptions) {
  const model = `model-${++models}`;
  const standIn = await startStandIn({ ...options, model });
  const config = (env: Record<string, string> = {}) => testConfig({ OPENAI_BASE_URL: standIn.baseUrl, OPENAI_MODEL: model, ...env });
  return { standIn, config };
}

const PASS_ANSWER = { kind: "text" as const, text: JSON.stringify({ facts: [], episode: "The owner and the agent went over the lease.", stretch: "continues", fold: null }) };
const paragraph = (n: number) => `Message ${n}: ${"The landlord sent the lease terms again with the rent, the deposit and the repair clauses spelled out. ".repeat(5)}`;

/** An owner thread of `n` long messages, owner and agent in turn, with an episode line for its first stretch. */
async function longThread(slug: string, n: number) {
  const { workspace, thread } = await ownerThread(t.db, slug);
  const lines = Array.from({ length: n }, (_, i) => ({ who: i % 2 === 0 ? ("owner" as const) : ("agent" as const), text: paragraph(i + 1) }));
  const messages = await addConversation(t.db, thread.id, lines);
  const filed = await t.db.$transaction((tx) =>
    fileFact(tx, { workspaceId: workspace.id, pageTitle: "Second Location", key: "lease", text: "Main St lease at $2,350 a month", source: "OWNER", threadId: thread.id, messageId: messages[0].id, messageSeq: 1, replaces: null }),
  );
  await t.db.$transaction((tx) =>
    saveEpisode(tx, { threadId: thread.id, fromSeq: 1, toSeq: 2, fromAt: messages[0].createdAt, toAt: messages[1].createdAt, gist: "The owner shared the Main St lease terms", closed: true, factIds: [filed.fact.id] }),
  );
  return { workspaceId: workspace.id, threadId: thread.id };
}

const chatRequests = (standIn: StandIn) => standIn.requests.filter((r) => r.path === "/v1/chat/completions");
const maxTokensOf = (body: Record<string, unknown>) => Number(body.max_tokens ?? body.max_completion_tokens ?? 0);
type Sent = { role: string; content: unknown };
const sentMessages = (body: Record<string, unknown>) => body.messages as Sent[];
const text = (content: unknown) => (typeof content === "string" ? content : JSON.stringify(content));

describe("a small context the server reports", () => {
  it("vLLM (max_model_len): the turn and its memory pass are sized so prompt + max_tokens fit, and the trace says what was left out", async () => {
    const { standIn, config } = await server({ style: "vllm", contextTokens: 2048, tokenRatio: 1.1 });
    const ids = await longThread("fit-vllm", 40);
    standIn.script({ kind: "text", text: "The Main St lease is $2,350 a month." }, PASS_ANSWER);
    const outcome = await runTurn({ db: t.db, config: config({ CHAT_WINDOW: "30", MODEL_REPLY_TOKENS: "256" }), models: chooseModels(config()), ...ids, text: "What did we agree on the lease?" });

    expect(standIn.rejections).toEqual([]);
    const [turn, pass] = chatRequests(standIn);
    expect(turn.promptTokens + maxTokensOf(turn.body)).toBeLessThanOrEqual(2048);
    expect(maxTokensOf(turn.body)).toBe(256);
    expect(pass.body.response_format).toBeDefined();
    expect(pass.promptTokens + maxTokensOf(pass.body)).toBeLessThanOrEqual(2048);
    expect(outcome.assistantMessage?.status).toBe("COMPLETE");

    const budget = outcome.trace.budget!;
    expect(budget).toMatchObject({ contextTokens: 2048, contextSource: "provider", replyTokens: 256, method: "estimate", marginPct: 15, reportedTokens: turn.promptTokens });
    expect(budget.contextDetail).toContain("max_model_len");
    expect(budget.leftOut[0]).toMatchObject({ what: "window", count: expect.any(Number) });
    expect(budget.leftOut[0].count).toBeGreaterThan(0);
    // What the model is told in place of the messages left out, right after the buffer block.
    const first = text(sentMessages(turn.body)[1].content);
    expect(first).toContain(BUFFER_HEADER);
    expect(first).toContain(`${budget.leftOut[0].count} older messages are left out to fit the model's context`);
    // The counted prompt is within its stated margin of what the server counted.
    expect(Math.abs(turn.promptTokens - budget.promptTokens) / turn.promptTokens).toBeLessThanOrEqual(budget.marginPct / 100);
    expect(outcome.trace.memoryPass?.status).toBe("filed");
    expect(outcome.trace.memoryPass?.fit?.contextTokens).toBe(2048);
  });

  it("Ollama (num_ctx): nothing is sent past the context, so Ollama never cuts a prompt silently", async () => {
    const { standIn, config } = await server({ style: "ollama", contextTokens: 2048 });
    const ids = await longThread("fit-ollama", 40);
    standIn.script({ kind: "text", text: "The Main St lease is $2,350 a month." }, PASS_ANSWER);
    const outcome = await runTurn({ db: t.db, config: config({ MODEL_REPLY_TOKENS: "256" }), models: chooseModels(config()), ...ids, text: "What did we agree on the lease?" });
    expect(chatRequests(standIn).map((r) => r.truncated)).toEqual([false, false]);
    expect(outcome.trace.budget?.contextDetail).toBe("Ollama: num_ctx 2048 in the model's parameters");
  });

  it("learns the provider's count from its reported usage: the next turn's estimate is closer, its margin narrower", async () => {
    const { standIn, config } = await server({ style: "vllm", contextTokens: 32_768, tokenRatio: 1.3 });
    const ids = await longThread("fit-calibrate", 6);
    const cfg = config();
    const models = chooseModels(cfg);
    standIn.script({ kind: "text", text: "Noted." }, { kind: "text", text: "Noted again." });
    const first = await runTurn({ db: t.db, config: cfg, models, ...ids, text: "One.", consolidate: { kind: "skip" } });
    const second = await runTurn({ db: t.db, config: cfg, models: chooseModels(cfg), ...ids, text: "Two.", consolidate: { kind: "skip" } });
    const [a, b] = chatRequests(standIn);
    const off = (counted: number, reported: number) => Math.abs(counted - reported) / reported;
    expect(off(first.trace.budget!.promptTokens, a.promptTokens)).toBeGreaterThan(0.15);
    expect(off(second.trace.budget!.promptTokens, b.promptTokens)).toBeLessThanOrEqual(0.05);
    expect(second.trace.budget).toMatchObject({ marginPct: 5, counter: expect.stringMatching(/^o200k estimate scaled ×1\.\d\d to the provider's reported usage, ±5%$/) });
  });

  it("refuses a turn whose minimum cannot fit, with the figures, before anything is sent; the message is kept", async () => {
    const { standIn, config } = await server({ style: "vllm", contextTokens: 1024 });
    const { workspace, thread } = await ownerThread(t.db, "fit-too-large");
    const outcome = await runTurn({
      db: t.db,
      config: config({ MODEL_REPLY_TOKENS: "512" }),
      models: chooseModels(config()),
      workspaceId: workspace.id,
      threadId: thread.id,
      text: paragraph(1).repeat(4),
      consolidate: { kind: "skip" },
    });
    expect(chatRequests(standIn)).toEqual([]);
    expect(outcome.assistantMessage).toBeNull();
    expect(outcome.trace.error).toMatch(/^this turn needs about [\d,]+ tokens .* the model's context holds 1,024 with 512 kept for the reply/);
    expect(await t.db.message.count({ where: { threadId: thread.id } })).toBe(1);
  });
});

describe("chat templates that require alternating roles", () => {
  it("accept every turn the app sends: a full window opening on a reply, an unanswered message, the buffer block", async () => {
    const { standIn, config } = await server({ style: "vllm", strictRoles: true });
    const ids = await longThread("strict-roles", 40);
    // A send whose reply failed leaves two user messages in a row.
    await addConversation(t.db, ids.threadId, [{ who: "owner", text: "A message whose reply failed." }]);
    standIn.script({ kind: "tool-call", name: "read_page", args: { title: "Second Location" } }, { kind: "text", text: "The lease is $2,350." });
    const outcome = await runTurn({ db: t.db, config: config(), models: chooseModels(config()), ...ids, text: "What was the lease?", consolidate: { kind: "skip" } });
    expect(standIn.rejections).toEqual([]);
    expect(outcome.answer).toBe("The lease is $2,350.");
    const [first, second] = chatRequests(standIn);
    const roles = sentMessages(first.body).map((m) => m.role);
    expect(roles[0]).toBe("system");
    expect(roles.filter((r) => r === "system")).toHaveLength(1);
    expect(roles.slice(1).every((role, i) => role === (i % 2 === 0 ? "user" : "assistant"))).toBe(true);
    // After the tool call, its result comes back with its call id.
    const tool = sentMessages(second.body).find((m) => m.role === "tool") as Sent & { tool_call_id: string };
    const call = sentMessages(second.body).find((m) => m.role === "assistant" && "tool_calls" in m) as Sent & { tool_calls: { id: string }[] };
    expect(tool.tool_call_id).toBe(call.tool_calls[0].id);
  });

  it("refuse the layout that used to be sent (a second system message, a window opening on a reply)", async () => {
    const { standIn } = await server({ style: "vllm", strictRoles: true });
    const response = await fetch(`${standIn.baseUrl}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        model: "any",
        messages: [
          { role: "system", content: "You are Miles." },
          { role: "system", content: `${BUFFER_HEADER}\n- a line` },
          { role: "assistant", content: "An earlier reply." },
          { role: "user", content: "A question." },
        ],
      }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toContain("conversation roles must alternate user/assistant");
  });
});

describe("a model without tools", () => {
  it("is detected from its first refusal: the same turn answers without tools, says so in its trace, and later turns send none", async () => {
    const { standIn, config } = await server({ style: "vllm", tools: false });
    const ids = await longThread("no-tools", 40);
    const cfg = config();
    standIn.script({ kind: "text", text: "I can't look that up here; what was the rent?" }, { kind: "text", text: "Noted." });
    const first = await runTurn({ db: t.db, config: cfg, models: chooseModels(cfg), ...ids, text: "What was the lease?", consolidate: { kind: "skip" } });
    expect(first.answer).toBe("I can't look that up here; what was the rent?");
    expect(first.trace.error).toBeNull();
    expect(first.trace.budget?.toolsUnavailable).toContain('"auto" tool choice requires --enable-auto-tool-choice');
    const [refused, retried] = chatRequests(standIn);
    expect(refused.body.tools).toBeDefined();
    expect(retried.body.tools).toBeUndefined();
    // Told it cannot search, in the persona and in the block, with the recall and the buffer still there.
    const sent = sentMessages(retried.body);
    expect(text(sent[0].content)).toContain("you cannot open pages or search this thread here");
    expect(text(sent[0].content)).not.toContain("search_chat_history");
    expect(text(sent[1].content)).toContain(BUFFER_NOTE_WITHOUT_TOOLS);

    const second = await runTurn({ db: t.db, config: cfg, models: chooseModels(cfg), ...ids, text: "And the deposit?", consolidate: { kind: "skip" } });
    expect(second.answer).toBe("Noted.");
    expect(chatRequests(standIn)).toHaveLength(3);
    expect(chatRequests(standIn)[2].body.tools).toBeUndefined();
    expect(second.trace.budget?.toolsUnavailable).toBeDefined();
  });

  it("is known before the first call when Ollama's capabilities leave tools out: nothing is refused", async () => {
    const { standIn, config } = await server({ style: "ollama", tools: false, contextTokens: 8192 });
    const ids = await longThread("ollama-no-tools", 4);
    standIn.script({ kind: "text", text: "Noted." });
    const outcome = await runTurn({ db: t.db, config: config(), models: chooseModels(config()), ...ids, text: "Hello.", consolidate: { kind: "skip" } });
    expect(standIn.rejections).toEqual([]);
    expect(chatRequests(standIn)).toHaveLength(1);
    expect(chatRequests(standIn)[0].body.tools).toBeUndefined();
    expect(text(sentMessages(chatRequests(standIn)[0].body)[0].content)).toContain("you cannot open pages or search this thread here");
    expect(outcome.trace.budget).toMatchObject({ toolSchemas: false, toolsUnavailable: expect.stringContaining("lists no tool support") });
  });
});

describe("a server that refuses JSON schemas", () => {
  it("answers the memory pass's JSON in text, validated the same way, and asks in text from then on", async () => {
    const { standIn, config } = await server({ style: "openai", jsonSchema: false });
    const { workspace, thread } = await ownerThread(t.db, "no-json-schema");
    await addConversation(t.db, thread.id, [
      { who: "owner", text: "We signed with Marsh Hollow Farms for deliveries." },
      { who: "agent", text: "Noted." },
    ]);
    const answer = { facts: [{ page: "Suppliers", key: "produce supplier", text: "Signed with Marsh Hollow Farms", messageSeq: 1, replaces: null }], episode: "The owner chose a produce supplier.", stretch: "ends", fold: null };
    standIn.script({ kind: "text", text: "```json\n" + JSON.stringify(answer) + "\n```" });
    const choice = chooseModels(config()).memory;
    const report = await runMemoryPass(t.db, choice.model, thread.id, { runtime: choice.runtime });
    expect(report.status).toBe("filed");
    expect(report.facts.map((f) => f.text)).toEqual(["Signed with Marsh Hollow Farms"]);
    const [refused, inText] = chatRequests(standIn);
    expect(refused.body.response_format).toMatchObject({ type: "json_schema" });
    expect(inText.body.response_format).toBeUndefined();
    expect(text(sentMessages(inText.body)[0].content)).toContain(JSON_ANSWER_HEADER);

    await addConversation(t.db, thread.id, [{ who: "owner", text: "Deliveries are on Tuesdays." }]);
    standIn.script({ kind: "text", text: "not json at all" });
    const bad = await runMemoryPass(t.db, choice.model, thread.id, { runtime: choice.runtime });
    // The second pass asked in text at once, and an answer that is not the JSON asked for fails the pass (it is retried), filing nothing.
    expect(chatRequests(standIn)).toHaveLength(3);
    expect(chatRequests(standIn)[2].body.response_format).toBeUndefined();
    expect(bad).toMatchObject({ status: "failed", error: expect.stringContaining("not the JSON asked for") });
  });
});

describe("what the model is told is not shown", () => {
  it("opens a full window with a note when no buffer line comes before the agent's reply", async () => {
    const { standIn, config } = await server({ style: "vllm", strictRoles: true });
    const { workspace, thread } = await ownerThread(t.db, "no-episodes");
    await addConversation(t.db, thread.id, Array.from({ length: 40 }, (_, i) => ({ who: i % 2 === 0 ? ("owner" as const) : ("agent" as const), text: `line ${i + 1}` })));
    standIn.script({ kind: "text", text: "ok." });
    await runTurn({ db: t.db, config: config(), models: chooseModels(config()), workspaceId: workspace.id, threadId: thread.id, text: "and?", consolidate: { kind: "skip" } });
    expect(standIn.rejections).toEqual([]);
    const sent = sentMessages(chatRequests(standIn)[0].body);
    expect(sent[1]).toMatchObject({ role: "user", content: expect.stringContaining(NOT_SHOWN_HEADER) });
    expect(sent[2].role).toBe("assistant");
  });
});
