import { McpTokenList, type ShownToken } from "@/components/settings/mcp-token-list";
import { RequestError } from "@/lib/errors";
import { listTokens } from "@/lib/tokens/store";
import { requestScope } from "@/lib/workspaces/current";

/**
 * The Settings page's "Memory over MCP" card: the active workspace's memory
 * tokens, made and revoked here. A user with no workspace yet has nothing to
 * share, and is told so.
 */
export async function McpTokensCard() {
  const scope = await requestScope().catch((error: unknown) => {
    if (error instanceof RequestError && error.code === "forbidden:workspace") return null;
    throw error;
  });
  const tokens: ShownToken[] = scope
    ? (await listTokens(scope.db, scope.workspace.id)).map((t) => ({ ...t, createdAt: t.createdAt.toISOString(), lastUsedAt: t.lastUsedAt?.toISOString() ?? null }))
    : [];
  return (
    <section aria-label="Memory over MCP" className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200 lg:col-span-2" data-testid="settings-mcp">
      <h2 className="text-sm font-semibold text-slate-900">Memory over MCP</h2>
      <div className="mt-3 text-sm text-slate-700">
        <p>
          Other agents can read this workspace&apos;s memory, read-only, over the Model Context Protocol: open a page, search a thread, see a
          thread&apos;s buffer and its timeline. Each agent needs a token of its own, made here; a customer token reads only the pages you published.
        </p>
        {scope ? <McpTokenList workspaceName={scope.workspace.name} tokens={tokens} /> : <p className="mt-3 text-slate-500">Create a workspace first: tokens read one workspace.</p>}
      </div>
    </section>
  );
}
