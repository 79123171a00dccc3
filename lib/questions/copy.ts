import type { Tx } from "@/lib/db/client";
import type { CopiedIds } from "@/lib/db/ids";

/** Copies the questions of a workspace's own threads (not its visitors' conversations) under copied ids; the threads must be copied first. */
export async function copyQuestions(tx: Tx, fromWorkspaceId: string, toWorkspaceId: string, ids: CopiedIds): Promise<void> {
  const questions = await tx.unansweredQuestion.findMany({ where: { workspaceId: fromWorkspaceId, thread: { visitorId: null } } });
  await tx.unansweredQuestion.createMany({
    data: questions.map((question) => ({ ...question, id: ids.of(question.id), workspaceId: toWorkspaceId, threadId: ids.of(question.threadId) })),
  });
}
