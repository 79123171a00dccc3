import { afterKeyset, keysetPage, type Keyset, type KeysetPage } from "@/lib/contracts/cursor";
import { linkNotePages, memoryNoteOf, type MemoryNote } from "@/lib/contracts/memory-note";
import { readPageOutputSchema } from "@/lib/contracts/tools";
import { turnTraceSchema, type TurnTraceData } from "@/lib/contracts/trace";
import type { Db } from "@/lib/db/client";
import { pageIdsByTitle } from "@/lib/pages/queries";
import { findThreadSummary } from "@/lib/threads/queries";
import { contextSplit, type ContextSplit } from "@/lib/traces/context-split";
import { storedTraceSchema, type StoredTraceData } from "@/lib/traces/store";

/** Turn summaries listed at a time; a trace's whole record (its prompt) is fetched only for the turn picked. */
export const TRACES_PER_PAGE = 20;

/** Longest stretch of the answered message a summary carries: enough to name the turn. */
const SUMMARY_TEXT_CHARS = 120;

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

/** What the debug panel lists per turn: enough to name it and to know whether it is still changing, without its prompt. */
export type TurnTraceSummary = {
  id: string;
  createdAt: string;
  userMessage: { seq: number; text: string } | null;
  answered: boolean;
  failed: boolean;
  /** Nothing will change in this trace any more: its memory pass is done or failed, or none will run. */
  settled: boolean;
  /** The reply the turn saved, for the note under it in the chat; null when none was saved. */
  assistantMessageId: string | null;
  /** What the chat says under that reply about its memory pass. */
  memoryNote: MemoryNote | null;
};

/** A trace is complete once its memory pass is done or has failed, or when no pass will run (no finished reply). */
export function traceSettled(answered: boolean, data: Pick<StoredTraceData, "replyStatus" | "memoryPassJob" | "memoryPass">): boolean {
  if (!answered || data.replyStatus === "interrupted") return true;
  const job = data.memoryPassJob;
  return job ? job.status === "done" || job.status === "failed" : data.memoryPass !== null;
}

type TraceRow = { id: string; threadId: string; userMessageId: string; assistantMessageId: string | null; data: unknown; createdAt: Date };

/** Rows whose data no longer parse (written by an older version) are left out rather than breaking the whole list. */
function parseSummaryRows<R extends TraceRow>(rows: R[]) {
  return rows.flatMap((row) => {
    const data = storedTraceSchema.safeParse(row.data);
    return data.success ? [{ row, data: data.data }] : [];
  });
}

async function answeredMessages(db: Db, threadId: string, rows: TraceRow[]) {
  const messages = await db.message.findMany({
    where: { threadId, id: { in: rows.map((r) => r.userMessageId) } },
    select: { id: true, seq: true, text: true },
  });
  return new Map(messages.map((m) => [m.id, { seq: m.seq, text: m.text }]));
}

/**
 * A thread's turns, newest first, `limit` at a time from `after`; null when
 * the thread is not in this workspace.
 */
export async function listTraceSummaries(
  db: Db,
  workspaceId: string,
  threadId: string,
  { after, limit = TRACES_PER_PAGE }: { after?: Keyset; limit?: number } = {},
): Promise<KeysetPage<TurnTraceSummary> | null> {
  const thread = await findThreadSummary(db, workspaceId, threadId);
  if (!thread) return null;
  const rows = await db.turnTrace.findMany({
    where: { threadId: thread.id, ...(after ? afterKeyset("createdAt", after, "desc") : {}) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
    // The prompt, most of a trace's bytes, is in a column of its own (store.ts) and is not listed.
    select: { id: true, threadId: true, userMessageId: true, assistantMessageId: true, data: true, createdAt: true },
  });
  const { items, next } = keysetPage(rows, limit, (r) => ({ at: r.createdAt, id: r.id }));
  const parsed = parseSummaryRows(items);
  const notes = parsed.map(({ data }) => memoryNoteOf(data));
  const [messageById, pageIds] = await Promise.all([
    answeredMessages(db, thread.id, items),
    pageIdsByTitle(db, workspaceId, notes.flatMap((note) => note?.facts.map((f) => f.page) ?? [])),
  ]);
  return {
    items: parsed.map(({ row, data }, i) => {
      const message = messageById.get(row.userMessageId);
      const answered = row.assistantMessageId !== null;
      const note = notes[i];
      return {
        id: row.id,
        createdAt: row.createdAt.toISOString(),
        userMessage: message ? { seq: message.seq, text: message.text.slice(0, SUMMARY_TEXT_CHARS) } : null,
        answered,
        failed: data.error !== null,
        settled: traceSettled(answered, data),
        assistantMessageId: row.assistantMessageId,
        memoryNote: note && linkNotePages(note, pageIds),
      };
    }),
    next,
  };
}

/**
 * The memory notes of these replies of a thread, by reply id: what the chat
 * shows under each reply it renders (at most a page of them, so one read of
 * their traces, prompts left out).
 */
export async function memoryNotesByReply(db: Db, workspaceId: string, threadId: string, replyIds: string[]): Promise<Record<string, MemoryNote>> {
  if (replyIds.length === 0) return {};
  const rows = await db.turnTrace.findMany({
    where: { threadId, thread: { workspaceId }, assistantMessageId: { in: replyIds } },
    select: { id: true, threadId: true, userMessageId: true, assistantMessageId: true, data: true, createdAt: true },
  });
  const notes = parseSummaryRows(rows).flatMap(({ row, data }) => {
    const note = memoryNoteOf(data);
    return note && row.assistantMessageId ? [[row.assistantMessageId, note] as const] : [];
  });
  const pageIds = await pageIdsByTitle(db, workspaceId, notes.flatMap(([, note]) => note.facts.map((f) => f.page)));
  return Object.fromEntries(notes.map(([id, note]) => [id, linkNotePages(note, pageIds)]));
}

/** One turn's whole trace, prompt included; null when there is no such trace in this workspace, or it no longer parses. */
export async function getTrace(db: Db, workspaceId: string, traceId: string): Promise<TurnTraceRecord | null> {
  const row = await db.turnTrace.findFirst({ where: { id: traceId, thread: { workspaceId } } });
  if (!row) return null;
  const trace = turnTraceSchema.safeParse({ ...(row.data as object), prompt: row.prompt });
  if (!trace.success) return null;
  const { data } = trace;
  const parsed = { row };
  const titles = pageTitles(data);
  const [messageById, pageIds] = await Promise.all([answeredMessages(db, parsed.row.threadId, [parsed.row]), pageIdsByTitle(db, workspaceId, titles)]);
  return {
    id: parsed.row.id,
    threadId: parsed.row.threadId,
    createdAt: parsed.row.createdAt.toISOString(),
    userMessage: messageById.get(parsed.row.userMessageId) ?? null,
    answered: parsed.row.assistantMessageId !== null,
    data,
    context: contextSplit(data.prompt, data.buffer.block),
    pageIds: Object.fromEntries(titles.flatMap((title) => (pageIds[title] ? [[title, pageIds[title]]] : []))),
  };
}
