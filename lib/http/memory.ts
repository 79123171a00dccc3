import { cursorSchema } from "@/lib/contracts/cursor";
import { listMemory, memoryFilterSchema } from "@/lib/pages/memory";
import { requestScope } from "@/lib/workspaces/current";
import { handle, parseQuery } from "@/lib/http/respond";

const memoryQuerySchema = memoryFilterSchema.extend({ cursor: cursorSchema.optional() });

/** GET /api/memory: the workspace's facts, newest first, filtered by `q`, `page`, `thread` and `status`; `?cursor=` continues. */
export function memoryResponse(request: Request): Promise<Response> {
  return handle(async () => {
    const { cursor, ...filter } = parseQuery(request, memoryQuerySchema);
    const { db, workspace } = await requestScope();
    const page = await listMemory(db, workspace.id, filter, { after: cursor });
    return Response.json({ facts: page.items, next: page.next });
  });
}
