import type { Db } from "@/lib/db/client";
import type { PageVisibility } from "@/lib/db/generated/client";
import { formatFactLine } from "@/lib/contracts/prompt/recalled-pages";
import { isoDay } from "@/lib/contracts/prompt/common";
import { holdReasonFor } from "@/lib/guard/fact-vetting";
import { internalKindOf, internalWarning } from "@/lib/pages/internal-facts";

// What a customer may be shown of a published page. A confirmed fact reaches a
// customer only while it passes the fact vetting under the current rules: when
// the owner publishes its page (a fact that fails is held, with the reason, for
// the owner to release or reject), and again every time a customer's turn
// reads it (a fact filed or released under older rules is left out).

/** The fields a published fact is vetted on. */
export type PublishedFactFields = {
  key: string;
  text: string;
  releasedAt: Date | null;
  ownerEditedAt: Date | null;
  /** The text of the message it was taken from. */
  sourceText: string;
};

/** Why the fact may not be shown to a customer now, or null when it may. */
export function customerHoldReason(fact: PublishedFactFields): string | null {
  return holdReasonFor({ key: fact.key, text: fact.text, source: fact.sourceText, vouched: fact.releasedAt !== null || fact.ownerEditedAt !== null });
}

/** The facts a customer may read, in the order given. */
export function publishable<T extends PublishedFactFields>(facts: readonly T[]): T[] {
  return facts.filter((fact) => customerHoldReason(fact) === null);
}

export type PublishedFact = { id: string; key: string; text: string; reason: string };

export type VisibilityChange = {
  id: string;
  visibility: PageVisibility;
  /** Confirmed facts held for review when the page was published, each with its reason. */
  held: PublishedFact[];
  /** Facts the owner released or wrote that still read as instructions: they stay confirmed, but no customer is shown them. */
  keptFromCustomers: PublishedFact[];
};

/**
 * Publishes every page holding a fact filed from this thread, as a seeded
 * story's owner did. Nothing is held here: each customer's turn still reads
 * only the facts that pass the vetting (publishable).
 */
export async function publishPagesFiledFrom(db: Db, workspaceId: string, threadId: string): Promise<void> {
  await db.page.updateMany({ where: { workspaceId, facts: { some: { threadId } } }, data: { visibility: "PUBLIC" } });
}

/**
 * The owner publishes a page to customers or takes it back; null for another
 * workspace's page. Publishing vets every confirmed fact of the page first.
 */
export async function setPageVisibility(db: Db, workspaceId: string, pageId: string, visibility: PageVisibility): Promise<VisibilityChange | null> {
  return db.$transaction(async (tx) => {
    const updated = await tx.page.updateMany({ where: { id: pageId, workspaceId }, data: { visibility } });
    if (updated.count !== 1) return null;
    const change: VisibilityChange = { id: pageId, visibility, held: [], keptFromCustomers: [] };
    if (visibility !== "PUBLIC") return change;
    const confirmed = await tx.fact.findMany({
      where: { pageId, status: "CONFIRMED" },
      select: { id: true, key: true, text: true, releasedAt: true, ownerEditedAt: true, message: { select: { text: true } } },
    });
    for (const fact of confirmed) {
      const reason = customerHoldReason({ ...fact, sourceText: fact.message.text });
      if (!reason) continue;
      const vouched = fact.releasedAt !== null || fact.ownerEditedAt !== null;
      (vouched ? change.keptFromCustomers : change.held).push({ id: fact.id, key: fact.key, text: fact.text, reason });
    }
    for (const fact of change.held) {
      await tx.fact.update({ where: { id: fact.id }, data: { status: "PENDING", heldReason: `held when the page was published: ${fact.reason}` } });
    }
    return change;
  });
}

/** Facts a publish preview lists at most: a customer's recall shows fewer, newest first. */
export const PREVIEW_FACTS = 50;

export type PreviewFact = {
  id: string;
  key: string;
  text: string;
  /** The fact as a customer's prompt quotes it. */
  quoted: string;
  /** Why it looks like the business's own affairs (a supplier's cost, a wage, the rent), or null. */
  warning: string | null;
};

export type PublishPreview = {
  id: string;
  title: string;
  visibility: PageVisibility;
  /** What a customer asking about the page could be told, newest first. */
  shown: PreviewFact[];
  /** Confirmed facts beyond those listed. */
  more: number;
  /** Confirmed facts no customer would be told: they read as instructions (held when published, or kept back if the owner vouched for them). */
  withheld: PublishedFact[];
};

/**
 * What publishing the page would let a customer be told, before it is
 * published: its confirmed facts as the customer's prompt quotes them after
 * the vetting every customer read runs, those the vetting keeps back, and a
 * warning on each fact that looks internal. Null for another workspace's page.
 */
export async function previewPublish(db: Db, workspaceId: string, pageId: string): Promise<PublishPreview | null> {
  const page = await db.page.findFirst({ where: { id: pageId, workspaceId }, select: { id: true, title: true, visibility: true } });
  if (!page) return null;
  const [facts, total] = await Promise.all([
    db.fact.findMany({
      where: { pageId, status: "CONFIRMED" },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: PREVIEW_FACTS,
      select: { id: true, key: true, text: true, source: true, releasedAt: true, ownerEditedAt: true, message: { select: { text: true, createdAt: true } } },
    }),
    db.fact.count({ where: { pageId, status: "CONFIRMED" } }),
  ]);
  const preview: PublishPreview = { ...page, shown: [], more: Math.max(0, total - facts.length), withheld: [] };
  for (const fact of facts) {
    const reason = customerHoldReason({ ...fact, sourceText: fact.message.text });
    if (reason) {
      preview.withheld.push({ id: fact.id, key: fact.key, text: fact.text, reason });
      continue;
    }
    const kind = internalKindOf(fact);
    const line = { text: fact.text, label: "confirmed" as const, source: fact.source === "OWNER" ? ("owner" as const) : ("agent" as const), day: isoDay(fact.message.createdAt) };
    preview.shown.push({ id: fact.id, key: fact.key, text: fact.text, quoted: formatFactLine(line, "customer"), warning: kind ? internalWarning(kind) : null });
  }
  return preview;
}
