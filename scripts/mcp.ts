// npm run mcp: the workspace's memory over MCP on stdin and stdout, for an
// agent that starts it as a subprocess. The token, made on the Settings page,
// says which workspace and as whom; it comes from EPISODIC_BUFFER_TOKEN, not
// an argument, which anyone on the machine could read in the process list.
// On the embedded database only one process may hold the data directory: with
// the server running, connect to its /api/mcp instead (or use PostgreSQL).
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { MemoryRefusal } from "episodic-buffer/mcp";
import { getDb } from "@/lib/db/client";
import { memoryServer } from "@/lib/mcp/server";
import { authenticateToken } from "@/lib/tokens/store";
import { runCli } from "@/scripts/thread-cli";

// stdout carries the protocol alone: anything else this process prints goes to stderr.
console.log = console.error;
console.info = console.error;

const TOKEN_VARIABLE = "EPISODIC_BUFFER_TOKEN";
const REVOKED = "This memory token was revoked, or never existed: make one on the Settings page.";

runCli(`${TOKEN_VARIABLE}=ebm_… npm run mcp`, async () => {
  const secret = process.env[TOKEN_VARIABLE];
  if (!secret) throw new Error(`Set ${TOKEN_VARIABLE} to a memory token from the Settings page.`);
  const db = await getDb();
  if (!(await authenticateToken(db, secret))) throw new Error(REVOKED);
  // Checked again on every call, so revoking the token on the Settings page ends what this process can read.
  const server = memoryServer(db, async () => {
    const scope = await authenticateToken(db, secret);
    if (!scope) throw new MemoryRefusal(REVOKED);
    return scope;
  });
  const transport = new StdioServerTransport();
  // The client closing its end of stdin is how a stdio session ends.
  const closed = new Promise<void>((resolve) => {
    transport.onclose = resolve;
    process.stdin.once("end", resolve);
  });
  await server.connect(transport);
  console.error("Serving the workspace's memory over MCP on stdin and stdout.");
  await closed;
});
