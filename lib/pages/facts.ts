import type { Db, Tx } from "@/lib/db/client";
import { RequestError } from "@/lib/errors";
import type { Fact, FactSource, FactStatus } from "@/lib/db/generated/client";
import { normaliseKey, sameSubject } from "@/lib/contracts/fact-subject";

export type FactToFile = {
  workspaceId: string;
  pageTitle: string;
  key: string;
  text: string;
  source: FactSource;
  threadId: string;
  messageId: string;
  /** The id of the live fact the model says this one replaces, or null: nothing is replaced unless it is named. */
  replaces: string | null;
  /** The #number of the message it comes from, for the record of why a replacement happened. */
  messageSeq: number;
  /**
   * Set when the message it came from reads like an instruction to the
   * assistant (pasted text, an email): the fact is held for the owner's
   * review, pending even though the owner said it, and replaces nothing.
   */
  heldReason?: string | null;
};

export type FiledFact = {
  fact: Fact;
  pageTitle: string;
  superseded: string[];
  /** Why a named replacement was not accepted, or null when none was named or it was accepted. */
  refused: string | null;
};

/**
 * Which live facts a new one may replace. What the owner says replaces
 * anything live on the same subject; what only the agent said replaces only
 * other pending proposals, never something the owner confirmed.
 */
function replaceableStatuses(source: FactSource) {
  return source === "OWNER" ? (["CONFIRMED", "PENDING"] as const) : (["PENDING"] as const);
}

async function supersede(tx: Tx, ids: string[], by: Fact, reason: string): Promise<string[]> {
  if (ids.length === 0) return [];
  await tx.fact.updateMany({ where: { id: { in: ids } }, data: { status: "SUPERSEDED", supersededById: by.id, supersededReason: reason } });
  return ids;
}

/**
 * The replacement the model named, checked: it must be a live fact on the
 * same page, about the same subject, and one this speaker may replace.
 * Returns the reason it is refused, or null when it is accepted.
 */
async function checkReplacement(tx: Tx, fact: Fact, replaces: string, source: FactSource): Promise<{ old: Fact | null; refused: string | null }> {
  const old = await tx.fact.findUnique({ where: { id: replaces } });
  if (!old || old.pageId !== fact.pageId) return { old: null, refused: `${replaces} is not a fact on the page this one was filed on` };
  if (old.id === fact.id) return { old: null, refused: "a fact cannot replace itself" };
  if (old.status !== "CONFIRMED" && old.status !== "PENDING") return { old: null, refused: `${replaces} is no longer live` };
  if (!(replaceableStatuses(source) as readonly string[]).includes(old.status)) {
    return { old: null, refused: "an agent proposal never replaces what the owner confirmed" };
  }
  if (!sameSubject(old.key, fact.key)) return { old: null, refused: `"${fact.key}" and "${old.key}" are different subjects` };
  return { old, refused: null };
}

/**
 * Files one fact into its topic page. The owner's facts are confirmed; the
 * agent's, and the owner's held ones, stay pending until the owner confirms them. A fact replaces an
 * earlier one only when the memory pass names it and the server agrees it is
 * the same subject on the same page; the old fact stays, superseded, with
 * the reason. Filing the same fact from the same message again returns the
 * existing record, so a retried memory pass does not duplicate facts.
 */
export async function fileFact(tx: Tx, input: FactToFile): Promise<FiledFact> {
  const page = await tx.page.upsert({
    where: { workspaceId_title: { workspaceId: input.workspaceId, title: input.pageTitle } },
    create: { workspaceId: input.workspaceId, title: input.pageTitle },
    // A fact filed or superseded is a change to its page: the pages list sorts by it.
    update: { updatedAt: new Date() },
  });
  const key = normaliseKey(input.key);
  const existing = await tx.fact.findFirst({
    where: { pageId: page.id, key, text: input.text, messageId: input.messageId },
  });
  if (existing) return { fact: existing, pageTitle: page.title, superseded: [], refused: null };
  const fact = await tx.fact.create({
    data: {
      pageId: page.id,
      key,
      text: input.text,
      source: input.source,
      status: input.source === "OWNER" && !input.heldReason ? "CONFIRMED" : "PENDING",
      heldReason: input.heldReason ?? null,
      threadId: input.threadId,
      messageId: input.messageId,
    },
  });
  if (!input.replaces) return { fact, pageTitle: page.title, superseded: [], refused: null };
  if (input.heldReason) return { fact, pageTitle: page.title, superseded: [], refused: "a fact held for review replaces nothing" };
  const { old, refused } = await checkReplacement(tx, fact, input.replaces, input.source);
  if (!old) return { fact, pageTitle: page.title, superseded: [], refused };
  const who = input.source === "OWNER" ? "the owner" : "the agent";
  const reason = `${who} changed "${old.key}" in message #${input.messageSeq}`;
  return { fact, pageTitle: page.title, superseded: await supersede(tx, [old.id], fact, reason), refused: null };
}

/** What became of a fact that is no longer pending, in the words a 409 uses. */
const REVIEWED_AS: Record<Exclude<FactStatus, "PENDING">, string> = {
  CONFIRMED: "is already confirmed",
  REJECTED: "is already rejected",
  SUPERSEDED: "is superseded: a newer fact replaced it",
};

function staleReview(status: Exclude<FactStatus, "PENDING">): RequestError {
  return new RequestError("conflict:review", `This fact ${REVIEWED_AS[status]}, so your review was not applied.`);
}

/**
 * The owner's verdict on a pending fact. Confirming it replaces whatever was
 * live on the same subject. A fact reviewed meanwhile (in another tab) is a
 * conflict: the change is made only while the fact is still pending, so two
 * verdicts racing cannot both apply.
 */
export async function reviewFact(db: Db, workspaceId: string, factId: string, verdict: "confirm" | "reject"): Promise<Fact> {
  return db.$transaction(async (tx) => {
    const fact = await tx.fact.findFirst({ where: { id: factId, page: { workspaceId } } });
    if (!fact) throw new RequestError("not_found:fact");
    if (fact.status !== "PENDING") throw staleReview(fact.status);
    const status = verdict === "confirm" ? "CONFIRMED" : "REJECTED";
    const changed = await tx.fact.updateMany({ where: { id: fact.id, status: "PENDING" }, data: { status } });
    const now = await tx.fact.findUniqueOrThrow({ where: { id: fact.id } });
    // The conditional update fails only when another review got there first.
    if (changed.count === 0) throw staleReview(now.status as Exclude<FactStatus, "PENDING">);
    await tx.page.update({ where: { id: fact.pageId }, data: { updatedAt: new Date() } });
    if (status === "CONFIRMED") {
      const others = await tx.fact.findMany({
        where: { pageId: fact.pageId, key: fact.key, status: { in: ["CONFIRMED", "PENDING"] }, id: { not: fact.id } },
        select: { id: true },
      });
      await supersede(tx, others.map((o) => o.id), now, `the owner confirmed a newer "${fact.key}"`);
    }
    return now;
  });
}

/**
 * The owner corrects a live fact by hand (§10 reconsolidation): the corrected
 * text becomes a confirmed fact of its own, recorded as the owner's edit and
 * keeping the original message as where the subject came up, and the old one
 * is superseded by it with the reason. A retried memory pass over that
 * message finds the old record and files nothing new, so the edit stands.
 */
export async function correctFact(db: Db, workspaceId: string, factId: string, text: string): Promise<Fact> {
  return db.$transaction(async (tx) => {
    const fact = await tx.fact.findFirst({ where: { id: factId, page: { workspaceId } } });
    if (!fact) throw new RequestError("not_found:fact");
    if (fact.status !== "CONFIRMED" && fact.status !== "PENDING") throw new RequestError("conflict:correction");
    const corrected = await tx.fact.create({
      data: {
        pageId: fact.pageId,
        key: fact.key,
        text,
        source: "OWNER",
        status: "CONFIRMED",
        threadId: fact.threadId,
        messageId: fact.messageId,
        ownerEditedAt: new Date(),
      },
    });
    // Conditional on the status read above, so a review or another correction racing this one cannot both apply.
    const changed = await tx.fact.updateMany({
      where: { id: fact.id, status: fact.status },
      data: { status: "SUPERSEDED", supersededById: corrected.id, supersededReason: `the owner corrected "${fact.key}" by hand` },
    });
    if (changed.count === 0) throw new RequestError("conflict:correction");
    return corrected;
  });
}
