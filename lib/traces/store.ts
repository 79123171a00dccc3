import type { MemoryPassJob } from "@/lib/contracts/memory-pass-report";
import { turnTraceSchema, type TurnTraceData } from "@/lib/contracts/trace";
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

/** The thread's traces whose memory-pass job is in one of these states, oldest first. */
export async function tracesByMemoryPassStatus(
  db: Db,
  threadId: string,
  statuses: MemoryPassJob["status"][],
): Promise<{ id: string; data: TurnTraceData }[]> {
  const rows = await db.turnTrace.findMany({
    where: { threadId, OR: statuses.map((status) => ({ data: { path: ["memoryPassJob", "status"], equals: status } })) },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true, data: true },
  });
  return rows.flatMap((row) => {
    const data = turnTraceSchema.safeParse(row.data);
    return data.success ? [{ id: row.id, data: data.data }] : [];
  });
}
