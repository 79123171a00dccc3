import { createMemoryServer } from "episodic-buffer/mcp";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { Db } from "@/lib/db/client";
import { workspaceMemory } from "@/lib/mcp/memory";
import type { TokenScope } from "@/lib/tokens/store";

/**
 * The MCP server for one token's workspace, read-only. `scope` is asked on
 * every call: over HTTP it is the request's token, checked once per request;
 * on stdio it checks the token again, so a token revoked while a client is
 * connected opens nothing more.
 */
export function memoryServer(db: Db, scope: () => Promise<TokenScope>): McpServer {
  return createMemoryServer(workspaceMemory(db, scope), { name: "episodic-buffer", version: "0.1.0", onError: (error) => console.error(error) });
}
