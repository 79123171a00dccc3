import type { z } from "zod";

export const MAX_BODY_BYTES = 64 * 1024;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

export function errorResponse(status: number, message: string): Response {
  return Response.json({ error: message }, { status });
}

/** Reads and validates a JSON body; every failure is a 4xx with a message a person can act on. */
export async function parseJsonBody<T extends z.ZodType>(request: Request, schema: T): Promise<z.infer<T>> {
  const raw = await request.text();
  if (raw.length > MAX_BODY_BYTES) throw new HttpError(413, `The request body is larger than ${MAX_BODY_BYTES} bytes.`);
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw new HttpError(400, "The request body is not valid JSON.");
  }
  const parsed = schema.safeParse(body);
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
    if (error instanceof HttpError) return errorResponse(error.status, error.message);
    console.error(error);
    return errorResponse(500, "Something went wrong on the server; nothing was lost, try again.");
  }
}
