import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bikeShop } from "@/tests/db/conversations/bike-shop";
import { dentalClinic } from "@/tests/db/conversations/dental-clinic";
import { playConversation, type QuestionResult } from "@/tests/db/dogfood-harness";
import { openTestDb, type TestDb } from "@/tests/db/test-db";

// Dogfooding: a conversation written as an owner types, not for the offline
// model, played through the real turn; then 14 questions about facts said
// outside the window.

let t: TestDb;
let played: Awaited<ReturnType<typeof playConversation>>;

beforeAll(async () => {
  t = await openTestDb();
  played = await playConversation(t.db, "dogfood-bikes", bikeShop);
}, 300_000);
afterAll(() => t?.close());

const byAsk = (ask: string): QuestionResult => played.results.find((r) => r.ask === ask)!;

describe("a bike shop owner's thread, asked about facts outside the window", () => {
  it("answers at least 12 of 14 questions with the right value", () => {
    const wrong = played.results.filter((r) => !r.right).map((r) => `${r.ask} → ${r.answer}`);
    console.log(`dogfooding (${t.kind}): ${14 - wrong.length}/14 right${wrong.length ? `\n  ${wrong.join("\n  ")}` : ""}`);
    expect(played.results).toHaveLength(14);
    expect(wrong.length).toBeLessThanOrEqual(2);
  });

  it.each(bikeShop.questions.map((q) => [q.ask, q] as const))("%s: the fact was said outside the window and is filed live", (ask, q) => {
    const r = byAsk(ask);
    expect(r.sourceSeq).not.toBeNull();
    expect(r.sourceSeq!).toBeLessThan(r.windowFromSeq);
    expect(r.live, `no live fact states ${q.expect}`).not.toBeNull();
    if (q.page) expect(r.live!.page).toMatch(q.page);
  });

  it.each(bikeShop.questions.filter((q) => q.earlier).map((q) => [q.ask, q] as const))(
    "%s: the changed decision superseded exactly the old value, which stays as earlier",
    (ask) => {
      const r = byAsk(ask);
      expect(r.earlier, "the earlier value was filed").not.toBeNull();
      expect(r.earlier!.status).toBe("SUPERSEDED");
      expect(r.earlier!.supersededById).toBe(r.live!.id);
    },
  );

  it("searches only what the model cannot see: never the question, never the window", () => {
    for (const r of played.results) {
      expect(r.searchSeqs).not.toContain(r.questionSeq);
      expect(r.searchSeqs.every((seq) => seq < r.windowFromSeq)).toBe(true);
    }
  });

  it("finds the old message a question's words point at", () => {
    const found = played.results.filter((r) => r.sourceSeq !== null && r.searchSeqs.includes(r.sourceSeq));
    console.log(`search found the source message for ${found.length}/14 questions`);
    expect(found.length).toBeGreaterThanOrEqual(10);
  });

  it("files nothing on a catch-all page and keeps small talk out of memory", async () => {
    const pages = await t.db.page.findMany({ where: { workspaceId: played.workspace.id }, include: { facts: true } });
    expect(pages.map((p) => p.title)).not.toContain("General");
    const texts = pages.flatMap((p) => p.facts.map((f) => f.text.toLowerCase()));
    for (const smallTalk of ["raining all week", "coffee hasn't kicked in", "stole a glove", "long week", "glad spring"]) {
      expect(texts.some((t) => t.includes(smallTalk))).toBe(false);
    }
  });

  it("writes third-person episode lines under 25 words, fewer than one per exchange", async () => {
    const episodes = await t.db.episode.findMany({ where: { threadId: played.thread.id }, orderBy: { toSeq: "asc" } });
    console.log(episodes.map((e) => `#${e.fromSeq}-${e.toSeq} ${e.gist}`).join("\n"));
    expect(episodes.length).toBeLessThan(bikeShop.owner.length + bikeShop.questions.length);
    for (const e of episodes) {
      expect(e.gist.split(/\s+/).length).toBeLessThan(25);
      expect(e.gist).not.toMatch(/(?<![\p{L}'])(?:I|we|my|our|I'm|we're)(?![\p{L}'])/iu);
    }
  });
});

describe("a held-out dental clinic thread (never tuned on: its score is reported, not asserted)", () => {
  let held: Awaited<ReturnType<typeof playConversation>>;
  beforeAll(async () => {
    held = await playConversation(t.db, "dogfood-dental", dentalClinic);
  }, 300_000);

  it("reports its score, and search there also never returns the question or the window", () => {
    const wrong = held.results.filter((r) => !r.right).map((r) => `${r.ask} → ${r.answer}`);
    console.log(`held-out (${t.kind}): ${held.results.length - wrong.length}/${held.results.length} right${wrong.length ? `\n  ${wrong.join("\n  ")}` : ""}`);
    for (const r of held.results) expect(r.searchSeqs.every((seq) => seq < r.windowFromSeq)).toBe(true);
  });
});
