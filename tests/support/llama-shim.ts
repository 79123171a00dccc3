import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type {
  LanguageModelV4CallOptions,
  LanguageModelV4FunctionTool,
  LanguageModelV4Message,
  LanguageModelV4StreamPart,
  LanguageModelV4Usage,
} from "@ai-sdk/provider";
import { createLocalModel } from "@/lib/models/local/model";

// A small OpenAI-compatible server (/v1/chat/completions) in front of a real
// inference engine, the way llama.cpp's server, Ollama or LM Studio put one in
// front of llama.cpp: the app's OpenAI-compatible path then talks over real
// HTTP to a model whose tool calls and JSON come out of a real chat template
// and a grammar built from the schema the app sent. The engine is
// node-llama-cpp through the app's local provider.

export type LlamaShim = { baseUrl: string; requests: Record<string, unknown>[]; close: () => Promise<void> };

type ChatMessage = {
  role: "system" | "developer" | "user" | "assistant" | "tool";
  content?: string | { type: string; text?: string }[] | null;
  tool_calls?: { id: string; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
};
type ChatRequest = {
  messages: ChatMessage[];
  tools?: { type: "function"; function: { name: string; description?: string; parameters: Record<string, unknown> } }[];
  tool_choice?: "auto" | "none" | "required" | { type: "function"; function: { name: string } };
  response_format?: { type: "text" } | { type: "json_object" } | { type: "json_schema"; json_schema: { name: string; schema: Record<string, unknown> } };
  max_tokens?: number;
  max_completion_tokens?: number;
  temperature?: number;
  top_p?: number;
  seed?: number;
  stop?: string | string[];
  stream?: boolean;
};

const textOf = (content: ChatMessage["content"]) =>
  typeof content === "string" ? content : (content ?? []).map((part) => part.text ?? "").join("");

function toPrompt(messages: ChatMessage[]): LanguageModelV4Message[] {
  const toolNames = new Map<string, string>();
  return messages.map((m): LanguageModelV4Message => {
    switch (m.role) {
      case "system":
      case "developer":
        return { role: "system", content: textOf(m.content) };
      case "user":
        return { role: "user", content: [{ type: "text", text: textOf(m.content) }] };
      case "assistant": {
        const calls = (m.tool_calls ?? []).map((call) => {
          toolNames.set(call.id, call.function.name);
          return { type: "tool-call" as const, toolCallId: call.id, toolName: call.function.name, input: JSON.parse(call.function.arguments) as unknown };
        });
        const text = textOf(m.content);
        return { role: "assistant", content: [...(text ? [{ type: "text" as const, text }] : []), ...calls] };
      }
      case "tool": {
        const toolCallId = m.tool_call_id ?? "";
        return { role: "tool", content: [{ type: "tool-result", toolCallId, toolName: toolNames.get(toolCallId) ?? "", output: { type: "text", value: textOf(m.content) } }] };
      }
    }
  });
}

function toCallOptions(body: ChatRequest, abortSignal: AbortSignal): LanguageModelV4CallOptions {
  const tools: LanguageModelV4FunctionTool[] = (body.tools ?? []).map((t) => ({
    type: "function",
    name: t.function.name,
    description: t.function.description,
    inputSchema: t.function.parameters,
  }));
  const choice = body.tool_choice;
  const format = body.response_format;
  return {
    prompt: toPrompt(body.messages),
    tools,
    toolChoice:
      choice === undefined || choice === "auto" ? { type: "auto" } : typeof choice === "string" ? { type: choice } : { type: "tool", toolName: choice.function.name },
    responseFormat:
      format?.type === "json_schema" ? { type: "json", schema: format.json_schema.schema as never, name: format.json_schema.name } : format?.type === "json_object" ? { type: "json" } : undefined,
    maxOutputTokens: body.max_completion_tokens ?? body.max_tokens,
    temperature: body.temperature,
    topP: body.top_p,
    seed: body.seed,
    stopSequences: body.stop === undefined ? undefined : Array.isArray(body.stop) ? body.stop : [body.stop],
    abortSignal,
  };
}

const usageOf = (usage: LanguageModelV4Usage) => {
  const prompt = usage.inputTokens.total ?? 0;
  const completion = usage.outputTokens.total ?? 0;
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
};
const finishOf = (unified: string) => (unified === "tool-calls" ? "tool_calls" : unified === "length" ? "length" : "stop");

async function readBody(request: IncomingMessage): Promise<ChatRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString("utf8")) as ChatRequest;
}

async function streamReply(response: ServerResponse, parts: ReadableStream<LanguageModelV4StreamPart>) {
  response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  const send = (delta: Record<string, unknown>, finish: string | null = null, extra: Record<string, unknown> = {}) =>
    response.write(
      `data: ${JSON.stringify({ id: "chatcmpl-shim", object: "chat.completion.chunk", created: 1_760_000_000, model: "shim", choices: [{ index: 0, delta, finish_reason: finish }], ...extra })}\n\n`,
    );
  send({ role: "assistant", content: "" });
  const indexOf = new Map<string, number>();
  for await (const part of parts) {
    if (part.type === "text-delta") send({ content: part.delta });
    else if (part.type === "tool-input-start") {
      indexOf.set(part.id, indexOf.size);
      send({ tool_calls: [{ index: indexOf.get(part.id), id: part.id, type: "function", function: { name: part.toolName, arguments: "" } }] });
    } else if (part.type === "tool-input-delta") send({ tool_calls: [{ index: indexOf.get(part.id), function: { arguments: part.delta } }] });
    else if (part.type === "tool-call" && !indexOf.has(part.toolCallId)) {
      indexOf.set(part.toolCallId, indexOf.size);
      send({ tool_calls: [{ index: indexOf.get(part.toolCallId), id: part.toolCallId, type: "function", function: { name: part.toolName, arguments: part.input } }] });
    } else if (part.type === "finish") send({}, finishOf(part.finishReason.unified), { usage: usageOf(part.usage) });
  }
  response.end("data: [DONE]\n\n");
}

export async function startLlamaShim(modelPath: string): Promise<LlamaShim> {
  const model = createLocalModel({ path: modelPath, threads: 1, contextSize: 4096, gpu: "off", chatWrapper: "auto", loadTimeoutMs: 120_000 });
  const requests: Record<string, unknown>[] = [];
  const server: Server = createServer(async (request, response) => {
    const abort = new AbortController();
    response.on("close", () => abort.abort());
    try {
      if (request.url !== "/v1/chat/completions") {
        response.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "not found" } }));
        return;
      }
      const body = await readBody(request);
      requests.push(body);
      const options = toCallOptions(body, abort.signal);
      if (body.stream) return await streamReply(response, (await model.doStream(options)).stream);
      const result = await model.doGenerate(options);
      const text = result.content.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("");
      const toolCalls = result.content.flatMap((part) =>
        part.type === "tool-call" ? [{ id: part.toolCallId, type: "function", function: { name: part.toolName, arguments: part.input } }] : [],
      );
      response.writeHead(200, { "content-type": "application/json" }).end(
        JSON.stringify({
          id: "chatcmpl-shim",
          object: "chat.completion",
          created: 1_760_000_000,
          model: "shim",
          choices: [{ index: 0, message: { role: "assistant", content: text || null, ...(toolCalls.length ? { tool_calls: toolCalls } : {}) }, finish_reason: finishOf(result.finishReason.unified) }],
          usage: usageOf(result.usage),
        }),
      );
    } catch (error) {
      if (!response.headersSent) response.writeHead(500, { "content-type": "application/json" });
      response.end(JSON.stringify({ error: { message: (error as Error).message, type: "server_error" } }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}/v1`, requests, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
