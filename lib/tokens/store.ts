import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import { cleanText } from "@/lib/contracts/text";
import type { Db } from "@/lib/db/client";
import type { McpToken } from "@/lib/db/generated/client";
import { RequestError } from "@/lib/errors";
import type { Audience } from "@/lib/pages/audience";

// An owner's tokens for reading the workspace's memory over MCP. A token is
// 32 random bytes, shown once when it is made; only its SHA-256 is kept (it
// carries all the entropy a password lacks, so a fast hash is enough), and a
// copy of the database opens nothing. The row names the workspace and the
// audience: nothing a client sends does.

const PREFIX = "ebm_";
/** What a token looks like: anything else is refused before the database is asked. */
export const TOKEN_SHAPE = /^ebm_[A-Za-z0-9_-]{43}$/;
/** How much of a token the Settings page shows, so the owner can tell tokens apart without it being of any use. */
const HINT_CHARS = PREFIX.length + 4;
/** Tokens a workspace keeps at most: no session can grow the table without bound. */
export const MAX_TOKENS = 50;
/** lastUsedAt moves at most this often, so reading memory is not a write on every call. */
const USE_RECORDED_EVERY_MS = 60_000;

/** What the owner gives a new token: a name to tell it apart, and whom it reads as. */
export const newTokenSchema = z
  .object({
    name: cleanText(80).trim().min(1, "Give the token a name."),
    audience: z.enum(["owner", "customer"]),
  })
  .strict();

export type TokenSummary = Pick<McpToken, "id" | "name" | "hint" | "createdAt" | "lastUsedAt"> & { audience: Audience };

/** Who a token lets in: one workspace, as one audience. */
export type TokenScope = { tokenId: string; workspaceId: string; audience: Audience };

const summary = ({ id, name, hint, createdAt, lastUsedAt, audience }: McpToken): TokenSummary => ({
  id,
  name,
  hint,
  createdAt,
  lastUsedAt,
  audience: audience === "OWNER" ? "owner" : "customer",
});

export function hashToken(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

/** A new token for the workspace: its summary, and the secret itself, which is never readable again. */
export async function createToken(db: Db, workspaceId: string, { name, audience }: z.infer<typeof newTokenSchema>): Promise<{ token: TokenSummary; secret: string }> {
  if ((await db.mcpToken.count({ where: { workspaceId } })) >= MAX_TOKENS) throw new RequestError("conflict:token_limit");
  const secret = `${PREFIX}${randomBytes(32).toString("base64url")}`;
  const row = await db.mcpToken.create({
    data: { workspaceId, name, audience: audience === "owner" ? "OWNER" : "CUSTOMER", tokenHash: hashToken(secret), hint: secret.slice(0, HINT_CHARS) },
  });
  return { token: summary(row), secret };
}

/** The workspace's tokens, newest first. */
export async function listTokens(db: Db, workspaceId: string): Promise<TokenSummary[]> {
  const rows = await db.mcpToken.findMany({ where: { workspaceId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  return rows.map(summary);
}

/** Revokes one of the workspace's tokens: it is deleted, and opens nothing from then on. False when the workspace has no such token. */
export async function revokeToken(db: Db, workspaceId: string, tokenId: string): Promise<boolean> {
  const { count } = await db.mcpToken.deleteMany({ where: { id: tokenId, workspaceId } });
  return count > 0;
}

/** The scope of a live token; null for anything that is not one (malformed, unknown, revoked). */
export async function authenticateToken(db: Db, secret: string): Promise<TokenScope | null> {
  if (!TOKEN_SHAPE.test(secret)) return null;
  const row = await db.mcpToken.findUnique({ where: { tokenHash: hashToken(secret) } });
  if (!row) return null;
  const now = Date.now();
  if (!row.lastUsedAt || now - row.lastUsedAt.getTime() >= USE_RECORDED_EVERY_MS) {
    await db.mcpToken.updateMany({ where: { id: row.id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: new Date(now - USE_RECORDED_EVERY_MS) } }] }, data: { lastUsedAt: new Date(now) } });
  }
  return { tokenId: row.id, workspaceId: row.workspaceId, audience: row.audience === "OWNER" ? "owner" : "customer" };
}
