import { cookies } from "next/headers";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { takeSupportMessageTokens } from "@/lib/customers/rate-limit";
import { supportWorkspace } from "@/lib/customers/scope";
import { visitorThread } from "@/lib/threads/visitors";
import { newVisitorId, VISITOR_COOKIE, verifiedVisitorId, visitorCookieHeader } from "@/lib/customers/visitor";
import { messageTextSchema } from "@/lib/threads/schemas";
import { clientAddress } from "@/lib/http/client";
import { handle, parseJsonBody } from "@/lib/http/respond";
import { streamTurn } from "@/lib/http/turn-stream";

/** A customer sends text only: which thread it goes to is decided by their cookie, never by the request. */
const supportMessageSchema = z
  .object({
    text: messageTextSchema,
  })
  .strict();

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
    const db = await getDb();
    await takeSupportMessageTokens(db, { visitorId, isNewVisitor: !known, address: clientAddress(request) });
    const workspace = await supportWorkspace(db, slug);
    const { text } = await parseJsonBody(request, supportMessageSchema);
    const thread = await visitorThread(db, workspace.id, visitorId);
    const response = await streamTurn(request, db, { workspaceId: workspace.id, threadId: thread.id, text });
    if (!known) response.headers.append("set-cookie", visitorCookieHeader(visitorId));
    return response;
  });
}
