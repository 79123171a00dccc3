import type { z } from "zod";
import { recordIdSchema } from "@/lib/contracts/ids";
import { parseJsonText, type JsonTextProblem } from "@/lib/contracts/text";
import { describeIssues, RequestError } from "@/lib/errors";

export const MAX_BODY_BYTES = 64 * 1024;

/** What a 500 says: it is a bug, and the server cannot tell what the request managed to save before it failed. */
export const SERVER_FAILURE =
  "The server failed on this request; that is a bug and it has been logged. Reload to see what was saved before trying again.";

type BodyLimits = {
  /** Largest body accepted, in bytes. */
  maxBytes?: number;
  /** What the body is to the person sending it, for error messages ("thread file"). */
  name?: string;
};

function sizeLabel(bytes: number): string {
  const mb = 1024 * 1024;
  return bytes >= mb ? `${Math.round((bytes / mb) * 10) / 10} MB` : `${Math.round(bytes / 1024)} KB`;
}

/** The body's bytes, refused with a 413 naming the cap as soon as it is known to be too large, not after all of it has arrived. */
export async function readCappedBytes(request: Request, maxBytes: number, name: string): Promise<Uint8Array> {
  const tooLarge = () => new RequestError("too_large:body", `The ${name} is larger than ${sizeLabel(maxBytes)}, the most this app takes.`);
  if (Number(request.headers.get("content-length")) > maxBytes) throw tooLarge();
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

const REFUSAL_OF: Record<JsonTextProblem["kind"], "invalid:body" | "bad_request:json" | "invalid:text"> = {
  nesting: "invalid:body",
  json: "bad_request:json",
  text: "invalid:text",
};

/**
 * Reads a JSON body of any shape; the caller validates it. Too large is a
 * 413, not JSON a 400; nested too deeply, or holding text the database
 * cannot store anywhere in it, a 422.
 */
export async function readJsonBody(request: Request, { maxBytes = MAX_BODY_BYTES, name = "request body" }: BodyLimits = {}): Promise<unknown> {
  const raw = new TextDecoder().decode(await readCappedBytes(request, maxBytes, name));
  const parsed = parseJsonText(raw, name);
  if ("problem" in parsed) throw new RequestError(REFUSAL_OF[parsed.problem.kind], parsed.problem.message);
  return parsed.value;
}

/** Reads and validates a JSON body; every failure is a 4xx with a message a person can act on. */
export async function parseJsonBody<T extends z.ZodType>(request: Request, schema: T): Promise<z.infer<T>> {
  const parsed = schema.safeParse(await readJsonBody(request));
  if (!parsed.success) {
    const problems = describeIssues(parsed.error, "body");
    throw new RequestError("invalid:body", problems[0], problems);
  }
  return parsed.data;
}

/** Validates the query string; a value it cannot take is a 422 naming the parameter. */
export function parseQuery<T extends z.ZodType>(request: Request, schema: T): z.infer<T> {
  const parsed = schema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) {
    const problems = describeIssues(parsed.error, "query");
    throw new RequestError("invalid:query", problems[0], problems);
  }
  return parsed.data;
}

/** A record id from the address; a malformed one is refused before it reaches a query. */
export function routeId(raw: string): string {
  const parsed = recordIdSchema.safeParse(raw);
  if (!parsed.success) throw new RequestError("invalid:id");
  return parsed.data;
}

/**
 * Every answer of the API is about one signed-in owner or one visitor, or
 * says why a request was refused: no browser or proxy cache may keep it for
 * the next person at that screen. A response whose headers are fixed (a
 * redirect) is copied.
 */
function notStored(response: Response): Response {
  if (response.headers.has("cache-control")) return response;
  try {
    response.headers.set("cache-control", "no-store");
    return response;
  } catch {
    const headers = new Headers(response.headers);
    headers.set("cache-control", "no-store");
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}

/** Runs a handler and answers refusals with their status and code; anything else is a bug, logged, and a 500. */
export async function handle(run: () => Promise<Response>): Promise<Response> {
  try {
    return notStored(await run());
  } catch (error) {
    if (error instanceof RequestError) return notStored(error.toResponse());
    console.error(error);
    return notStored(Response.json({ error: SERVER_FAILURE, code: "internal:server" }, { status: 500 }));
  }
}
