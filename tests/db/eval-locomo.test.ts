import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ARM_IDS } from "@/lib/eval/arms";
import { parseLocomo, toEvalConversation } from "@/lib/eval/locomo";
import { reportMarkdown } from "@/lib/eval/report";
import { evalReportSchema, type EvalReport } from "@/lib/eval/report-schema";
import { runEvaluation } from "@/lib/eval/run";
import { normaliseAnswer } from "@/lib/eval/score";
import { everyRole, offlineRuntime } from "@/lib/models";
import { createOfflineModel } from "@/lib/models/offline";
import { testConfig } from "@/tests/db/fixtures";
import { openTestDb, type TestDb } from "@/tests/db/test-db";

// The same arms on LoCoMo-layout conversations nobody here wrote: each QA
// item asked at the end of its conversation, flagged by whether its evidence
// has scrolled out of the question turn's window.

const FIXTURE = path.join(import.meta.dirname, "../fixtures/locomo-mini.json");
const WINDOW = 30;

let t: TestDb;
let report: EvalReport;
const model = createOfflineModel({ delayMs: 0 });
const models = everyRole({ model, kind: "offline", label: "Offline model", modelId: model.modelId, runtime: offlineRuntime({}) });

beforeAll(async () => {
  t = await openTestDb();
  const samples = parseLocomo(JSON.parse(await readFile(FIXTURE, "utf8")));
  report = await runEvaluation(
    { db: t.db, database: t.kind, models, config: testConfig() },
    { source: { kind: "locomo", samples, file: "tests/fixtures/locomo-mini.json" }, options: { arms: [...ARM_IDS], window: WINDOW, stretch: 6, seed: 1, bufferReach: 72 } },
  );
}, 600_000);
afterAll(() => t?.close());

describe("the evaluation on a LoCoMo file", () => {
  it("asks every QA item under every arm and writes a valid report", async () => {
    expect(evalReportSchema.parse(JSON.parse(JSON.stringify(report)))).toEqual(report);
    expect(report).toMatchObject({ source: "locomo", settings: { threads: 2, locomoFile: "tests/fixtures/locomo-mini.json" } });
    expect(report.cases.map((c) => c.id)).toEqual([...Array.from({ length: 8 }, (_, i) => `mini-truck#${i + 1}`), "mini-bookshop#1", "mini-bookshop#2", "mini-bookshop#3"]);
    for (const c of report.cases) expect(c.results.map((r) => r.arm)).toEqual([...ARM_IDS]);
    expect(report.slices.every((s) => s.by === "category")).toBe(true);
  });

  it("flags each question by whether its evidence lies outside the question turn's window", async () => {
    const samples = parseLocomo(JSON.parse(await readFile(FIXTURE, "utf8")));
    // The question takes a slot of the window, so the turn shows window − 1 earlier messages.
    const expected = samples.flatMap((s) => toEvalConversation(s, { window: WINDOW - 1 }).questions.map((q) => q.evidenceOutsideWindow));
    expect(report.cases.map((c) => c.details.evidenceOutsideWindow)).toEqual(expected);
    expect(report.cases.map((c) => c.regime === "outside")).toEqual(expected);
    expect(expected.filter(Boolean).length).toBeGreaterThan(0);
    expect(expected.some((outside) => !outside)).toBe(true);
    expect(report.regimes).toEqual(["outside", "inside"]);
    expect(report.cases.find((c) => c.question === "What is the name of Rosa's food truck?")).toMatchObject({ regime: "outside", expected: "La Chispa" });
    expect(report.cases.filter((c) => c.id.startsWith("mini-bookshop")).every((c) => c.regime === "inside")).toBe(true);
  });

  it("files both speakers' words, photos included, as trusted owner messages", async () => {
    const samples = parseLocomo(JSON.parse(await readFile(FIXTURE, "utf8")));
    const conversation = toEvalConversation(samples[0], { window: WINDOW - 1 });
    expect(new Set(conversation.messages.map((m) => m.speaker))).toEqual(new Set(["owner"]));
    expect(new Set(conversation.messages.map((m) => m.speakerName))).toEqual(new Set([samples[0].speakerA, samples[0].speakerB]));
    expect(conversation.messages.some((m) => m.text.includes("[shares a photo: "))).toBe(true);
    expect(report.cases.every((c) => (c.memoryPass?.passes ?? 0) > 0)).toBe(true);
  });

  it("gives token F1 by category with adversarial items apart, resampling whole conversations", () => {
    const f1 = report.f1 ?? [];
    expect(f1.some((r) => r.group === "adversarial")).toBe(false);
    const overall = f1.filter((r) => r.group === "all but adversarial");
    expect(overall.map((r) => r.arm)).toEqual([...ARM_IDS]);
    for (const row of overall) {
      expect(row.clusters).toBe(2);
      expect(row.n).toBe(report.cases.filter((c) => c.details.adversarial !== true).length);
      expect(row.low).toBeLessThanOrEqual(row.mean);
      expect(row.high).toBeGreaterThanOrEqual(row.mean);
    }
    expect(report.groups).toContain("adversarial");
    for (const c of report.cases) for (const r of c.results) expect(r.f1 === null).toBe(c.details.adversarial === true);
  });

  it("scores the adversarial item as a trap and lists every question in report.md", () => {
    const trap = report.cases.find((c) => c.details.adversarial === true);
    expect(trap?.expected).toBe("the boat needed a new sail");
    const statesTrap = (answer: string) => ` ${normaliseAnswer(answer)} `.includes(` ${normaliseAnswer(trap!.expected)} `);
    expect(trap?.results.every((r) => r.correct === !statesTrap(r.answer))).toBe(true);
    const markdown = reportMarkdown(report);
    expect(markdown).toContain("## Questions");
    for (const c of report.cases) expect(markdown).toContain(c.question);
  });
});
