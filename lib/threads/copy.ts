import type { Tx } from "@/lib/db/client";
import type { CopiedIds } from "@/lib/db/ids";
import type { Prisma } from "@/lib/db/generated/client";

/** Copies a workspace's own threads (not its customers' conversations) and their messages into another, under copied ids. */
export async function copyThreads(tx: Tx, fromWorkspaceId: string, toWorkspaceId: string, ids: CopiedIds): Promise<void> {
  const threads = await tx.thread.findMany({ where: { workspaceId: fromWorkspaceId, visitorId: null } });
  await tx.thread.createMany({
    data: threads.map((thread) => ({
      id: ids.of(thread.id),
      workspaceId: toWorkspaceId,
      title: thread.title,
      kind: thread.kind,
      createdAt: thread.createdAt,
      updatedAt: thread.updatedAt,
      lastSeq: thread.lastSeq,
      consolidatedSeq: thread.consolidatedSeq,
    })),
  });
  const messages = await tx.message.findMany({ where: { threadId: { in: threads.map((thread) => thread.id) } } });
  await tx.message.createMany({
    data: messages.map((message) => ({
      id: ids.of(message.id),
      threadId: ids.of(message.threadId),
      seq: message.seq,
      role: message.role,
      speaker: message.speaker,
      status: message.status,
      text: message.text,
      parts: ids.inJson(message.parts) as Prisma.InputJsonValue,
      createdAt: message.createdAt,
    })),
  });
}
