import type { Db } from "@/lib/db/client";
import { Prisma, type FactSource, type FactStatus } from "@/lib/db/generated/client";
import { visibleStatuses, visibleVisibilities, type Audience } from "@/lib/pages/audience";

export const FACTS_PER_RECALLED_PAGE = 8;

/** `saidAt`: when the message it came from was written, not when it was filed. */
export type RecalledFact = { id: string; text: string; status: FactStatus; source: FactSource; saidAt: Date };
export type RecalledPage = { id: string; title: string; rank: number; facts: RecalledFact[] };

/** The words of a message as an OR query for full-text search; 'english' drops stop words itself. */
export function recallQuery(text: string): string | null {
  const words = [...new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])].filter((w) => w.length > 1).slice(0, 32);
  return words.length > 0 ? words.join(" | ") : null;
}

/**
 * Recall on every turn: the workspace's pages ranked by PostgreSQL full-text
 * search of their live facts and titles against the user's message, limited
 * to what the audience may see.
 */
export async function recallPages(db: Db, workspaceId: string, message: string, limit: number, audience: Audience = "owner"): Promise<RecalledPage[]> {
  const query = recallQuery(message);
  if (!query || limit === 0) return [];
  const statuses = visibleStatuses(audience);
  const visibilities = visibleVisibilities(audience);
  const statusList = Prisma.join(statuses.map((s) => Prisma.sql`${s}::"FactStatus"`));
  const visibilityList = Prisma.join(visibilities.map((v) => Prisma.sql`${v}::"PageVisibility"`));
  const ranked = await db.$queryRaw<{ id: string; title: string; rank: number }[]>`
    WITH q AS (SELECT to_tsquery('english', ${query}) AS query)
    SELECT p.id, p.title,
      (coalesce(sum(ts_rank(f."searchVector", q.query)) FILTER (WHERE f."searchVector" @@ q.query), 0)
        + 2 * ts_rank(to_tsvector('english', p.title), q.query))::float8 AS rank
    FROM "Page" p
    CROSS JOIN q
    JOIN "Fact" f ON f."pageId" = p.id AND f.status IN (${statusList})
    WHERE p."workspaceId" = ${workspaceId}
      AND p.visibility IN (${visibilityList})
      AND numnode(q.query) > 0
      AND (f."searchVector" @@ q.query OR to_tsvector('english', p.title) @@ q.query)
    GROUP BY p.id, p.title, q.query
    ORDER BY rank DESC, p.title
    LIMIT ${limit}`;
  if (ranked.length === 0) return [];
  const facts = await db.fact.findMany({
    where: { pageId: { in: ranked.map((p) => p.id) }, status: { in: statuses } },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    select: { id: true, pageId: true, text: true, status: true, source: true, message: { select: { createdAt: true } } },
  });
  return ranked.map((page) => ({
    ...page,
    facts: facts
      .filter((f) => f.pageId === page.id)
      .slice(0, FACTS_PER_RECALLED_PAGE)
      .map(({ message, ...fact }) => ({ ...fact, saidAt: message.createdAt })),
  }));
}
