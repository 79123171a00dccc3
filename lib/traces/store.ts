import type { MemoryPassJob } from "@/lib/contracts/memory-pass-report";
import { turnTraceSchema, type TurnTraceData } from "@/lib/contracts/trace";
import type { Db } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";

// The turn trace table is written here and read in queries.ts, nowhere else.
//
// A trace's prompt (the system prompt and every message the model was given,
// most of a trace's bytes) lives in a column of its own: a turn writes it
// once, with the rest, and nothing rewrites or lists it after that; the
// memory pass's reports update the `data` column alone.

export type TraceToSave = { threadId: string; userMessageId: string; assistantMessageId: string | null; modelId: string; data: TurnTraceData };

/** A trace as its `data` column holds it: everything but the prompt. */
export type StoredTraceData = Omit<TurnTraceData, "prompt">;
export const storedTraceSchema = turnTraceSchema.omit({ prompt: true });

const withoutPrompt = (data: StoredTraceData | TurnTraceData): StoredTraceData => {
  const { prompt: _prompt, ...rest } = data as TurnTraceData;
  return rest;
};

export async function saveTrace(db: Db, trace: TraceToSave): Promise<string> {
  const saved = await db.turnTrace.create({
    data: {
      ...trace,
      data: withoutPrompt(trace.data) as Prisma.InputJsonValue,
      prompt: trace.data.prompt as Prisma.InputJsonValue,
    },
    select: { id: true },
  });
  return saved.id;
}

/** Rewrites a trace's data (not its prompt) once the memory pass has reported. */
export async function updateTrace(db: Db, traceId: string, data: StoredTraceData | TurnTraceData): Promise<void> {
  await db.turnTrace.update({ where: { id: traceId }, data: { data: withoutPrompt(data) as Prisma.InputJsonValue } });
}

/** Dates a trace at `at`, like the turn it records (see redateMessages). */
export async function redateTrace(db: Db, traceId: string, at: Date): Promise<void> {
  await db.turnTrace.update({ where: { id: traceId }, data: { createdAt: at } });
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
): Promise<{ id: string; data: StoredTraceData }[]> {
  const rows = await db.turnTrace.findMany({
    where: { threadId, OR: statuses.map((status) => ({ data: { path: ["memoryPassJob", "status"], equals: status } })) },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true, data: true },
  });
  return rows.flatMap((row) => {
    const data = storedTraceSchema.safeParse(row.data);
    return data.success ? [{ id: row.id, data: data.data }] : [];
  });
}
