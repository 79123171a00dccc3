import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createThread, updateThread, UNTITLED_THREAD } from "@/lib/threads/queries";
import { claimTurnAndAppend, releaseTurn } from "@/lib/threads/turn-lease";
import { addConversation, makeWorkspace } from "@/tests/db/fixtures";
import { openTestDb, type TestDb } from "@/tests/db/test-db";

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(() => t.close());

const titleOf = async (id: string) => (await t.db.thread.findUniqueOrThrow({ where: { id } })).title;

/** A turn's first statement with this message, as the chat route starts one; the turn is then released. Whether it claimed the thread. */
async function send(workspaceId: string, threadId: string, text: string): Promise<boolean> {
  const started = await claimTurnAndAppend(t.db, { workspaceId, threadId, leaseMs: 10_000, text, sole: true });
  if (started) await releaseTurn(t.db, threadId, started.leaseId);
  return started !== null;
}

describe("thread titles", () => {
  it("names an untitled empty thread after its first message, once", async () => {
    const ws = await makeWorkspace(t.db, "titles-a");
    const thread = await createThread(t.db, ws.id, { kind: "OWNER" });
    expect(thread.title).toBe(UNTITLED_THREAD);
    await send(ws.id, thread.id, "  Catering order\nfor the school  ");
    expect(await titleOf(thread.id)).toBe("Catering order for the school");
    await send(ws.id, thread.id, "Another message");
    expect(await titleOf(thread.id)).toBe("Catering order for the school");
  });

  it("keeps a name someone gave, and a thread that already has messages keeps its title", async () => {
    const ws = await makeWorkspace(t.db, "titles-b");
    const named = await createThread(t.db, ws.id, { kind: "OWNER", title: "Suppliers" });
    await send(ws.id, named.id, "First message");
    expect(await titleOf(named.id)).toBe("Suppliers");

    const talked = await createThread(t.db, ws.id, { kind: "OWNER" });
    await addConversation(t.db, talked.id, [{ who: "owner", text: "hello" }]);
    await send(ws.id, talked.id, "Later message");
    expect(await titleOf(talked.id)).toBe(UNTITLED_THREAD);
  });

  it("renames only a thread of the acting workspace", async () => {
    const mine = await makeWorkspace(t.db, "titles-c");
    const theirs = await makeWorkspace(t.db, "titles-d");
    const thread = await createThread(t.db, theirs.id, { kind: "OWNER" });
    expect(await updateThread(t.db, mine.id, thread.id, { title: "Taken over" })).toBeNull();
    expect(await send(mine.id, thread.id, "Taken over")).toBe(false);
    expect(await titleOf(thread.id)).toBe(UNTITLED_THREAD);
    expect(await updateThread(t.db, theirs.id, thread.id, { title: "Weekly numbers" })).toMatchObject({ id: thread.id, title: "Weekly numbers" });
  });
});
