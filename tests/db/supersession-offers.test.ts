import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MemoryPassOutput } from "@/lib/contracts/memory-pass";
import { RequestError } from "@/lib/errors";
import { runMemoryPass } from "@/lib/memory/pass";
import { readPage } from "@/lib/pages/read";
import { recallPages } from "@/lib/pages/recall";
import { decideSupersessionOffer, listSupersessionOffers } from "@/lib/pages/supersession-offers";
import { scriptedModel } from "@/tests/support/scripted-model";
import { addConversation, makeThread, makeWorkspace } from "@/tests/db/fixtures";
import { openTestDb, type TestDb } from "@/tests/db/test-db";

// A changed decision filed under another key or on another page is offered to
// the owner, never applied by the pass: Accept replaces the old fact
// everywhere the agent reads memory, Keep both dismisses the offer.

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(async () => {
  await t?.close();
});

type Fact = MemoryPassOutput["facts"][number];
const fact = (page: string, key: string, text: string, messageSeq: number): Fact => ({ page, key, text, messageSeq, replaces: null });
const pass = (...facts: Fact[]) => ({ object: { facts, episode: "", stretch: "continues" as const, fold: null } });

/** A workspace whose owner set a latte's price, then changed it in a later message filed on another page under another key. */
async function changedLattePrice(slug: string) {
  const workspace = await makeWorkspace(t.db, slug);
  const thread = await makeThread(t.db, workspace.id);
  await addConversation(t.db, thread.id, [
    { who: "owner", text: "We charge $5.50 for a 12 oz latte." },
    { who: "agent", text: "Noted: a 12 oz latte is $5.50." },
  ]);
  await runMemoryPass(t.db, scriptedModel([pass(fact("Pricing", "12 oz latte", "A 12 oz latte is $5.50", 1))]), thread.id);
  await addConversation(t.db, thread.id, [
    { who: "owner", text: "From Monday the latte goes up to $5.75." },
    { who: "agent", text: "Got it, $5.75 from Monday." },
  ]);
  const report = await runMemoryPass(t.db, scriptedModel([pass(fact("Menu", "latte price", "A 12 oz latte is $5.75 from Monday", 3))]), thread.id);
  const [old, now] = await t.db.fact.findMany({ where: { threadId: thread.id }, orderBy: { createdAt: "asc" } });
  return { workspace, thread, report, old, now };
}

describe("supersession offers", () => {
  it("the pass offers the changed decision and replaces nothing by itself", async () => {
    const { workspace, report, old, now } = await changedLattePrice("offer-made");
    expect(report.status).toBe("filed");
    expect([old.status, now.status]).toEqual(["CONFIRMED", "CONFIRMED"]);
    const offers = await listSupersessionOffers(t.db, workspace.id);
    expect(offers.map((o) => [o.oldFact.id, o.newFact.id])).toEqual([[old.id, now.id]]);
    expect(offers[0].reason).toContain("on Pricing, now on Menu");
    // Shown on either fact's page.
    expect(await listSupersessionOffers(t.db, workspace.id, { pageId: old.pageId })).toHaveLength(1);
    expect(await listSupersessionOffers(t.db, workspace.id, { pageId: now.pageId })).toHaveLength(1);
  });

  it("Accept marks the old fact replaced by the new one, so recall and read_page show only the new value", async () => {
    const { workspace, old, now } = await changedLattePrice("offer-accepted");
    const [offer] = await listSupersessionOffers(t.db, workspace.id);
    expect(await decideSupersessionOffer(t.db, workspace.id, offer.id, "accept")).toEqual({ id: offer.id, status: "ACCEPTED" });

    const replaced = await t.db.fact.findUniqueOrThrow({ where: { id: old.id } });
    expect(replaced).toMatchObject({ status: "SUPERSEDED", supersededById: now.id });
    expect(replaced.supersededReason).toContain('"latte price"');
    const recalled = (await recallPages(t.db, workspace.id, "what does a latte cost", 3)).flatMap((p) => p.facts.map((f) => f.text));
    expect(recalled).toContain(now.text);
    expect(recalled).not.toContain(old.text);
    const pricing = await readPage(t.db, workspace.id, "Pricing");
    expect(pricing.facts.map((f) => [f.text, f.status])).toEqual([[old.text, "SUPERSEDED"]]);
    expect(await listSupersessionOffers(t.db, workspace.id)).toEqual([]);
  });

  it("Keep both dismisses the offer and leaves both facts confirmed", async () => {
    const { workspace, old, now } = await changedLattePrice("offer-kept");
    const [offer] = await listSupersessionOffers(t.db, workspace.id);
    expect(await decideSupersessionOffer(t.db, workspace.id, offer.id, "keep-both")).toEqual({ id: offer.id, status: "DISMISSED" });
    const facts = await t.db.fact.findMany({ where: { id: { in: [old.id, now.id] } } });
    expect(facts.map((f) => f.status)).toEqual(["CONFIRMED", "CONFIRMED"]);
    expect(await listSupersessionOffers(t.db, workspace.id)).toEqual([]);
  });

  it("an offer is answered once, and only in its own workspace", async () => {
    const { workspace, old } = await changedLattePrice("offer-once");
    const other = await makeWorkspace(t.db, "offer-other");
    const [offer] = await listSupersessionOffers(t.db, workspace.id);
    await expect(decideSupersessionOffer(t.db, other.id, offer.id, "accept")).rejects.toMatchObject({ code: "not_found:offer" });
    expect(await listSupersessionOffers(t.db, other.id)).toEqual([]);
    await decideSupersessionOffer(t.db, workspace.id, offer.id, "keep-both");
    await expect(decideSupersessionOffer(t.db, workspace.id, offer.id, "accept")).rejects.toBeInstanceOf(RequestError);
    expect((await t.db.fact.findUniqueOrThrow({ where: { id: old.id } })).status).toBe("CONFIRMED");
  });

  it("an offer made moot by a correction meanwhile is not shown, and accepting it is a conflict that changes nothing", async () => {
    const { workspace, old, now } = await changedLattePrice("offer-moot");
    const [offer] = await listSupersessionOffers(t.db, workspace.id);
    await t.db.fact.update({ where: { id: old.id }, data: { status: "REJECTED" } });
    expect(await listSupersessionOffers(t.db, workspace.id)).toEqual([]);
    await expect(decideSupersessionOffer(t.db, workspace.id, offer.id, "accept")).rejects.toMatchObject({ code: "conflict:offer" });
    expect((await t.db.fact.findUniqueOrThrow({ where: { id: now.id } })).status).toBe("CONFIRMED");
    expect((await t.db.supersessionOffer.findUniqueOrThrow({ where: { id: offer.id } })).status).toBe("OPEN");
  });

  it("a different subject with a value of the same kind is not offered", async () => {
    const workspace = await makeWorkspace(t.db, "offer-none");
    const thread = await makeThread(t.db, workspace.id);
    await addConversation(t.db, thread.id, [
      { who: "owner", text: "Delivery costs $6 and card payments cost $2 extra." },
      { who: "agent", text: "Noted." },
    ]);
    await runMemoryPass(t.db, scriptedModel([pass(fact("Pricing", "delivery fee", "Delivery costs $6", 1))]), thread.id);
    await addConversation(t.db, thread.id, [
      { who: "owner", text: "Card payments cost $2 extra." },
      { who: "agent", text: "Noted." },
    ]);
    await runMemoryPass(t.db, scriptedModel([pass(fact("Payments", "card fee", "Card payments cost $2 extra", 3))]), thread.id);
    expect(await listSupersessionOffers(t.db, workspace.id)).toEqual([]);
  });

  it("deleting a fact takes its offers with it", async () => {
    const { workspace, now } = await changedLattePrice("offer-deleted");
    await t.db.fact.delete({ where: { id: now.id } });
    expect(await t.db.supersessionOffer.count({ where: { workspaceId: workspace.id } })).toBe(0);
  });
});
