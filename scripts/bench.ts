// The performance benchmark (npm run bench): a turn's database work as a
// thread and a workspace's memory grow, on PGlite and (with DATABASE_URL)
// PostgreSQL.
//
// One thread is grown to each size in turn (1k, 10k, 100k messages, with an
// episode per 6 messages), its workspace to as many facts (100 to a page),
// and other workspaces in the same tables to ten times as many, and each stop
// is measured, so a query that scanned instead of seeking, or read another
// workspace's rows, shows up as a cost that grows. The workspaces come from
// the seeder the paging tests use (seed-world.ts), the timings from
// bench-time.ts, the rows, table and report from bench-report.ts.
//
// `--json` prints one JSON document instead of the table; progress goes to
// stderr either way.
import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { z } from "zod";
import { readConfig } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import { openScratchDatabase, type ScratchDatabase } from "@/lib/db/scratch";
import { benchFooter, benchJson, benchReport, benchRow, benchTable, machineNow, thousands, type BenchRunRow } from "@/scripts/bench-report";
import { SETTINGS, timeStop } from "@/scripts/bench-time";
import { growWorkspace, MESSAGES_PER_EPISODE, seedWorkspace, type SeededWorkspace } from "@/scripts/seed-world";
import { currentCommit, readArgs, runCli } from "@/scripts/thread-cli";

const USAGE =
  "npm run bench -- [--sizes 1000,10000,100000] [--facts 1000,10000,100000] [--other-facts 10] [--iterations 200] [--turns 60] [--json] [--out report.json]";

/** The other workspaces sharing the tables; together they hold --other-facts times the measured workspace's facts. */
const OTHER_WORKSPACES = 10;
/** The smallest thread whose buffer shows every line plus the gap: the window, then one stretch more than fits. */
const MIN_SIZE = SETTINGS.window + MESSAGES_PER_EPISODE * (SETTINGS.maxLines + 1);

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

type Options = z.infer<typeof argsSchema>;

/** The measured workspace, and the others whose facts share its tables (each citing the one message of its own thread). */
type World = { measured: SeededWorkspace; others: SeededWorkspace[] };

async function createWorld(db: Db): Promise<World> {
  const measured = await seedWorkspace(db, { slug: "bench", wording: "varied" }, { messages: 0, facts: 0 });
  const others: SeededWorkspace[] = [];
  for (let w = 1; w <= OTHER_WORKSPACES; w++) {
    others.push(await seedWorkspace(db, { slug: `bench-other-${w}`, wording: "varied", seed: w }, { messages: 1, facts: 0 }));
  }
  return { measured, others };
}

/**
 * Grows the measured thread to `size` messages (on from the turns the last
 * stop appended) with an episode per stretch, its workspace to `facts`
 * facts, and the other workspaces to `otherFacts` times as many together.
 */
async function growWorld(db: Db, world: World, size: number, facts: number, otherFacts: number, log: (line: string) => void): Promise<void> {
  await growWorkspace(db, world.measured, { messages: size, facts }, log);
  log(`facts ${thousands(facts)} and episodes ${thousands(world.measured.size.episodes)} in the measured workspace`);
  for (const other of world.others) await growWorkspace(db, other, { messages: 1, facts: otherFactsEach(facts, otherFacts) });
  log(`facts ${thousands(otherFactsEach(facts, otherFacts) * OTHER_WORKSPACES)} in ${OTHER_WORKSPACES} other workspaces`);
  // A live database has been vacuumed and analyzed (autovacuum on PostgreSQL).
  // Doing it now gives both databases planner statistics, and keeps
  // PostgreSQL's autovacuum from waking on the bulk load mid-measurement.
  await db.$executeRawUnsafe("VACUUM ANALYZE");
}

const otherFactsEach = (facts: number, otherFacts: number) => Math.round((facts * otherFacts) / OTHER_WORKSPACES);

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
      await growWorld(db, world, size, facts, options["other-facts"], say);
      say(`loaded in ${((performance.now() - loadStart) / 1000).toFixed(1)} s; timing ${options.iterations} reads of each kind and ${options.turns} turns`);
      const { measured } = world;
      const stop = { workspaceId: measured.workspaceId, threadId: measured.longThreadId, lastSeq: measured.size.messages };
      const timings = await timeStop(database, config, stop, options);
      const otherFacts = otherFactsEach(facts, options["other-facts"]) * OTHER_WORKSPACES;
      rows.push(benchRow(name, { messages: measured.size.messages, facts, otherFacts }, timings, os.loadavg()[0]));
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
  const machine = machineNow();
  const wallMs = performance.now() - started;
  if (options.out) {
    await mkdir(path.dirname(options.out), { recursive: true });
    await writeFile(options.out, `${JSON.stringify(benchReport(rows, machine, { commit: currentCommit(), wallMs }), null, 2)}\n`);
    log(`report written to ${options.out}; npm run bench:readme -- ${options.out} puts it in the README`);
  }
  if (options.json) {
    console.log(JSON.stringify(benchJson(rows, machine), null, 2));
    return;
  }
  console.log(`\n${benchTable(rows)}\n`);
  for (const line of benchFooter(rows, machine, { postgres: Boolean(databaseUrl), wallMs })) console.log(line);
});
