// The benchmark's timings (npm run bench): at one stop, each read a turn
// makes and whole turns, with wall time around the same calls the app makes
// (Prisma included), in this process, after a warm-up:
//
// - window: the last 30 messages, what every turn reads;
// - buffer: what the buffer strategy's read (window and episodes in one
//   statement, then selection and rendering) adds to the window read, timed
//   side by side so machine noise hits both;
// - recall: the workspace's pages for an owner's question (one statement);
// - search: search_chat_history over the part of the thread before the window;
// - turn: a whole turn's server time outside the model (the offline model at
//   full speed, whose own time is measured and taken out), with the memory
//   pass queued to a queue that does nothing, as the server queues it, and
//   the statements the turn sent.
//
// The questions and searches are in the words the seeder's varied wording
// draws from (scripts/seed-world.ts), so each matches a large share of rows.
import { performance } from "node:perf_hooks";
import { wrapLanguageModel, type LanguageModelMiddleware } from "ai";
import { runTurn } from "@/lib/agent/turn";
import { readWindowWithBuffer, type BufferSettings } from "@/lib/buffer/read";
import type { AppConfig } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import type { ScratchDatabase } from "@/lib/db/scratch";
import { PromptScreen } from "@/lib/guard/screen";
import { searchChatHistory } from "@/lib/history/search";
import { chooseModels, type ModelChoice } from "@/lib/models";
import { recallPages } from "@/lib/pages/recall";
import { readWindow } from "@/lib/threads/messages";

export const SETTINGS: BufferSettings = { window: 30, maxLines: 12, maxLineChars: 220 };
const RECALL_PAGES = 3;
const SEARCH_LIMIT = 8;
const WARMUP_ITERATIONS = 50;
const WARMUP_TURNS = 5;

/** An owner's questions, in the workspace's words: what recall ranks pages for. */
const RECALL_QUESTIONS = [
  "What did we decide about the lease deposit for the downtown location?",
  "How much was the supplier invoice for the oven and the fridge?",
  "Who did we hire as manager for the weekend shift?",
  "What is the plan for the loyalty campaign in October?",
  "What was the landlord's quote for the store on Main St?",
  "How many overtime hours did payroll confirm last month?",
  "When is the permit inspection before the opening?",
  "What price and margin did we agree for the menu?",
];
/** What the model searches the thread's older part for. */
const SEARCH_QUERIES = ["landlord deposit", "oven inventory", "loyalty campaign flyer", "permit inspection", "payroll overtime review", "Houma rent", "bank loan insurance", "menu price margin"];
/** Statements of fact, which the offline model acknowledges without calling a tool. */
const TURN_TEXTS = [
  "Noted: the landlord wants the deposit by Friday.",
  "The oven delivery moved to Monday morning.",
  "We signed the insurance contract with the bank today.",
  "Payroll for the weekend staff went out on time.",
];

/** Each kind's times in milliseconds, warm-up left out; the turns' statements beside their times. */
export type StopTimings = { window: number[]; buffer: number[]; recall: number[]; search: number[]; turnServer: number[]; turnStatements: number[] };

/** Where a stop is measured: the workspace, its long thread and that thread's last seq. */
export type Stop = { workspaceId: string; threadId: string; lastSeq: number };

/**
 * Times, turn after turn, the window read alone (what a turn without the
 * buffer reads) and the buffer strategy's read (the window and the episodes in
 * one statement, then selection and rendering); the buffer's cost is the
 * difference, measured side by side so machine noise hits both.
 */
async function timeReads(db: Db, threadId: string, iterations: number): Promise<{ window: number[]; buffer: number[] }> {
  const timings = { window: [] as number[], buffer: [] as number[] };
  for (let i = 0; i < WARMUP_ITERATIONS + iterations; i++) {
    const start = performance.now();
    await readWindow(db, threadId, SETTINGS.window);
    const windowRead = performance.now();
    const { buffer } = await readWindowWithBuffer(db, threadId, SETTINGS, new PromptScreen());
    const bufferRead = performance.now();
    // Any other status skips the episode reads, and the number would flatter the buffer.
    if (buffer.status !== "injected" || !buffer.gap) {
      throw new Error(`expected a full buffer with its gap line, got "${buffer.status}" (${buffer.reason})`);
    }
    if (i < WARMUP_ITERATIONS) continue;
    timings.window.push(windowRead - start);
    timings.buffer.push(bufferRead - windowRead - (windowRead - start));
  }
  return timings;
}

async function timeEach(iterations: number, run: (i: number) => Promise<void>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < WARMUP_ITERATIONS + iterations; i++) {
    const start = performance.now();
    await run(i);
    if (i >= WARMUP_ITERATIONS) times.push(performance.now() - start);
  }
  return times;
}

async function timeRecall(db: Db, workspaceId: string, iterations: number): Promise<number[]> {
  let recalled = 0;
  const times = await timeEach(iterations, async (i) => {
    const pages = await recallPages(db, workspaceId, RECALL_QUESTIONS[i % RECALL_QUESTIONS.length], RECALL_PAGES);
    recalled += pages.length;
  });
  if (recalled === 0) throw new Error("recall found no page for any question: the benchmark would time an empty result");
  return times;
}

async function timeSearch(db: Db, threadId: string, lastSeq: number, iterations: number): Promise<number[]> {
  const beforeSeq = lastSeq - SETTINGS.window + 1;
  let found = 0;
  const times = await timeEach(iterations, async (i) => {
    found += (await searchChatHistory(db, threadId, SEARCH_QUERIES[i % SEARCH_QUERIES.length], beforeSeq, SEARCH_LIMIT)).matches.length;
  });
  if (found === 0) throw new Error("search found nothing: the benchmark would time an empty result");
  return times;
}

/**
 * The model, with the time spent inside it added up: its doStream call and
 * each wait for its next chunk, but not what the turn does with a chunk
 * between two waits.
 */
function timedModel(choice: ModelChoice): { choice: ModelChoice; spent: () => number } {
  let spent = 0;
  const middleware: LanguageModelMiddleware = {
    specificationVersion: "v3",
    wrapStream: async ({ doStream }) => {
      const start = performance.now();
      const result = await doStream();
      spent += performance.now() - start;
      const reader = result.stream.getReader();
      const stream = new ReadableStream({
        async pull(controller) {
          const waited = performance.now();
          const next = await reader.read();
          spent += performance.now() - waited;
          if (next.done) controller.close();
          else controller.enqueue(next.value);
        },
        cancel: (reason) => reader.cancel(reason),
      });
      return { ...result, stream };
    },
  };
  const model = wrapLanguageModel({ model: choice.model as Parameters<typeof wrapLanguageModel>[0]["model"], middleware });
  return { choice: { ...choice, model }, spent: () => spent };
}

/**
 * Whole turns as the server runs them (the memory pass queued, here to a
 * queue that drops it), each a statement of fact the offline model answers
 * without a tool; the server's time is the turn's wall time less the
 * model's own.
 */
async function timeTurns(database: ScratchDatabase, config: AppConfig, { workspaceId, threadId }: Stop, turns: number) {
  const { db, statements } = database;
  const timings = { server: [] as number[], statements: [] as number[] };
  const queue = { enqueue: async () => {} };
  for (let i = 0; i < WARMUP_TURNS + turns; i++) {
    const models = chooseModels(config);
    const { choice, spent } = timedModel(models.chat);
    statements.reset();
    const start = performance.now();
    const outcome = await runTurn({ db, config, models: { ...models, chat: choice }, workspaceId, threadId, text: TURN_TEXTS[i % TURN_TEXTS.length], consolidate: { kind: "queue", queue } });
    const wall = performance.now() - start;
    const sent = statements.count;
    if (outcome.trace.toolCalls.length > 0) throw new Error(`turn ${i} called ${outcome.trace.toolCalls.map((c) => c.name).join(", ")}: not a turn without tool calls`);
    if (outcome.trace.buffer.status !== "injected") throw new Error(`turn ${i} read no buffer (${outcome.trace.buffer.status}): not a full-window turn`);
    if (i < WARMUP_TURNS) continue;
    timings.server.push(wall - spent());
    timings.statements.push(sent);
  }
  return timings;
}

/** Times the reads `iterations` times each, then `turns` turns, which append their messages to the thread. */
export async function timeStop(database: ScratchDatabase, config: AppConfig, stop: Stop, { iterations, turns }: { iterations: number; turns: number }): Promise<StopTimings> {
  const { db } = database;
  const reads = await timeReads(db, stop.threadId, iterations);
  const recall = await timeRecall(db, stop.workspaceId, iterations);
  const search = await timeSearch(db, stop.threadId, stop.lastSeq, iterations);
  const timedTurns = await timeTurns(database, config, stop, turns);
  return { ...reads, recall, search, turnServer: timedTurns.server, turnStatements: timedTurns.statements };
}
