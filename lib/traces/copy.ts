import type { Tx } from "@/lib/db/client";
import type { CopiedIds } from "@/lib/db/ids";
import type { Prisma } from "@/lib/db/generated/client";

/**
 * Copies the turn traces of a workspace's own threads, under copied ids,
 * the ids inside each trace (messages, facts, pages, episodes) included.
 */
export async function copyTraces(tx: Tx, fromWorkspaceId: string, ids: CopiedIds): Promise<void> {
  const traces = await tx.turnTrace.findMany({ where: { thread: { workspaceId: fromWorkspaceId, visitorId: null } } });
  await tx.turnTrace.createMany({
    data: traces.map((trace) => ({
      id: ids.of(trace.id),
      threadId: ids.of(trace.threadId),
      userMessageId: ids.of(trace.userMessageId),
      assistantMessageId: ids.ofNullable(trace.assistantMessageId),
      modelId: trace.modelId,
      data: ids.inJson(trace.data) as Prisma.InputJsonValue,
      ...(trace.prompt === null ? {} : { prompt: ids.inJson(trace.prompt) as Prisma.InputJsonValue }),
      createdAt: trace.createdAt,
    })),
  });
}
