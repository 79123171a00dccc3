import { RequestError } from "@/lib/errors";
import { createThread, findThread, listThreads, renameThread } from "@/lib/threads/queries";
import { newThreadSchema, renameThreadSchema } from "@/lib/threads/schemas";
import { requestScope } from "@/lib/workspaces/current";
import { handle, parseJsonBody, routeId } from "@/lib/http/respond";

/** GET /api/threads */
export function threadsResponse(): Promise<Response> {
  return handle(async () => {
    const { db, workspace } = await requestScope();
    return Response.json({ threads: await listThreads(db, workspace.id) });
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

/** GET /api/threads/:id */
export function threadResponse(rawThreadId: string): Promise<Response> {
  return handle(async () => {
    const threadId = routeId(rawThreadId);
    const { db, workspace } = await requestScope();
    const found = await findThread(db, workspace.id, threadId);
    if (!found) throw new RequestError("not_found:thread");
    return Response.json(found);
  });
}

/** PATCH /api/threads/:id: `{ title }`, trimmed, 1–120 characters. */
export function renameThreadResponse(request: Request, rawThreadId: string): Promise<Response> {
  return handle(async () => {
    const threadId = routeId(rawThreadId);
    const input = await parseJsonBody(request, renameThreadSchema);
    const { db, workspace } = await requestScope();
    const thread = await renameThread(db, workspace.id, threadId, input);
    if (!thread) throw new RequestError("not_found:thread");
    return Response.json({ thread });
  });
}
