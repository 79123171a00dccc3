import type { Db } from "@/lib/db/client";
import { isoDay } from "@/lib/contracts/prompt/common";
import type { SearchHistoryOutput } from "@/lib/contracts/tools";

const SNIPPET_CHARS = 240;
const DEFAULT_LIMIT = 8;

type Row = { seq: number; createdAt: Date; speaker: "OWNER" | "CUSTOMER" | "AGENT"; text: string; total: bigint | number };

/** The words of a query as full-text lexemes: letters and digits only, so no query syntax gets through. */
function queryWords(query: string): string[] {
  return [...new Set(query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])].slice(0, 12);
}

/** A window of the message around the first matching word, so long messages stay bounded. */
function snippet(text: string, words: string[]): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= SNIPPET_CHARS) return flat;
  const lower = flat.toLowerCase();
  const hit = Math.max(0, Math.min(...words.map((w) => lower.indexOf(w)).filter((i) => i >= 0)));
  const start = Math.max(0, Math.min(hit - 60, flat.length - SNIPPET_CHARS));
  return `${start > 0 ? "…" : ""}${flat.slice(start, start + SNIPPET_CHARS)}${start + SNIPPET_CHARS < flat.length ? "…" : ""}`;
}

async function matching(db: Db, threadId: string, tsquery: string, limit: number): Promise<Row[]> {
  return db.$queryRaw<Row[]>`
    SELECT seq, "createdAt", speaker, text, count(*) OVER () AS total
    FROM "Message"
    WHERE "threadId" = ${threadId} AND "searchVector" @@ to_tsquery('simple', ${tsquery})
    ORDER BY ts_rank("searchVector", to_tsquery('simple', ${tsquery})) DESC, seq DESC
    LIMIT ${limit}`;
}

/**
 * search_chat_history: finds the exact words in a thread's whole history with
 * full-text search (no model call). Messages holding every word rank first;
 * when none holds them all, messages holding any of them are returned.
 */
export async function searchChatHistory(
  db: Db,
  threadId: string,
  query: string,
  limit = DEFAULT_LIMIT,
): Promise<SearchHistoryOutput> {
  const words = queryWords(query);
  if (words.length === 0) return { query, matches: [], total: 0 };
  let rows = await matching(db, threadId, words.join(" & "), limit);
  if (rows.length === 0 && words.length > 1) rows = await matching(db, threadId, words.join(" | "), limit);
  return {
    query,
    total: Number(rows[0]?.total ?? 0),
    matches: rows.map((r) => ({ seq: r.seq, day: isoDay(r.createdAt), speaker: r.speaker, snippet: snippet(r.text, words) })),
  };
}
