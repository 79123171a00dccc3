import { z } from "zod";
import { cursorSchema } from "@/lib/contracts/cursor";
import { RequestError } from "@/lib/errors";
import { previewPublish, setPageVisibility } from "@/lib/pages/publish";
import { FACT_GROUPS, getPage, listPageEpisodes, listPageFacts, listPages, pageExists, type FactGroup } from "@/lib/pages/queries";
import { requestScope } from "@/lib/workspaces/current";
import { handle, parseJsonBody, parseQuery, routeId } from "@/lib/http/respond";

const listQuerySchema = z.object({ cursor: cursorSchema.optional() });

/** GET /api/pages: the most recently changed pages; `?cursor=` continues the list. */
export function pagesResponse(request: Request): Promise<Response> {
  return handle(async () => {
    const { cursor } = parseQuery(request, listQuerySchema);
    const { db, workspace } = await requestScope();
    const page = await listPages(db, workspace.id, { after: cursor });
    return Response.json({ pages: page.items, next: page.next });
  });
}

const factsQuerySchema = z.object({
  group: z.enum(Object.keys(FACT_GROUPS) as [FactGroup, ...FactGroup[]]).default("confirmed"),
  cursor: cursorSchema.optional(),
});

/** GET /api/pages/:id/facts: one of the page's fact groups, oldest first, `?group=` and `?cursor=` to continue. */
export function pageFactsResponse(request: Request, rawPageId: string): Promise<Response> {
  return handle(async () => {
    const pageId = routeId(rawPageId);
    const { group, cursor } = parseQuery(request, factsQuerySchema);
    const { db, workspace } = await requestScope();
    if (!(await pageExists(db, workspace.id, pageId))) throw new RequestError("not_found:page");
    const page = await listPageFacts(db, pageId, group, { after: cursor });
    return Response.json({ facts: page.items, next: page.next });
  });
}

/** GET /api/pages/:id/episodes: the episodes that point at the page, latest first; `?cursor=` continues. */
export function pageEpisodesResponse(request: Request, rawPageId: string): Promise<Response> {
  return handle(async () => {
    const pageId = routeId(rawPageId);
    const { cursor } = parseQuery(request, listQuerySchema);
    const { db, workspace } = await requestScope();
    if (!(await pageExists(db, workspace.id, pageId))) throw new RequestError("not_found:page");
    const page = await listPageEpisodes(db, workspace.id, pageId, { after: cursor });
    return Response.json({ episodes: page.items, next: page.next });
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

/** PATCH /api/pages/:id: the owner publishes a page to customers (its confirmed facts vetted first), or makes it private again. */
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

/** GET /api/pages/:id/publish-preview: what a customer would be told once the page is published, with facts that look internal flagged. */
export function publishPreviewResponse(rawPageId: string): Promise<Response> {
  return handle(async () => {
    const pageId = routeId(rawPageId);
    const { db, workspace } = await requestScope();
    const preview = await previewPublish(db, workspace.id, pageId);
    if (!preview) throw new RequestError("not_found:page");
    return Response.json({ preview });
  });
}
