import { describe, expect, it } from "vitest";
import { FACT_TEMPLATES } from "@/evaluation/planted/corpus";
import { caseFileSchema } from "@/lib/eval/case-file";
import { generateThreads, MIN_WINDOW, toPlantedCase, type PlantedThread } from "@/evaluation/planted/generator";
import { POSITIONS, type Position } from "@/lib/eval/positions";
import { questionsFor } from "@/evaluation/planted/questions";
import { scoreAnswer } from "@/lib/eval/score";

const WINDOW = 30;
const REACH = 72;
const COUNT = 60;
const threads = generateThreads({ count: COUNT, seed: 42, window: WINDOW, bufferReach: REACH });
const at = (position: Position) => threads.filter((t) => t.position === position);
/** The first message the question turn's window shows (the question takes one slot). */
const windowStart = (t: PlantedThread) => t.messages.length - (WINDOW - 1);

describe("generateThreads: reproducibility", () => {
  it("gives identical output for the same options, and each thread independently of the count", () => {
    expect(generateThreads({ count: COUNT, seed: 42, window: WINDOW, bufferReach: REACH })).toEqual(threads);
    expect(generateThreads({ count: 7, seed: 42, window: WINDOW, bufferReach: REACH })).toEqual(threads.slice(0, 7));
  });

  it("gives different threads for a different seed", () => {
    const other = generateThreads({ count: COUNT, seed: 43, window: WINDOW, bufferReach: REACH });
    expect(other.map((t) => t.messages.length)).not.toEqual(threads.map((t) => t.messages.length));
  });

  it("rejects a window too small for the layouts, and bad counts", () => {
    expect(() => generateThreads({ count: 1, seed: 1, window: MIN_WINDOW - 1, bufferReach: REACH })).toThrow(RangeError);
    expect(() => generateThreads({ count: -1, seed: 1, window: WINDOW, bufferReach: REACH })).toThrow(RangeError);
    expect(() => generateThreads({ count: 1.5, seed: 1, window: WINDOW, bufferReach: REACH })).toThrow(RangeError);
  });

  it("draws only the positions asked for", () => {
    const far = generateThreads({ count: 6, seed: 1, window: WINDOW, bufferReach: REACH, positions: ["far-middle"] });
    expect(new Set(far.map((t) => t.position))).toEqual(new Set(["far-middle"]));
  });
});

describe("generateThreads: where the fact sits", () => {
  it("covers every position equally", () => {
    for (const position of POSITIONS) expect(at(position)).toHaveLength(COUNT / POSITIONS.length);
  });

  it("opens the thread in the first stretch", () => {
    for (const t of at("first-stretch")) expect(t.plantedIndex).toBeLessThan(6);
  });

  it("buries the far middle past the buffer's reach, and not in the first stretch", () => {
    for (const t of at("far-middle")) {
      expect(t.plantedIndex).toBeGreaterThanOrEqual(8);
      expect(t.plantedIndex).toBeLessThan(windowStart(t) - REACH);
    }
  });

  it("keeps the middle within the buffer's reach but out of the window", () => {
    for (const t of at("middle")) {
      expect(t.plantedIndex).toBeGreaterThanOrEqual(windowStart(t) - REACH);
      expect(t.plantedIndex).toBeLessThan(windowStart(t) - 12);
    }
  });

  it("puts 'before-window' just out of view and 'inside-window' in view", () => {
    for (const t of at("before-window")) {
      expect(t.plantedIndex).toBeLessThan(windowStart(t));
      expect(t.plantedIndex).toBeGreaterThanOrEqual(windowStart(t) - 12);
    }
    for (const t of at("inside-window")) {
      expect(windowStart(t)).toBeGreaterThan(0);
      expect(t.plantedIndex).toBeGreaterThanOrEqual(windowStart(t));
    }
  });

  it("draws whole threads shorter than the window for 'fits-window'", () => {
    for (const t of at("fits-window")) expect(t.messages.length).toBeLessThanOrEqual(WINDOW - 1);
  });

  it("runs threads from shorter than the window to several hundred messages", () => {
    const lengths = threads.map((t) => t.messages.length);
    expect(Math.min(...lengths)).toBeLessThan(WINDOW);
    expect(Math.max(...lengths)).toBeGreaterThanOrEqual(250);
    expect(new Set(lengths).size).toBeGreaterThan(30);
  });

  it("gives each fact's regime by whether the window shows it", () => {
    for (const t of threads) expect(t.regime).toBe(t.plantedIndex >= windowStart(t) ? "inside" : "outside");
  });
});

describe("generateThreads: what the thread holds", () => {
  it("states the latest value once, by the owner, at plantedIndex", () => {
    for (const t of threads) {
      const planted = t.messages[t.plantedIndex];
      expect(planted.speaker).toBe("owner");
      expect(planted.text).toBe(t.fact.statement);
      expect(planted.text).toContain(t.fact.value);
      t.messages.forEach((m, i) => {
        if (i !== t.plantedIndex) expect(scoreAnswer(m.text, t.fact), `${t.id} #${i}: ${m.text}`).toBe(false);
      });
    }
  });

  it("changes the value in some threads: the earlier one is stated before the latest and rejected", () => {
    const changed = threads.filter((t) => t.changed);
    expect(changed.length).toBeGreaterThan(COUNT / 5);
    for (const t of changed) {
      expect(t.fact.reject).toHaveLength(1);
      const stating = t.messages.flatMap((m, i) => (scoreAnswer(m.text, { accept: t.fact.reject }) ? [i] : []));
      expect(stating.length).toBeGreaterThan(0);
      expect(Math.min(...stating)).toBeLessThan(t.plantedIndex);
    }
    for (const t of threads.filter((x) => !x.changed)) expect(t.fact.reject).toEqual([]);
  });

  it("mentions the topic in other messages too, and files other facts of the same page", () => {
    for (const t of threads) {
      const template = FACT_TEMPLATES.find((x) => x.topic === t.topic)!;
      const topical = [...template.openers, ...template.followUps].map((e) => e.owner);
      const mentions = t.messages.filter((m, i) => i !== t.plantedIndex && topical.includes(m.text));
      expect(mentions.length, t.id).toBeGreaterThanOrEqual(1);
    }
    const samePage = threads.filter((t) => {
      const neighbours = FACT_TEMPLATES.filter((x) => x.page === t.fact.page && x.topic !== t.topic);
      return t.messages.some((m) => neighbours.some((n) => n.statements.some((s) => m.text.startsWith(s.split("{value}")[0]))));
    });
    expect(samePage.length).toBeGreaterThan(COUNT / 2);
  });

  it("asks a question from the frozen question file that does not give the value away", () => {
    for (const t of threads) {
      const set = questionsFor(t.topic);
      expect(t.questionNamesTopic ? set.namingTopic : set.withoutTopic).toContain(t.question);
      expect(scoreAnswer(t.question, t.fact)).toBe(false);
    }
    expect(threads.filter((t) => !t.questionNamesTopic).length).toBe(COUNT / 2);
    // Every position is asked both ways, half and half, so no position's accuracy measures the wording.
    for (const position of POSITIONS) {
      const at = threads.filter((t) => t.position === position);
      expect(at.filter((t) => t.questionNamesTopic).length).toBe(at.length / 2);
    }
  });

  it("alternates owner and agent and moves forward in time", () => {
    for (const t of threads) {
      t.messages.forEach((m, i) => expect(m.speaker).toBe(i % 2 === 0 ? "owner" : "agent"));
      const times = t.messages.map((m) => Date.parse(m.at));
      times.forEach((time, i) => i > 0 && expect(time).toBeGreaterThan(times[i - 1]));
      for (const m of t.messages) expect(m.text).not.toMatch(/\{\w+\}/);
    }
  });

  it("writes cases in the case-file format, grouped by position", () => {
    const file = caseFileSchema.parse({ cases: threads.map(toPlantedCase) });
    expect(file.cases.map((c) => c.group)).toEqual(threads.map((t) => t.position));
    expect(file.cases[0]).toMatchObject({ id: threads[0].id, question: threads[0].question, accept: threads[0].fact.accept });
  });
});
