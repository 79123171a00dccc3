import { describe, expect, it } from "vitest";
import { isCorrect, locomoCase, plantedCase } from "@/lib/eval/cases";
import { generateThreads } from "@/lib/eval/generator";
import { parseLocomo } from "@/lib/eval/locomo";
import locomoMini from "@/tests/fixtures/locomo-mini.json";

describe("planted cases", () => {
  const [outside] = generateThreads({ count: 1, seed: 3, window: 30, regime: "outside" });
  const [inside] = generateThreads({ count: 1, seed: 3, window: 30, regime: "inside" });

  it("pair regimes by thread id and keep one thread per regime", () => {
    const [a, b] = [plantedCase(outside), plantedCase(inside)];
    expect(a.id).not.toBe(b.id);
    expect(a.probes[0].id).toBe(b.probes[0].id);
    expect(a.probes[0]).toMatchObject({ regime: "outside", question: outside.question, expected: outside.fact.value, trap: false });
    expect(a.messages).toBe(outside.messages);
  });

  it("take a fact stating the planted value as the evidence's record", () => {
    const probe = plantedCase(outside).probes[0];
    expect(probe.isEvidenceFact({ text: `Noted: ${outside.fact.value}.`, messageIndex: 40 })).toBe(true);
    expect(probe.isEvidenceFact({ text: "Something else entirely.", messageIndex: outside.plantedIndex })).toBe(false);
  });
});

describe("LoCoMo cases", () => {
  const [truck, bookshop] = parseLocomo(locomoMini);

  it("ask every QA item at the end of its conversation", () => {
    const c = locomoCase(truck, 30);
    expect(c.messages).toHaveLength(60);
    expect(c.probes.map((p) => p.id)).toEqual(truck.qa.map((_, i) => `mini-truck#${i + 1}`));
  });

  it("count the question's own slot when deciding whether the evidence is outside the window", () => {
    // 60 messages, window 30: the question turn shows the last 29, so index 30 is already out of view.
    const outsideAt = (index: number) => locomoCase({ ...truck, qa: [{ ...truck.qa[0], evidence: [truck.sessions.flatMap((s) => s.turns)[index].diaId] }] }, 30).probes[0].regime;
    expect(outsideAt(30)).toBe("outside");
    expect(outsideAt(31)).toBe("inside");
    expect(locomoCase(bookshop, 30).probes.every((p) => p.regime === "inside")).toBe(true);
  });

  it("score an adversarial item right when the answer does not state the trap", () => {
    const trap = locomoCase(truck, 30).probes.find((p) => p.trap);
    expect(trap).toBeDefined();
    expect(isCorrect(trap!, "I don't see that in this conversation — could you remind me?")).toBe(true);
    expect(isCorrect(trap!, `Because ${trap!.expected}.`)).toBe(false);
  });

  it("take facts filed from an evidence message as its record", () => {
    const probe = locomoCase(truck, 30).probes[0];
    expect(probe.isEvidenceFact({ text: "anything", messageIndex: 2 })).toBe(true);
    expect(probe.isEvidenceFact({ text: "anything", messageIndex: 3 })).toBe(false);
  });
});
