import { z } from "zod";
import { afterKeyset, keysetPage, type Keyset } from "@/lib/contracts/cursor";
import { recordIdSchema } from "@/lib/contracts/ids";
import { cleanText } from "@/lib/contracts/text";
import type { Db } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { factFields } from "@/lib/pages/queries";

// The Memory screen: every fact of a workspace in one list, newest first,
// narrowed by words, page, status and the thread it came from. Each read is a
// range of one index on the fact's workspace (kept by a trigger, see the
// memory_screen migration), the page's or the thread's, however many facts
// the workspace holds.

/** Facts the Memory screen shows at a time. */
export const MEMORY_FACTS_PER_PAGE = 30;

/** Which facts by status: the live ones (what the agent uses) unless the owner asks for others. */
export const MEMORY_STATUSES = ["live", "all", "CONFIRMED", "PENDING", "SUPERSEDED", "REJECTED"] as const;

export type MemoryStatus = (typeof MEMORY_STATUSES)[number];

const blankAsUnset = (value: unknown) => (value === "" ? undefined : value);

/** The screen's filters, from its address or the API's query string; blank fields mean "any". */
export const memoryFilterSchema = z.object({
  q: z.preprocess(blankAsUnset, cleanText(200).trim().optional()),
  page: z.preprocess(blankAsUnset, recordIdSchema.optional()),
  thread: z.preprocess(blankAsUnset, recordIdSchema.optional()),
  status: z.preprocess(blankAsUnset, z.enum(MEMORY_STATUSES).default("live")),
});

export type MemoryFilter = z.infer<typeof memoryFilterSchema>;

const STATUS_WHERE: Record<MemoryStatus, Prisma.FactWhereInput> = {
  live: { status: { in: ["CONFIRMED", "PENDING"] } },
  all: {},
  CONFIRMED: { status: "CONFIRMED" },
  PENDING: { status: "PENDING" },
  SUPERSEDED: { status: "SUPERSEDED" },
  REJECTED: { status: "REJECTED" },
};

/**
 * Words to find in a fact's text or subject, as typed: no character is a
 * wildcard. Prisma's `contains` is an ILIKE that passes % and _ through, so
 * they (and the escape character itself) are escaped here.
 */
function containing(q: string): Prisma.FactWhereInput {
  const literal = q.replace(/[\\%_]/g, "\\$&");
  return { OR: [{ text: { contains: literal, mode: "insensitive" } }, { key: { contains: literal, mode: "insensitive" } }] };
}

/** One page of the workspace's facts that pass the filter, newest first, `limit` at a time from `after`. */
export async function listMemory(db: Db, workspaceId: string, filter: MemoryFilter, { after, limit = MEMORY_FACTS_PER_PAGE }: { after?: Keyset; limit?: number } = {}) {
  const rows = await db.fact.findMany({
    where: {
      workspaceId,
      ...STATUS_WHERE[filter.status],
      ...(filter.page ? { pageId: filter.page } : {}),
      ...(filter.thread ? { threadId: filter.thread } : {}),
      ...(filter.q ? containing(filter.q) : {}),
      ...(after ? afterKeyset("createdAt", after, "desc") : {}),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
    select: factFields,
  });
  return keysetPage(rows, limit, (f) => ({ at: f.createdAt, id: f.id }));
}

export type MemoryFact = Awaited<ReturnType<typeof listMemory>>["items"][number];

/** How many live facts a thread of this workspace gave the memory: what its chat header's "what's remembered here" link counts. */
export function countThreadMemory(db: Db, workspaceId: string, threadId: string): Promise<number> {
  return db.fact.count({ where: { workspaceId, threadId, ...STATUS_WHERE.live } });
}
