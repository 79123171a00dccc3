import { describe, expect, it } from "vitest";
import { answerF1, fileCase, isCorrect, locomoCase } from "@/lib/eval/cases";
import type { PlantedCase } from "@/lib/eval/case-file";
import { parseLocomo } from "@/lib/eval/locomo";
import locomoMini from "@/tests/fixtures/locomo-mini.json";

describe("cases from a case file", () => {
  const at = (i: number) => new Date(Date.UTC(2026, 9, 1, 9, i)).toISOString();
  const messages = Array.from({ length: 40 }, (_, i) => ({
    speaker: i % 2 === 0 ? ("owner" as const) : ("agent" as const),
    text: i === 4 ? "Rent is $2,100 a month." : i === 20 ? "Rent went up to $2,350." : `Message ${i}.`,
    at: at(i),
  }));
  const planted: PlantedCase = { id: "rent", group: "middle", messages, question: "What's the rent?", accept: ["$2,350"], reject: ["$2,100"] };

  it("asks the question at the end, grouped as the file says", () => {
    const c = fileCase(planted, 30);
    expect(c.messages).toBe(messages);
    expect(c.probes[0]).toMatchObject({ id: "rent", group: "middle", question: "What's the rent?", expected: "$2,350", reject: ["$2,100"], trap: false });
  });

  it("is outside when the window no longer shows the last message stating the value", () => {
    // 40 messages, window 30: the question turn shows the last 29 (indexes 11–39).
    expect(fileCase(planted, 30).probes[0].regime).toBe("inside");
    expect(fileCase(planted, 16).probes[0].regime).toBe("outside");
  });

  it("counts an answer right only when it states an accepted value and no rejected one", () => {
    const probe = fileCase(planted, 30).probes[0];
    expect(isCorrect(probe, "It's $2,350 a month.")).toBe(true);
    expect(isCorrect(probe, "It's $2,100 a month.")).toBe(false);
    expect(isCorrect(probe, "Either $2,100 or $2,350.")).toBe(false);
  });

  it("takes a filed fact stating an accepted value as the evidence's record", () => {
    const probe = fileCase(planted, 30).probes[0];
    expect(probe.isEvidenceFact({ text: "Rent: $2,350/mo", messageIndex: 20 })).toBe(true);
    expect(probe.isEvidenceFact({ text: "Rent: $2,100/mo", messageIndex: 4 })).toBe(false);
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

  it("score free-text answers by token F1, and adversarial items apart", () => {
    const probes = locomoCase(truck, 30).probes;
    const plain = probes.find((p) => !p.trap)!;
    expect(answerF1(plain, plain.expected)).toBe(1);
    expect(answerF1(plain, "no idea")).toBe(0);
    expect(answerF1(probes.find((p) => p.trap)!, "anything")).toBeNull();
    expect(probes.find((p) => p.trap)!.group).toBe("adversarial");
  });

  it("take facts filed from an evidence message as its record", () => {
    const probe = locomoCase(truck, 30).probes[0];
    expect(probe.isEvidenceFact({ text: "anything", messageIndex: 2 })).toBe(true);
    expect(probe.isEvidenceFact({ text: "anything", messageIndex: 3 })).toBe(false);
  });
});
