import type { Db } from "@/lib/db/client";
import { visibleStatuses, visibleVisibilities, type Audience } from "@/lib/pages/audience";
import { FACTS_PER_RECALLED_PAGE, type RecalledPage } from "@/lib/pages/recall";

/**
 * Pages named by title, in the order given, shaped like recalled pages and
 * limited to what the audience may see: the pages a turn's visible buffer
 * lines point at (§10 feed). No text is matched: the titles are the lines'
 * own pointers. A page with nothing the audience may see is left out.
 */
export async function readPagesByTitle(db: Db, workspaceId: string, titles: readonly string[], audience: Audience = "owner"): Promise<RecalledPage[]> {
  if (titles.length === 0) return [];
  const pages = await db.page.findMany({
    where: { workspaceId, title: { in: [...titles] }, visibility: { in: visibleVisibilities(audience) } },
    select: {
      id: true,
      title: true,
      facts: {
        where: { status: { in: visibleStatuses(audience) } },
        orderBy: [{ createdAt: "desc" }, { id: "asc" }],
        take: FACTS_PER_RECALLED_PAGE,
        select: { id: true, key: true, text: true, status: true, source: true, message: { select: { createdAt: true } } },
      },
    },
  });
  return titles.flatMap((title) => {
    const page = pages.find((p) => p.title === title);
    if (!page || page.facts.length === 0) return [];
    return [{ id: page.id, title: page.title, rank: 0, facts: page.facts.map(({ message, ...fact }) => ({ ...fact, saidAt: message.createdAt })) }];
  });
}
