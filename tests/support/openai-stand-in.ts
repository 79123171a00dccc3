import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

// A local server speaking OpenAI's /v1/chat/completions wire protocol
// (streamed SSE chunks, tool calls, JSON responses), so the OpenAI-compatible
// path is tested over real HTTP. Each request takes the next scripted reply.

export type ScriptedReply =
  | { kind: "text"; text: string }
  | { kind: "tool-call"; name: string; args: Record<string, unknown> }
  | { kind: "error"; status: number; message: string }
  /** Never answers: the request stays open until the client gives up on it. */
  | { kind: "hang" };

export type RecordedRequest = { path: string; body: Record<string, unknown> };

export type StandIn = {
  baseUrl: string;
  requests: RecordedRequest[];
  script: (...replies: ScriptedReply[]) => void;
  close: () => Promise<void>;
};

async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>;
}

const usage = { prompt_tokens: 42, completion_tokens: 7, total_tokens: 49 };

function chunk(id: number, delta: Record<string, unknown>, finish: string | null, extra: Record<string, unknown> = {}) {
  return `data: ${JSON.stringify({
    id: `chatcmpl-${id}`,
    object: "chat.completion.chunk",
    created: 1_760_000_000,
    model: "stand-in",
    choices: [{ index: 0, delta, finish_reason: finish }],
    ...extra,
  })}\n\n`;
}

type Answer = Exclude<ScriptedReply, { kind: "error" } | { kind: "hang" }>;

function streamed(id: number, reply: Answer): string[] {
  if (reply.kind === "tool-call") {
    const call = { index: 0, id: `call_${id}`, type: "function", function: { name: reply.name, arguments: JSON.stringify(reply.args) } };
    return [chunk(id, { role: "assistant", tool_calls: [call] }, null), chunk(id, {}, "tool_calls", { usage }), "data: [DONE]\n\n"];
  }
  const words = reply.text.match(/\S+\s*/g) ?? [];
  return [
    chunk(id, { role: "assistant", content: "" }, null),
    ...words.map((w) => chunk(id, { content: w }, null)),
    chunk(id, {}, "stop", { usage }),
    "data: [DONE]\n\n",
  ];
}

function complete(id: number, reply: Answer) {
  const message =
    reply.kind === "text"
      ? { role: "assistant", content: reply.text }
      : {
          role: "assistant",
          content: null,
          tool_calls: [{ id: `call_${id}`, type: "function", function: { name: reply.name, arguments: JSON.stringify(reply.args) } }],
        };
  return {
    id: `chatcmpl-${id}`,
    object: "chat.completion",
    created: 1_760_000_000,
    model: "stand-in",
    choices: [{ index: 0, message, finish_reason: reply.kind === "text" ? "stop" : "tool_calls" }],
    usage,
  };
}

export async function startOpenAIStandIn(): Promise<StandIn> {
  const queue: ScriptedReply[] = [];
  const requests: RecordedRequest[] = [];
  let served = 0;
  const server: Server = createServer(async (request, response) => {
    const body = await readBody(request);
    requests.push({ path: request.url ?? "", body });
    const reply = queue.shift() ?? { kind: "error", status: 500, message: "the stand-in has no scripted reply left" };
    served += 1;
    if (request.url !== "/v1/chat/completions") {
      response.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "not found" } }));
      return;
    }
    if (reply.kind === "hang") return;
    if (reply.kind === "error") {
      response
        .writeHead(reply.status, { "content-type": "application/json" })
        .end(JSON.stringify({ error: { message: reply.message, type: "server_error", code: null } }));
      return;
    }
    if (body.stream === true) {
      response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
      for (const line of streamed(served, reply)) response.write(line);
      response.end();
      return;
    }
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(complete(served, reply)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (...replies) => queue.push(...replies),
    close: () => {
      // Hanging requests would keep close() waiting for ever.
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
