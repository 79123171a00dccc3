import { z } from "zod";
import { cursorSchema } from "@/lib/contracts/cursor";
import { RequestError } from "@/lib/errors";
import { timelinePage } from "@/lib/episodes/store";
import {
  createThread,
  deleteThread,
  findMessages,
  findThread,
  findThreadSummary,
  listThreads,
  MESSAGES_PER_PAGE,
  updateThread,
  type StretchAt,
} from "@/lib/threads/queries";
import { newThreadSchema, threadUpdateSchema } from "@/lib/threads/schemas";
import { memoryNotesByReply } from "@/lib/traces/queries";
import { requestScope } from "@/lib/workspaces/current";
import { handle, parseJsonBody, parseQuery, routeId } from "@/lib/http/respond";

const listQuerySchema = z.object({ cursor: cursorSchema.optional() });

/** GET /api/threads: the latest threads; `?cursor=` continues the list. */
export function threadsResponse(request: Request): Promise<Response> {
  return handle(async () => {
    const { cursor } = parseQuery(request, listQuerySchema);
    const { db, workspace } = await requestScope();
    const page = await listThreads(db, workspace.id, { after: cursor });
    return Response.json({ threads: page.items, next: page.next });
  });
}

/** POST /api/threads */
export function newThreadResponse(request: Request): Promise<Response> {
  return handle(async () => {
    const input = await parseJsonBody(request, newThreadSchema);
    const { db, workspace } = await requestScope();
    return Response.json({ thread: await createThread(db, workspace.id, input) }, { status: 201 });
  });
}

/** GET /api/threads/:id: the thread and its latest messages. */
export function threadResponse(rawThreadId: string): Promise<Response> {
  return handle(async () => {
    const threadId = routeId(rawThreadId);
    const { db, workspace } = await requestScope();
    const found = await findThread(db, workspace.id, threadId);
    if (!found) throw new RequestError("not_found:thread");
    return Response.json(found);
  });
}

const seqSchema = z.coerce.number().int().min(0).max(2_147_483_647);

/** At most one of before, after and around; none means the latest messages. */
const messagesQuerySchema = z
  .object({
    before: seqSchema.optional(),
    after: seqSchema.optional(),
    around: seqSchema.optional(),
    limit: z.coerce.number().int().min(1).max(MESSAGES_PER_PAGE).default(MESSAGES_PER_PAGE),
  })
  .refine((q) => [q.before, q.after, q.around].filter((v) => v !== undefined).length <= 1, {
    message: "give at most one of before, after and around",
  });

/** GET /api/threads/:id/messages: a stretch of messages by seq, `?before=`, `?after=` or `?around=` one. */
export function messagesResponse(request: Request, rawThreadId: string): Promise<Response> {
  return handle(async () => {
    const threadId = routeId(rawThreadId);
    const { before, after, around, limit } = parseQuery(request, messagesQuerySchema);
    const at: StretchAt =
      before !== undefined ? { before } : after !== undefined ? { after } : around !== undefined ? { around } : { latest: true };
    const { db, workspace } = await requestScope();
    const stretch = await findMessages(db, workspace.id, threadId, at, limit);
    if (!stretch) throw new RequestError("not_found:thread");
    const replies = stretch.messages.filter((m) => m.role === "ASSISTANT").map((m) => m.id);
    return Response.json({ ...stretch, notes: await memoryNotesByReply(db, workspace.id, threadId, replies) });
  });
}

const episodesQuerySchema = z.object({ after: seqSchema.default(0) });

/** GET /api/threads/:id/episodes: the timeline, oldest first, continued with `?after=<toSeq>`. */
export function episodesResponse(request: Request, rawThreadId: string): Promise<Response> {
  return handle(async () => {
    const threadId = routeId(rawThreadId);
    const { after } = parseQuery(request, episodesQuerySchema);
    const { db, workspace } = await requestScope();
    const thread = await findThreadSummary(db, workspace.id, threadId);
    if (!thread) throw new RequestError("not_found:thread");
    const page = await timelinePage(db, workspace.id, thread.id, after);
    return Response.json({ episodes: page.items, nextAfterSeq: page.nextAfterSeq, pageIds: page.pageIds });
  });
}

/** PATCH /api/threads/:id: `{ title }` (trimmed, 1–120 characters) and/or `{ keepOutOfMemory }`. */
export function updateThreadResponse(request: Request, rawThreadId: string): Promise<Response> {
  return handle(async () => {
    const threadId = routeId(rawThreadId);
    const input = await parseJsonBody(request, threadUpdateSchema);
    const { db, workspace } = await requestScope();
    const thread = await updateThread(db, workspace.id, threadId, input);
    if (!thread) throw new RequestError("not_found:thread");
    return Response.json({ thread });
  });
}

/** DELETE /api/threads/:id: the thread and everything filed from it. */
export function deleteThreadResponse(rawThreadId: string): Promise<Response> {
  return handle(async () => {
    const threadId = routeId(rawThreadId);
    const { db, workspace } = await requestScope();
    return Response.json({ deleted: await deleteThread(db, workspace.id, threadId) });
  });
}
