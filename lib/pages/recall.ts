import type { Db } from "@/lib/db/client";
import type { FactSource, FactStatus } from "@/lib/db/generated/client";
import { visibleStatuses, visibleVisibilities, type Audience } from "@/lib/pages/audience";
import { publishable } from "@/lib/pages/publish";
import { rankedPages } from "@/lib/pages/sql";

export const FACTS_PER_RECALLED_PAGE = 8;
/** Words of a message that recall searches for, at most. */
const MAX_RECALL_WORDS = 32;

/** `saidAt`: when the message it came from was written, not when it was filed. */
export type RecalledFact = { id: string; key: string; text: string; status: FactStatus; source: FactSource; saidAt: Date };
export type RecalledPage = { id: string; title: string; rank: number; facts: RecalledFact[] };

/** The words of a message, for full-text search; 'english' drops stop words itself. */
export function recallWords(text: string): string[] {
  return [...new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])].filter((w) => w.length > 1).slice(0, MAX_RECALL_WORDS);
}

/**
 * ts_rank's weights for {D, C, B, A}: a page vector's title is A, its
 * confirmed facts B, its pending facts C (see the bounded_reads migration).
 * A customer never sees pending facts, so they weigh nothing in a
 * customer's ranking (and the query matches only A and B for them).
 */
const RANK_WEIGHTS: Record<Audience, number[]> = { owner: [0.1, 0.4, 0.4, 1.0], customer: [0.1, 0, 0.4, 1.0] };
const MATCHED_WEIGHTS: Record<Audience, string> = { owner: "", customer: ":AB" };

export type RankPagesOptions = { limit: number; audience?: Audience; factsPerPage?: number };

/**
 * The workspace's pages whose search vector matches any of `words`, best
 * first, each with its newest live facts the audience may see, in one
 * statement. The work is bounded by the workspace's matching pages, not its
 * facts: each page's vector holds its title and its newest live facts, kept
 * by triggers as facts are written; the workspace's own lexeme in the query
 * keeps the GIN scan to this workspace; and at most `factsPerPage` facts are
 * read per page, newest first off the (pageId, createdAt) index. A page whose
 * facts the audience may not see is left out, so fewer than `limit` can come back.
 * A customer is shown only facts that pass the fact vetting again now (lib/pages/publish.ts).
 */
export async function rankPages(db: Db, workspaceId: string, words: readonly string[], options: RankPagesOptions): Promise<RecalledPage[]> {
  const { limit, audience = "owner", factsPerPage = FACTS_PER_RECALLED_PAGE } = options;
  if (words.length === 0 || limit === 0) return [];
  const query = words.map((w) => `${w}${MATCHED_WEIGHTS[audience]}`).join(" | ");
  const rows = await db.$queryRawTyped(
    rankedPages(
      RANK_WEIGHTS[audience],
      query,
      workspaceId,
      visibleVisibilities(audience),
      limit,
      audience === "customer",
      visibleStatuses(audience),
      factsPerPage,
    ),
  );
  // A computed column is typed nullable, since PostgreSQL cannot tell; neither of these ever is.
  const facts = rows.map((row) => ({ ...row, rank: row.rank ?? 0, sourceText: row.sourceText ?? "" }));
  const pages = new Map<string, RecalledPage>();
  for (const row of audience === "customer" ? publishable(facts) : facts) {
    const page = pages.get(row.id) ?? { id: row.id, title: row.title, rank: row.rank, facts: [] };
    page.facts.push({ id: row.factId, key: row.key, text: row.text, status: row.status, source: row.source, saidAt: row.saidAt });
    pages.set(row.id, page);
  }
  return [...pages.values()];
}

/**
 * Recall on every turn: the workspace's pages ranked by PostgreSQL full-text
 * search of their titles and live facts against the user's message, limited
 * to what the audience may see, with the newest facts of each.
 */
export function recallPages(db: Db, workspaceId: string, message: string, limit: number, audience: Audience = "owner"): Promise<RecalledPage[]> {
  return rankPages(db, workspaceId, recallWords(message), { limit, audience });
}
