import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

// A local stand-in for an OpenAI-compatible server (/v1/chat/completions), so
// a browser test can make the app's real model call fail upstream and then
// recover, without touching production code. It fails until told to recover.

export const STAND_IN_REPLY = "The stand-in model is back online and heard you.";
export const UPSTREAM_ERROR = "upstream returned 500";

const MEMORY_PASS_OUTPUT = JSON.stringify({ facts: [], episode: "" });

async function readJson(request: IncomingMessage): Promise<{ model?: string; stream?: boolean }> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString("utf8")) as { model?: string; stream?: boolean };
}

function completionChunk(model: string, delta: object, finishReason: string | null) {
  return { id: "chatcmpl-stand-in", object: "chat.completion.chunk", created: 0, model, choices: [{ index: 0, delta, finish_reason: finishReason }] };
}

export type StandInModel = { baseUrl: string; recover: () => void; stop: () => Promise<void> };

export async function startStandInModel(): Promise<StandInModel> {
  let failing = true;
  const server = createServer(async (request, response) => {
    const body = await readJson(request);
    const model = body.model ?? "stand-in";
    if (failing) {
      response.writeHead(500, { "content-type": "application/json" });
      response.end(JSON.stringify({ error: { message: UPSTREAM_ERROR, type: "server_error" } }));
      return;
    }
    if (!body.stream) {
      // Only the memory pass asks for a whole JSON answer: nothing durable to file.
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        JSON.stringify({
          id: "chatcmpl-stand-in",
          object: "chat.completion",
          created: 0,
          model,
          choices: [{ index: 0, message: { role: "assistant", content: MEMORY_PASS_OUTPUT }, finish_reason: "stop" }],
          usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
        }),
      );
      return;
    }
    response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    const events = [
      completionChunk(model, { role: "assistant", content: STAND_IN_REPLY }, null),
      { ...completionChunk(model, {}, "stop"), usage: { prompt_tokens: 10, completion_tokens: 9, total_tokens: 19 } },
    ];
    for (const event of events) response.write(`data: ${JSON.stringify(event)}\n\n`);
    response.end("data: [DONE]\n\n");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    recover: () => {
      failing = false;
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
