import type { Db, Tx } from "@/lib/db/client";
import { RequestError } from "@/lib/errors";
import type { Fact, FactSource, FactStatus } from "@/lib/db/generated/client";
import { normaliseKey, sameSubject } from "@/lib/contracts/fact-subject";
import { newRecordId } from "@/lib/db/ids";
import { factsFiledAs, insertFacts, liveFactsUnderKeys, supersedeFacts, upsertPages } from "@/lib/pages/sql";

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
   * Set when the fact's words, or the sentence of its message it came from,
   * read like an instruction to the assistant (pasted text, an email): the
   * fact is held for the owner's review, pending even though the owner said
   * it, and replaces nothing.
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
function checkReplacement(fact: Fact, old: Fact | undefined, replaces: string, source: FactSource): { old: Fact | null; refused: string | null } {
  if (!old || old.pageId !== fact.pageId) return { old: null, refused: `${replaces} is not a fact on the page this one was filed on` };
  if (old.id === fact.id) return { old: null, refused: "a fact cannot replace itself" };
  if (old.status !== "CONFIRMED" && old.status !== "PENDING") return { old: null, refused: `${replaces} is no longer live` };
  if (!(replaceableStatuses(source) as readonly string[]).includes(old.status)) {
    return { old: null, refused: "an agent proposal never replaces what the owner confirmed" };
  }
  if (!sameSubject(old.key, fact.key)) return { old: null, refused: `"${fact.key}" and "${old.key}" are different subjects` };
  return { old, refused: null };
}

/** Same page, key, text and message: what filing the same fact again would duplicate. */
const sameFiling = (f: { pageId: string; key: string; text: string; messageId: string }) => JSON.stringify([f.pageId, f.key, f.text, f.messageId]);

/** Texts that say the same thing in the same words: case, spacing and closing punctuation aside. */
const statementOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/\s+/g, " ")
    .replace(/[\s.!;,]+$/u, "")
    .trim();

/** Same page, key and statement, from whichever message: one live fact is enough. */
const sameStatement = (f: { pageId: string; key: string; text: string }) => JSON.stringify([f.pageId, f.key, statementOf(f.text)]);

/** The owner's word stands; the agent's, and anything held, waits for the owner. */
const statusOf = (input: Pick<FactToFile, "source" | "heldReason">): FactStatus =>
  input.source === "OWNER" && !input.heldReason ? "CONFIRMED" : "PENDING";

/**
 * Files one fact into its topic page. The owner's facts are confirmed; the
 * agent's, and the owner's held ones, stay pending until the owner confirms them. A fact replaces an
 * earlier one only when the memory pass names it and the server agrees it is
 * the same subject on the same page; the old fact stays, superseded, with
 * the reason. Filing the same fact from the same message again returns the
 * existing record, so a retried memory pass does not duplicate facts.
 */
export async function fileFact(tx: Tx, input: FactToFile): Promise<FiledFact> {
  const [filed] = await fileFacts(tx, [input]);
  return filed;
}

/**
 * Files a memory pass's facts, in order, as fileFact files each one, in a
 * handful of statements however many there are: their pages upserted in
 * one, the facts already filed found in one, the new ones inserted in one
 * (the page vectors' trigger runs once for them all), and, when replacements
 * are named, the replaced facts read in one and superseded in one. A fact
 * named by two new ones is replaced by the first; the second is refused, as
 * it would be filed after it.
 */
export async function fileFacts(tx: Tx, inputs: readonly FactToFile[]): Promise<FiledFact[]> {
  if (inputs.length === 0) return [];
  const now = Date.now();
  const stamp = (ms: number) => new Date(ms).toISOString();
  const wanted = [...new Map(inputs.map((i) => [JSON.stringify([i.workspaceId, i.pageTitle]), i])).values()];
  // DO UPDATE rather than DO NOTHING, so a page that already exists (or that a concurrent pass just made) comes back too.
  const pages = await tx.$queryRawTyped(
    upsertPages(
      wanted.map(() => newRecordId()),
      wanted.map((i) => i.workspaceId),
      wanted.map((i) => i.pageTitle),
      new Date(now),
    ),
  );
  const pageOf = new Map(pages.map((p) => [JSON.stringify([p.workspaceId, p.title]), p]));
  const planned = inputs.map((input) => {
    const page = pageOf.get(JSON.stringify([input.workspaceId, input.pageTitle]))!;
    return { input, page, key: normaliseKey(input.key) };
  });

  const existing = await tx.$queryRawTyped(
    factsFiledAs(
      planned.map((p) => p.page.id),
      planned.map((p) => p.key),
      planned.map((p) => p.input.text),
      planned.map((p) => p.input.messageId),
    ),
  );
  const filedBefore = new Map(existing.map((f) => [sameFiling(f), f]));
  const liveSameKey = await tx.$queryRawTyped(
    liveFactsUnderKeys(
      planned.map((p) => p.page.id),
      planned.map((p) => p.key),
    ),
  );
  const liveByStatement = new Map<string, Fact[]>();
  for (const fact of liveSameKey) liveByStatement.set(sameStatement(fact), [...(liveByStatement.get(sameStatement(fact)) ?? []), fact]);

  // The new facts, each once, in filing order; a millisecond apart, so "newest first" keeps that order.
  // A statement already live under its key is not filed again, unless the owner now says what was only pending.
  const fresh = new Map<string, { id: string; plan: (typeof planned)[number]; createdAt: string; restates: Fact[] }>();
  const statedInBatch = new Map<string, string>();
  const sameAs = new Map<(typeof planned)[number], Fact | string>();
  for (const plan of planned) {
    const filing = sameFiling({ pageId: plan.page.id, key: plan.key, text: plan.input.text, messageId: plan.input.messageId });
    if (filedBefore.has(filing) || fresh.has(filing)) continue;
    const statement = sameStatement({ pageId: plan.page.id, key: plan.key, text: plan.input.text });
    const inBatch = statedInBatch.get(statement);
    if (inBatch) {
      sameAs.set(plan, inBatch);
      continue;
    }
    const live = liveByStatement.get(statement) ?? [];
    const standing = live.find((f) => f.status === "CONFIRMED") ?? (statusOf(plan.input) === "PENDING" ? live[0] : undefined);
    if (standing) {
      sameAs.set(plan, standing);
      continue;
    }
    fresh.set(filing, { id: newRecordId(), plan, createdAt: stamp(now + fresh.size), restates: live });
    statedInBatch.set(statement, filing);
  }
  const rows = [...fresh.values()];
  const inserted =
    rows.length === 0
      ? []
      : await tx.$queryRawTyped(
          insertFacts(
            rows.map((r) => r.id),
            rows.map((r) => r.plan.page.id),
            rows.map((r) => r.plan.key),
            rows.map((r) => r.plan.input.text),
            rows.map((r) => r.plan.input.source),
            rows.map((r) => statusOf(r.plan.input)),
            rows.map((r) => r.plan.input.heldReason ?? null),
            rows.map((r) => r.plan.input.threadId),
            rows.map((r) => r.plan.input.messageId),
            rows.map((r) => r.createdAt),
          ),
        );
  const byId = new Map(inserted.map((f) => [f.id, f]));
  const freshFact = new Map(rows.map((r) => [r.plan, byId.get(r.id)!]));

  const named = [...new Set(rows.flatMap((r) => (r.plan.input.replaces && !r.plan.input.heldReason ? [r.plan.input.replaces] : [])))];
  const olds = new Map(
    (named.length === 0 ? [] : await tx.fact.findMany({ where: { id: { in: named } } })).map((f) => [f.id, f]),
  );
  const superseding: { id: string; by: string; reason: string }[] = [];
  const results = planned.map((plan): FiledFact => {
    const fact = freshFact.get(plan);
    const base = { pageTitle: plan.page.title, superseded: [], refused: null };
    if (!fact) {
      // Filed before, or earlier in this batch, or already live in the same words: the record already there.
      const same = sameAs.get(plan);
      if (same) return { fact: typeof same === "string" ? freshFact.get(fresh.get(same)!.plan)! : same, ...base };
      const filing = sameFiling({ pageId: plan.page.id, key: plan.key, text: plan.input.text, messageId: plan.input.messageId });
      const again = filedBefore.get(filing) ?? [...freshFact.values()].find((f) => sameFiling(f) === filing)!;
      return { fact: again, ...base };
    }
    const { replaces, heldReason, source, messageSeq } = plan.input;
    const restated = fresh.get(sameFiling({ pageId: plan.page.id, key: plan.key, text: plan.input.text, messageId: plan.input.messageId }))!.restates;
    if (restated.length > 0) {
      // The owner said again what was only pending: the pending copies give way to the confirmed one.
      const reason = `the owner said "${fact.key}" again in message #${messageSeq}`;
      for (const old of restated) superseding.push({ id: old.id, by: fact.id, reason });
      return { fact, ...base, superseded: restated.map((old) => old.id) };
    }
    if (!replaces) return { fact, ...base };
    if (heldReason) return { fact, ...base, refused: "a fact held for review replaces nothing" };
    const { old, refused } = checkReplacement(fact, olds.get(replaces), replaces, source);
    if (!old) return { fact, ...base, refused };
    const who = source === "OWNER" ? "the owner" : "the agent";
    const reason = `${who} changed "${old.key}" in message #${messageSeq}`;
    superseding.push({ id: old.id, by: fact.id, reason });
    // What comes later in the batch sees it replaced.
    olds.set(old.id, { ...old, status: "SUPERSEDED", supersededById: fact.id, supersededReason: reason });
    return { fact, ...base, superseded: [old.id] };
  });
  if (superseding.length > 0) {
    await tx.$queryRawTyped(
      supersedeFacts(
        superseding.map((s) => s.id),
        superseding.map((s) => s.by),
        superseding.map((s) => s.reason),
        new Date(),
      ),
    );
  }
  return results;
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

export type Verdict = "confirm" | "reject" | "release";

/**
 * The owner's verdict on a pending fact. Confirming it replaces whatever was
 * live on the same subject. A fact held because it reads like instructions is
 * not confirmed in passing: the owner releases it on purpose (recorded), or
 * rejects it. A fact reviewed meanwhile (in another tab) is a conflict: the
 * change is made only while the fact is still pending, so two verdicts racing
 * cannot both apply.
 */
export async function reviewFact(db: Db, workspaceId: string, factId: string, verdict: Verdict): Promise<Fact> {
  return db.$transaction(async (tx) => {
    const fact = await tx.fact.findFirst({ where: { id: factId, page: { workspaceId } } });
    if (!fact) throw new RequestError("not_found:fact");
    if (fact.status !== "PENDING") throw staleReview(fact.status);
    if ((verdict === "confirm" && fact.heldReason) || (verdict === "release" && !fact.heldReason)) {
      throw verdict === "confirm"
        ? new RequestError("conflict:held")
        : new RequestError("conflict:review", "This fact is not held, so there is nothing to release: confirm or reject it.");
    }
    const status = verdict === "reject" ? "REJECTED" : "CONFIRMED";
    const changed = await tx.fact.updateMany({
      where: { id: fact.id, status: "PENDING" },
      data: { status, ...(verdict === "release" ? { releasedAt: new Date() } : {}) },
    });
    const now = await tx.fact.findUniqueOrThrow({ where: { id: fact.id } });
    // The conditional update fails only when another review got there first.
    if (changed.count === 0) throw staleReview(now.status as Exclude<FactStatus, "PENDING">);
    await tx.page.update({ where: { id: fact.pageId }, data: { updatedAt: new Date() } });
    if (status === "CONFIRMED") {
      const others = await tx.fact.findMany({
        where: { pageId: fact.pageId, key: fact.key, status: { in: ["CONFIRMED", "PENDING"] }, id: { not: fact.id } },
        select: { id: true },
      });
      await supersede(tx, others.map((o) => o.id), now, `the owner ${verdict === "release" ? "released" : "confirmed"} a newer "${fact.key}"`);
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
