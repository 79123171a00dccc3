import { describe, expect, it } from "vitest";
import { runTurn } from "@/lib/agent/turn";
import { cursorSchema } from "@/lib/contracts/cursor";
import { RequestError } from "@/lib/errors";
import { runMemoryPass } from "@/lib/memory/pass";
import { consolidateThread, KEPT_OUT_OF_MEMORY } from "@/lib/memory/consolidate";
import { deleteFact } from "@/lib/pages/forget";
import { countThreadMemory, listMemory, memoryFilterSchema } from "@/lib/pages/memory";
import { deleteThread, updateThread } from "@/lib/threads/queries";
import { exportThread, importThread } from "@/lib/threads/transfer";
import { memoryNotesByReply } from "@/lib/traces/queries";
import { addConversation, makeThread, makeWorkspace, ownerThread, testConfig } from "@/tests/db/fixtures";
import { openTestDb } from "@/tests/db/test-db";
import { forFile } from "@/tests/support/for-file";
import { scriptedModel, scriptedModels } from "@/tests/support/scripted-model";

// What the owner sees and manages of memory: every fact of a workspace in one
// paged, filtered list; deleting a fact or a thread; a thread kept out of
// memory; a reply regenerated; a thread file imported twice; the note under
// a reply. The memory pass's output is scripted; the database is real.

const t = forFile(openTestDb);
const config = testConfig();

const filter = (raw: Record<string, string> = {}) => memoryFilterSchema.parse(raw);
type PassFact = { page: string; key: string; text: string; messageSeq: number; replaces: string | null };
const pass = (facts: PassFact[], episode = "A stretch about the shop.") => ({ object: { facts, episode, stretch: "ends", fold: null } });
const fact = (page: string, key: string, text: string, messageSeq: number, replaces: string | null = null): PassFact => ({ page, key, text, messageSeq, replaces });

/** A workspace with one owner thread whose first pass files these facts from its first message. */
async function filedWorkspace(slug: string, facts: PassFact[]) {
  const workspace = await makeWorkspace(t.db, slug);
  const thread = await makeThread(t.db, workspace.id, "OWNER", `${slug} thread`);
  await addConversation(t.db, thread.id, [
    { who: "owner", text: "Rent is $2,350 a month; butter comes from Larkspur Dairy at 100% of list." },
    { who: "agent", text: "Noted both." },
  ]);
  await runMemoryPass(t.db, scriptedModel([pass(facts)]), thread.id);
  return { workspace, thread };
}

describe("the Memory screen's list", () => {
  it("lists a workspace's facts newest first, a page at a time with keyset cursors, and never another workspace's", async () => {
    const { workspace } = await filedWorkspace(
      "memory-list",
      Array.from({ length: 7 }, (_, i) => fact(i % 2 ? "Lease" : "Suppliers", `subject ${i}`, `Fact number ${i}`, 1)),
    );
    await filedWorkspace("memory-other", [fact("Lease", "rent", "Someone else's rent", 1)]);
    const first = await listMemory(t.db, workspace.id, filter(), { limit: 3 });
    expect(first.items.map((f) => f.text)).toEqual(["Fact number 6", "Fact number 5", "Fact number 4"]);
    expect(first.next).not.toBeNull();
    const second = await listMemory(t.db, workspace.id, filter(), { limit: 3, after: cursorSchema.parse(first.next) });
    const third = await listMemory(t.db, workspace.id, filter(), { limit: 3, after: cursorSchema.parse(second.next) });
    const all = [...first.items, ...second.items, ...third.items].map((f) => f.text);
    expect(all).toEqual(["Fact number 6", "Fact number 5", "Fact number 4", "Fact number 3", "Fact number 2", "Fact number 1", "Fact number 0"]);
    expect(third.next).toBeNull();
    // The trigger copied each fact's workspace from its page.
    expect(await t.db.fact.count({ where: { page: { workspaceId: workspace.id }, NOT: { workspaceId: workspace.id } } })).toBe(0);
  });

  it("narrows to words (as typed, any case, no wildcards), a page, a thread and a status", async () => {
    const { workspace, thread } = await filedWorkspace("memory-filter", [
      fact("Lease", "rent", "Rent is $2,350 a month", 1),
      fact("Suppliers", "butter supplier", "Butter from Larkspur Dairy at 100% of list", 1),
    ]);
    const other = await makeThread(t.db, workspace.id, "OWNER", "second thread");
    await addConversation(t.db, other.id, [{ who: "owner", text: "The Main St lease is the one we like." }, { who: "agent", text: "Ok." }]);
    await runMemoryPass(t.db, scriptedModel([pass([fact("Lease", "chosen lease", "Main St lease chosen", 1)])]), other.id);
    const texts = async (raw: Record<string, string>) => (await listMemory(t.db, workspace.id, filter(raw))).items.map((f) => f.text);
    expect(await texts({ q: "LARKSPUR" })).toEqual(["Butter from Larkspur Dairy at 100% of list"]);
    expect(await texts({ q: "butter supplier" })).toEqual(["Butter from Larkspur Dairy at 100% of list"]);
    expect(await texts({ q: "100%" })).toEqual(["Butter from Larkspur Dairy at 100% of list"]);
    expect(await texts({ q: "0%" })).toEqual(["Butter from Larkspur Dairy at 100% of list"]);
    expect(await texts({ q: "%" })).toEqual(["Butter from Larkspur Dairy at 100% of list"]);
    expect(await texts({ q: "_" })).toEqual([]);
    const lease = await t.db.page.findFirstOrThrow({ where: { workspaceId: workspace.id, title: "Lease" } });
    expect(await texts({ page: lease.id })).toEqual(["Main St lease chosen", "Rent is $2,350 a month"]);
    expect(await texts({ thread: other.id })).toEqual(["Main St lease chosen"]);
    expect(await countThreadMemory(t.db, workspace.id, thread.id)).toBe(2);
    const rent = await t.db.fact.findFirstOrThrow({ where: { workspaceId: workspace.id, key: "rent" } });
    await t.db.fact.update({ where: { id: rent.id }, data: { status: "SUPERSEDED" } });
    expect(await texts({ page: lease.id })).toEqual(["Main St lease chosen"]);
    expect(await texts({ page: lease.id, status: "SUPERSEDED" })).toEqual(["Rent is $2,350 a month"]);
    expect(await texts({ page: lease.id, status: "all" })).toHaveLength(2);
    expect(memoryFilterSchema.safeParse({ page: "not-an-id" }).success).toBe(false);
    expect(filter({ q: "", page: "", thread: "", status: "" })).toEqual({ status: "live" });
  });
});

describe("deleting", () => {
  it("deletes a fact of this workspace, takes its pointer off the episode that named it, and refuses another workspace's", async () => {
    const { workspace, thread } = await filedWorkspace("memory-delete", [fact("Lease", "rent", "Rent is $2,350 a month", 1), fact("Lease", "deposit", "Deposit is one month", 1)]);
    const episode = await t.db.episode.findFirstOrThrow({ where: { threadId: thread.id } });
    expect(episode.pointerCount).toBe(2);
    const rent = await t.db.fact.findFirstOrThrow({ where: { workspaceId: workspace.id, key: "rent" } });
    const stranger = await makeWorkspace(t.db, "memory-delete-stranger");
    await expect(deleteFact(t.db, stranger.id, rent.id)).rejects.toMatchObject({ code: "not_found:fact" });
    await deleteFact(t.db, workspace.id, rent.id);
    expect(await t.db.fact.count({ where: { id: rent.id } })).toBe(0);
    expect((await t.db.episode.findUniqueOrThrow({ where: { id: episode.id } })).pointerCount).toBe(1);
  });

  it("deletes a thread with its messages, facts, episodes and traces, but not while a turn holds it", async () => {
    const { workspace, thread } = await filedWorkspace("thread-delete", [fact("Lease", "rent", "Rent is $2,350 a month", 1)]);
    await t.db.thread.update({ where: { id: thread.id }, data: { turnLeaseId: "held", turnLeaseUntil: new Date(Date.now() + 60_000) } });
    await expect(deleteThread(t.db, workspace.id, thread.id)).rejects.toMatchObject({ code: "conflict:turn" });
    await t.db.thread.update({ where: { id: thread.id }, data: { turnLeaseId: null, turnLeaseUntil: null } });
    await expect(deleteThread(t.db, (await makeWorkspace(t.db, "thread-delete-stranger")).id, thread.id)).rejects.toBeInstanceOf(RequestError);
    expect(await deleteThread(t.db, workspace.id, thread.id)).toEqual({ id: thread.id, title: "thread-delete thread" });
    const left = await Promise.all([t.db.message.count({ where: { threadId: thread.id } }), t.db.fact.count({ where: { threadId: thread.id } }), t.db.episode.count({ where: { threadId: thread.id } })]);
    expect(left).toEqual([0, 0, 0]);
  });
});

describe("a thread kept out of memory", () => {
  it("files nothing and writes no line while the switch is on, never files what was said then, and files again once it is off", async () => {
    const { workspace, thread } = await ownerThread(t.db, "kept-out");
    await updateThread(t.db, workspace.id, thread.id, { keepOutOfMemory: true });
    // The reply, then a pass that would file the rent if it were ever asked.
    const passModel = scriptedModel([{ text: "Noted." }], () => pass([fact("Lease", "rent", "Rent is $2,350 a month", 1)]));
    const kept = await runTurn({ db: t.db, config, models: scriptedModels(passModel), workspaceId: workspace.id, threadId: thread.id, text: "Rent is $2,350 a month." });
    expect(kept.trace.memoryPass).toMatchObject({ status: "kept-out", fromSeq: 1, toSeq: 2, facts: [], episode: null });
    expect(passModel.calls).toHaveLength(1);
    expect(await t.db.fact.count({ where: { threadId: thread.id } })).toBe(0);
    expect(await t.db.episode.count({ where: { threadId: thread.id } })).toBe(0);
    expect((await t.db.thread.findUniqueOrThrow({ where: { id: thread.id } })).consolidatedSeq).toBe(2);
    expect(await consolidateThread(t.db, passModel, workspace.id, thread.id)).toMatchObject({ finished: false, error: KEPT_OUT_OF_MEMORY });

    await updateThread(t.db, workspace.id, thread.id, { keepOutOfMemory: false });
    const model = scriptedModel([{ text: "Noted." }, pass([fact("Lease", "deposit", "Deposit is one month", 3)])]);
    const back = await runTurn({ db: t.db, config, models: scriptedModels(model), workspaceId: workspace.id, threadId: thread.id, text: "The deposit is one month." });
    expect(back.trace.memoryPass).toMatchObject({ status: "filed", fromSeq: 3, toSeq: 4 });
    expect((await t.db.fact.findMany({ where: { threadId: thread.id } })).map((f) => f.text)).toEqual(["Deposit is one month"]);
  });
});

describe("regenerating a reply", () => {
  it("replaces the latest reply with a new one at the same place, and forgets what the pass filed from the old one", async () => {
    const { workspace, thread } = await ownerThread(t.db, "regenerate");
    const first = scriptedModel([{ text: "I suggest a $500 deposit." }, pass([fact("Lease", "deposit idea", "Suggest a $500 deposit", 2)])]);
    await runTurn({ db: t.db, config, models: scriptedModels(first), workspaceId: workspace.id, threadId: thread.id, text: "What deposit should we offer?" });
    expect(await t.db.fact.count({ where: { threadId: thread.id } })).toBe(1);
    const again = scriptedModel([{ text: "One month's rent is usual." }]);
    const outcome = await runTurn({ db: t.db, config, models: scriptedModels(again), workspaceId: workspace.id, threadId: thread.id, text: null, regenerate: true, consolidate: { kind: "skip" } });
    expect(outcome.userMessage.seq).toBe(1);
    const messages = await t.db.message.findMany({ where: { threadId: thread.id }, orderBy: { seq: "asc" } });
    expect(messages.map((m) => [m.seq, m.text])).toEqual([
      [1, "What deposit should we offer?"],
      [2, "One month's rent is usual."],
    ]);
    expect(await t.db.fact.count({ where: { threadId: thread.id } })).toBe(0);
  });
});

describe("a thread file imported twice", () => {
  it("is refused the second time, naming the thread it matches, unless a second copy is asked for", async () => {
    const { workspace, thread } = await filedWorkspace("import-twice", []);
    const file = await exportThread(t.db, workspace.id, thread.id);
    await expect(importThread(t.db, workspace.id, file)).rejects.toMatchObject({ code: "conflict:duplicate_import", details: { existing: { id: thread.id, title: thread.title } } });
    const other = await makeWorkspace(t.db, "import-twice-elsewhere");
    await expect(importThread(t.db, other.id, file)).resolves.toMatchObject({ thread: { title: thread.title } });
    const changed = { ...file, messages: file.messages.map((m, i) => (i === 0 ? { ...m, text: `${m.text} (edited)` } : m)) };
    await expect(importThread(t.db, workspace.id, changed)).resolves.toMatchObject({ thread: { lastSeq: 2 } });
    await expect(importThread(t.db, workspace.id, file, { duplicate: true })).resolves.toMatchObject({ thread: { lastSeq: 2 } });
  });
});

describe("the note under a reply", () => {
  it("says what the reply's memory pass filed, each fact with its page's id", async () => {
    const { workspace, thread } = await ownerThread(t.db, "notes");
    const model = scriptedModel([{ text: "Noted." }, pass([fact("Lease", "rent", "Rent is $2,350 a month", 1), fact("Suppliers", "butter supplier", "Butter from Larkspur Dairy", 1)])]);
    const outcome = await runTurn({ db: t.db, config, models: scriptedModels(model), workspaceId: workspace.id, threadId: thread.id, text: "Rent is $2,350; butter from Larkspur Dairy." });
    const replyId = outcome.assistantMessage!.id;
    const notes = await memoryNotesByReply(t.db, workspace.id, thread.id, [replyId]);
    const pages = await t.db.page.findMany({ where: { workspaceId: workspace.id }, orderBy: { title: "asc" } });
    expect(notes[replyId]).toEqual({
      state: "filed",
      facts: [
        expect.objectContaining({ page: "Lease", pageId: pages[0].id, text: "Rent is $2,350 a month", status: "CONFIRMED" }),
        expect.objectContaining({ page: "Suppliers", pageId: pages[1].id, text: "Butter from Larkspur Dairy", status: "CONFIRMED" }),
      ],
    });
    expect(await memoryNotesByReply(t.db, (await makeWorkspace(t.db, "notes-stranger")).id, thread.id, [replyId])).toEqual({});
  });
});
