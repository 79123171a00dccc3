import type { Db, Tx } from "@/lib/db/client";
import { RequestError } from "@/lib/errors";
import type { Fact, FactSource } from "@/lib/db/generated/client";

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

export class FactNotFoundError extends RequestError {
  constructor() {
    super(404, "No such fact in this workspace.");
  }
}

/** The owner's verdict on a pending fact. Confirming it replaces whatever was live on the same subject. */
export async function reviewFact(db: Db, workspaceId: string, factId: string, verdict: "confirm" | "reject"): Promise<Fact> {
  return db.$transaction(async (tx) => {
    const fact = await tx.fact.findFirst({ where: { id: factId, page: { workspaceId } } });
    if (!fact) throw new FactNotFoundError();
    if (fact.status !== "PENDING") return fact;
    if (verdict === "reject") return tx.fact.update({ where: { id: fact.id }, data: { status: "REJECTED" } });
    const confirmed = await tx.fact.update({ where: { id: fact.id }, data: { status: "CONFIRMED" } });
    await supersedeOthers(tx, confirmed, ["CONFIRMED", "PENDING"]);
    return confirmed;
  });
}
