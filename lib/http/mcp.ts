import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { z } from "zod";
import { addressBucket } from "@/lib/contracts/client-address";
import { getDb, type Db } from "@/lib/db/client";
import { RequestError } from "@/lib/errors";
import { takeToken, type BucketRule } from "@/lib/limits/buckets";
import { memoryServer } from "@/lib/mcp/server";
import { authenticateToken } from "@/lib/tokens/store";
import { clientAddress } from "@/lib/http/client";
import { foreignPageRefusal } from "@/lib/http/origin";
import { handle, readJsonBody } from "@/lib/http/respond";

/** An agent reading memory makes a few calls a turn; a script guessing tokens or flooding one is stopped. */
export const MCP_LIMITS = {
  perAddress: { capacity: 120, perMinute: 120 },
  perToken: { capacity: 60, perMinute: 60 },
} as const satisfies Record<string, BucketRule>;

/** The most JSON-RPC messages one request may carry. */
const MAX_BATCH = 8;

/** What a client sends: JSON-RPC 2.0 requests and notifications (the server sends no requests of its own to answer). */
const jsonRpcMessage = z
  .object({
    jsonrpc: z.literal("2.0"),
    method: z.string().min(1).max(100),
    id: z.union([z.string().max(100), z.number().int()]).optional(),
    params: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();
const mcpBodySchema = z.union([jsonRpcMessage, z.array(jsonRpcMessage).min(1).max(MAX_BATCH)]);

const BEARER = /^Bearer +(\S+) *$/i;

function tooMany(retryAfterSeconds: number): RequestError {
  return new RequestError("too_many:requests", `Too many memory requests in a short time; try again in ${retryAfterSeconds} s.`);
}

async function take(db: Db, key: string, rule: BucketRule): Promise<void> {
  const taken = await takeToken(db, key, rule);
  if (!taken.allowed) throw tooMany(taken.retryAfterSeconds);
}

/**
 * POST /api/mcp: the workspace's memory over MCP (streamable HTTP, one
 * request at a time, no session), for the workspace and audience of the
 * bearer token, which its owner made on the Settings page. The request names
 * neither. Limits per address come first, so guessing tokens costs a turn at
 * the bucket; a token's own limit follows.
 */
export function mcpResponse(request: Request): Promise<Response> {
  return handle(async () => {
    const refused = foreignPageRefusal(request);
    if (refused) throw refused;
    const db = await getDb();
    await take(db, `mcp-address:${addressBucket(clientAddress(request))}`, MCP_LIMITS.perAddress);
    const secret = BEARER.exec(request.headers.get("authorization") ?? "")?.[1];
    const scope = secret ? await authenticateToken(db, secret) : null;
    if (!scope) return withChallenge(new RequestError("unauthorized:token").toResponse());
    await take(db, `mcp-token:${scope.tokenId}`, MCP_LIMITS.perToken);
    const parsed = mcpBodySchema.safeParse(await readJsonBody(request, { name: "MCP message" }));
    if (!parsed.success) throw new RequestError("invalid:body", "The body is not a JSON-RPC 2.0 request or notification of MCP.");
    const server = memoryServer(db, async () => scope);
    const transport = new WebStandardStreamableHTTPServerTransport({ enableJsonResponse: true });
    await server.connect(transport);
    try {
      return await transport.handleRequest(request, { parsedBody: parsed.data });
    } finally {
      await server.close();
    }
  });
}

/** A 401 names the scheme it wants, as HTTP asks. */
function withChallenge(response: Response): Response {
  response.headers.set("www-authenticate", 'Bearer realm="memory"');
  return response;
}
