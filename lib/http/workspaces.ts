import { createWorkspace, newWorkspaceSchema, resetOwnDemo, switchWorkspace, switchWorkspaceSchema } from "@/lib/workspaces/manage";
import { ownedWorkspaces, requestScope, requireUser } from "@/lib/workspaces/current";
import { handle, parseJsonBody } from "@/lib/http/respond";

/** GET /api/workspaces: the signed-in user's own workspaces. */
export function workspacesResponse(): Promise<Response> {
  return handle(async () => {
    return Response.json({ workspaces: await ownedWorkspaces(await requireUser()) });
  });
}

/** POST /api/workspaces: a new business of the user's own, which the session then acts in. */
export function newWorkspaceResponse(request: Request): Promise<Response> {
  return handle(async () => {
    const { db, user, sessionId } = await requireUser();
    const { name } = await parseJsonBody(request, newWorkspaceSchema);
    const workspace = await createWorkspace(db, user.id, sessionId, name);
    return Response.json({ workspace: { id: workspace.id, name: workspace.name, slug: workspace.slug } }, { status: 201 });
  });
}

/** POST /api/workspaces/active: switch the session to another of the user's workspaces. */
export function switchWorkspaceResponse(request: Request): Promise<Response> {
  return handle(async () => {
    const { db, user, sessionId } = await requireUser();
    const { workspaceId } = await parseJsonBody(request, switchWorkspaceSchema);
    const workspace = await switchWorkspace(db, user.id, sessionId, workspaceId);
    return Response.json({ workspace: { id: workspace.id, name: workspace.name, slug: workspace.slug } });
  });
}

/** POST /api/workspaces/reset: the active workspace, if it is the demo, back to its seeded story. */
export function resetWorkspaceResponse(): Promise<Response> {
  return handle(async () => {
    const { db, workspace } = await requestScope();
    await resetOwnDemo(db, workspace);
    return Response.json({ reset: true });
  });
}
