import type { z } from "zod";
import { RequestError } from "@/lib/errors";

export const MAX_BODY_BYTES = 64 * 1024;

/** A request refused at the HTTP boundary itself (body too large, not JSON, failed validation). */
export class HttpError extends RequestError {}

export function errorResponse(status: number, message: string): Response {
  return Response.json({ error: message }, { status });
}

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
  const tooLarge = () => new HttpError(413, `The ${name} is larger than ${sizeLabel(maxBytes)}.`);
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

/** Reads a JSON body of any shape; the caller validates it. Too large is a 413, not JSON a 400. */
export async function readJsonBody(request: Request, { maxBytes = MAX_BODY_BYTES, name = "request body" }: BodyLimits = {}): Promise<unknown> {
  const raw = await readCappedText(request, maxBytes, name);
  try {
    return JSON.parse(raw);
  } catch {
    throw new HttpError(400, `The ${name} is not valid JSON.`);
  }
}

/** Reads and validates a JSON body; every failure is a 4xx with a message a person can act on. */
export async function parseJsonBody<T extends z.ZodType>(request: Request, schema: T): Promise<z.infer<T>> {
  const parsed = schema.safeParse(await readJsonBody(request));
  if (!parsed.success) {
    const problem = parsed.error.issues[0];
    const where = problem.path.length > 0 ? `${problem.path.join(".")}: ` : "";
    throw new HttpError(422, `${where}${problem.message}`);
  }
  return parsed.data;
}

/** Runs a handler and turns known errors into JSON error responses. */
export async function handle(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof RequestError) return errorResponse(error.status, error.message);
    console.error(error);
    return errorResponse(500, "Something went wrong on the server; nothing was lost, try again.");
  }
}
