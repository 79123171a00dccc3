import { afterKeyset, keysetPage, type Keyset, type KeysetPage } from "@/lib/contracts/cursor";
import type { Db } from "@/lib/db/client";
import type { FactStatus } from "@/lib/db/generated/client";

type FactCounts = Record<FactStatus, number>;

/** Pages the pages list shows at a time. */
export const PAGES_PER_PAGE = 24;

/** Facts a page shows at a time in each of its groups (waiting, confirmed, earlier). */
export const FACTS_PER_PAGE = 20;

/** Episodes pointing at a page that it lists at a time, latest first. */
export const PAGE_EPISODES_PER_PAGE = 10;

export type PageSummary = {
  id: string;
  title: string;
  counts: FactCounts;
  /** The page's last change: its own, or filing, superseding or reviewing one of its facts. */
  updatedAt: Date;
};

const noFacts = (): FactCounts => ({ CONFIRMED: 0, PENDING: 0, REJECTED: 0, SUPERSEDED: 0 });

/** Fact counts by status for these pages only. */
async function factCounts(db: Db, pageIds: string[]): Promise<Map<string, FactCounts>> {
  const groups = await db.fact.groupBy({ by: ["pageId", "status"], where: { pageId: { in: pageIds } }, _count: { _all: true } });
  const counts = new Map(pageIds.map((id) => [id, noFacts()]));
  for (const group of groups) counts.get(group.pageId)![group.status] = group._count._all;
  return counts;
}

/** The workspace's topic pages with their fact counts, most recently changed first, `limit` at a time from `after`. */
export async function listPages(
  db: Db,
  workspaceId: string,
  { after, limit = PAGES_PER_PAGE }: { after?: Keyset; limit?: number } = {},
): Promise<KeysetPage<PageSummary>> {
  const rows = await db.page.findMany({
    where: { workspaceId, ...(after ? afterKeyset("updatedAt", after, "desc") : {}) },
    orderBy: [{ updatedAt: "desc" }, { id: "desc" }],
    take: limit + 1,
    select: { id: true, title: true, updatedAt: true },
  });
  const page = keysetPage(rows, limit, (p) => ({ at: p.updatedAt, id: p.id }));
  const counts = await factCounts(db, page.items.map((p) => p.id));
  return { items: page.items.map((p) => ({ ...p, counts: counts.get(p.id)! })), next: page.next };
}

/** The fact groups a page shows, pending first: those are what the owner has to act on. */
export const FACT_GROUPS = {
  waiting: ["PENDING"],
  confirmed: ["CONFIRMED"],
  earlier: ["SUPERSEDED", "REJECTED"],
} as const satisfies Record<string, FactStatus[]>;

export type FactGroup = keyof typeof FACT_GROUPS;

/** What a fact row shows wherever facts are listed: the page's groups and the Memory screen. */
export const factFields = {
  id: true,
  key: true,
  text: true,
  status: true,
  source: true,
  heldReason: true,
  releasedAt: true,
  ownerEditedAt: true,
  supersededReason: true,
  createdAt: true,
  supersededBy: { select: { id: true, text: true } },
  thread: { select: { id: true, title: true } },
  message: { select: { seq: true, createdAt: true } },
  page: { select: { id: true, title: true } },
} as const;

/**
 * A page's facts in one group, newest first (each with the message it came
 * from), `limit` at a time from `after`: a fact just filed or just reviewed
 * is at the top of its group, not pages down.
 */
export async function listPageFacts(
  db: Db,
  pageId: string,
  group: FactGroup,
  { after, limit = FACTS_PER_PAGE }: { after?: Keyset; limit?: number } = {},
) {
  const rows = await db.fact.findMany({
    where: { pageId, status: { in: [...FACT_GROUPS[group]] }, ...(after ? afterKeyset("createdAt", after, "desc") : {}) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
    select: factFields,
  });
  return keysetPage(rows, limit, (f) => ({ at: f.createdAt, id: f.id }));
}

export type PageFact = Awaited<ReturnType<typeof listPageFacts>>["items"][number];

/** The episodes whose pointers lead to a page, latest first, `limit` at a time from `after` (by when they ended). */
export async function listPageEpisodes(
  db: Db,
  workspaceId: string,
  pageId: string,
  { after, limit = PAGE_EPISODES_PER_PAGE }: { after?: Keyset; limit?: number } = {},
) {
  const rows = await db.episode.findMany({
    where: { thread: { workspaceId }, pointers: { some: { fact: { pageId } } }, ...(after ? afterKeyset("toAt", after, "desc") : {}) },
    orderBy: [{ toAt: "desc" }, { id: "desc" }],
    take: limit + 1,
    select: { id: true, gist: true, fromSeq: true, toSeq: true, fromAt: true, toAt: true, thread: { select: { id: true, title: true } } },
  });
  return keysetPage(rows, limit, (e) => ({ at: e.toAt, id: e.id }));
}

/**
 * One page of this workspace with the first stretch of each fact group and
 * of the episodes that point here, and how many there are in all; null for
 * another workspace's page.
 */
export async function getPage(db: Db, workspaceId: string, pageId: string, options: { pointedBy?: string } = {}) {
  const page = await db.page.findFirst({ where: { id: pageId, workspaceId }, select: { id: true, title: true, visibility: true, updatedAt: true } });
  if (!page) return null;
  const [counts, waiting, confirmed, earlier, episodes, episodeCount, pointed] = await Promise.all([
    factCounts(db, [page.id]),
    listPageFacts(db, page.id, "waiting"),
    listPageFacts(db, page.id, "confirmed"),
    listPageFacts(db, page.id, "earlier"),
    listPageEpisodes(db, workspaceId, page.id),
    db.episode.count({ where: { thread: { workspaceId }, pointers: { some: { fact: { pageId } } } } }),
    options.pointedBy ? pointedFacts(db, workspaceId, page.id, options.pointedBy) : Promise.resolve([]),
  ]);
  const groups = { waiting, confirmed, earlier };
  // A line's facts are shown in their group even when they are older than its first page.
  for (const fact of pointed) {
    const group = groups[groupOf(fact.status)];
    if (!group.items.some((f) => f.id === fact.id)) group.items.push(fact);
  }
  return { ...page, counts: counts.get(page.id)!, facts: groups, episodes, episodeCount, pointed: pointed.map((f) => f.id) };
}

const groupOf = (status: FactStatus) => (Object.keys(FACT_GROUPS) as FactGroup[]).find((g) => (FACT_GROUPS[g] as readonly FactStatus[]).includes(status))!;

/** The facts on a page that one of this workspace's episode lines points at, newest first; none for an unknown line. */
function pointedFacts(db: Db, workspaceId: string, pageId: string, episodeId: string) {
  return db.fact.findMany({
    where: { pageId, episodes: { some: { episodeId, episode: { thread: { workspaceId } } } } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: factFields,
  });
}

/** A page's id and title, for naming it; null for another workspace's page. */
export function findPageSummary(db: Db, workspaceId: string, pageId: string) {
  return db.page.findFirst({ where: { id: pageId, workspaceId }, select: { id: true, title: true } });
}

/** Whether this workspace has the page, without loading it. */
export async function pageExists(db: Db, workspaceId: string, pageId: string): Promise<boolean> {
  return (await db.page.count({ where: { id: pageId, workspaceId } })) > 0;
}

export type PageDetail = NonNullable<Awaited<ReturnType<typeof getPage>>>;

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

/** The titles of the workspace's `limit` most recently changed pages, newest first. */
export async function recentPageTitles(db: Db, workspaceId: string, limit: number): Promise<string[]> {
  const pages = await db.page.findMany({ where: { workspaceId }, orderBy: { updatedAt: "desc" }, take: limit, select: { title: true } });
  return pages.map((p) => p.title);
}

/** What a customer can ask about: the titles of published pages with a confirmed fact, most recently changed first. */
export async function publishedTopics(db: Db, workspaceId: string, limit = 3): Promise<string[]> {
  const pages = await db.page.findMany({
    where: { workspaceId, visibility: "PUBLIC", facts: { some: { status: "CONFIRMED" } } },
    orderBy: [{ updatedAt: "desc" }, { id: "desc" }],
    take: limit,
    select: { title: true },
  });
  return pages.map((p) => p.title);
}

/**
 * A workspace's live facts that state any of the given spellings of a figure
 * ("$3,085", "3085"), newest first, at most `limit`: what a correction that
 * names only the old figure ("actually it's $3,185 not $3,085") corrects.
 */
export async function liveFactsStating(db: Db, workspaceId: string, spellings: readonly string[], limit: number) {
  if (spellings.length === 0) return [];
  return db.fact.findMany({
    where: { workspaceId, status: { in: ["CONFIRMED", "PENDING"] }, OR: spellings.map((s) => ({ text: { contains: s } })) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
    select: { id: true, key: true, text: true, status: true, source: true, page: { select: { title: true } } },
  });
}
