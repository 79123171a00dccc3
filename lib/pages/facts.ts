import type { Db, Tx } from "@/lib/db/client";
import { RequestError } from "@/lib/errors";
import type { Fact, FactSource, FactStatus } from "@/lib/db/generated/client";

export type FactToFile = {
  workspaceId: string;
  pageTitle: string;
  key: string;
  text: string;
  source: FactSource;
  threadId: string;
  messageId: string;
};

export type FiledFact = { fact: Fact; pageTitle: string; superseded: string[] };

export function normaliseKey(key: string): string {
  return key.toLowerCase().replace(/\s+/g, " ").trim();
}

/**
 * Which live facts a new one replaces. What the owner says replaces anything
 * live on the same subject; what only the agent said replaces only other
 * pending proposals, never something the owner confirmed.
 */
function replaceableStatuses(source: FactSource) {
  return source === "OWNER" ? (["CONFIRMED", "PENDING"] as const) : (["PENDING"] as const);
}

async function supersedeOthers(tx: Tx, fact: Fact, statuses: readonly ("CONFIRMED" | "PENDING")[]): Promise<string[]> {
  const others = await tx.fact.findMany({
    where: { pageId: fact.pageId, key: fact.key, status: { in: [...statuses] }, id: { not: fact.id } },
    select: { id: true },
  });
  if (others.length === 0) return [];
  await tx.fact.updateMany({
    where: { id: { in: others.map((o) => o.id) } },
    data: { status: "SUPERSEDED", supersededById: fact.id },
  });
  return others.map((o) => o.id);
}

/**
 * Files one fact into its topic page. The owner's facts are confirmed; the
 * agent's stay pending until the owner confirms them. Filing the same fact
 * from the same message again returns the existing record, so a retried
 * memory pass does not duplicate facts.
 */
export async function fileFact(tx: Tx, input: FactToFile): Promise<FiledFact> {
  const page = await tx.page.upsert({
    where: { workspaceId_title: { workspaceId: input.workspaceId, title: input.pageTitle } },
    create: { workspaceId: input.workspaceId, title: input.pageTitle },
    update: {},
  });
  const key = normaliseKey(input.key);
  const existing = await tx.fact.findFirst({
    where: { pageId: page.id, key, text: input.text, messageId: input.messageId },
  });
  if (existing) return { fact: existing, pageTitle: page.title, superseded: [] };
  const fact = await tx.fact.create({
    data: {
      pageId: page.id,
      key,
      text: input.text,
      source: input.source,
      status: input.source === "OWNER" ? "CONFIRMED" : "PENDING",
      threadId: input.threadId,
      messageId: input.messageId,
    },
  });
  const superseded = await supersedeOthers(tx, fact, replaceableStatuses(input.source));
  return { fact, pageTitle: page.title, superseded };
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
    if (status === "CONFIRMED") await supersedeOthers(tx, now, ["CONFIRMED", "PENDING"]);
    return now;
  });
}
