// The evaluation runner (design §08): each case's conversation becomes a
// fresh thread in a workspace of its own (so recall never sees another
// thread's facts), the memory pass consolidates it stretch by stretch, and
// the question is asked under every arm through the real turn pipeline and
// database. After each arm the question turn is removed again, so every arm
// sees the same thread.

import type { LanguageModel, UIMessage } from "ai";
import { runTurn } from "@/lib/agent/turn";
import type { AppConfig } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import type { Message } from "@/lib/db/generated/client";
import { runMemoryPass } from "@/lib/memory/pass";
import { modelRef, type ModelRoles } from "@/lib/models";
import { appendMessages, truncateThread } from "@/lib/threads/messages";
import { createThread } from "@/lib/threads/queries";
import { deleteThreadTraces } from "@/lib/traces/store";
import { ARMS, type ArmId } from "@/lib/eval/arms";
import { answerF1, fileCase, isCorrect, locomoCase, type EvalCase, type Probe } from "@/lib/eval/cases";
import type { PlantedCase } from "@/lib/eval/case-file";
import { NO_SUMMARY, compressorSplit, summariseMiddle, type Summary } from "@/lib/context/compressor";
import { turnCosts } from "@/lib/eval/costs";
import type { Position } from "@/lib/eval/positions";
import { REGIMES } from "@/lib/eval/regimes";
import { countTokens } from "@/lib/models/tokens";
import { answerStatesValue } from "@/lib/eval/judge";
import { withTimeout } from "@/lib/models/timeout";
import type { LocomoSample } from "@/lib/eval/locomo";
import { buildReport } from "@/lib/eval/report";
import type { ArmResult, CaseResult, EvalReport } from "@/lib/eval/report-schema";

/**
 * Messages per memory pass. It mirrors a pass that runs after every third
 * reply (three exchanges). With two-message stretches (a pass after every
 * reply) a planted thread's first stretch would hold only its opener, not
 * the fact stated right after it, and the buffer's first line would point at
 * small talk.
 */
export const DEFAULT_STRETCH = 6;
export const DEFAULT_WINDOW = 30;
export const BOOTSTRAP_ITERATIONS = 10_000;

export type ProgressEvent = { casesDone: number; casesTotal: number; caseId: string; step: string };

export type RunContext = {
  db: Db;
  database: EvalReport["database"];
  /** The model of each role: the chat model answers, the memory model consolidates, the summary model writes arm D's summary. */
  models: ModelRoles;
  /** The app's settings; the run's window replaces config.window. */
  config: AppConfig;
  /** A real model to judge answers with (the judge role's); no judge when absent. */
  judge?: LanguageModel;
  onProgress?: (event: ProgressEvent) => void;
};

export type RunOptions = {
  arms: ArmId[];
  window: number;
  stretch: number;
  seed: number;
  /** Messages before the window the buffer's lines reach (its line cap × stretch): where the generator's far middle starts. */
  bufferReach: number;
  /** Cases in flight at once on one database: more than one only pays off when a remote model is the bottleneck. */
  concurrency?: number;
};

/** A case's thread after loading and consolidation: what every arm starts from. */
export type LoadedCase = {
  workspaceId: string;
  threadId: string;
  messages: Message[];
  /** Facts the memory pass filed, with the index of the message each came from. */
  facts: Array<{ text: string; messageIndex: number; page: string }>;
  /** The memory pass's runs, and the tokens of the episode lines it wrote (output every arm pays for, the buffer's reason to exist). */
  memoryPass: { passes: number; episodeTokens: number };
};

/** `folds`: the passes also fold older stretches (§10), for arms that show folds; every other arm ignores them. */
export async function loadCase(db: Db, model: LanguageModel, c: EvalCase, slug: string, stretch: number, folds = false): Promise<LoadedCase> {
  const workspace = await db.workspace.create({ data: { slug, name: c.workspaceName } });
  const thread = await createThread(db, workspace.id, { title: c.title, kind: "OWNER" });
  const messages = await db.$transaction((tx) =>
    appendMessages(
      tx,
      thread.id,
      c.messages.map((m) => ({
        role: m.speaker === "owner" ? "USER" : "ASSISTANT",
        speaker: m.speaker === "owner" ? "OWNER" : "AGENT",
        text: m.text,
        createdAt: new Date(m.at),
      })),
    ),
  );
  // Passes until the cursor reaches the end. consolidateThread would also
  // count episodes and facts after every pass for its progress bar, a third
  // more queries than the passes themselves need.
  const lastSeq = messages.at(-1)?.seq ?? 0;
  let passes = 0;
  for (let cursor = 0; cursor < lastSeq; ) {
    const pass = await runMemoryPass(db, model, thread.id, { maxMessages: stretch, folds });
    if (pass.status === "failed") throw new Error(`The memory pass over ${c.id} #${pass.fromSeq}–${pass.toSeq} failed: ${pass.error}`);
    if (pass.status === "nothing-new") break;
    passes++;
    cursor = pass.toSeq;
  }
  const episodes = await db.episode.findMany({ where: { threadId: thread.id }, select: { gist: true } });
  const firstSeq = messages[0]?.seq ?? 1;
  const facts = await db.fact.findMany({
    where: { threadId: thread.id },
    select: { text: true, message: { select: { seq: true } }, page: { select: { title: true } } },
  });
  return {
    workspaceId: workspace.id,
    threadId: thread.id,
    messages,
    facts: facts.map((f) => ({ text: f.text, messageIndex: f.message.seq - firstSeq, page: f.page.title })),
    memoryPass: { passes, episodeTokens: episodes.reduce((sum, e) => sum + countTokens(e.gist), 0) },
  };
}

/** The compressor's summary of what the question turn will not show: built once per case, shared by its probes. */
export async function compressorSummary(
  model: LanguageModel,
  loaded: LoadedCase,
  window: number,
  stretch: number,
  timeoutMs?: number,
): Promise<Summary> {
  const split = compressorSplit(loaded.messages.length + 1, window);
  if (!split) return NO_SUMMARY;
  return summariseMiddle(model, loaded.messages.slice(split.headEnd, split.tailStart), stretch, timeoutMs);
}

/** Removes the question turn: its messages and trace, and the thread's counter. Memory is untouched, since the turn ran no pass. */
export async function restoreThread(db: Db, threadId: string, lastSeq: number): Promise<void> {
  await deleteThreadTraces(db, threadId);
  await truncateThread(db, threadId, lastSeq);
}

const sameTitle = (a: string, b: string) => a.replace(/^pages\//i, "").trim().toLowerCase() === b.trim().toLowerCase();

function titleOf(input: unknown): string {
  const title = typeof input === "object" && input !== null ? (input as { title?: unknown }).title : undefined;
  return typeof title === "string" ? title : "";
}

export type ArmAsk = {
  ctx: Pick<RunContext, "db" | "models" | "config">;
  loaded: LoadedCase;
  probe: Probe;
  /** Pages the probe's evidence was filed on. */
  filedPages: string[];
  arm: ArmId;
  window: number;
  summary: Summary;
};

/** Asks one probe under one arm and restores the thread afterwards; judged is filled in by the caller. */
export async function askUnderArm({ ctx, loaded, probe, filedPages, arm, window, summary }: ArmAsk): Promise<ArmResult> {
  const { db, models, config } = ctx;
  const definition = ARMS[arm];
  const outcome = await runTurn({
    db,
    config,
    models,
    workspaceId: loaded.workspaceId,
    threadId: loaded.threadId,
    text: probe.question,
    context: definition.context({ window, config, summary }),
    consolidate: { kind: "skip" },
  });
  await restoreThread(db, loaded.threadId, loaded.messages.at(-1)?.seq ?? 0);
  const { trace } = outcome;
  const onFiledPage = (title: string) => filedPages.some((page) => sameTitle(title, page));
  return {
    arm,
    answer: outcome.answer,
    correct: isCorrect(probe, outcome.answer),
    judged: null,
    f1: answerF1(probe, outcome.answer),
    opened: trace.toolCalls.some((call) => call.name === "read_page" && onFiledPage(titleOf(call.input))),
    pointed: trace.buffer.chosen.some((line) => line.line !== null && line.pages.some(onFiledPage)),
    recalled: trace.recall.pages.some((page) => onFiledPage(page.title)),
    bufferStatus: trace.buffer.status,
    error: trace.error,
    costs: turnCosts(
      trace,
      outcome.assistantMessage ? (outcome.assistantMessage.parts as UIMessage["parts"]) : null,
      definition.needsSummary ? summary.cost : NO_SUMMARY.cost,
    ),
  };
}

async function judged(ctx: RunContext, probe: Probe, answer: string): Promise<boolean | null> {
  if (!ctx.judge) return null;
  try {
    const states = await answerStatesValue(ctx.judge, { question: probe.question, expected: probe.expected, answer }, ctx.config.modelTimeoutMs);
    return probe.trap ? !states : states;
  } catch {
    // A failed judge call leaves this answer unjudged; the scored result still counts.
    return null;
  }
}

/** Skips cases already done (a resumed run) and reports each finished case as soon as it is, so a crash loses only the cases in flight. */
export type RunHooks = { done?: ReadonlySet<string>; onCaseResults?: (results: CaseResult[]) => void | Promise<void> };

async function runCase(ctx: RunContext, c: EvalCase, index: number, options: RunOptions, progress: (step: string) => void): Promise<CaseResult[]> {
  progress("consolidating");
  const folds = options.arms.some((arm) => ARMS[arm].needsFolds);
  const loaded = await loadCase(ctx.db, withTimeout(ctx.models.memory.model, ctx.config.memoryPassTimeoutMs), c, `eval-${index + 1}`, options.stretch, folds);
  try {
    const summary = options.arms.some((arm) => ARMS[arm].needsSummary)
      ? await compressorSummary(ctx.models.summary.model, loaded, options.window, options.stretch, ctx.config.modelTimeoutMs)
      : NO_SUMMARY;
    const results: CaseResult[] = [];
    for (const probe of c.probes) {
      const filedPages = [...new Set(loaded.facts.filter(probe.isEvidenceFact).map((f) => f.page))];
      const armResults: ArmResult[] = [];
      for (const arm of options.arms) {
        progress(`arm ${arm}`);
        const result = await askUnderArm({ ctx, loaded, probe, filedPages, arm, window: options.window, summary });
        armResults.push({ ...result, judged: await judged(ctx, probe, result.answer) });
      }
      results.push({
        id: probe.id,
        regime: probe.regime,
        group: probe.group,
        cluster: c.id,
        question: probe.question,
        expected: probe.expected,
        details: probe.details,
        messages: loaded.messages.length,
        filedPages,
        memoryPass: loaded.memoryPass,
        results: armResults,
      });
    }
    return results;
  } finally {
    // The workspace goes once its arms are done, so the database stays the size of the cases in flight.
    await ctx.db.workspace.delete({ where: { id: loaded.workspaceId } });
  }
}

/** The keys a case's results are stored under, to tell which cases a resumed run can skip. */
export const probeKey = (probe: { id: string; regime: string }) => `${probe.regime}:${probe.id}`;

/** Loads, consolidates and asks every case under every arm, `concurrency` cases at a time. */
export async function runCases(ctx: RunContext, cases: readonly EvalCase[], options: RunOptions, hooks: RunHooks = {}): Promise<CaseResult[]> {
  const results: CaseResult[][] = cases.map(() => []);
  const todo = cases.flatMap((c, index) => (c.probes.every((p) => hooks.done?.has(probeKey(p))) ? [] : [index]));
  let finished = cases.length - todo.length;
  let next = 0;
  const worker = async () => {
    while (next < todo.length) {
      const index = todo[next++];
      const c = cases[index];
      results[index] = await runCase(ctx, c, index, options, (step) =>
        ctx.onProgress?.({ casesDone: finished, casesTotal: cases.length, caseId: c.id, step }),
      );
      await hooks.onCaseResults?.(results[index]);
      finished++;
      ctx.onProgress?.({ casesDone: finished, casesTotal: cases.length, caseId: c.id, step: "done" });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency ?? 1, todo.length)) }, worker));
  return results.flat();
}

/**
 * Generated threads as case-file cases, each with what the file format has no
 * field for (its topic, whether the question names it, ...) as details. The
 * generator and its corpus live in evaluation/, outside the app; the script
 * that runs an evaluation generates them and hands them over as data.
 */
export type GeneratedCases = { business: string; cases: Array<{ case: PlantedCase; details: Probe["details"] }> };

/** Where the cases come from; plain data, so a worker thread can rebuild the same cases. */
export type CaseSource =
  | ({ kind: "planted"; threads: number; positions: Position[] } & GeneratedCases)
  | { kind: "file"; file: string; cases: PlantedCase[] }
  | { kind: "locomo"; samples: LocomoSample[]; file: string };

export type Evaluation = { source: CaseSource; options: RunOptions };

/** Every case of an evaluation, in a fixed order that workers and the report share. */
export function casesFor(evaluation: Evaluation): EvalCase[] {
  const { source, options } = evaluation;
  if (source.kind === "locomo") return source.samples.map((sample) => locomoCase(sample, options.window));
  if (source.kind === "file") return source.cases.map((c) => fileCase(c, options.window));
  // Generated threads take the case-file path too; only what the file format has no field for rides along as details.
  return source.cases.map((generated) => fileCase(generated.case, options.window, { workspaceName: source.business, details: generated.details }));
}

/** Which model played each role in a run: the summary's only when an arm summarised, the judge's only when one judged. */
export function rolesPlayed(models: ModelRoles, arms: readonly ArmId[], judge: boolean): NonNullable<EvalReport["roles"]> {
  return {
    chat: modelRef(models.chat),
    memory: modelRef(models.memory),
    summary: arms.some((arm) => ARMS[arm].needsSummary) ? modelRef(models.summary) : null,
    judge: judge ? modelRef(models.judge) : null,
  };
}

/** The report of a finished evaluation; results must be in casesFor's order. */
export function evaluationReport(
  evaluation: Evaluation,
  run: { models: ModelRoles; database: EvalReport["database"]; judge: boolean; wallMs: number; provenance?: EvalReport["provenance"] },
  results: CaseResult[],
): EvalReport {
  const { source, options } = evaluation;
  const regimes = REGIMES.filter((regime) => results.some((r) => r.regime === regime));
  return buildReport({
    source: source.kind === "locomo" ? "locomo" : "planted",
    createdAt: new Date().toISOString(),
    wallMs: run.wallMs,
    model: modelRef(run.models.chat),
    roles: rolesPlayed(run.models, options.arms, run.judge),
    database: run.database,
    settings: {
      threads: source.kind === "planted" ? source.threads : source.kind === "file" ? source.cases.length : source.samples.length,
      seed: options.seed,
      window: options.window,
      stretch: options.stretch,
      judge: run.judge,
      locomoFile: source.kind === "locomo" ? source.file : null,
      bootstrapIterations: BOOTSTRAP_ITERATIONS,
    },
    arms: options.arms.map((id) => ({ id, label: ARMS[id].label, description: ARMS[id].description })),
    regimes,
    cases: results,
    ...(run.provenance ? { provenance: run.provenance } : {}),
  });
}

/** The whole evaluation in this process, on the context's database. */
export async function runEvaluation(ctx: RunContext, evaluation: Evaluation, hooks: RunHooks = {}): Promise<EvalReport> {
  const started = performance.now();
  const results = await runCases(ctx, casesFor(evaluation), evaluation.options, hooks);
  return evaluationReport(
    evaluation,
    { models: ctx.models, database: ctx.database, judge: ctx.judge !== undefined, wallMs: performance.now() - started },
    results,
  );
}
