import { getPage, listPages } from "@/lib/pages/queries";
import { requestScope } from "@/lib/workspaces/current";
import { handle, HttpError } from "@/lib/http/respond";

/** GET /api/pages */
export function pagesResponse(): Promise<Response> {
  return handle(async () => {
    const { db, workspace } = await requestScope();
    return Response.json({ pages: await listPages(db, workspace.id) });
  });
}

/** GET /api/pages/:id */
export function pageResponse(pageId: string): Promise<Response> {
  return handle(async () => {
    const { db, workspace } = await requestScope();
    const page = await getPage(db, workspace.id, pageId);
    if (!page) throw new HttpError(404, "No such page in this workspace.");
    return Response.json({ page });
  });
}
