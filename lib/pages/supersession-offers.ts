import type { Db, Tx } from "@/lib/db/client";
import { RequestError } from "@/lib/errors";

// Offers to replace one confirmed fact with a newer one the memory pass filed
// under another key or on another page (the rule: lib/memory/changed-decision.ts).
// Only the owner decides: Accept supersedes the old fact, Keep both dismisses the offer.

/** Open offers a screen shows at most; each is decided in a click, so more than this rarely waits. */
export const OFFERS_SHOWN = 20;

export type SupersessionDecision = "accept" | "keep-both";

/** Saves the pass's offers; a retried pass offers the same pair once. */
export async function offerSupersessions(tx: Tx, workspaceId: string, offers: readonly { oldFactId: string; newFactId: string; reason: string }[]): Promise<void> {
  if (offers.length === 0) return;
  await tx.supersessionOffer.createMany({ data: offers.map((o) => ({ workspaceId, ...o })), skipDuplicates: true });
}

const offerFact = { select: { id: true, key: true, text: true, page: { select: { id: true, title: true } } } } as const;

/**
 * The workspace's open offers whose two facts are both still confirmed,
 * newest first; with `pageId`, those where either fact is on that page.
 * An offer whose fact was reviewed, corrected or replaced since is moot and not shown.
 */
export function listSupersessionOffers(db: Db, workspaceId: string, { pageId }: { pageId?: string } = {}) {
  return db.supersessionOffer.findMany({
    where: {
      workspaceId,
      status: "OPEN",
      oldFact: { status: "CONFIRMED" },
      newFact: { status: "CONFIRMED" },
      ...(pageId ? { OR: [{ oldFact: { pageId } }, { newFact: { pageId } }] } : {}),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: OFFERS_SHOWN,
    select: { id: true, reason: true, createdAt: true, oldFact: offerFact, newFact: offerFact },
  });
}

export type SupersessionOfferView = Awaited<ReturnType<typeof listSupersessionOffers>>[number];

/**
 * The owner's answer to an offer. Accept marks the old fact superseded by the
 * new one (so recall, read_page and answers show only the new value), with
 * the reason, and touches both pages; Keep both dismisses the offer. Both run
 * only while the offer is open and, for Accept, while both facts are still
 * confirmed, so a second tab's answer or a review meanwhile is a conflict.
 */
export async function decideSupersessionOffer(db: Db, workspaceId: string, offerId: string, decision: SupersessionDecision) {
  return db.$transaction(async (tx) => {
    const offer = await tx.supersessionOffer.findFirst({
      where: { id: offerId, workspaceId },
      include: { oldFact: { select: { id: true, pageId: true, status: true } }, newFact: { select: { id: true, pageId: true, key: true, status: true } } },
    });
    if (!offer) throw new RequestError("not_found:offer");
    const decided = await tx.supersessionOffer.updateMany({
      where: { id: offer.id, status: "OPEN" },
      data: { status: decision === "accept" ? "ACCEPTED" : "DISMISSED", decidedAt: new Date() },
    });
    if (decided.count === 0) throw new RequestError("conflict:offer");
    if (decision === "keep-both") return { id: offer.id, status: "DISMISSED" as const };
    const replaced = await tx.fact.updateMany({
      where: { id: offer.oldFact.id, status: "CONFIRMED" },
      data: { status: "SUPERSEDED", supersededById: offer.newFact.id, supersededReason: `the owner accepted that "${offer.newFact.key}" replaces it` },
    });
    if (replaced.count === 0 || offer.newFact.status !== "CONFIRMED") throw new RequestError("conflict:offer", "One of these facts changed since the offer was made: reload to see them as they are.");
    await tx.page.updateMany({ where: { id: { in: [offer.oldFact.pageId, offer.newFact.pageId] } }, data: { updatedAt: new Date() } });
    return { id: offer.id, status: "ACCEPTED" as const };
  });
}
