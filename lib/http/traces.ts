import { z } from "zod";
import { cursorSchema } from "@/lib/contracts/cursor";
import { RequestError } from "@/lib/errors";
import { getTrace, listTraceSummaries, TRACES_PER_PAGE } from "@/lib/traces/queries";
import { requestScope } from "@/lib/workspaces/current";
import { handle, parseQuery, routeId } from "@/lib/http/respond";

/** `?limit=1` lets the debug panel poll for the newest turn; `?cursor=` pages back through older turns. */
const tracesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(TRACES_PER_PAGE).default(TRACES_PER_PAGE),
  cursor: cursorSchema.optional(),
});

/** GET /api/threads/:id/traces: the thread's turns as summaries, newest first. */
export function tracesResponse(request: Request, rawThreadId: string): Promise<Response> {
  return handle(async () => {
    const threadId = routeId(rawThreadId);
    const { limit, cursor } = parseQuery(request, tracesQuerySchema);
    const { db, workspace } = await requestScope();
    const page = await listTraceSummaries(db, workspace.id, threadId, { limit, after: cursor });
    if (!page) throw new RequestError("not_found:thread");
    return Response.json({ traces: page.items, next: page.next });
  });
}

/** GET /api/traces/:id: one turn's whole trace, its prompt included. */
export function traceResponse(rawTraceId: string): Promise<Response> {
  return handle(async () => {
    const traceId = routeId(rawTraceId);
    const { db, workspace } = await requestScope();
    const trace = await getTrace(db, workspace.id, traceId);
    if (!trace) throw new RequestError("not_found:trace");
    return Response.json({ trace });
  });
}
