import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDb, type TestDb } from "@/tests/db/test-db";

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(() => t?.close());

describe("schema", () => {
  it("keeps message search vectors current (a generated column)", async () => {
    const workspace = await t.db.workspace.create({ data: { slug: "s", name: "S" } });
    const thread = await t.db.thread.create({ data: { workspaceId: workspace.id, title: "T" } });
    await t.db.message.create({
      data: { threadId: thread.id, seq: 1, role: "USER", speaker: "OWNER", text: "The Main St lease is $2,350" },
    });
    const rows = await t.db.$queryRaw<{ seq: number }[]>`
      SELECT seq FROM "Message" WHERE "searchVector" @@ plainto_tsquery('simple', 'main lease')`;
    expect(rows.map((r) => r.seq)).toEqual([1]);
    console.log(`schema test ran on ${t.kind}`);
  });

  it("refuses a second message with the same sequence number in a thread", async () => {
    const thread = await t.db.thread.findFirstOrThrow();
    await expect(
      t.db.message.create({ data: { threadId: thread.id, seq: 1, role: "USER", speaker: "OWNER", text: "dup" } }),
    ).rejects.toThrow();
  });
});
