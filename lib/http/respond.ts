import type { z } from "zod";
import { recordIdSchema } from "@/lib/contracts/ids";
import { firstUnstorableText, jsonNestingExceeds } from "@/lib/contracts/text";
import { describeIssues, RequestError } from "@/lib/errors";

export const MAX_BODY_BYTES = 64 * 1024;

/**
 * Deeper than anything the app writes (a thread file's tool output is about
 * ten levels) and shallow enough that no recursive code downstream can run
 * out of stack on it.
 */
export const MAX_JSON_DEPTH = 64;

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

/** The body as text, refused as soon as it is known to be too large rather than after all of it has arrived. */
async function readCappedText(request: Request, maxBytes: number, name: string): Promise<string> {
  const tooLarge = () => new RequestError("too_large:body", `The ${name} is larger than ${sizeLabel(maxBytes)}.`);
  if (Number(request.headers.get("content-length")) > maxBytes) throw tooLarge();
  if (!request.body) return "";
  const reader = request.body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    text += decoder.decode(value, { stream: true });
  }
}

/**
 * Reads a JSON body of any shape; the caller validates it. Too large is a
 * 413, not JSON a 400; nested too deeply, or holding text the database
 * cannot store anywhere in it, a 422.
 */
export async function readJsonBody(request: Request, { maxBytes = MAX_BODY_BYTES, name = "request body" }: BodyLimits = {}): Promise<unknown> {
  const raw = await readCappedText(request, maxBytes, name);
  if (jsonNestingExceeds(raw, MAX_JSON_DEPTH)) {
    throw new RequestError("invalid:body", `The ${name} nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep.`);
  }
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw new RequestError("bad_request:json", `The ${name} is not valid JSON.`);
  }
  const unstorable = firstUnstorableText(body);
  if (unstorable) {
    const where = unstorable.path.length > 0 ? unstorable.path.join(".") : name;
    throw new RequestError("invalid:text", `${where}: ${unstorable.problem}.`);
  }
  return body;
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

/** Runs a handler and answers refusals with their status and code; anything else is a bug, logged, and a 500. */
export async function handle(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof RequestError) return error.toResponse();
    console.error(error);
    return Response.json({ error: SERVER_FAILURE, code: "internal:server" }, { status: 500 });
  }
}
