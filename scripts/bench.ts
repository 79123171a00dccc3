// The performance benchmark (npm run bench): a turn's database work as a
// thread and a workspace's memory grow, on PGlite and (with DATABASE_URL)
// PostgreSQL.
//
// One thread is grown to each size in turn (1k, 10k, 100k messages, with an
// episode per 6 messages), its workspace to as many facts (100 to a page),
// and other workspaces in the same tables to ten times as many, and each stop
// is measured, so a query that scanned instead of seeking, or read another
// workspace's rows, shows up as a cost that grows:
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
// Timings are wall time around the same calls the app makes (Prisma
// included), in this process. `--json` prints one JSON document instead of
// the table; progress goes to stderr either way.
import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { wrapLanguageModel, type LanguageModelMiddleware } from "ai";
import { z } from "zod";
import { runTurn } from "@/lib/agent/turn";
import { readWindowWithBuffer, type BufferSettings } from "@/lib/buffer/read";
import { readConfig, type AppConfig } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { openScratchDatabase, type ScratchDatabase } from "@/lib/db/scratch";
import { deriveSeed, mulberry32, pick, randomInt, type Random } from "@/lib/eval/random";
import { quantile } from "@/lib/eval/stats";
import { PromptScreen } from "@/lib/guard/screen";
import { searchChatHistory } from "@/lib/history/search";
import { chooseModels, type ModelChoice } from "@/lib/models";
import { recallPages } from "@/lib/pages/recall";
import { readWindow } from "@/lib/threads/messages";
import { benchJsonSchema, benchReportSchema, benchTable, benchVerdicts, type BenchReport, type BenchRow, type BenchRunRow } from "@/scripts/bench-report";
import { currentCommit, readArgs, runCli } from "@/scripts/thread-cli";

const USAGE =
  "npm run bench -- [--sizes 1000,10000,100000] [--facts 1000,10000,100000] [--other-facts 10] [--iterations 200] [--turns 60] [--json] [--out report.json]";

const SETTINGS: BufferSettings = { window: 30, maxLines: 12, maxLineChars: 220 };
const RECALL_PAGES = 3;
const SEARCH_LIMIT = 8;
/** The memory pass files one episode per stretch; six messages is a typical stretch. */
const MESSAGES_PER_EPISODE = 6;
const FACTS_PER_PAGE = 100;
/** The other workspaces sharing the tables; together they hold --other-facts times the measured workspace's facts. */
const OTHER_WORKSPACES = 10;
/** The smallest thread whose buffer shows every line plus the gap: the window, then one stretch more than fits. */
const MIN_SIZE = SETTINGS.window + MESSAGES_PER_EPISODE * (SETTINGS.maxLines + 1);
const WARMUP_ITERATIONS = 50;
const WARMUP_TURNS = 5;
/** Rows per INSERT: enough that per-statement overhead vanishes, few enough for a progress line every few seconds. */
const BATCH_ROWS = 5_000;
const SEED = 20261129;

const sizeList = (min: number) =>
  z
    .string()
    .transform((list) => list.split(",").map((item) => Number(item.trim().replace(/_/g, ""))))
    .pipe(z.array(z.number().int().min(min).max(1_000_000)).min(1));

const argsSchema = z
  .object({
    positionals: z.tuple([], { error: "takes no positional arguments" }),
    sizes: sizeList(MIN_SIZE),
    facts: sizeList(1).optional(),
    "other-facts": z.coerce.number().min(0).max(100),
    iterations: z.coerce.number().int().min(10).max(100_000),
    turns: z.coerce.number().int().min(5).max(10_000),
    json: z.boolean(),
    out: z.string().min(1).optional(),
  })
  .transform((args) => ({ ...args, facts: args.facts ?? args.sizes }))
  .refine((args) => args.facts.length === args.sizes.length, { message: "--facts needs one count per size", path: ["facts"] })
  .refine((args) => args.sizes.every((s, i) => i === 0 || (s > args.sizes[i - 1] && args.facts[i] >= args.facts[i - 1])), {
    message: "sizes must grow, and facts must not shrink",
    path: ["sizes"],
  });

const argOptions = {
  sizes: { type: "string", default: "1000,10000,100000" },
  facts: { type: "string" },
  "other-facts": { type: "string", default: "10" },
  iterations: { type: "string", default: "200" },
  turns: { type: "string", default: "60" },
  json: { type: "boolean", default: false },
  out: { type: "string" },
} as const;

// ── Synthetic workspace ─────────────────────────────────────────────────────

const PAGE_TITLES = ["Second Location", "Monthly Budget", "Hiring", "Suppliers", "Marketing Plan", "Payroll", "Equipment", "Lease Terms"];
const FACT_KEYS = ["monthly budget", "opening date", "preferred vendor", "head count", "lease length", "target price", "deadline", "contact"];
// One small vocabulary for messages and facts alike, drawn uniformly: every
// word is common, so each question's words match a large share of the
// workspace's facts and the thread's messages. That is the case recall and
// search must keep bounded.
const WORDS = (
  "the a our we you they this that next last week month quarter budget lease quote vendor supplier invoice payroll staff hire " +
  "schedule shift location store kitchen menu price cost margin revenue order delivery contract deposit rent square feet " +
  "Houma Main St downtown landlord bank loan insurance permit inspection opening launch campaign flyer email customers " +
  "loyalty discount inventory equipment oven fridge register software training manager weekend hours overtime review " +
  "plan decide compare confirm send call ask check agree move wait sign pay cut raise keep drop book order count " +
  "about around under over before after with without for from into per each most least two three five ten twenty " +
  "hundred thousand $2,500 $1,800 $40 15% Monday Friday October November early late soon already still maybe probably"
).split(" ");

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

const START = Date.UTC(2026, 0, 5, 9);
/** A reply every few minutes: 100k messages span about seven months. */
const MINUTES_PER_MESSAGE = 3;

function sentence(random: Random, minWords: number, maxWords: number): string {
  const words = Array.from({ length: randomInt(random, minWords, maxWords) }, () => pick(random, WORDS));
  const text = words.join(" ");
  return `${text[0].toUpperCase()}${text.slice(1)}.`;
}

function paragraph(random: Random, minSentences: number, maxSentences: number): string {
  return Array.from({ length: randomInt(random, minSentences, maxSentences) }, () => sentence(random, 6, 18)).join(" ");
}

const messageId = (seq: number) => `bench_msg_${seq}`;
const messageTime = (seq: number) => new Date(START + seq * MINUTES_PER_MESSAGE * 60_000).toISOString();
const pageId = (workspace: number, page: number) => `bench_page_${workspace}_${page}`;
const pageTitle = (page: number) => `${PAGE_TITLES[page % PAGE_TITLES.length]} ${Math.floor(page / PAGE_TITLES.length) + 1}`;
const factId = (workspace: number, fact: number) => `bench_fact_${workspace}_${fact}`;

/** Odd seqs are the owner, even seqs the agent's longer replies; each seq has its own stream so any size reproduces the same rows. */
function messageRow(threadId: string, seq: number) {
  const random = mulberry32(deriveSeed(SEED, seq));
  const fromOwner = seq % 2 === 1;
  const text = fromOwner ? paragraph(random, 1, 4) : paragraph(random, 2, 9);
  return {
    id: messageId(seq),
    threadId,
    seq,
    role: fromOwner ? "USER" : "ASSISTANT",
    speaker: fromOwner ? "OWNER" : "AGENT",
    text,
    parts: JSON.stringify([{ type: "text", text }]),
    createdAt: messageTime(seq),
  };
}

type BenchWorkspace = { index: number; id: string; threadId: string; messageId: (fact: number) => string; facts: number };

/** Fact `i` of a workspace, on page i ÷ 100: mostly confirmed, some pending, a few superseded. */
function factRow(workspace: BenchWorkspace, i: number) {
  const random = mulberry32(deriveSeed(SEED ^ (0xfac7 + workspace.index), i));
  const roll = random();
  const filedAt = new Date(START + i * 60_000).toISOString();
  return {
    id: factId(workspace.index, i),
    pageId: pageId(workspace.index, Math.floor(i / FACTS_PER_PAGE)),
    key: pick(random, FACT_KEYS),
    text: sentence(random, 8, 20),
    source: "OWNER",
    status: roll < 0.85 ? "CONFIRMED" : roll < 0.95 ? "PENDING" : "SUPERSEDED",
    threadId: workspace.threadId,
    messageId: workspace.messageId(i),
    createdAt: filedAt,
    updatedAt: filedAt,
  };
}

/** Episode `index` covers the stretch ending at seq (index + 1) × 6; like the memory pass, it points at 1–3 of the workspace's facts. */
function episodeRows(threadId: string, facts: number, index: number) {
  const random = mulberry32(deriveSeed(SEED ^ 0x5eed, index));
  const fromSeq = index * MESSAGES_PER_EPISODE + 1;
  const toSeq = fromSeq + MESSAGES_PER_EPISODE - 1;
  const episodeId = `bench_ep_${index}`;
  const filedAt = messageTime(toSeq + 1);
  const pointed = [...new Set(Array.from({ length: randomInt(random, 1, 3) }, () => randomInt(random, 0, facts - 1)))];
  // The memory pass stores its pointers' page titles on the episode (a PostgreSQL array literal here).
  const titles = [...new Set(pointed.map((f) => pageTitle(Math.floor(f / FACTS_PER_PAGE))))].map((title) => `"${title}"`).join(",");
  return {
    episode: {
      id: episodeId,
      threadId,
      fromSeq,
      toSeq,
      fromAt: messageTime(fromSeq),
      toAt: messageTime(toSeq),
      gist: sentence(random, 12, 24),
      pages: `{${titles}}`,
      createdAt: filedAt,
    },
    pointers: pointed.map((f) => ({ episodeId, factId: factId(0, f) })),
  };
}

type Row = Record<string, string | number>;

/**
 * One INSERT … SELECT FROM unnest(…) per batch: a text array per column
 * instead of a bind parameter per value. On PGlite that loads a message in
 * about 40% of createMany's time (0.18 vs 0.45 ms of CPU), which is what
 * keeps 100k messages under a minute; PostgreSQL runs the same statement.
 * `columns` maps each column to the type its text is cast to.
 */
async function insertRows<R extends Row>(db: Db, table: string, columns: Record<keyof R & string, string>, rows: R[]): Promise<void> {
  const names = Object.keys(columns) as (keyof R & string)[];
  for (let i = 0; i < rows.length; i += BATCH_ROWS) {
    const batch = rows.slice(i, i + BATCH_ROWS);
    const arrays = Prisma.join(names.map((name) => Prisma.sql`${batch.map((row) => String(row[name]))}::text[]`));
    const aliases = names.map((_, c) => `c${c}`);
    await db.$executeRaw`INSERT INTO ${Prisma.raw(`"${table}"`)} (${Prisma.raw(names.map((name) => `"${name}"`).join(", "))})
      SELECT ${Prisma.raw(aliases.map((alias, c) => `${alias}::${columns[names[c]]}`).join(", "))}
      FROM unnest(${arrays}) AS u(${Prisma.raw(aliases.join(", "))})`;
  }
}

const MESSAGE_COLUMNS = {
  id: "text",
  threadId: "text",
  seq: "int",
  role: `"Role"`,
  speaker: `"Speaker"`,
  text: "text",
  parts: "jsonb",
  createdAt: "timestamp(3)",
} satisfies Record<keyof ReturnType<typeof messageRow>, string>;

const FACT_COLUMNS = {
  id: "text",
  pageId: "text",
  key: "text",
  text: "text",
  source: `"FactSource"`,
  status: `"FactStatus"`,
  threadId: "text",
  messageId: "text",
  createdAt: "timestamp(3)",
  updatedAt: "timestamp(3)",
} satisfies Record<keyof ReturnType<typeof factRow>, string>;

const EPISODE_COLUMNS = {
  id: "text",
  threadId: "text",
  fromSeq: "int",
  toSeq: "int",
  fromAt: "timestamp(3)",
  toAt: "timestamp(3)",
  gist: "text",
  pages: "text[]",
  createdAt: "timestamp(3)",
} satisfies Record<keyof ReturnType<typeof episodeRows>["episode"], string>;

const PAGE_COLUMNS = { id: "text", workspaceId: "text", title: "text", createdAt: "timestamp(3)", updatedAt: "timestamp(3)" };

type World = { thread: { id: string; messages: number; episodes: number }; measured: BenchWorkspace; others: BenchWorkspace[] };

async function createWorld(db: Db): Promise<World> {
  const make = async (index: number, slug: string, name: string) => {
    const workspace = await db.workspace.create({ data: { slug, name } });
    const thread = await db.thread.create({ data: { workspaceId: workspace.id, title: "A long-running owner thread" } });
    return { index, id: workspace.id, threadId: thread.id, facts: 0 };
  };
  const measured = await make(0, "bench", "Read-path benchmark");
  const others: BenchWorkspace[] = [];
  for (let w = 1; w <= OTHER_WORKSPACES; w++) {
    const other = await make(w, `bench-other-${w}`, `Another business ${w}`);
    // Their facts all cite one message of their own thread.
    const [message] = await db.$transaction((tx) =>
      tx.message.createManyAndReturn({ data: [{ threadId: other.threadId, seq: 1, role: "USER", speaker: "OWNER", text: "Notes." }] }),
    );
    await db.thread.update({ where: { id: other.threadId }, data: { lastSeq: 1 } });
    others.push({ ...other, messageId: () => message.id });
  }
  // The measured workspace's facts cite the owner's messages (odd seqs) of the
  // thread's first stretch, which every stop has: the messages a stop's turns
  // append have ids of their own.
  const cited = (i: number) => messageId(2 * ((i * 7919) % Math.floor(MIN_SIZE / 2)) + 1);
  return { thread: { id: measured.threadId, messages: 0, episodes: 0 }, measured: { ...measured, messageId: cited }, others };
}

/** Adds a workspace's facts (and the pages they need) up to `target`, page after page. */
async function growFacts(db: Db, workspace: BenchWorkspace, target: number): Promise<void> {
  if (target <= workspace.facts) return;
  const pagesFrom = Math.ceil(workspace.facts / FACTS_PER_PAGE);
  const pagesTo = Math.ceil(target / FACTS_PER_PAGE);
  const now = new Date(START).toISOString();
  const pages = Array.from({ length: pagesTo - pagesFrom }, (_, k) => ({
    id: pageId(workspace.index, pagesFrom + k),
    workspaceId: workspace.id,
    title: pageTitle(pagesFrom + k),
    createdAt: now,
    updatedAt: now,
  }));
  await insertRows(db, "Page", PAGE_COLUMNS, pages);
  for (let from = workspace.facts; from < target; from += BATCH_ROWS) {
    const rows = Array.from({ length: Math.min(BATCH_ROWS, target - from) }, (_, k) => factRow(workspace, from + k));
    await insertRows(db, "Fact", FACT_COLUMNS, rows);
  }
  workspace.facts = target;
}

/** Grows the thread to `size` messages with the episodes of every stretch they complete, its workspace to `facts` facts, the others to theirs. */
async function growWorld(db: Db, world: World, size: number, facts: number, otherFacts: number, log: (line: string) => void): Promise<void> {
  const { thread } = world;
  for (let from = thread.messages + 1; from <= size; from += BATCH_ROWS) {
    const to = Math.min(size, from + BATCH_ROWS - 1);
    const rows = Array.from({ length: to - from + 1 }, (_, i) => messageRow(thread.id, from + i));
    await insertRows(db, "Message", MESSAGE_COLUMNS, rows);
    log(`messages ${count(to)}/${count(size)}`);
  }
  await growFacts(db, world.measured, facts);
  log(`facts ${count(facts)} in the measured workspace`);
  const perOther = Math.round((facts * otherFacts) / OTHER_WORKSPACES);
  for (const other of world.others) await growFacts(db, other, perOther);
  log(`facts ${count(perOther * OTHER_WORKSPACES)} in ${OTHER_WORKSPACES} other workspaces`);

  const episodeCount = Math.floor(size / MESSAGES_PER_EPISODE);
  const rows = Array.from({ length: episodeCount - thread.episodes }, (_, i) => episodeRows(thread.id, facts, thread.episodes + i));
  await insertRows(db, "Episode", EPISODE_COLUMNS, rows.map((r) => r.episode));
  await insertRows(db, "EpisodeFact", { episodeId: "text", factId: "text" }, rows.flatMap((r) => r.pointers));
  log(`episodes ${count(episodeCount)}`);

  await db.thread.update({ where: { id: thread.id }, data: { lastSeq: size, consolidatedSeq: episodeCount * MESSAGES_PER_EPISODE } });
  // A live database has been vacuumed and analyzed (autovacuum on PostgreSQL).
  // Doing it now gives both databases planner statistics, and keeps
  // PostgreSQL's autovacuum from waking on the bulk load mid-measurement.
  await db.$executeRawUnsafe("VACUUM ANALYZE");
  thread.messages = size;
  thread.episodes = episodeCount;
}

// ── Measurement ─────────────────────────────────────────────────────────────

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const p50 = (values: number[]) => quantile(sorted(values), 0.5);

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
 * The offline model, with the time spent inside it added up: its doStream
 * call and each wait for its next chunk, but not what the turn does with a
 * chunk between two waits.
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

type TurnTimings = { serverMs: number[]; statements: number[] };

/**
 * Whole turns as the server runs them (the memory pass queued, here to a
 * queue that drops it), each a statement of fact the offline model answers
 * without a tool; the server's time is the turn's wall time less the
 * model's own.
 */
async function timeTurns(database: ScratchDatabase, config: AppConfig, workspaceId: string, threadId: string, turns: number): Promise<TurnTimings> {
  const { db, statements } = database;
  const timings: TurnTimings = { serverMs: [], statements: [] };
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
    timings.serverMs.push(wall - spent());
    timings.statements.push(sent);
  }
  return timings;
}

// ── Report ──────────────────────────────────────────────────────────────────

const round = (n: number, digits = 3) => Math.round(n * 10 ** digits) / 10 ** digits;
const count = (n: number) => n.toLocaleString("en-US");

type Options = z.infer<typeof argsSchema>;

async function bench(open: () => Promise<ScratchDatabase>, options: Options, log: (line: string) => void): Promise<BenchRunRow[]> {
  const database = await open();
  const { kind: name, db } = database;
  const say = (line: string) => log(`${name}: ${line}`);
  const config = readConfig({ OFFLINE_MODEL_DELAY_MS: "0" });
  try {
    const world = await createWorld(db);
    const rows: BenchRunRow[] = [];
    for (const [step, size] of options.sizes.entries()) {
      const facts = options.facts[step];
      const loadStart = performance.now();
      // The turns of the last stop appended their messages; the thread grows on from there.
      world.thread.messages = Math.max(world.thread.messages, (await db.thread.findUniqueOrThrow({ where: { id: world.thread.id } })).lastSeq);
      await growWorld(db, world, Math.max(size, world.thread.messages), facts, options["other-facts"], say);
      say(`loaded in ${((performance.now() - loadStart) / 1000).toFixed(1)} s; timing ${options.iterations} reads of each kind and ${options.turns} turns`);
      const reads = await timeReads(db, world.thread.id, options.iterations);
      const recall = await timeRecall(db, world.measured.id, options.iterations);
      const search = await timeSearch(db, world.thread.id, world.thread.messages, options.iterations);
      const turns = await timeTurns(database, config, world.measured.id, world.thread.id, options.turns);
      const windowP50Ms = p50(reads.window);
      const bufferP50Ms = p50(reads.buffer);
      rows.push({
        database: name,
        messages: world.thread.messages,
        facts,
        windowP50Ms: round(windowP50Ms),
        bufferP50Ms: round(bufferP50Ms),
        bufferOverWindow: round(bufferP50Ms / windowP50Ms),
        recallP50Ms: round(p50(recall)),
        searchP50Ms: round(p50(search)),
        turnP50Ms: round(p50(turns.serverMs)),
        statementsPerTurn: p50(turns.statements),
        otherFacts: Math.round((facts * options["other-facts"]) / OTHER_WORKSPACES) * OTHER_WORKSPACES,
        load: os.loadavg()[0],
      });
    }
    return rows;
  } finally {
    await database.close();
  }
}

runCli(USAGE, async () => {
  const options = readArgs(argOptions, argsSchema);
  const { databaseUrl } = readConfig();
  const log = (line: string) => console.error(line);
  const started = performance.now();
  const rows = await bench(() => openScratchDatabase({ purpose: "bench" }), options, log);
  if (databaseUrl) rows.push(...(await bench(() => openScratchDatabase({ purpose: "bench", databaseUrl }), options, log)));
  const load = os.loadavg().map((l) => round(l, 2));
  if (options.out) {
    const report: BenchReport = {
      version: 1,
      createdAt: new Date().toISOString(),
      commit: currentCommit(),
      cores: os.cpus().length,
      loadAverage: load,
      wallMs: round(performance.now() - started, 0),
      rows,
    };
    await mkdir(path.dirname(options.out), { recursive: true });
    await writeFile(options.out, `${JSON.stringify(benchReportSchema.parse(report), null, 2)}\n`);
    log(`report written to ${options.out}; npm run bench:readme -- ${options.out} puts it in the README`);
  }
  if (options.json) {
    const strip = ({ otherFacts: _o, load: _l, ...row }: BenchRunRow): BenchRow => row;
    console.log(JSON.stringify(benchJsonSchema.parse({ rows: rows.map(strip), cores: os.cpus().length, loadAverage: load }), null, 2));
    return;
  }
  console.log(`\n${benchTable(rows)}\n`);
  for (const line of benchVerdicts(rows)) console.log(line);
  if (!databaseUrl) console.log("PostgreSQL skipped: set DATABASE_URL to a server to benchmark it too.");
  console.log(
    `Statements per turn: those the app's client sent for a turn (the job queue's own insert for the memory pass comes on top).\n` +
      `Load average ${load.map((l) => l.toFixed(2)).join(" / ")} (1 / 5 / 15 min) on ${os.cpus().length} cores; total ${((performance.now() - started) / 1000).toFixed(1)} s.`,
  );
});
