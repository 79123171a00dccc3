import { readPageOutputSchema } from "@/lib/contracts/tools";
import { turnTraceSchema, type TurnTraceData } from "@/lib/contracts/trace";
import type { Db } from "@/lib/db/client";
import { pageIdsByTitle } from "@/lib/pages/queries";
import { findThreadSummary } from "@/lib/threads/queries";
import { contextSplit, type ContextSplit } from "@/lib/traces/context-split";

/** Traces carry their whole prompt, so a list stops at this many turns. */
export const MAX_TRACES_LISTED = 50;

export type TurnTraceRecord = {
  id: string;
  threadId: string;
  createdAt: string;
  /** The message the turn answered, to name the turn in the debug panel; null once that message is gone. */
  userMessage: { seq: number; text: string } | null;
  /** Whether a reply was saved; without one no memory pass runs. */
  answered: boolean;
  data: TurnTraceData;
  /** How the prompt's tokens split between system, recalled pages, buffer, window and tool traffic. */
  context: ContextSplit;
  /** Page ids by title for the pages this trace names that still exist, so the panel can link them. */
  pageIds: Record<string, string>;
};

/** Every page title a trace names: buffer pointers, recalled pages, pages opened by a tool, pages the memory pass filed into. */
function pageTitles(trace: TurnTraceData): string[] {
  const opened = trace.toolCalls.flatMap((call) => {
    const output = call.name === "read_page" ? readPageOutputSchema.safeParse(call.output) : null;
    return output?.success && output.data.found ? [output.data.title] : [];
  });
  return [
    ...trace.buffer.chosen.flatMap((c) => c.pages),
    ...trace.recall.pages.map((p) => p.title),
    ...opened,
    ...(trace.memoryPass?.facts.map((f) => f.page) ?? []),
    ...(trace.memoryPass?.episode?.pointers.map((p) => p.page) ?? []),
  ];
}

/**
 * A thread's turn traces, newest first, each parsed with the schema the turn
 * wrote it with; null when the thread is not in this workspace. `before` (a
 * trace id) pages back: the turns older than that one. A trace that
 * no longer parses (written by an older version) is left out rather than
 * breaking the whole list.
 */
export async function listTraces(
  db: Db,
  workspaceId: string,
  threadId: string,
  limit = MAX_TRACES_LISTED,
  before?: string,
): Promise<TurnTraceRecord[] | null> {
  const thread = await findThreadSummary(db, workspaceId, threadId);
  if (!thread) return null;
  const rows = await db.turnTrace.findMany({
    where: { threadId: thread.id },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: Math.min(limit, MAX_TRACES_LISTED),
    ...(before ? { cursor: { id: before }, skip: 1 } : {}),
  });
  const parsed = rows.flatMap((row) => {
    // The prompt is stored in a column of its own (store.ts); the record carries it as the trace schema does.
    const data = turnTraceSchema.safeParse({ ...(row.data as object), prompt: row.prompt });
    return data.success ? [{ row, data: data.data, titles: pageTitles(data.data) }] : [];
  });
  const [messages, pageIds] = await Promise.all([
    db.message.findMany({
      where: { threadId: thread.id, id: { in: parsed.map((p) => p.row.userMessageId) } },
      select: { id: true, seq: true, text: true },
    }),
    pageIdsByTitle(db, workspaceId, parsed.flatMap((p) => p.titles)),
  ]);
  const messageById = new Map(messages.map((m) => [m.id, { seq: m.seq, text: m.text }]));
  return parsed.map(({ row, data, titles }) => ({
    id: row.id,
    threadId: row.threadId,
    createdAt: row.createdAt.toISOString(),
    userMessage: messageById.get(row.userMessageId) ?? null,
    answered: row.assistantMessageId !== null,
    data,
    context: contextSplit(data.prompt, data.buffer.block),
    pageIds: Object.fromEntries(titles.flatMap((title) => (pageIds[title] ? [[title, pageIds[title]]] : []))),
  }));
}
