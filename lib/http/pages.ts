import { RequestError } from "@/lib/errors";
import { getPage, listPages } from "@/lib/pages/queries";
import { requestScope } from "@/lib/workspaces/current";
import { handle, routeId } from "@/lib/http/respond";

/** GET /api/pages */
export function pagesResponse(): Promise<Response> {
  return handle(async () => {
    const { db, workspace } = await requestScope();
    return Response.json({ pages: await listPages(db, workspace.id) });
  });
}

/** GET /api/pages/:id */
export function pageResponse(rawPageId: string): Promise<Response> {
  return handle(async () => {
    const pageId = routeId(rawPageId);
    const { db, workspace } = await requestScope();
    const page = await getPage(db, workspace.id, pageId);
    if (!page) throw new RequestError("not_found:page");
    return Response.json({ page });
  });
}
