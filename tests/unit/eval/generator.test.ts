import { describe, expect, it } from "vitest";
import { FACT_KINDS, FACT_TEMPLATES } from "@/lib/eval/corpus";
import { generateThreads, MIN_WINDOW, type PlantedThread } from "@/lib/eval/generator";
import { scoreAnswer } from "@/lib/eval/score";

const WINDOW = 30;
const COUNT = 40;
const outside = generateThreads({ count: COUNT, seed: 42, window: WINDOW, regime: "outside" });
const inside = generateThreads({ count: COUNT, seed: 42, window: WINDOW, regime: "inside" });

/** Messages from the planted one to the end of the history, inclusive. */
const distanceFromEnd = (t: PlantedThread) => t.messages.length - t.plantedIndex;

describe("generateThreads: reproducibility", () => {
  it("gives identical output for the same options", () => {
    expect(generateThreads({ count: COUNT, seed: 42, window: WINDOW, regime: "outside" })).toEqual(outside);
  });

  it("gives different threads for a different seed", () => {
    const other = generateThreads({ count: COUNT, seed: 43, window: WINDOW, regime: "outside" });
    expect(other.map((t) => t.id)).not.toEqual(outside.map((t) => t.id));
    const sameFact = other.filter((t, i) => t.fact.statement === outside[i].fact.statement && t.question === outside[i].question);
    expect(sameFact.length).toBeLessThan(COUNT / 4);
    expect(other.map((t) => t.messages.length)).not.toEqual(outside.map((t) => t.messages.length));
  });

  it("draws each thread independently of the count", () => {
    expect(generateThreads({ count: 5, seed: 42, window: WINDOW, regime: "outside" })).toEqual(outside.slice(0, 5));
  });

  it("returns exactly count threads with unique ids", () => {
    expect(outside).toHaveLength(COUNT);
    expect(new Set(outside.map((t) => t.id)).size).toBe(COUNT);
    expect(generateThreads({ count: 0, seed: 1, window: WINDOW, regime: "inside" })).toEqual([]);
  });

  it("rejects a window too small for the inside regime, and bad counts", () => {
    expect(() => generateThreads({ count: 1, seed: 1, window: MIN_WINDOW - 1, regime: "inside" })).toThrow(RangeError);
    expect(() => generateThreads({ count: -1, seed: 1, window: WINDOW, regime: "inside" })).toThrow(RangeError);
    expect(() => generateThreads({ count: 1.5, seed: 1, window: WINDOW, regime: "inside" })).toThrow(RangeError);
  });
});

describe("generateThreads: regimes pair up", () => {
  it("share id, fact, question and content per thread; only the order differs", () => {
    outside.forEach((o, i) => {
      const n = inside[i];
      expect(n.regime).toBe("inside");
      expect(o.regime).toBe("outside");
      expect({ id: n.id, seed: n.seed, topic: n.topic, fact: n.fact, question: n.question, named: n.questionNamesTopic }).toEqual({
        id: o.id, seed: o.seed, topic: o.topic, fact: o.fact, question: o.question, named: o.questionNamesTopic,
      });
      expect(n.messages.map((m) => m.text).sort()).toEqual(o.messages.map((m) => m.text).sort());
    });
  });

  it.each([MIN_WINDOW, WINDOW, 50])("outside buries the fact past a window of %i; inside keeps it 6–12 messages back", (window) => {
    const far = generateThreads({ count: 30, seed: 9, window, regime: "outside" });
    const near = generateThreads({ count: 30, seed: 9, window, regime: "inside" });
    for (const t of far) {
      expect(t.messages.length).toBeGreaterThanOrEqual(window * 1.5);
      expect(t.messages.length).toBeLessThanOrEqual(window * 4);
      expect(t.plantedIndex).toBeLessThan(t.messages.length - window);
    }
    for (const t of near) {
      expect(distanceFromEnd(t)).toBeGreaterThanOrEqual(6);
      expect(distanceFromEnd(t)).toBeLessThanOrEqual(12);
      // Inside even when the question itself takes a slot of the window.
      expect(t.plantedIndex).toBeGreaterThanOrEqual(t.messages.length - (window - 1));
    }
  });

  it("varies thread length", () => {
    expect(new Set(outside.map((t) => t.messages.length)).size).toBeGreaterThan(10);
  });
});

describe("generateThreads: the planted fact", () => {
  const all = [...outside, ...inside];

  it("is stated verbatim by the owner at plantedIndex", () => {
    for (const t of all) {
      const planted = t.messages[t.plantedIndex];
      expect(planted.speaker).toBe("owner");
      expect(planted.text).toBe(t.fact.statement);
      expect(planted.text).toContain(t.fact.value);
      expect(t.fact.accept).toContain(t.fact.value);
    }
  });

  it("appears in no other message, in any accepted form", () => {
    for (const t of all) {
      t.messages.forEach((m, i) => {
        if (i === t.plantedIndex) return;
        expect(m.text.includes(t.fact.value), `${t.id} #${i}: ${m.text}`).toBe(false);
        expect(scoreAnswer(m.text, t.fact), `${t.id} #${i}: ${m.text}`).toBe(false);
      });
    }
  });

  it("is not given away by the question", () => {
    for (const t of outside) expect(scoreAnswer(t.question, t.fact), t.question).toBe(false);
  });

  it("varies in kind, topic and value", () => {
    expect(new Set(outside.slice(0, 10).map((t) => t.fact.kind))).toEqual(new Set(FACT_KINDS));
    expect(new Set(outside.map((t) => t.topic)).size).toBeGreaterThanOrEqual(10);
    expect(new Set(outside.map((t) => t.fact.value)).size).toBeGreaterThanOrEqual(20);
    expect(new Set(outside.map((t) => t.fact.statement.replace(t.fact.value, ""))).size).toBeGreaterThanOrEqual(15);
  });
});

describe("generateThreads: questions", () => {
  it("at least 40% avoid naming the topic", () => {
    expect(outside.filter((t) => !t.questionNamesTopic).length / COUNT).toBeGreaterThanOrEqual(0.4);
  });

  it("come from the template's list that matches questionNamesTopic", () => {
    for (const t of outside) {
      const template = FACT_TEMPLATES.find((candidate) => candidate.topic === t.topic);
      expect(template, t.topic).toBeDefined();
      expect(t.questionNamesTopic ? template?.askNamingTopic : template?.askWithoutTopic).toContain(t.question);
      expect(template?.page).toBe(t.fact.page);
    }
  });

  it("vary", () => {
    expect(new Set(outside.map((t) => t.question)).size).toBeGreaterThanOrEqual(15);
  });
});

describe("generateThreads: the thread around it", () => {
  const all = [...outside, ...inside];

  it("alternates owner and agent, starting with the owner and ending with the agent", () => {
    for (const t of all) {
      t.messages.forEach((m, i) => expect(m.speaker).toBe(i % 2 === 0 ? "owner" : "agent"));
    }
  });

  it("moves forward in time over weeks", () => {
    for (const t of all) {
      const times = t.messages.map((m) => Date.parse(m.at));
      times.forEach((time, i) => {
        expect(new Date(time).toISOString()).toBe(t.messages[i].at);
        if (i > 0) expect(time).toBeGreaterThan(times[i - 1]);
      });
      expect(times.at(-1)! - times[0]).toBeGreaterThan(7 * 24 * 3600_000);
    }
  });

  it("fills with stretches that do not repeat themselves within a default-size thread", () => {
    for (const t of outside) {
      const owners = t.messages.filter((m) => m.speaker === "owner").map((m) => m.text);
      expect(new Set(owners).size, t.id).toBe(owners.length);
    }
  });

  it("leaves every placeholder filled", () => {
    for (const t of all) for (const m of t.messages) expect(m.text).not.toMatch(/\{\w+\}/);
  });
});
