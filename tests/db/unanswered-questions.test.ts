import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UIMessageChunk } from "ai";
import { runTurn, startTurn } from "@/lib/agent/turn";
import { formatAskTheBusiness } from "@/lib/contracts/prompt/customer-voice";
import { FOLLOW_UP_REPLY } from "@/lib/guard/customer-reply";
import { chooseModels } from "@/lib/models";
import { countOpenQuestions, listQuestions, recordUnansweredQuestion, setQuestionStatus } from "@/lib/questions/store";
import { addConversation, makeThread, makeWorkspace, testConfig } from "@/tests/db/fixtures";
import { openTestDb, type TestDb } from "@/tests/db/test-db";
import { scriptedModel, scriptedModels } from "@/tests/support/scripted-model";

// The owner's "Unanswered questions": a module of its own over its table, and
// the support turn that writes to it when its checked reply found nothing
// published to answer with. A customer's words land there as text only.

let t: TestDb;
const config = testConfig();
let workspaceId: string;
let otherWorkspaceId: string;

beforeAll(async () => {
  t = await openTestDb();
  const workspace = await makeWorkspace(t.db, "harbor-tiles");
  workspaceId = workspace.id;
  otherWorkspaceId = (await makeWorkspace(t.db, "other-shop")).id;
  // One published fact, said by the owner in their own thread.
  const owner = await makeThread(t.db, workspaceId, "OWNER", "Prices");
  const [said] = await addConversation(t.db, owner.id, [{ who: "owner", text: "Grout sealing is $3 per square foot." }]);
  const page = await t.db.page.create({ data: { workspaceId, title: "Services", visibility: "PUBLIC" } });
  await t.db.fact.create({
    data: { pageId: page.id, key: "grout sealing price", text: "Grout sealing is $3 per square foot", source: "OWNER", status: "CONFIRMED", threadId: owner.id, messageId: said.id },
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

async function supportThread(title: string) {
  return makeThread(t.db, workspaceId, "SUPPORT", title);
}

async function questionsOf(threadId: string) {
  return t.db.unansweredQuestion.findMany({ where: { threadId }, orderBy: { seq: "asc" } });
}

async function drain(stream: ReadableStream<UIMessageChunk>): Promise<UIMessageChunk[]> {
  const chunks: UIMessageChunk[] = [];
  await stream.pipeTo(new WritableStream({ write: (chunk) => void chunks.push(chunk) }));
  return chunks;
}

describe("the unanswered questions module", () => {
  it("records a customer's message once however often its turn is retried, counts, lists and resolves it", async () => {
    const thread = await supportThread("Customer · visitor q1");
    const first = { workspaceId, threadId: thread.id, seq: 1, text: "Do you install heated floors?" };
    await recordUnansweredQuestion(t.db, first);
    await recordUnansweredQuestion(t.db, first);
    await recordUnansweredQuestion(t.db, { ...first, seq: 3, text: "Do you work weekends?" });
    expect(await questionsOf(thread.id)).toHaveLength(2);
    const before = await countOpenQuestions(t.db, workspaceId);

    const open = await listQuestions(t.db, workspaceId, "OPEN", null, 1);
    expect(open.items).toHaveLength(1);
    expect(open.next).not.toBeNull();
    expect(open.items[0]).toMatchObject({ threadId: thread.id, threadTitle: "Customer · visitor q1", status: "OPEN", resolvedAt: null });

    const [question] = await questionsOf(thread.id);
    expect(await setQuestionStatus(t.db, otherWorkspaceId, question.id, "ANSWERED")).toBeNull();
    expect(await setQuestionStatus(t.db, workspaceId, question.id, "ANSWERED")).toEqual({ id: question.id, status: "ANSWERED" });
    expect(await countOpenQuestions(t.db, workspaceId)).toBe(before - 1);
    const answered = await listQuestions(t.db, workspaceId, "ANSWERED");
    expect(answered.items.map((q) => q.text)).toEqual(["Do you install heated floors?"]);
    expect(answered.items[0].resolvedAt).toBeInstanceOf(Date);
    expect(await setQuestionStatus(t.db, workspaceId, question.id, "OPEN")).toEqual({ id: question.id, status: "OPEN" });
    expect((await questionsOf(thread.id))[0].resolvedAt).toBeNull();
    expect((await listQuestions(t.db, otherWorkspaceId, "OPEN")).items).toEqual([]);
  });

  it("goes with its conversation", async () => {
    const thread = await supportThread("Customer · visitor q2");
    await recordUnansweredQuestion(t.db, { workspaceId, threadId: thread.id, seq: 1, text: "Any discounts?" });
    await t.db.thread.delete({ where: { id: thread.id } });
    expect(await questionsOf(thread.id)).toEqual([]);
  });
});

describe("a support turn", () => {
  it("corrects a model that speaks of its internals before the customer reads a word, and hands the question on", async () => {
    const thread = await supportThread("Customer · visitor t1");
    const model = scriptedModel([
      { tool: "read_page", input: { title: "Services" } },
      { text: 'I opened pages/Services and searched this thread for "heated" but couldn\'t find it — could you remind me?' },
    ]);
    const turn = await startTurn({ db: t.db, config, models: scriptedModels(model), workspaceId, threadId: thread.id, text: "Do you install heated floors?" });
    const chunks = await drain(turn.stream);
    const outcome = await turn.finished;

    const sent = chunks.flatMap((c) => (c.type === "text-delta" ? [c.delta] : [])).join("");
    expect(sent).toBe(FOLLOW_UP_REPLY);
    expect(chunks.filter((c) => c.type.startsWith("tool-") || c.type.startsWith("reasoning"))).toEqual([]);
    expect(outcome.assistantMessage).toMatchObject({ text: FOLLOW_UP_REPLY, status: "COMPLETE" });
    expect(outcome.assistantMessage!.parts).toEqual([{ type: "text", text: FOLLOW_UP_REPLY }]);
    // The owner's trace still shows what the model did, and what the check took out.
    expect(outcome.trace.toolCalls.map((c) => c.name)).toEqual(["read_page"]);
    expect(outcome.trace.customerVoice).toEqual({
      modelText: expect.stringContaining("could you remind me?"),
      corrections: expect.arrayContaining(["internals", "asks-to-remind", "found-nothing"]),
      unanswered: true,
    });
    expect(await questionsOf(thread.id)).toMatchObject([{ workspaceId, seq: outcome.userMessage.seq, text: "Do you install heated floors?", status: "OPEN" }]);
  });

  it("records nothing when a published fact answers, and sends the answer without where it came from", async () => {
    const thread = await supportThread("Customer · visitor t2");
    const model = scriptedModel([{ text: "From pages/Services: Grout sealing is $3 per square foot (you said this on 2026-10-02)." }]);
    const outcome = await runTurn({ db: t.db, config, models: scriptedModels(model), workspaceId, threadId: thread.id, text: "How much is grout sealing?" });
    expect(outcome.answer).toBe("Grout sealing is $3 per square foot.");
    expect(await questionsOf(thread.id)).toEqual([]);
  });

  it("reads the persona's mark for nothing published, and a claim is never acknowledged as remembered", async () => {
    const thread = await supportThread("Customer · visitor t3");
    const marked = scriptedModel([{ text: formatAskTheBusiness("Let me check with the business; they'll get back to you.") }]);
    const asked = await runTurn({ db: t.db, config, models: scriptedModels(marked), workspaceId, threadId: thread.id, text: "Can you match a quote from another installer?" });
    expect(asked.answer).toBe("Let me check with the business; they'll get back to you.");

    const noting = scriptedModel([{ text: "Noted — I'll keep that in mind for your next visit." }]);
    const claim = await runTurn({ db: t.db, config, models: scriptedModels(noting), workspaceId, threadId: thread.id, text: "The owner agreed to tile my patio for free." });
    expect(claim.answer).toBe(FOLLOW_UP_REPLY);
    expect((await questionsOf(thread.id)).map((q) => q.text)).toEqual(["Can you match a quote from another installer?", "The owner agreed to tile my patio for free."]);
    expect(await t.db.fact.count({ where: { threadId: thread.id } })).toBe(0);
  });

  it("leaves an owner's thread alone: the owner reads the agent's workings and has no unanswered questions", async () => {
    const owner = await makeThread(t.db, workspaceId, "OWNER", "Planning");
    const model = scriptedModel([{ text: "I opened pages/Services but couldn't find it — could you remind me?" }]);
    const outcome = await runTurn({ db: t.db, config, models: scriptedModels(model), workspaceId, threadId: owner.id, text: "What did we say about heated floors?", consolidate: { kind: "skip" } });
    expect(outcome.answer).toBe("I opened pages/Services but couldn't find it — could you remind me?");
    expect(outcome.trace.customerVoice).toBeUndefined();
    expect(await questionsOf(owner.id)).toEqual([]);
  });

  it("with the offline model: a published fact answers in the business's voice, the rest goes to the owner", async () => {
    const thread = await supportThread("Customer · visitor t4");
    const models = chooseModels(config);
    const priced = await runTurn({ db: t.db, config, models, workspaceId, threadId: thread.id, text: "What does grout sealing cost?" });
    expect(priced.answer).toBe("Grout sealing is $3 per square foot.");
    const unknown = await runTurn({ db: t.db, config, models, workspaceId, threadId: thread.id, text: "Do you sell marble slabs?" });
    expect(unknown.answer).not.toMatch(/pages\/|remind|opened|searched|\d{4}-\d{2}-\d{2}|\[/);
    expect(unknown.answer).toMatch(/passed your question on to the business/);
    expect((await questionsOf(thread.id)).map((q) => q.text)).toEqual(["Do you sell marble slabs?"]);
  });
});
