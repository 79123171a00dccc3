import { cookies } from "next/headers";
import { z } from "zod";
import { cleanText } from "@/lib/contracts/text";
import { getDb } from "@/lib/db/client";
import { RequestError } from "@/lib/errors";
import { RateLimiter } from "@/lib/support/rate-limit";
import { supportWorkspace } from "@/lib/support/scope";
import { visitorThread } from "@/lib/threads/visitors";
import { newVisitorId, VISITOR_COOKIE, verifiedVisitorId, visitorCookieHeader } from "@/lib/support/visitor";
import { MAX_MESSAGE_CHARS } from "@/lib/threads/schemas";
import { handle, parseJsonBody } from "@/lib/http/respond";
import { streamTurn } from "@/lib/http/turn-stream";

/** A customer sends text only: which thread it goes to is decided by their cookie, never by the request. */
const supportMessageSchema = z
  .object({
    text: cleanText(MAX_MESSAGE_CHARS, `The message is longer than ${MAX_MESSAGE_CHARS} characters.`).trim().min(1, "The message is empty."),
  })
  .strict();

// A person typing stays well inside these; a script does not. The IP bucket is wider, for a shop or office sharing one address.
const holder = globalThis as typeof globalThis & { episodicBufferSupportLimits?: { visitor: RateLimiter; ip: RateLimiter } };
const limits = (holder.episodicBufferSupportLimits ??= {
  visitor: new RateLimiter({ capacity: 10, perMinute: 6 }),
  ip: new RateLimiter({ capacity: 30, perMinute: 20 }),
});

/** The address the request came from: the last x-forwarded-for entry, the one the nearest proxy (or Next itself) added, which a client cannot choose. */
function clientIp(request: Request): string {
  return request.headers.get("x-forwarded-for")?.split(",").at(-1)?.trim() || request.headers.get("x-real-ip") || "unknown";
}

/**
 * POST /api/support/:slug/chat: a customer's message on the business's public
 * support page, answered in the visitor's own SUPPORT thread, so the turn
 * sees only what the owner published. No sign-in; a new visitor gets a
 * signed cookie with this response.
 */
export function supportChatResponse(request: Request, slug: string): Promise<Response> {
  return handle(async () => {
    const known = verifiedVisitorId((await cookies()).get(VISITOR_COOKIE)?.value);
    const visitorId = known ?? newVisitorId();
    const visitorOk = limits.visitor.take(visitorId);
    if (!limits.ip.take(clientIp(request)) || !visitorOk) {
      throw new RequestError("too_many:requests", "Too many messages in a short time; wait a minute and try again.");
    }
    const db = await getDb();
    const workspace = await supportWorkspace(db, slug);
    const { text } = await parseJsonBody(request, supportMessageSchema);
    const thread = await visitorThread(db, workspace.id, visitorId);
    const response = await streamTurn(request, db, { workspaceId: workspace.id, threadId: thread.id, text });
    if (!known) response.headers.append("set-cookie", visitorCookieHeader(visitorId));
    return response;
  });
}
