import type { Db } from "@/lib/db/client";
import { isoDay } from "@/lib/contracts/prompt/common";
import type { ReadPageOutput } from "@/lib/contracts/tools";
import { visibleStatuses, visibleVisibilities, type Audience } from "@/lib/pages/audience";
import { publishable } from "@/lib/pages/publish";

/**
 * read_page: a workspace page's facts with their status and where each came
 * from. A customer is shown only a public page's confirmed facts, without the
 * owner's thread titles, and only the facts that pass the fact vetting again
 * now; a private page reads as not found, so its existence does not leak either.
 */
export async function readPage(db: Db, workspaceId: string, title: string, audience: Audience = "owner"): Promise<ReadPageOutput> {
  const owner = audience === "owner";
  const page = await db.page.findFirst({
    where: {
      workspaceId,
      title: { equals: title.replace(/^pages\//i, "").trim(), mode: "insensitive" },
      visibility: { in: visibleVisibilities(audience) },
    },
    include: {
      facts: {
        where: owner ? undefined : { status: { in: visibleStatuses(audience) } },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        include: { thread: { select: { title: true } }, message: { select: { seq: true, createdAt: true, text: !owner } } },
      },
    },
  });
  if (!page) return { title, found: false, facts: [] };
  const facts = owner ? page.facts : publishable(page.facts.map((f) => ({ ...f, sourceText: f.message.text ?? "" })));
  // A published page with nothing a customer may read is, to the customer, no page at all: its title tells nothing either.
  if (!owner && facts.length === 0) return { title, found: false, facts: [] };
  return {
    title: page.title,
    found: true,
    facts: facts.map((f) => ({
      id: f.id,
      key: f.key,
      text: f.text,
      status: f.status,
      source: f.source,
      // When it was said, not when it was filed: an imported or consolidated thread is filed later.
      day: isoDay(f.message.createdAt),
      threadTitle: owner ? f.thread.title : null,
      messageSeq: f.message.seq,
    })),
  };
}
