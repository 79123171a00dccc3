import type { Db } from "@/lib/db/client";
import { isoDay } from "@/lib/contracts/prompt/common";
import type { ReadPageOutput } from "@/lib/contracts/tools";

/** read_page: a workspace page's facts with their status and where each came from. */
export async function readPage(db: Db, workspaceId: string, title: string): Promise<ReadPageOutput> {
  const page = await db.page.findFirst({
    where: { workspaceId, title: { equals: title.replace(/^pages\//i, "").trim(), mode: "insensitive" } },
    include: {
      facts: {
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        include: { thread: { select: { title: true } }, message: { select: { seq: true, createdAt: true } } },
      },
    },
  });
  if (!page) return { title, found: false, facts: [] };
  return {
    title: page.title,
    found: true,
    facts: page.facts.map((f) => ({
      id: f.id,
      key: f.key,
      text: f.text,
      status: f.status,
      source: f.source,
      // When it was said, not when it was filed: an imported or consolidated thread is filed later.
      day: isoDay(f.message.createdAt),
      threadTitle: f.thread.title,
      messageSeq: f.message.seq,
    })),
  };
}
