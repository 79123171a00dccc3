import { z } from "zod";
import { listTraces, MAX_TRACES_LISTED } from "@/lib/traces/queries";
import { requestScope } from "@/lib/workspaces/current";
import { handle, HttpError } from "@/lib/http/respond";

/** `?limit=1` lets the debug panel poll for the newest turn without fetching every prompt again. */
const tracesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_TRACES_LISTED).default(MAX_TRACES_LISTED),
});

/** GET /api/threads/:id/traces */
export function tracesResponse(request: Request, threadId: string): Promise<Response> {
  return handle(async () => {
    const params = Object.fromEntries(new URL(request.url).searchParams);
    const query = tracesQuerySchema.safeParse(params);
    if (!query.success) throw new HttpError(422, `limit: ${query.error.issues[0].message}`);
    const { db, workspace } = await requestScope();
    const traces = await listTraces(db, workspace.id, threadId, query.data.limit);
    if (!traces) throw new HttpError(404, "No such thread in this workspace.");
    return Response.json({ traces });
  });
}
