import { z } from "zod";
import { recordIdSchema } from "@/lib/contracts/ids";
import { describeIssues, RequestError } from "@/lib/errors";
import { listTraces, MAX_TRACES_LISTED } from "@/lib/traces/queries";
import { requestScope } from "@/lib/workspaces/current";
import { handle, routeId } from "@/lib/http/respond";

/**
 * `?limit=1` lets the debug panel poll for the newest turn without fetching
 * every prompt again; `?before=<trace id>` pages back through older turns.
 */
const tracesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_TRACES_LISTED).default(MAX_TRACES_LISTED),
  before: recordIdSchema.optional(),
});

/** GET /api/threads/:id/traces */
export function tracesResponse(request: Request, rawThreadId: string): Promise<Response> {
  return handle(async () => {
    const threadId = routeId(rawThreadId);
    const params = Object.fromEntries(new URL(request.url).searchParams);
    const query = tracesQuerySchema.safeParse(params);
    if (!query.success) {
      const problems = describeIssues(query.error, "query");
      throw new RequestError("invalid:query", problems[0], problems);
    }
    const { db, workspace } = await requestScope();
    const traces = await listTraces(db, workspace.id, threadId, query.data.limit, query.data.before);
    if (!traces) throw new RequestError("not_found:thread");
    return Response.json({ traces });
  });
}
