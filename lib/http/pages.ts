import { z } from "zod";
import { RequestError } from "@/lib/errors";
import { getPage, listPages, setPageVisibility } from "@/lib/pages/queries";
import { requestScope } from "@/lib/workspaces/current";
import { handle, parseJsonBody, routeId } from "@/lib/http/respond";

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

const pageUpdateSchema = z.object({ visibility: z.enum(["PRIVATE", "PUBLIC"]) }).strict();

export type PageUpdate = z.infer<typeof pageUpdateSchema>;

/** PATCH /api/pages/:id: the owner publishes a page to customers, or makes it private again. */
export function pageUpdateResponse(request: Request, rawPageId: string): Promise<Response> {
  return handle(async () => {
    const pageId = routeId(rawPageId);
    const { visibility } = await parseJsonBody(request, pageUpdateSchema);
    const { db, workspace } = await requestScope();
    const page = await setPageVisibility(db, workspace.id, pageId, visibility);
    if (!page) throw new RequestError("not_found:page");
    return Response.json({ page });
  });
}
