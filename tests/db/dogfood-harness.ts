import { runTurn } from "@/lib/agent/turn";
import type { Db } from "@/lib/db/client";
import { searchChatHistory } from "@/lib/history/search";
import { chooseModels } from "@/lib/models";
import { makeThread, makeWorkspace, testConfig } from "@/tests/db/fixtures";
import type { DogfoodConversation } from "@/tests/db/conversations/types";

// Plays a conversation through the real turn with the offline model (the
// memory pass runs after every reply), then asks its questions the same way
// and reports, per question, what came back and what memory holds.

export type QuestionResult = {
  ask: string;
  expect: string;
  answer: string;
  right: boolean;
  /** The live fact stating the value and the superseded one stating the earlier value, when both exist. */
  live: { id: string; page: string; text: string } | null;
  earlier: { id: string; supersededById: string | null; status: string; text: string } | null;
  searchSeqs: number[];
  windowFromSeq: number;
  questionSeq: number;
  sourceSeq: number | null;
};

export async function playConversation(db: Db, slug: string, conversation: DogfoodConversation) {
  const config = testConfig();
  const models = chooseModels(config);
  const workspace = await makeWorkspace(db, slug);
  const thread = await makeThread(db, workspace.id, "OWNER", conversation.title);
  const say = (text: string) => runTurn({ db, config, models, workspaceId: workspace.id, threadId: thread.id, text });
  for (const text of conversation.owner) await say(text);

  const results: QuestionResult[] = [];
  for (const q of conversation.questions) {
    const outcome = await say(q.ask);
    const windowFromSeq = outcome.trace.window.fromSeq;
    const search = await searchChatHistory(db, thread.id, q.ask, windowFromSeq);
    const source = await db.message.findFirst({
      where: { threadId: thread.id, speaker: "OWNER", text: { contains: q.expect }, seq: { lt: outcome.userMessage.seq } },
      orderBy: { seq: "desc" },
    });
    const facts = await db.fact.findMany({ where: { threadId: thread.id }, include: { page: true }, orderBy: { createdAt: "asc" } });
    const live = facts.findLast((f) => (f.status === "CONFIRMED" || f.status === "PENDING") && f.text.includes(q.expect));
    const earlier = q.earlier ? facts.find((f) => f.text.includes(q.earlier!) && !f.text.includes(q.expect)) : undefined;
    results.push({
      ask: q.ask,
      expect: q.expect,
      answer: outcome.answer,
      // A changed value is right when the answer states the new one; it may mention what it replaced ("scrap Square, Lightspeed instead").
      right: outcome.answer.includes(q.expect),
      live: live ? { id: live.id, page: live.page.title, text: live.text } : null,
      earlier: earlier ? { id: earlier.id, supersededById: earlier.supersededById, status: earlier.status, text: earlier.text } : null,
      searchSeqs: search.matches.map((m) => m.seq),
      windowFromSeq,
      questionSeq: outcome.userMessage.seq,
      sourceSeq: source?.seq ?? null,
    });
  }
  return { workspace, thread, results };
}
