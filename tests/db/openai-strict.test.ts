import { generateText, Output, stepCountIs, tool } from "ai";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { runTurn } from "@/lib/agent/turn";
import { MAX_FACTS_PER_PASS, memoryPassOutput } from "@/lib/contracts/memory-pass";
import { runMemoryPass } from "@/lib/memory/pass";
import { chooseModels } from "@/lib/models";
import { startOpenAIStandIn, type StandIn, type StreamStyle } from "@/tests/support/openai-stand-in";
import { forFile } from "@/tests/support/for-file";
import { addConversation, leaseThread, testConfig } from "@/tests/db/fixtures";
import { openTestDb } from "@/tests/db/test-db";

// What the app sends must be what OpenAI accepts: the stand-in answers 400
// where OpenAI does (strict schemas, tool definitions, tool-call order), so a
// schema or request the real service would refuse fails here.

const t = forFile(openTestDb);
const standIns = new Map<StreamStyle, StandIn>((["openai", "vllm", "ollama"] as const).map((style) => [style, forFile(() => startOpenAIStandIn({ style }))]));
afterEach(() => {
  vi.unstubAllGlobals();
});

const stand = (style: StreamStyle = "openai") => standIns.get(style)!;
const compatible = (style: StreamStyle = "openai") => testConfig({ OPENAI_BASE_URL: stand(style).baseUrl, OPENAI_MODEL: "stand-in" });

/** chooseModels's OpenAI path talks to api.openai.com; its requests are sent to the stand-in instead. */
function openAIThroughStandIn(standIn: StandIn) {
  const realFetch = globalThis.fetch;
  vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) =>
    realFetch(String(input instanceof Request ? input.url : input).replace("https://api.openai.com/v1", standIn.baseUrl), init),
  );
  return testConfig({ OPENAI_API_KEY: "sk-test", OPENAI_MODEL: "stand-in" });
}

describe("the stand-in refuses what OpenAI refuses", () => {
  it("answers 400 to a strict response schema with a minimum and an optional property", async () => {
    const standIn = stand();
    const loose = z.object({ seq: z.number().min(1), note: z.string().optional() });
    await expect(generateText({ model: chooseModels(compatible()).chat.model, prompt: "x", output: Output.object({ schema: loose }) })).rejects.toThrow(
      /Invalid schema for response_format 'response'/,
    );
    expect(standIn.rejections.at(-1)).toMatch(/'minimum' is not permitted|'required' is required/);
  });

  it("answers 400 to a strict tool whose parameters leave a property optional", async () => {
    const tools = {
      search: tool({ description: "search", inputSchema: z.object({ query: z.string(), limit: z.number().int().optional() }), strict: true }),
    };
    await expect(generateText({ model: chooseModels(compatible()).chat.model, prompt: "x", tools, maxRetries: 0 })).rejects.toThrow(
      /Invalid schema for function 'search'.*Missing 'limit'/,
    );
  });

  it("answers 400 to a tool result that answers no call", async () => {
    const standIn = stand();
    const before = standIn.rejections.length;
    await expect(
      generateText({
        model: chooseModels(compatible()).chat.model,
        messages: [
          { role: "user", content: "x" },
          { role: "tool", content: [{ type: "tool-result", toolCallId: "call_missing", toolName: "search", output: { type: "text", value: "y" } }] },
        ],
        maxRetries: 0,
      }),
    ).rejects.toThrow(/must be a response to a preceeding message with 'tool_calls'/);
    expect(standIn.rejections.length).toBe(before + 1);
  });
});

const passReply = {
  kind: "text" as const,
  text: JSON.stringify({
    facts: [
      { page: "Second Location", key: "lease question", text: "Owner asked which lease we liked", messageSeq: 2, replaces: null },
      { page: "Second Location", key: "bad citation", text: "A fact citing no message", messageSeq: 0, replaces: null },
    ],
    episode: "The owner asked which lease we liked; answered from pages/Second Location.",
    stretch: "ends",
    fold: null,
  }),
};

async function toolTurn(slug: string, config: ReturnType<typeof testConfig>) {
  const { workspace, thread } = await leaseThread(t.db, slug);
  return runTurn({ db: t.db, config, models: chooseModels(config), workspaceId: workspace.id, threadId: thread.id, text: "Which lease did we like?" });
}

function expectFiledWithBadFactDropped(outcome: Awaited<ReturnType<typeof runTurn>>) {
  expect(outcome.trace.toolCalls).toHaveLength(1);
  expect(JSON.stringify(outcome.trace.toolCalls[0].output)).toContain("Main St lease at $2,350/mo");
  expect(outcome.trace.memoryPass?.status).toBe("filed");
  expect(outcome.trace.memoryPass?.facts.map((f) => f.key)).toEqual(["lease question"]);
  expect(outcome.trace.memoryPass?.dropped).toEqual([expect.objectContaining({ what: "fact", reason: expect.stringContaining("#0") })]);
}

describe.each(["openai", "vllm", "ollama"] as const)("the app's requests to an OpenAI-compatible server streaming tool calls like %s", (style) => {
  it("are accepted: a tool-calling turn and its memory pass, one bad fact dropped and reported", async () => {
    const standIn = stand(style);
    standIn.requests.length = 0;
    const before = standIn.rejections.length;
    standIn.script(
      { kind: "tool-call", name: "search_chat_history", args: { query: "lease", limit: null } },
      { kind: "text", text: "We liked the Main St lease." },
      passReply,
    );
    const outcome = await toolTurn(`strict-${style}`, compatible(style));
    expect(standIn.rejections.slice(before)).toEqual([]);
    expect(outcome.trace.error).toBeNull();
    expect(outcome.answer).toBe("We liked the Main St lease.");
    expect(outcome.trace.toolCalls[0]).toMatchObject({ name: "search_chat_history", input: { query: "lease", limit: null } });
    expect(outcome.trace.memoryPass?.status).toBe("filed");
    expect(outcome.trace.memoryPass?.dropped.map((d) => d.reason)).toEqual([expect.stringContaining("#0")]);

    const [first, , pass] = standIn.requests;
    const tools = first.body.tools as { function: { strict?: boolean } }[];
    expect(tools.every((tool) => tool.function.strict === true)).toBe(true);
    expect(pass.body.response_format).toMatchObject({ type: "json_schema", json_schema: { strict: true } });
    expect(pass.body.max_tokens).toBeGreaterThan(0);
  });
});

describe("OpenAI's fine-tuned models, which refuse lengths, ranges and array bounds in a strict schema", () => {
  const FINE_TUNED = "ft:gpt-4o-mini-2024-07-18:acme::abc123";

  it("are refused the memory pass's schema with its maxItems, as OpenAI refuses it", async () => {
    const standIn = stand();
    const before = standIn.rejections.length;
    await expect(
      generateText({ model: chooseModels(testConfig({ OPENAI_BASE_URL: standIn.baseUrl, OPENAI_MODEL: FINE_TUNED })).chat.model, prompt: "x", output: Output.object({ schema: memoryPassOutput }), maxRetries: 0 }),
    ).rejects.toThrow(/'maxItems' is not permitted/);
    expect(standIn.rejections.length).toBe(before + 1);
  });

  it("are sent the schema without it, and the cap is applied in code: facts past it are dropped and reported", async () => {
    const standIn = stand();
    standIn.requests.length = 0;
    const before = standIn.rejections.length;
    const { thread } = await leaseThread(t.db, "strict-fine-tuned");
    await addConversation(t.db, thread.id, [{ who: "owner", text: "Here is everything about the suppliers." }]);
    const facts = Array.from({ length: MAX_FACTS_PER_PASS + 2 }, (_, i) => ({ page: "Suppliers", key: `supplier ${i}`, text: `Supplier number ${i} delivers on Mondays`, messageSeq: 2, replaces: null }));
    standIn.script({ kind: "text", text: JSON.stringify({ facts, episode: "The owner listed the suppliers.", stretch: "ends", fold: null }) });
    const choice = chooseModels(testConfig({ OPENAI_BASE_URL: standIn.baseUrl, OPENAI_MODEL: FINE_TUNED })).memory;
    const report = await runMemoryPass(t.db, choice.model, thread.id, { runtime: choice.runtime });
    expect(standIn.rejections.slice(before)).toEqual([]);
    expect(JSON.stringify(standIn.requests[0].body.response_format)).not.toContain("maxItems");
    expect(report.status).toBe("filed");
    expect(report.facts).toHaveLength(MAX_FACTS_PER_PASS);
    expect(report.dropped.filter((d) => d.reason === `past the ${MAX_FACTS_PER_PASS} facts one pass files`)).toHaveLength(2);
  });
});

describe("the app's requests to OpenAI (Responses API)", () => {
  it("are accepted: a tool-calling turn and its memory pass, strict schemas throughout", async () => {
    const standIn = stand();
    standIn.requests.length = 0;
    const before = standIn.rejections.length;
    const config = openAIThroughStandIn(standIn);
    standIn.script(
      { kind: "tool-call", name: "read_page", args: { title: "Second Location" } },
      { kind: "text", text: "We liked the Main St lease at $2,350 a month." },
      passReply,
    );
    const outcome = await toolTurn("strict-openai-responses", config);
    expect(standIn.rejections.slice(before)).toEqual([]);
    expect(outcome.trace.error).toBeNull();
    expect(outcome.answer).toBe("We liked the Main St lease at $2,350 a month.");
    expectFiledWithBadFactDropped(outcome);

    expect(standIn.requests.map((r) => r.path)).toEqual(["/v1/responses", "/v1/responses", "/v1/responses"]);
    const [first, second, pass] = standIn.requests;
    expect((first.body.tools as { strict?: boolean }[]).every((tool) => tool.strict === true)).toBe(true);
    expect(JSON.stringify(second.body.input)).toContain("function_call_output");
    expect(pass.body.text).toMatchObject({ format: { type: "json_schema", strict: true } });
  });

  it("a multi-step tool loop keeps every call answered", async () => {
    const standIn = stand();
    const config = openAIThroughStandIn(standIn);
    standIn.script(
      { kind: "tool-call", name: "lookup", args: { q: "a" } },
      { kind: "tool-call", name: "lookup", args: { q: "b" } },
      { kind: "text", text: "done" },
    );
    const before = standIn.rejections.length;
    const result = await generateText({
      model: chooseModels(config).chat.model,
      prompt: "x",
      tools: { lookup: tool({ description: "look up", inputSchema: z.object({ q: z.string() }), strict: true, execute: async ({ q }) => ({ q }) }) },
      stopWhen: stepCountIs(3),
    });
    expect(result.text).toBe("done");
    expect(standIn.rejections.slice(before)).toEqual([]);
  });
});
