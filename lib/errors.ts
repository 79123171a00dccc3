import type { z } from "zod";

/** The 409 for a send while another reply in the thread is being written: the message was not saved, so the chat offers to send it again. */
export const TURN_BUSY_MESSAGE =
  "Another reply in this thread is still being written (in another tab or window). Wait for it to finish, then send again.";

/**
 * Every refusal the app makes, each with the one HTTP status it answers with
 * and the message a person sees unless the refusal says something more
 * specific. A code reads `<kind>:<subject>`; clients may branch on it.
 */
const REFUSALS = {
  "bad_request:json": { status: 400, message: "The request body is not valid JSON." },
  "bad_request:address": { status: 400, message: "This address is not a well-formed URL: a % in it must start a %XX escape." },
  "too_large:body": { status: 413, message: "The request body is too large." },
  "invalid:body": { status: 422, message: "The request body is not what this endpoint takes." },
  "invalid:text": { status: 422, message: "The request holds text the app cannot store." },
  "invalid:id": { status: 422, message: "The id in this address is not one this app hands out." },
  "invalid:query": { status: 422, message: "The query string is not what this endpoint takes." },
  "invalid:thread_file": { status: 422, message: "This is not a valid thread file." },
  "unauthorized:session": { status: 401, message: "Sign in to use this." },
  "unauthorized:token": { status: 401, message: "This needs a memory token from the Settings page, sent as \"Authorization: Bearer <token>\"; this one is missing, unknown or revoked." },
  "forbidden:workspace": { status: 403, message: "You are not an owner of this workspace." },
  "forbidden:origin": { status: 403, message: "This request came from another site; the app only accepts changes made from its own pages." },
  "not_found:workspace": { status: 404, message: "No such workspace." },
  "not_found:thread": { status: 404, message: "No such thread in this workspace." },
  "not_found:page": { status: 404, message: "No such page in this workspace." },
  "not_found:fact": { status: 404, message: "No such fact in this workspace." },
  "not_found:trace": { status: 404, message: "No such trace in this workspace." },
  "not_found:episode": { status: 404, message: "No such episode in this workspace." },
  "not_found:import": { status: 404, message: "No such import in this workspace." },
  "not_found:offer": { status: 404, message: "No such offer in this workspace." },
  "not_found:question": { status: 404, message: "No such question in this workspace." },
  "not_found:token": { status: 404, message: "No such token in this workspace." },
  "conflict:retry": { status: 409, message: "There is no unanswered message to retry in this thread." },
  "conflict:review": { status: 409, message: "This fact is no longer waiting for review." },
  "conflict:held": {
    status: 409,
    message: "This fact was held because it reads like instructions to the assistant: release it on purpose, or reject it.",
  },
  "conflict:correction": { status: 409, message: "This fact is no longer live, so it cannot be corrected." },
  "conflict:offer": { status: 409, message: "This offer was answered already." },
  "conflict:memory_pass": { status: 409, message: "No memory pass in this thread has failed; there is nothing to retry." },
  "conflict:turn": { status: 409, message: "The assistant is still answering the last message in this thread." },
  "conflict:reset": { status: 409, message: "Only the demo workspace has a seeded state to go back to." },
  "conflict:duplicate_import": { status: 409, message: "This thread file was imported into this workspace already." },
  "conflict:visitor_thread": { status: 409, message: "This is a customer's conversation: only the customer writes in it." },
  "conflict:token_limit": { status: 409, message: "This workspace has as many memory tokens as it may keep: revoke one you no longer use first." },
  "too_many:requests": { status: 429, message: "Too many messages in a short time; wait a minute and try again." },
} as const satisfies Record<string, { status: 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429; message: string }>;

export type RefusalCode = keyof typeof REFUSALS;

/** The message a refusal gives when it says nothing more specific; pages that show a refusal use the same words. */
export function refusalMessage(code: RefusalCode): string {
  return REFUSALS[code].message;
}

/**
 * A request the app refuses for a reason the caller can fix. The HTTP
 * boundary answers it with its code's status and `{ error, code }`; anything
 * else thrown is a bug and answers 500.
 */
export class RequestError extends Error {
  readonly status: (typeof REFUSALS)[RefusalCode]["status"];

  constructor(
    readonly code: RefusalCode,
    message: string = refusalMessage(code),
    /** Each problem found, path first ("messages.3.text: ..."), when there can be several. */
    readonly problems: string[] = [],
    /** What else the client needs to act on the refusal (the thread a duplicate import matches), answered beside `error` and `code`. */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "RequestError";
    this.status = REFUSALS[code].status;
  }

  toResponse(): Response {
    return Response.json({ ...this.details, error: this.message, code: this.code }, { status: this.status });
  }
}

/** Zod's issues as "path: message" lines; `whole` names the input when the issue is about all of it. */
export function describeIssues(error: z.ZodError, whole: string): string[] {
  return error.issues.map((issue) => `${issue.path.length > 0 ? issue.path.join(".") : whole}: ${issue.message}`);
}
