import { APICallError } from "ai";
import { describe, expect, it } from "vitest";
import { inOpenAIErrorShape, joinUserParts } from "@/lib/models";
import { contextRefusal, jsonSchemaRefusal, toolsRefusal } from "@/lib/models/refusals";
import { swapTexts } from "@/lib/models/tool-fallback";
import { formatJsonAnswerInstruction, parseJsonAnswer } from "@/lib/contracts/prompt/json-answer";

// Providers' refusals as each documents them, read from the errors the AI SDK raises.

const apiError = (message: string, responseBody = JSON.stringify({ error: { message } })) =>
  new APICallError({ message, url: "http://server/v1/chat/completions", requestBodyValues: {}, statusCode: 400, responseBody, isRetryable: false });

describe("what a refusal means", () => {
  it("reads a model without tools from Ollama's and vLLM's refusals, and nothing else", () => {
    expect(toolsRefusal(apiError("registry.ollama.ai/library/gemma3:4b does not support tools"))).toContain("does not support tools");
    expect(toolsRefusal(apiError('"auto" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set'))).toContain("--enable-auto-tool-choice");
    expect(toolsRefusal(apiError("upstream is down"))).toBeNull();
    expect(toolsRefusal(new Error("does not support tools"))).toContain("does not support tools");
  });

  it("reads a refused JSON schema from OpenAI's refusal", () => {
    expect(jsonSchemaRefusal(apiError("Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model."))).not.toBeNull();
    expect(jsonSchemaRefusal(apiError("This model's maximum context length is 8192 tokens."))).toBeNull();
  });

  it("reads a prompt past the context, with the server's own count when it gives one", () => {
    expect(contextRefusal(apiError("This model's maximum context length is 8192 tokens. However, you requested 8227 tokens (5227 in the messages, 3000 in the completion)."))).toEqual({ promptTokens: 5227 });
    expect(contextRefusal(apiError("This model's maximum context length is 8192 tokens. However, your messages resulted in 8227 tokens. Please reduce the length of the messages."))).toEqual({ promptTokens: 8227 });
    const llama = JSON.stringify({ error: { code: 400, message: "the request exceeds the available context size, try increasing it", type: "exceed_context_size_error", n_prompt_tokens: 9000, n_ctx: 8192 } });
    expect(contextRefusal(apiError("the request exceeds the available context size, try increasing it", llama))).toEqual({ promptTokens: 9000 });
    expect(contextRefusal(apiError("upstream is down"))).toBeUndefined();
  });
});

describe("error bodies in OpenAI's shape", () => {
  it("rewrites older vLLM's top-level error and Ollama's string error, and leaves OpenAI's alone", async () => {
    const legacy = await inOpenAIErrorShape(new Response(JSON.stringify({ object: "error", message: "max_tokens must be at least 1, got -186.", type: "BadRequestError", param: null, code: 400 }), { status: 400, statusText: "Bad Request" }));
    expect(legacy.status).toBe(400);
    expect(await legacy.json()).toEqual({ error: { message: "max_tokens must be at least 1, got -186.", type: "BadRequestError", param: null, code: 400 } });
    const ollama = await inOpenAIErrorShape(new Response(JSON.stringify({ error: "model 'x' not found" }), { status: 404 }));
    expect(await ollama.json()).toEqual({ error: { message: "model 'x' not found" } });
    const openai = { error: { message: "Incorrect API key provided.", type: "invalid_request_error", param: null, code: "invalid_api_key" } };
    expect(await (await inOpenAIErrorShape(new Response(JSON.stringify(openai), { status: 401 }))).json()).toEqual(openai);
    expect(await (await inOpenAIErrorShape(new Response("Bad Gateway", { status: 502 }))).text()).toBe("Bad Gateway");
    const ok = new Response("{}", { status: 200 });
    expect(await inOpenAIErrorShape(ok)).toBe(ok);
  });
});

describe("what a compatible server is sent", () => {
  it("a user turn's parts as one string, paragraphs apart; other messages as they are", () => {
    expect(
      joinUserParts([
        { role: "system", content: "S" },
        { role: "user", content: [{ type: "text", text: "[EARLIER IN THIS THREAD]\n- a line" }, { type: "text", text: "question" }] },
        { role: "assistant", content: [{ type: "text", text: "a" }] },
      ]),
    ).toEqual([
      { role: "system", content: "S" },
      { role: "user", content: [{ type: "text", text: "[EARLIER IN THIS THREAD]\n- a line\n\nquestion" }] },
      { role: "assistant", content: [{ type: "text", text: "a" }] },
    ]);
  });

  it("a model without tools is shown the texts written for it, swapped whole", () => {
    const swaps = new Map([
      ["persona with tools", "persona without"],
      ["block with search", "block without"],
    ]);
    expect(
      swapTexts(
        [
          { role: "system", content: "persona with tools" },
          { role: "user", content: [{ type: "text", text: "block with search" }, { type: "text", text: "block with search, but a message" }] },
        ],
        swaps,
      ),
    ).toEqual([
      { role: "system", content: "persona without" },
      { role: "user", content: [{ type: "text", text: "block without" }, { type: "text", text: "block with search, but a message" }] },
    ]);
  });
});

describe("a JSON answer in text", () => {
  it("is read bare, fenced, or from the outermost braces of a reply that says more", () => {
    expect(parseJsonAnswer('{"a":1}')).toEqual({ a: 1 });
    expect(parseJsonAnswer('Here it is:\n```json\n{"a":2}\n```')).toEqual({ a: 2 });
    expect(parseJsonAnswer('Sure! {"a":{"b":3}} Hope that helps.')).toEqual({ a: { b: 3 } });
    expect(parseJsonAnswer("no json here")).toBeNull();
  });

  it("is asked for with the schema in the instructions", () => {
    expect(formatJsonAnswerInstruction({ type: "object" })).toContain('{"type":"object"}');
  });
});
