import type { Db } from "@/lib/db/client";
import { visibleStatuses, visibleVisibilities, type Audience } from "@/lib/pages/audience";
import { publishable } from "@/lib/pages/publish";
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
        select: {
          id: true,
          key: true,
          text: true,
          status: true,
          source: true,
          releasedAt: true,
          ownerEditedAt: true,
          message: { select: { createdAt: true, text: audience === "customer" } },
        },
      },
    },
  });
  return titles.flatMap((title) => {
    const page = pages.find((p) => p.title === title);
    const facts = (page?.facts ?? []).map(({ message, releasedAt, ownerEditedAt, ...fact }) => ({
      fact: { ...fact, saidAt: message.createdAt },
      key: fact.key,
      text: fact.text,
      releasedAt,
      ownerEditedAt,
      sourceText: message.text ?? "",
    }));
    const shown = audience === "customer" ? publishable(facts) : facts;
    if (!page || shown.length === 0) return [];
    return [{ id: page.id, title: page.title, rank: 0, facts: shown.map((f) => f.fact) }];
  });
}
