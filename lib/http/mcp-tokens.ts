import { RequestError } from "@/lib/errors";
import { createToken, listTokens, newTokenSchema, revokeToken } from "@/lib/tokens/store";
import { requestScope } from "@/lib/workspaces/current";
import { handle, parseJsonBody, routeId } from "@/lib/http/respond";

/** GET /api/mcp-tokens: the workspace's memory tokens, without the tokens themselves. */
export function tokensResponse(): Promise<Response> {
  return handle(async () => {
    const { db, workspace } = await requestScope();
    return Response.json({ tokens: await listTokens(db, workspace.id) });
  });
}

/** POST /api/mcp-tokens: a new token for the active workspace; the answer is the only time the token itself is shown. */
export function newTokenResponse(request: Request): Promise<Response> {
  return handle(async () => {
    const { db, workspace } = await requestScope();
    const input = await parseJsonBody(request, newTokenSchema);
    const { token, secret } = await createToken(db, workspace.id, input);
    return Response.json({ token, secret }, { status: 201 });
  });
}

/** DELETE /api/mcp-tokens/:id: revokes the token; from then on it opens nothing. */
export function revokeTokenResponse(rawTokenId: string): Promise<Response> {
  return handle(async () => {
    const tokenId = routeId(rawTokenId);
    const { db, workspace } = await requestScope();
    if (!(await revokeToken(db, workspace.id, tokenId))) throw new RequestError("not_found:token");
    return Response.json({ revoked: tokenId });
  });
}
