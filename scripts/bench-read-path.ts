// The read-path benchmark: what the buffer (§06.3) adds to a turn's database
// time, next to the window read every turn already pays, as a thread grows.
//
// One thread is grown to each size in turn (1k, 10k, 100k messages) and
// measured at each stop, so the tables grow with it: a query that scanned
// instead of seeking would show up as a buffer cost that grows with the thread.
// Timings are wall time around the same calls the turn makes (Prisma included),
// measured in this process; the block's rendering is part of the buffer time.
import { PromptScreen } from "@/lib/guard/screen";
import { performance } from "node:perf_hooks";
import { z } from "zod";
import { readWindowWithBuffer, type BufferSettings } from "@/lib/buffer/read";
import { readConfig } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import { openScratchDatabase, type ScratchDatabase } from "@/lib/db/scratch";
import { Prisma } from "@/lib/db/generated/client";
import { deriveSeed, mulberry32, pick, randomInt, type Random } from "@/lib/eval/random";
import { quantile } from "@/lib/eval/stats";
import { readWindow } from "@/lib/threads/messages";
import { readArgs, runCli } from "@/scripts/thread-cli";

const USAGE = "npm run bench -- [--sizes 1000,10000,100000] [--iterations 200]";

const SETTINGS: BufferSettings = { window: 30, maxLines: 12, maxLineChars: 220 };
/** The memory pass files one episode per stretch; six messages is a typical stretch. */
const MESSAGES_PER_EPISODE = 6;
/** The smallest thread whose buffer shows every line plus the gap: the window, then one stretch more than fits. */
const MIN_SIZE = SETTINGS.window + MESSAGES_PER_EPISODE * (SETTINGS.maxLines + 1);
const WARMUP_ITERATIONS = 100;
/** Rows per INSERT: enough that per-statement overhead vanishes, few enough for a progress line every few seconds. */
const BATCH_ROWS = 5_000;
const SEED = 20261129;
/** Millisecond medians move by tens of percent between runs on a busy machine; a scan over 100× the rows moves far more. */
const FLAT_TOLERANCE = 1.5;

const argsSchema = z.object({
  positionals: z.tuple([], { error: "takes no positional arguments" }),
  sizes: z
    .string()
    .transform((list) => list.split(",").map((item) => Number(item.trim().replace(/_/g, ""))))
    .pipe(z.array(z.number().int().min(MIN_SIZE).max(1_000_000)).min(1))
    .transform((sizes) => [...new Set(sizes)].sort((a, b) => a - b)),
  iterations: z.coerce.number().int().min(10).max(100_000),
});

const argOptions = {
  sizes: { type: "string", default: "1000,10000,100000" },
  iterations: { type: "string", default: "200" },
} as const;

// ── Synthetic thread ────────────────────────────────────────────────────────

const PAGE_TITLES = ["Second Location", "Monthly Budget", "Hiring", "Suppliers", "Marketing Plan", "Payroll", "Equipment", "Lease Terms"];
const FACT_KEYS = ["monthly budget", "opening date", "preferred vendor", "head count", "lease length", "target price", "deadline", "contact"];
const WORDS = (
  "the a our we you they this that next last week month quarter budget lease quote vendor supplier invoice payroll staff hire " +
  "schedule shift location store kitchen menu price cost margin revenue order delivery contract deposit rent square feet " +
  "Houma Main St downtown landlord bank loan insurance permit inspection opening launch campaign flyer email customers " +
  "loyalty discount inventory equipment oven fridge register software training manager weekend hours overtime review " +
  "plan decide compare confirm send call ask check agree move wait sign pay cut raise keep drop book order count " +
  "about around under over before after with without for from into per each most least two three five ten twenty " +
  "hundred thousand $2,500 $1,800 $40 15% Monday Friday October November early late soon already still maybe probably"
).split(" ");

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

/** Episode `index` covers the stretch ending at seq (index + 1) × 6; like the memory pass, it points at the 1–3 facts it filed. */
function episodeRows(threadId: string, pages: BenchPage[], index: number) {
  const random = mulberry32(deriveSeed(SEED ^ 0x5eed, index));
  const fromSeq = index * MESSAGES_PER_EPISODE + 1;
  const toSeq = fromSeq + MESSAGES_PER_EPISODE - 1;
  const episodeId = `bench_ep_${index}`;
  const filedAt = messageTime(toSeq + 1);
  const facts = Array.from({ length: randomInt(random, 1, 3) }, (_, k) => ({
    id: `bench_fact_${index}_${k}`,
    page: pick(random, pages),
    key: pick(random, FACT_KEYS),
    text: sentence(random, 8, 20),
    source: "OWNER",
    status: "CONFIRMED",
    threadId,
    // Facts are filed from what the owner said: the odd seqs of the stretch.
    messageId: messageId(fromSeq + 2 * randomInt(random, 0, MESSAGES_PER_EPISODE / 2 - 1)),
    createdAt: filedAt,
    updatedAt: filedAt,
  }));
  // The memory pass stores its pointers' page titles on the episode (a PostgreSQL array literal here).
  const titles = [...new Set(facts.map((f) => f.page.title))].map((title) => `"${title}"`).join(",");
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
    facts: facts.map(({ page, ...fact }) => ({ ...fact, pageId: page.id })),
    pointers: facts.map((fact) => ({ episodeId, factId: fact.id })),
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
} satisfies Record<keyof ReturnType<typeof episodeRows>["facts"][number], string>;

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

type BenchPage = { id: string; title: string };
type BenchThread = { id: string; pages: BenchPage[]; messages: number; episodes: number };

async function createThread(db: Db): Promise<BenchThread> {
  const workspace = await db.workspace.create({ data: { slug: "bench", name: "Read-path benchmark" } });
  const thread = await db.thread.create({ data: { workspaceId: workspace.id, title: "A long-running owner thread" } });
  const pages = await db.page.createManyAndReturn({
    data: PAGE_TITLES.map((title) => ({ workspaceId: workspace.id, title })),
    select: { id: true, title: true },
  });
  return { id: thread.id, pages, messages: 0, episodes: 0 };
}

/** Appends messages up to `size` and the episodes of every stretch they complete, then brings the thread's counters along. */
async function growThread(db: Db, thread: BenchThread, size: number, log: (line: string) => void): Promise<void> {
  for (let from = thread.messages + 1; from <= size; from += BATCH_ROWS) {
    const to = Math.min(size, from + BATCH_ROWS - 1);
    const rows = Array.from({ length: to - from + 1 }, (_, i) => messageRow(thread.id, from + i));
    await insertRows(db, "Message", MESSAGE_COLUMNS, rows);
    log(`messages ${count(to)}/${count(size)}`);
  }
  const episodeCount = Math.floor(size / MESSAGES_PER_EPISODE);
  const rows = Array.from({ length: episodeCount - thread.episodes }, (_, i) => episodeRows(thread.id, thread.pages, thread.episodes + i));
  const facts = rows.flatMap((r) => r.facts);
  await insertRows(db, "Fact", FACT_COLUMNS, facts);
  await insertRows(db, "Episode", EPISODE_COLUMNS, rows.map((r) => r.episode));
  await insertRows(db, "EpisodeFact", { episodeId: "text", factId: "text" }, rows.flatMap((r) => r.pointers));
  log(`episodes ${count(episodeCount)} (${count(facts.length)} new facts)`);

  await db.thread.update({
    where: { id: thread.id },
    data: { lastSeq: size, consolidatedSeq: episodeCount * MESSAGES_PER_EPISODE },
  });
  // A live database has been vacuumed and analyzed (autovacuum on PostgreSQL).
  // Doing it now gives both databases planner statistics, and keeps
  // PostgreSQL's autovacuum from waking on the bulk load mid-measurement.
  await db.$executeRawUnsafe("VACUUM ANALYZE");
  thread.messages = size;
  thread.episodes = episodeCount;
}

// ── Measurement ─────────────────────────────────────────────────────────────

type Timings = { window: number[]; buffer: number[] };

/**
 * Times, turn after turn, the window read alone (what a turn without the
 * buffer reads) and the buffer strategy's read (the window and the episodes in
 * one statement, then selection and rendering); the buffer's cost is the
 * difference, measured side by side so machine noise hits both.
 */
async function timeReads(db: Db, threadId: string, iterations: number): Promise<Timings> {
  const timings: Timings = { window: [], buffer: [] };
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

type SizeResult = { messages: number; episodes: number; windowP50: number; windowP95: number; bufferP50: number; bufferP95: number };

function summarise(thread: BenchThread, timings: Timings): SizeResult {
  // quantile() reads sorted samples.
  const window = [...timings.window].sort((a, b) => a - b);
  const buffer = [...timings.buffer].sort((a, b) => a - b);
  return {
    messages: thread.messages,
    episodes: thread.episodes,
    windowP50: quantile(window, 0.5),
    windowP95: quantile(window, 0.95),
    bufferP50: quantile(buffer, 0.5),
    bufferP95: quantile(buffer, 0.95),
  };
}

// ── Databases ───────────────────────────────────────────────────────────────

// ── Report ──────────────────────────────────────────────────────────────────

const count = (n: number) => n.toLocaleString("en-US");
const ms = (n: number) => `${n.toFixed(2)} ms`;

function table(database: string, rows: SizeResult[]): string {
  const header = ["database", "messages", "episodes", "window p50", "window p95", "buffer added p50", "buffer added p95", "added/window"];
  const cells = rows.map((r) => [
    database,
    count(r.messages),
    count(r.episodes),
    ms(r.windowP50),
    ms(r.windowP95),
    ms(r.bufferP50),
    ms(r.bufferP95),
    `${(r.bufferP50 / r.windowP50).toFixed(2)}×`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  // The name column reads left-aligned, the numbers right-aligned.
  const line = (c: string[]) => c.map((v, i) => (i === 0 ? v.padEnd(widths[i]) : v.padStart(widths[i]))).join("  ");
  return [line(header), ...cells.map(line)].join("\n");
}

function verdict(database: string, rows: SizeResult[]): string {
  if (rows.length < 2) return `${database}: one size only, so nothing to say about growth.`;
  const smallest = rows[0];
  const largest = rows[rows.length - 1];
  const growth = largest.bufferP50 / smallest.bufferP50;
  const windowGrowth = largest.windowP50 / smallest.windowP50;
  const what = `${database}: buffer p50 at ${count(largest.messages)} ÷ at ${count(smallest.messages)} messages = ${growth.toFixed(2)}× (window ${windowGrowth.toFixed(2)}×)`;
  if (growth <= FLAT_TOLERANCE) return `${what}: flat, the buffer's cost did not grow with the thread.`;
  // The window read takes 30 rows off an index at every size, so it is the
  // control: when it slowed about as much, the machine got busier, not the buffer dearer.
  if (growth / windowGrowth <= FLAT_TOLERANCE) {
    return `${what}: the window read slowed about as much, so the machine was busier, not the buffer dearer; re-run on a quiet machine to confirm.`;
  }
  return `${what}: NOT flat (over ${FLAT_TOLERANCE}× beyond the window's growth); check the episode queries with EXPLAIN ANALYZE.`;
}

async function bench(open: () => Promise<ScratchDatabase>, sizes: number[], iterations: number): Promise<void> {
  const { kind: name, db, close } = await open();
  try {
    const log = (line: string) => console.error(`${name}: ${line}`);
    const thread = await createThread(db);
    const rows: SizeResult[] = [];
    for (const size of sizes) {
      const loadStart = performance.now();
      await growThread(db, thread, size, log);
      log(`loaded ${count(size)} messages in ${((performance.now() - loadStart) / 1000).toFixed(1)} s; timing ${iterations} turns`);
      rows.push(summarise(thread, await timeReads(db, thread.id, iterations)));
    }
    console.log(`\n${table(name, rows)}\n${verdict(name, rows)}\n`);
  } finally {
    await close();
  }
}

runCli(USAGE, async () => {
  const { sizes, iterations } = readArgs(argOptions, argsSchema);
  const { databaseUrl } = readConfig();
  const started = performance.now();
  await bench(() => openScratchDatabase({ purpose: "bench" }), sizes, iterations);
  if (databaseUrl) await bench(() => openScratchDatabase({ purpose: "bench", databaseUrl }), sizes, iterations);
  else console.log("PostgreSQL skipped: set DATABASE_URL to a server to benchmark it too.");
  console.log(`Total ${((performance.now() - started) / 1000).toFixed(1)} s.`);
});
