import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RequestError } from "@/lib/errors";
import { authenticateToken, createToken, hashToken, listTokens, MAX_TOKENS, revokeToken, TOKEN_SHAPE } from "@/lib/tokens/store";
import { openTestDb, type TestDb } from "@/tests/db/test-db";

// Memory tokens: shown once, kept only as a hash, scoped to the workspace
// that made them, and gone when revoked.

let t: TestDb;
let ours: string;
let theirs: string;
beforeAll(async () => {
  t = await openTestDb();
  ours = (await t.db.workspace.create({ data: { slug: "tokens-ours", name: "Ours" } })).id;
  theirs = (await t.db.workspace.create({ data: { slug: "tokens-theirs", name: "Theirs" } })).id;
});
afterAll(() => t.close());

describe("memory tokens", () => {
  it("are shown once and kept only as their hash, with a hint to tell them apart", async () => {
    const { token, secret } = await createToken(t.db, ours, { name: "Desktop agent", audience: "customer" });
    expect(secret).toMatch(TOKEN_SHAPE);
    const row = await t.db.mcpToken.findUniqueOrThrow({ where: { id: token.id } });
    expect(row.tokenHash).toBe(hashToken(secret));
    expect(JSON.stringify(row)).not.toContain(secret.slice(8));
    expect(token).toEqual({ id: row.id, name: "Desktop agent", audience: "customer", hint: secret.slice(0, 8), createdAt: row.createdAt, lastUsedAt: null });
    expect(await listTokens(t.db, ours)).toContainEqual(token);
  });

  it("let in their own workspace, as their own audience, and record when they were used", async () => {
    const { token, secret } = await createToken(t.db, ours, { name: "Owner agent", audience: "owner" });
    expect(await authenticateToken(t.db, secret)).toEqual({ tokenId: token.id, workspaceId: ours, audience: "owner" });
    expect((await t.db.mcpToken.findUniqueOrThrow({ where: { id: token.id } })).lastUsedAt).not.toBeNull();
    for (const wrong of ["", secret.slice(0, -1), `${secret}x`, secret.replace(/.$/, (c) => (c === "A" ? "B" : "A"))]) expect(await authenticateToken(t.db, wrong)).toBeNull();
  });

  it("are revoked only by their own workspace, and then open nothing", async () => {
    const { token, secret } = await createToken(t.db, ours, { name: "Laptop", audience: "owner" });
    expect(await revokeToken(t.db, theirs, token.id)).toBe(false);
    expect(await authenticateToken(t.db, secret)).not.toBeNull();
    expect(await revokeToken(t.db, ours, token.id)).toBe(true);
    expect(await authenticateToken(t.db, secret)).toBeNull();
    expect(await revokeToken(t.db, ours, token.id)).toBe(false);
    expect((await listTokens(t.db, ours)).map((x) => x.id)).not.toContain(token.id);
    expect(await listTokens(t.db, theirs)).toEqual([]);
  });

  it("are capped per workspace", async () => {
    const capped = (await t.db.workspace.create({ data: { slug: "tokens-capped", name: "Capped" } })).id;
    for (let i = 0; i < MAX_TOKENS; i++) await createToken(t.db, capped, { name: `agent ${i}`, audience: "owner" });
    await expect(createToken(t.db, capped, { name: "one more", audience: "owner" })).rejects.toSatisfy((e) => e instanceof RequestError && e.code === "conflict:token_limit");
  });
});
