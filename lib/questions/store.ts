import { afterKeyset, keysetPage, type Keyset, type KeysetPage } from "@/lib/contracts/cursor";
import type { Db } from "@/lib/db/client";
import type { QuestionStatus } from "@/lib/db/generated/client";

// The owner's "Unanswered questions": what customers asked, or claimed, that
// nothing the business published answered. The support turn records one when
// its checked reply handed the question to the business; the owner marks it
// answered or dismisses it. The text is the customer's own words, shown to
// the owner as text and read by nothing that builds a prompt or files memory.
// Only this module writes the UnansweredQuestion table.

/** Questions the screen shows at a time. */
export const QUESTIONS_PER_PAGE = 30;

export type UnansweredQuestionItem = {
  id: string;
  threadId: string;
  threadTitle: string;
  seq: number;
  text: string;
  status: QuestionStatus;
  createdAt: Date;
  resolvedAt: Date | null;
};

/** The customer's message at `seq` of a support thread, nothing published answered it; a retried turn over it records it once. */
export async function recordUnansweredQuestion(db: Db, question: { workspaceId: string; threadId: string; seq: number; text: string }): Promise<void> {
  await db.unansweredQuestion.upsert({
    where: { threadId_seq: { threadId: question.threadId, seq: question.seq } },
    create: question,
    update: {},
  });
}

/** How many questions wait for the owner: the sidebar's count. */
export function countOpenQuestions(db: Db, workspaceId: string): Promise<number> {
  return db.unansweredQuestion.count({ where: { workspaceId, status: "OPEN" } });
}

/** A workspace's questions with one status, newest first, a page at a time. */
export async function listQuestions(
  db: Db,
  workspaceId: string,
  status: QuestionStatus,
  after: Keyset | null = null,
  limit = QUESTIONS_PER_PAGE,
): Promise<KeysetPage<UnansweredQuestionItem>> {
  const rows = await db.unansweredQuestion.findMany({
    where: { workspaceId, status, ...(after ? afterKeyset("createdAt", after, "desc") : {}) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
    select: { id: true, threadId: true, seq: true, text: true, status: true, createdAt: true, resolvedAt: true, thread: { select: { title: true } } },
  });
  const items = rows.map(({ thread, ...row }) => ({ ...row, threadTitle: thread.title }));
  return keysetPage(items, limit, (row) => ({ at: row.createdAt, id: row.id }));
}

/** The owner answered it elsewhere, set it aside, or opens it again; null for another workspace's question or none. */
export async function setQuestionStatus(db: Db, workspaceId: string, id: string, status: QuestionStatus): Promise<{ id: string; status: QuestionStatus } | null> {
  const updated = await db.unansweredQuestion.updateMany({
    where: { id, workspaceId },
    data: { status, resolvedAt: status === "OPEN" ? null : new Date() },
  });
  return updated.count === 1 ? { id, status } : null;
}
