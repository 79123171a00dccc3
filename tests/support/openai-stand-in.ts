import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { countMessageTokens, countTokens, flatMessage } from "@/lib/models/tokens";

// A local server speaking OpenAI's wire protocols over real HTTP: Chat
// Completions (/v1/chat/completions, what Ollama, vLLM, LM Studio and
// llama.cpp's server offer) and Responses (/v1/responses, what the AI SDK
// uses for OpenAI itself). Each request takes the next scripted reply.
//
// It refuses what OpenAI documents it refuses, with OpenAI's 400 shape, so a
// request the real service would reject fails here too: a strict JSON schema
// (response format or tool parameters) outside the strict subset (lengths,
// ranges, patterns and array bounds only for fine-tuned models, "ft:…"), a
// bad tool or schema name, a tool result with no call before it. Every
// refusal is kept in `rejections` for tests to assert none happened.
//
// Streamed tool calls come the way each server family sends them: OpenAI and
// vLLM open the call with its id and name and stream the arguments in pieces;
// Ollama sends the whole call in one chunk.
//
// Options make it the server a user may actually run (each as its project
// documents it):
// - `contextTokens`: the model's context. Past it vLLM refuses with a 400
//   counting prompt + max_tokens ("This model's maximum context length is …"),
//   OpenAI refuses the prompt alone (context_length_exceeded), llama.cpp's
//   server answers exceed_context_size_error, and Ollama cuts the prompt
//   silently (the request is marked `truncated`). The discovery endpoints say
//   it: Ollama's /api/show (num_ctx) and /api/ps, vLLM's max_model_len in
//   /v1/models, llama.cpp's /props.
// - `tokenRatio`: the server's tokenizer and chat template count this many
//   times the o200k count with OpenAI's framing (real models' run higher); the
//   usage it reports follows.
// - `strictRoles`: refuse messages that do not alternate user/assistant after
//   one leading system message, as Gemma's and Mistral's templates raise.
// - `tools: false`: the model takes no tools (Ollama: "… does not support
//   tools"; vLLM without --enable-auto-tool-choice), and Ollama's
//   capabilities leave "tools" out.
// - `jsonSchema: false`: response_format json_schema is refused, as OpenAI
//   refuses it for models without structured outputs.
// - `errorBody: "vllm-legacy"`: errors in older vLLM's shape,
//   {"object": "error", "message": …} at the top level.

export type ScriptedReply =
  /** `delayMs` between streamed words; `stallAfterWords`: stops sending after that many words and holds the connection open. */
  | { kind: "text"; text: string; delayMs?: number; stallAfterWords?: number }
  | { kind: "tool-call"; name: string; args: Record<string, unknown> }
  | { kind: "error"; status: number; message: string }
  /** Never answers: the request stays open until the client gives up on it. */
  | { kind: "hang" };

export type RecordedRequest = {
  path: string;
  body: Record<string, unknown>;
  /** The prompt's tokens as this server counts them (chat completions). */
  promptTokens: number;
  /** Ollama cut the prompt to its context. */
  truncated: boolean;
  /** The client went away before the server finished answering. */
  aborted: boolean;
};

export type StreamStyle = "openai" | "vllm" | "ollama" | "llamacpp";

export type StandInOptions = {
  style?: StreamStyle;
  /** The model the server serves, by name: what its discovery endpoints describe. */
  model?: string;
  contextTokens?: number;
  tokenRatio?: number;
  strictRoles?: boolean;
  tools?: boolean;
  jsonSchema?: boolean;
  errorBody?: "openai" | "vllm-legacy";
};

export type StandIn = {
  baseUrl: string;
  requests: RecordedRequest[];
  /** The 400s it answered, with their message: a test of a valid request expects none. */
  rejections: string[];
  script: (...replies: ScriptedReply[]) => void;
  close: () => Promise<void>;
};

// ---------------------------------------------------------------------------
// What OpenAI's strict mode accepts (Structured Outputs, "Supported schemas").

/** Keywords strict mode refuses for every model. */
const STRICT_UNSUPPORTED = [
  "patternProperties",
  "propertyNames",
  "unevaluatedProperties",
  "minProperties",
  "maxProperties",
  "unevaluatedItems",
  "contains",
  "minContains",
  "maxContains",
  "uniqueItems",
  "allOf",
  "oneOf",
  "not",
  "if",
  "then",
  "else",
  "dependentRequired",
  "dependentSchemas",
];
/** Lengths, ranges, patterns and array bounds: accepted for base models, still refused for fine-tuned ones ("ft:…"). */
const FINE_TUNED_UNSUPPORTED = ["minLength", "maxLength", "pattern", "format", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minItems", "maxItems"];
const MAX_NESTING = 10;
const MAX_PROPERTIES = 5000;
const NAME = /^[a-zA-Z0-9_-]{1,64}$/;

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === "object" && value !== null && !Array.isArray(value);

function strictSchemaErrors(schema: unknown, fineTuned: boolean): string[] {
  const refused = fineTuned ? [...STRICT_UNSUPPORTED, ...FINE_TUNED_UNSUPPORTED] : STRICT_UNSUPPORTED;
  const errors: string[] = [];
  let properties = 0;
  const walk = (node: unknown, context: string[], depth: number) => {
    const where = `context=(${context.map((c) => `'${c}'`).join(", ")})`;
    if (!isNode(node)) return void errors.push(`In ${where}, schema must be a JSON Schema of 'type: "object"', got something else.`);
    if (depth > MAX_NESTING) errors.push(`In ${where}, schema exceeds the maximum nesting depth of ${MAX_NESTING}.`);
    for (const keyword of refused) {
      if (keyword in node) errors.push(`In ${where}, '${keyword}' is not permitted.`);
    }
    const props = node.properties;
    if (node.type === "object" || isNode(props)) {
      if (node.additionalProperties !== false) errors.push(`In ${where}, 'additionalProperties' is required to be supplied and to be false.`);
      const keys = Object.keys(isNode(props) ? props : {});
      properties += keys.length;
      const required = Array.isArray(node.required) ? node.required : [];
      const missing = keys.filter((k) => !required.includes(k));
      if (missing.length) {
        errors.push(`In ${where}, 'required' is required to be supplied and to be an array including every key in properties. Missing '${missing[0]}'.`);
      }
      for (const key of keys) walk((props as Node)[key], [...context, "properties", key], depth + 1);
    }
    if (node.items !== undefined) walk(node.items, [...context, "items"], depth + 1);
    if (Array.isArray(node.anyOf)) node.anyOf.forEach((option, i) => walk(option, [...context, "anyOf", String(i)], depth + 1));
    for (const defs of ["$defs", "definitions"]) {
      if (isNode(node[defs])) for (const [k, v] of Object.entries(node[defs] as Node)) walk(v, [...context, defs, k], depth + 1);
    }
  };
  if (!isNode(schema) || schema.type !== "object" || "anyOf" in schema) {
    errors.push(`schema must be a JSON Schema of 'type: "object"' at the root, not anyOf.`);
  }
  walk(schema, [], 1);
  if (properties > MAX_PROPERTIES) errors.push(`schema has ${properties} properties, more than ${MAX_PROPERTIES}.`);
  return errors;
}

type Tool = { name?: unknown; parameters?: unknown; strict?: unknown };

/** Why OpenAI would answer 400 to this request body, or null. */
function rejectionOf(path: string, body: Node): { message: string; param: string } | null {
  if (typeof body.model !== "string" || !body.model) return { message: "you must provide a model parameter", param: "model" };
  const fineTuned = body.model.startsWith("ft:");
  const responses = path === "/v1/responses";
  const tools: Tool[] = Array.isArray(body.tools)
    ? (body.tools as Node[]).map((t) => (responses ? (t as Tool) : ((t.function ?? {}) as Tool)))
    : [];
  for (const [i, tool] of tools.entries()) {
    const param = responses ? `tools[${i}].name` : `tools[${i}].function.name`;
    if (typeof tool.name !== "string" || !NAME.test(tool.name)) {
      return { message: `Invalid '${param}': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.`, param };
    }
    if (tool.strict === true) {
      const [error] = strictSchemaErrors(tool.parameters, fineTuned);
      if (error) return { message: `Invalid schema for function '${tool.name}': ${error}`, param: `tools[${i}].parameters` };
    }
  }
  const format = responses ? (body.text as Node | undefined)?.format : body.response_format;
  const spec = isNode(format) && format.type === "json_schema" ? (responses ? format : (format.json_schema as Node | undefined)) : undefined;
  if (spec) {
    const param = responses ? "text.format.name" : "response_format.json_schema.name";
    if (typeof spec.name !== "string" || !NAME.test(spec.name)) return { message: `Invalid '${param}': string does not match pattern.`, param };
    if (spec.strict === true) {
      const [error] = strictSchemaErrors(spec.schema, fineTuned);
      if (error) return { message: `Invalid schema for response_format '${spec.name}': ${error}`, param: responses ? "text.format.schema" : "response_format" };
    }
  }
  return responses ? inputRejection(body.input) : messagesRejection(body.messages);
}

/** A tool result must answer a call made before it, and every call must get its result before the next turn. */
function messagesRejection(messages: unknown): { message: string; param: string } | null {
  if (!Array.isArray(messages) || messages.length === 0) return { message: "'messages' must be a non-empty array.", param: "messages" };
  const open = new Set<string>();
  for (const [i, m] of (messages as Node[]).entries()) {
    if (m.role === "tool") {
      if (!open.delete(String(m.tool_call_id))) {
        return { message: "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.", param: `messages.[${i}].role` };
      }
      continue;
    }
    if (open.size > 0) {
      return {
        message: `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${[...open].join(", ")}`,
        param: "messages",
      };
    }
    if (m.role === "assistant" && Array.isArray(m.tool_calls)) for (const call of m.tool_calls as Node[]) open.add(String(call.id));
  }
  return null;
}

function inputRejection(input: unknown): { message: string; param: string } | null {
  if (!Array.isArray(input)) return null;
  const calls = new Set<string>();
  for (const item of input as Node[]) {
    if (item.type === "function_call") calls.add(String(item.call_id));
    if (item.type === "function_call_output" && !calls.has(String(item.call_id))) {
      return { message: `No tool call found for function call output with call_id ${String(item.call_id)}.`, param: "input" };
    }
  }
  return null;
}

// ---------------------------------------------------------------------------
// What the chosen server refuses beyond OpenAI's schema rules.

type Refusal = { status: number; message: string; type: string; param?: string | null; code?: string | number | null; extra?: Node };

const ALTERNATION = "After the optional system message, conversation roles must alternate user/assistant/user/assistant/...";

/** Mistral's and Gemma's template rule: tool calls and their results aside, roles go user, assistant, user, … after one leading system message. */
function alternationRefusal(messages: Node[]): Refusal | null {
  const rest = messages[0]?.role === "system" || messages[0]?.role === "developer" ? messages.slice(1) : messages;
  const turns = rest.filter((m) => m.role !== "tool" && !(m.role === "assistant" && Array.isArray(m.tool_calls)));
  const broken = turns.some((m, i) => (m.role === "user") !== (i % 2 === 0));
  return broken ? { status: 400, message: ALTERNATION, type: "BadRequestError", code: 400 } : null;
}

function toolsRefusal(style: StreamStyle, model: string): Refusal {
  if (style === "vllm") return { status: 400, message: '"auto" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set', type: "BadRequestError", code: 400 };
  return { status: 400, message: `registry.ollama.ai/library/${model} does not support tools`, type: "api_error", param: null, code: null };
}

const JSON_SCHEMA_REFUSAL: Refusal = {
  status: 400,
  message:
    "Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model. Learn more about supported models at the Structured Outputs guide: https://platform.openai.com/docs/guides/structured-outputs",
  type: "invalid_request_error",
  param: "response_format",
  code: null,
};

/** What each server does with a prompt (and, for vLLM, its max_tokens) past the context; null to answer (Ollama cuts silently). */
function contextRefusal(style: StreamStyle, context: number, prompt: number, maxTokens: number | null): Refusal | null {
  if (style === "vllm") {
    const completion = maxTokens ?? 0;
    if (prompt + completion <= context) return null;
    return {
      status: 400,
      message: `This model's maximum context length is ${context} tokens. However, you requested ${prompt + completion} tokens (${prompt} in the messages, ${completion} in the completion). Please reduce the length of the messages or completion.`,
      type: "BadRequestError",
      code: 400,
    };
  }
  if (prompt <= context || style === "ollama") return null;
  if (style === "llamacpp") {
    return { status: 400, message: "the request exceeds the available context size, try increasing it", type: "exceed_context_size_error", code: 400, extra: { n_prompt_tokens: prompt, n_ctx: context } };
  }
  return {
    status: 400,
    message: `This model's maximum context length is ${context} tokens. However, your messages resulted in ${prompt} tokens. Please reduce the length of the messages.`,
    type: "invalid_request_error",
    param: "messages",
    code: "context_length_exceeded",
  };
}

function errorBody(refusal: Refusal, shape: StandInOptions["errorBody"]) {
  const error = { message: refusal.message, type: refusal.type, param: refusal.param ?? null, code: refusal.code ?? null, ...refusal.extra };
  return shape === "vllm-legacy" ? { object: "error", ...error } : { error };
}

// ---------------------------------------------------------------------------
// Replies.

async function readBody(request: IncomingMessage): Promise<Node> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  return text ? (JSON.parse(text) as Node) : {};
}

type Usage = { prompt_tokens: number; completion_tokens: number; total_tokens: number };
type Reply = Exclude<ScriptedReply, { kind: "error" } | { kind: "hang" }>;
const words = (text: string) => text.match(/\S+\s*/g) ?? [];
/** Arguments streamed in small pieces, as vLLM and OpenAI cut them. */
const pieces = (text: string, size = 7) => Array.from({ length: Math.ceil(text.length / size) }, (_, i) => text.slice(i * size, (i + 1) * size));

/** The prompt's tokens as this server counts them: o200k with OpenAI's framing, the tools' JSON, times its ratio. */
function promptTokensOf(body: Node, ratio: number): number {
  const messages = Array.isArray(body.messages) ? (body.messages as unknown[]).map(flatMessage) : [];
  const tools = Array.isArray(body.tools) ? countTokens(JSON.stringify(body.tools)) : 0;
  return Math.ceil((countMessageTokens(messages) + tools) * ratio);
}

function usageOf(prompt: number, reply: Reply): Usage {
  const completion = reply.kind === "text" ? words(reply.text).length : pieces(JSON.stringify(reply.args)).length;
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
}

function chatChunk(id: number, delta: Node, finish: string | null, extra: Node = {}) {
  return `data: ${JSON.stringify({
    id: `chatcmpl-${id}`,
    object: "chat.completion.chunk",
    created: 1_760_000_000,
    model: "stand-in",
    choices: [{ index: 0, delta, finish_reason: finish }],
    ...extra,
  })}\n\n`;
}

/** A streamed reply's events; a text reply's words are the events after the first, one each. */
function chatStream(id: number, reply: Reply, style: StreamStyle, usage: Usage | null): string[] {
  const usageChunk = usage ? [`data: ${JSON.stringify({ id: `chatcmpl-${id}`, object: "chat.completion.chunk", created: 1_760_000_000, model: "stand-in", choices: [], usage })}\n\n`] : [];
  const end = (finish: string) => [chatChunk(id, {}, finish), ...usageChunk, "data: [DONE]\n\n"];
  if (reply.kind === "tool-call") {
    const args = JSON.stringify(reply.args);
    const callId = `call_${id}`;
    if (style === "ollama") {
      const call = { index: 0, id: callId, type: "function", function: { name: reply.name, arguments: args } };
      return [chatChunk(id, { role: "assistant", content: "", tool_calls: [call] }, null), ...end("tool_calls")];
    }
    const open = { index: 0, id: callId, type: "function", function: { name: reply.name, arguments: style === "openai" ? "" : undefined } };
    return [
      chatChunk(id, { role: "assistant", content: style === "vllm" ? "" : null, tool_calls: [open] }, null),
      ...pieces(args).map((arguments_) => chatChunk(id, { tool_calls: [{ index: 0, function: { arguments: arguments_ } }] }, null)),
      ...end("tool_calls"),
    ];
  }
  return [chatChunk(id, { role: "assistant", content: "" }, null), ...words(reply.text).map((w) => chatChunk(id, { content: w }, null)), ...end("stop")];
}

function chatCompletion(id: number, reply: Reply, usage: Usage) {
  const message =
    reply.kind === "text"
      ? { role: "assistant", content: reply.text }
      : { role: "assistant", content: null, tool_calls: [{ id: `call_${id}`, type: "function", function: { name: reply.name, arguments: JSON.stringify(reply.args) } }] };
  return {
    id: `chatcmpl-${id}`,
    object: "chat.completion",
    created: 1_760_000_000,
    model: "stand-in",
    choices: [{ index: 0, message, finish_reason: reply.kind === "text" ? "stop" : "tool_calls" }],
    usage,
  };
}

const responsesUsage = { input_tokens: 42, output_tokens: 7, total_tokens: 49, input_tokens_details: { cached_tokens: 0 }, output_tokens_details: { reasoning_tokens: 0 } };

function outputItem(id: number, reply: Reply) {
  return reply.kind === "text"
    ? { type: "message", id: `msg_${id}`, role: "assistant", status: "completed", content: [{ type: "output_text", text: reply.text, annotations: [] }] }
    : { type: "function_call", id: `fc_${id}`, call_id: `call_${id}`, name: reply.name, arguments: JSON.stringify(reply.args), status: "completed" };
}

function responsesResult(id: number, reply: Reply) {
  return { id: `resp_${id}`, object: "response", created_at: 1_760_000_000, model: "stand-in", status: "completed", output: [outputItem(id, reply)], usage: responsesUsage };
}

function responsesStream(id: number, reply: Reply): string[] {
  const event = (type: string, data: Node) => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
  const response = { id: `resp_${id}`, created_at: 1_760_000_000, model: "stand-in" };
  const item = outputItem(id, reply);
  const deltas =
    reply.kind === "text"
      ? words(reply.text).map((delta) => event("response.output_text.delta", { item_id: item.id, output_index: 0, content_index: 0, delta }))
      : pieces(JSON.stringify(reply.args)).map((delta) => event("response.function_call_arguments.delta", { item_id: item.id, output_index: 0, delta }));
  const added = reply.kind === "text" ? { type: "message", id: item.id, role: "assistant", content: [] } : { ...item, arguments: "", status: "in_progress" };
  return [
    event("response.created", { response }),
    event("response.output_item.added", { output_index: 0, item: added }),
    ...deltas,
    event("response.output_item.done", { output_index: 0, item }),
    event("response.completed", { response: { ...response, status: "completed", usage: responsesUsage } }),
  ];
}

function answer(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

/** Sends the events; a slow reply waits `delayMs` between them, and a stalling one stops after its words and never ends. */
async function stream(response: ServerResponse, lines: string[], reply: Reply, gone: () => boolean) {
  response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  const delayMs = reply.kind === "text" ? (reply.delayMs ?? 0) : 0;
  const stallAt = reply.kind === "text" && reply.stallAfterWords !== undefined ? reply.stallAfterWords + 1 : Infinity;
  for (const [i, line] of lines.entries()) {
    if (gone()) return;
    if (i >= stallAt) return;
    if (i > 0 && delayMs > 0) await sleep(delayMs);
    response.write(line);
  }
  response.end();
}

/** The discovery endpoints each runtime documents, answering with this server's context and tool support. */
function discovery(path: string, method: string, body: Node, style: StreamStyle, options: StandInOptions): { status: number; body: unknown } | null {
  const context = options.contextTokens;
  const served = options.model ?? "stand-in";
  if (style === "ollama" && path === "/api/show" && method === "POST") {
    if (body.model !== served && body.model !== `${served}:latest`) return { status: 404, body: { error: `model '${String(body.model)}' not found` } };
    return {
      status: 200,
      body: {
        parameters: context ? `num_ctx ${context}\ntemperature 0.7` : "temperature 0.7",
        model_info: { "general.architecture": "llama", "llama.context_length": 131_072 },
        capabilities: ["completion", ...(options.tools === false ? [] : ["tools"])],
      },
    };
  }
  if (style === "ollama" && path === "/api/ps") return { status: 200, body: { models: [] } };
  if (style === "llamacpp" && path === "/props" && context) return { status: 200, body: { default_generation_settings: { n_ctx: context }, total_slots: 1 } };
  if (path === "/v1/models") {
    const entry = { id: served, object: "model", created: 1_760_000_000, owned_by: style === "vllm" ? "vllm" : "stand-in", ...(style === "vllm" && context ? { max_model_len: context } : {}) };
    return { status: 200, body: { object: "list", data: [entry] } };
  }
  return null;
}

export async function startOpenAIStandIn(options: StandInOptions = {}): Promise<StandIn> {
  const style = options.style ?? "openai";
  const ratio = options.tokenRatio ?? 1;
  const queue: ScriptedReply[] = [];
  const requests: RecordedRequest[] = [];
  const rejections: string[] = [];
  let served = 0;
  const refuse = (response: ServerResponse, refusal: Refusal) => {
    rejections.push(refusal.message);
    answer(response, refusal.status, errorBody(refusal, options.errorBody));
  };
  const server: Server = createServer(async (request, response) => {
    const path = (request.url ?? "").split("?")[0];
    const body = await readBody(request);
    const found = discovery(path, request.method ?? "GET", body, style, options);
    if (found) return answer(response, found.status, found.body);
    if (path !== "/v1/chat/completions" && path !== "/v1/responses") return answer(response, 404, { error: { message: "not found" } });
    const chat = path === "/v1/chat/completions";
    const prompt = chat ? promptTokensOf(body, ratio) : 0;
    const recorded: RecordedRequest = { path, body, promptTokens: prompt, truncated: false, aborted: false };
    requests.push(recorded);
    response.on("close", () => {
      if (!response.writableFinished) recorded.aborted = true;
    });
    const rejected = rejectionOf(path, body);
    if (rejected) return refuse(response, { status: 400, message: rejected.message, type: "invalid_request_error", param: rejected.param });
    const messages = Array.isArray(body.messages) ? (body.messages as Node[]) : [];
    const offersTools = Array.isArray(body.tools) && body.tools.length > 0;
    if (chat && options.tools === false && offersTools) return refuse(response, toolsRefusal(style, String(body.model)));
    if (chat && options.jsonSchema === false && isNode(body.response_format) && body.response_format.type === "json_schema") return refuse(response, JSON_SCHEMA_REFUSAL);
    if (chat && options.strictRoles) {
      const refusal = alternationRefusal(messages);
      if (refusal) return refuse(response, refusal);
    }
    let counted = prompt;
    if (chat && options.contextTokens) {
      const maxTokens = typeof body.max_completion_tokens === "number" ? body.max_completion_tokens : typeof body.max_tokens === "number" ? body.max_tokens : null;
      const refusal = contextRefusal(style, options.contextTokens, prompt, maxTokens);
      if (refusal) return refuse(response, refusal);
      if (prompt > options.contextTokens) {
        recorded.truncated = true;
        counted = options.contextTokens;
      }
    }
    const reply = queue.shift() ?? { kind: "error", status: 500, message: "the stand-in has no scripted reply left" };
    served += 1;
    if (reply.kind === "hang") return;
    if (reply.kind === "error") return answer(response, reply.status, errorBody({ status: reply.status, message: reply.message, type: "server_error", code: null }, options.errorBody));
    const usage = usageOf(counted, reply);
    const includeUsage = isNode(body.stream_options) && body.stream_options.include_usage === true;
    const gone = () => recorded.aborted;
    if (!chat) return body.stream === true ? stream(response, responsesStream(served, reply), reply, gone) : answer(response, 200, responsesResult(served, reply));
    return body.stream === true ? stream(response, chatStream(served, reply, style, includeUsage ? usage : null), reply, gone) : answer(response, 200, chatCompletion(served, reply, usage));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    rejections,
    script: (...replies) => queue.push(...replies),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
