import type { TurnTraceData } from "@/lib/contracts/trace";
import type { Db } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";

// The turn trace table is written here and read in queries.ts, nowhere else.

export type TraceToSave = { threadId: string; userMessageId: string; assistantMessageId: string | null; modelId: string; data: TurnTraceData };

export async function saveTrace(db: Db, trace: TraceToSave): Promise<string> {
  const saved = await db.turnTrace.create({
    data: { ...trace, data: trace.data as Prisma.InputJsonValue },
    select: { id: true },
  });
  return saved.id;
}

/** Rewrites a trace once the memory pass has reported. */
export async function updateTrace(db: Db, traceId: string, data: TurnTraceData): Promise<void> {
  await db.turnTrace.update({ where: { id: traceId }, data: { data: data as Prisma.InputJsonValue } });
}

/** Drops a thread's traces (the evaluation's question turns). */
export async function deleteThreadTraces(db: Db, threadId: string): Promise<void> {
  await db.turnTrace.deleteMany({ where: { threadId } });
}
