import type { Db } from "@/lib/db/client";
import { isoDay } from "@/lib/contracts/prompt/common";
import type { SearchHistoryOutput } from "@/lib/contracts/tools";
import { searchMessages } from "@/lib/history/sql";
import { contentWords } from "@/lib/history/words";

const SNIPPET_CHARS = 240;
const DEFAULT_LIMIT = 8;
const MAX_QUERY_WORDS = 12;
/**
 * Matches ranked at most: the newest this many messages holding any of the
 * words. A common word can match most of a long thread; ranking (and
 * counting) every one of them is work that grows with the thread, while the
 * best few among the newest few hundred are what the model reads.
 */
export const SEARCH_CANDIDATES = 400;

type Row = searchMessages.Result;

/** Where in the text the most query words sit within one snippet's width, so the snippet shows the match, not the message's start. */
function bestWindowStart(lower: string, words: readonly string[]): number {
  const hits = words
    .flatMap((w) => [...lower.matchAll(new RegExp(`(?<![\\p{L}\\p{N}])${w}`, "gu"))].map((m) => ({ at: m.index, w })))
    .sort((a, b) => a.at - b.at);
  let best = { start: 0, count: -1 };
  for (const hit of hits) {
    const inside = new Set(hits.filter((h) => h.at >= hit.at && h.at < hit.at + SNIPPET_CHARS - 60).map((h) => h.w)).size;
    if (inside > best.count) best = { start: hit.at, count: inside };
  }
  return best.start;
}

/** A bounded window of the message around its matched words. */
function snippet(text: string, words: readonly string[]): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= SNIPPET_CHARS) return flat;
  const hit = bestWindowStart(flat.toLowerCase(), words);
  const start = Math.max(0, Math.min(hit - 60, flat.length - SNIPPET_CHARS));
  return `${start > 0 ? "…" : ""}${flat.slice(start, start + SNIPPET_CHARS)}${start + SNIPPET_CHARS < flat.length ? "…" : ""}`;
}

/** Messages before `beforeSeq` holding at least `atLeast` of the words, best first (lib/history/sql/searchMessages.sql). */
function matching(db: Db, threadId: string, words: string[], beforeSeq: number, atLeast: number, limit: number): Promise<Row[]> {
  return db.$queryRawTyped(searchMessages(threadId, words, words.join(" | "), beforeSeq, SEARCH_CANDIDATES, atLeast, limit));
}

function note(words: readonly string[], rows: readonly Row[], total: number, beforeSeq: number): string {
  const scope = `messages before #${beforeSeq} (the ones you cannot see)`;
  if (words.length === 0) return "The query held no words to search for.";
  if (rows.length === 0) return `No earlier message matched any of: ${words.join(", ")}. Searched ${scope}.`;
  const best = rows[0].matched;
  const how = best === words.length ? (words.length === 1 ? "the word" : `all ${words.length} words`) : `${best} of ${words.length} words`;
  const capped = Number(rows[0].searched) >= SEARCH_CANDIDATES;
  const of = capped ? `${total} matches among the newest ${SEARCH_CANDIDATES} messages holding any of the words` : `${total} matches`;
  const shown = total > rows.length ? `the best ${rows.length} of ${of}` : capped ? of : `${total} match${total === 1 ? "" : "es"}`;
  return `Best matches hold ${how} (${words.join(", ")}); showing ${shown}, most relevant first. Searched ${scope}.`;
}

/**
 * search_chat_history: finds words in the part of a thread the model cannot
 * see: messages before `beforeSeq`, the first message of the visible window,
 * so neither the question being asked nor anything on screen comes back.
 * Stop words are dropped; messages holding all the words rank first, then
 * those holding most of them; when no message holds more than one, any single
 * word counts. No model call.
 */
export async function searchChatHistory(
  db: Db,
  threadId: string,
  query: string,
  beforeSeq: number,
  limit = DEFAULT_LIMIT,
): Promise<SearchHistoryOutput> {
  const words = contentWords(query, MAX_QUERY_WORDS);
  if (words.length === 0) return { query, matches: [], total: 0, note: note(words, [], 0, beforeSeq) };
  // "Most words": at least half of them when the query has several, so one common word does not flood the results.
  const atLeast = Math.max(1, Math.ceil(words.length / 2));
  let rows = await matching(db, threadId, words, beforeSeq, atLeast, limit);
  if (rows.length === 0 && atLeast > 1) rows = await matching(db, threadId, words, beforeSeq, 1, limit);
  const total = Number(rows[0]?.total ?? 0);
  return {
    query,
    total,
    matches: rows.map((r) => ({
      seq: r.seq,
      day: isoDay(r.createdAt),
      speaker: r.speaker,
      snippet: snippet(r.text, words),
      matchedWords: words.filter((w) => new RegExp(`(?<![\\p{L}\\p{N}])${w}(?![\\p{L}\\p{N}])`, "u").test(r.text.toLowerCase())),
    })),
    note: note(words, rows, total, beforeSeq),
  };
}

/**
 * The first seq of the visible window: the unbroken run of messages that ends
 * the history the model is shown. A compressor's head (shown before its
 * summary) is left searchable, since the summary between hides what follows it.
 */
export function visibleWindowStart(seqs: readonly number[], fallback: number): number {
  if (seqs.length === 0) return fallback;
  let start = seqs.length - 1;
  while (start > 0 && seqs[start - 1] === seqs[start] - 1) start -= 1;
  return seqs[start];
}
