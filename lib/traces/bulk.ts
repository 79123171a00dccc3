import type { Db } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";

/**
 * Copies one trace `count` times onto its thread, each copy a second older
 * than the last, as if that many turns had run before it (a seeded world's
 * debug panel). The copies leave out the prompt, which no list reads.
 */
export async function repeatTrace(db: Db, traceId: string, count: number): Promise<void> {
  const trace = await db.turnTrace.findUniqueOrThrow({ where: { id: traceId } });
  await db.turnTrace.createMany({
    data: Array.from({ length: count }, (_, i) => ({
      threadId: trace.threadId,
      userMessageId: trace.userMessageId,
      assistantMessageId: trace.assistantMessageId,
      modelId: trace.modelId,
      data: trace.data as Prisma.InputJsonValue,
      createdAt: new Date(trace.createdAt.getTime() - (i + 1) * 1000),
    })),
  });
}
