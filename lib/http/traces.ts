import { z } from "zod";
import { listTraces, MAX_TRACES_LISTED } from "@/lib/traces/queries";
import { requestScope } from "@/lib/workspaces/current";
import { handle, HttpError } from "@/lib/http/respond";

/**
 * `?limit=1` lets the debug panel poll for the newest turn without fetching
 * every prompt again; `?before=<trace id>` pages back through older turns.
 */
const tracesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_TRACES_LISTED).default(MAX_TRACES_LISTED),
  before: z.string().min(1).max(64).optional(),
});

/** GET /api/threads/:id/traces */
export function tracesResponse(request: Request, threadId: string): Promise<Response> {
  return handle(async () => {
    const params = Object.fromEntries(new URL(request.url).searchParams);
    const query = tracesQuerySchema.safeParse(params);
    if (!query.success) {
      const problem = query.error.issues[0];
      throw new HttpError(422, `${problem.path.join(".")}: ${problem.message}`);
    }
    const { db, workspace } = await requestScope();
    const traces = await listTraces(db, workspace.id, threadId, query.data.limit, query.data.before);
    if (!traces) throw new HttpError(404, "No such thread in this workspace.");
    return Response.json({ traces });
  });
}
