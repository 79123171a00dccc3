import type { Db } from "@/lib/db/client";
import type { PageVisibility } from "@/lib/db/generated/client";
import type { FactStatus } from "@/lib/db/generated/client";

type FactCounts = Record<FactStatus, number>;

export type PageSummary = {
  id: string;
  title: string;
  counts: FactCounts;
  /** The later of the page's own update and its newest fact change: filing a fact does not touch the page row. */
  updatedAt: Date;
};

const noFacts = (): FactCounts => ({ CONFIRMED: 0, PENDING: 0, REJECTED: 0, SUPERSEDED: 0 });

/** The workspace's topic pages with their fact counts, most recently changed first. */
export async function listPages(db: Db, workspaceId: string): Promise<PageSummary[]> {
  const [pages, groups] = await Promise.all([
    db.page.findMany({ where: { workspaceId }, select: { id: true, title: true, updatedAt: true } }),
    db.fact.groupBy({
      by: ["pageId", "status"],
      where: { page: { workspaceId } },
      _count: { _all: true },
      _max: { updatedAt: true },
    }),
  ]);
  const summaries = pages.map((page) => {
    const counts = noFacts();
    let updatedAt = page.updatedAt;
    for (const group of groups.filter((g) => g.pageId === page.id)) {
      counts[group.status] = group._count._all;
      const changed = group._max.updatedAt;
      if (changed && changed > updatedAt) updatedAt = changed;
    }
    return { id: page.id, title: page.title, counts, updatedAt };
  });
  return summaries.sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime() || a.title.localeCompare(b.title));
}

/**
 * One page of this workspace with every fact (oldest first, each with the
 * message it came from) and the episodes whose pointers lead here; null for
 * another workspace's page.
 */
export async function getPage(db: Db, workspaceId: string, pageId: string) {
  const page = await db.page.findFirst({
    where: { id: pageId, workspaceId },
    select: {
      id: true,
      title: true,
      visibility: true,
      updatedAt: true,
      facts: {
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        select: {
          id: true,
          key: true,
          text: true,
          status: true,
          source: true,
          heldReason: true,
          ownerEditedAt: true,
          supersededReason: true,
          createdAt: true,
          supersededBy: { select: { id: true, text: true } },
          thread: { select: { id: true, title: true } },
          message: { select: { seq: true, createdAt: true } },
        },
      },
    },
  });
  if (!page) return null;
  const episodes = await db.episode.findMany({
    where: { thread: { workspaceId }, pointers: { some: { fact: { pageId } } } },
    orderBy: [{ toAt: "desc" }, { toSeq: "desc" }],
    select: {
      id: true,
      gist: true,
      fromSeq: true,
      toSeq: true,
      fromAt: true,
      toAt: true,
      thread: { select: { id: true, title: true } },
    },
  });
  return { ...page, episodes };
}

/** Whether this workspace has the page, without loading it. */
export async function pageExists(db: Db, workspaceId: string, pageId: string): Promise<boolean> {
  return (await db.page.count({ where: { id: pageId, workspaceId } })) > 0;
}

export type PageDetail = NonNullable<Awaited<ReturnType<typeof getPage>>>;

/** The owner publishes a page to customers or takes it back; null for another workspace's page. */
export async function setPageVisibility(db: Db, workspaceId: string, pageId: string, visibility: PageVisibility) {
  const updated = await db.page.updateMany({ where: { id: pageId, workspaceId }, data: { visibility } });
  return updated.count === 1 ? { id: pageId, visibility } : null;
}

/**
 * Page ids by title, for linking the titles that traces and episode lines
 * name. Routes use ids because titles hold spaces, "&" and slashes.
 */
export async function pageIdsByTitle(db: Db, workspaceId: string, titles: Iterable<string>): Promise<Record<string, string>> {
  const wanted = [...new Set(titles)];
  if (wanted.length === 0) return {};
  const pages = await db.page.findMany({ where: { workspaceId, title: { in: wanted } }, select: { id: true, title: true } });
  return Object.fromEntries(pages.map((p) => [p.title, p.id]));
}
