import type { Db } from "@/lib/db/client";
import type { PageVisibility } from "@/lib/db/generated/client";
import { holdReasonFor } from "@/lib/guard/fact-vetting";

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
