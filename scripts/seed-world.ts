// Synthetic workspaces of any size, for the benchmark (npm run bench) and for
// the tests that check nothing a read or a page sends grows with the data
// behind it (tests/db/paging.test.ts, e2e/paging.spec.ts).
//
// A workspace has one long owner thread (odd seqs the owner's, even seqs the
// agent's replies), an episode per stretch of six messages from its start,
// each pointing at one to three facts, pages of facts citing the owner's
// messages of the thread's first stretch, and any number of further threads
// of two messages. It grows in place: each call writes only what the last
// did not, so the benchmark measures stop after stop on one database. Every
// row is fixed by the workspace's seed and its place, and written through
// the tables' owners (lib/threads, lib/pages, lib/episodes); the workspace
// row itself has no owner yet.
import type { Db } from "@/lib/db/client";
import type { FactStatus } from "@/lib/db/generated/client";
import { CopiedIds } from "@/lib/db/ids";
import { saveEpisodesInBulk, type BulkEpisode } from "@/lib/episodes/bulk";
import { deriveSeed, mulberry32, pick, randomInt, type Random } from "@/lib/eval/random";
import { fileFactsInBulk, writePagesInBulk, type BulkFact } from "@/lib/pages/bulk";
import { appendMessagesInBulk, writeThreadsInBulk, type BulkMessage } from "@/lib/threads/bulk";
import { advanceCursor } from "@/lib/threads/consolidation";
import { createThread, findThreadSummary } from "@/lib/threads/queries";

/** The memory pass files one episode per stretch; six messages is a typical stretch. */
export const MESSAGES_PER_EPISODE = 6;
/** Facts cite the owner's messages among the thread's first this many: every workspace of a size worth measuring has them. */
const CITED_STRETCH = 108;
/** Rows generated and written at a time: few enough to hold, enough that each statement's overhead vanishes. */
const BATCH_ROWS = 5_000;

/** Mostly confirmed, some waiting for the owner's review, a few superseded: 17, 2 and 1 of every 20 facts of a page. */
const MOSTLY_CONFIRMED: readonly FactStatus[] = [
  ...Array<FactStatus>(8).fill("CONFIRMED"),
  "PENDING",
  ...Array<FactStatus>(8).fill("CONFIRMED"),
  "PENDING",
  "CONFIRMED",
  "SUPERSEDED",
];

const STYLE_DEFAULTS: { seed: number; factsPerPage: number; statuses: readonly FactStatus[] } = { seed: 20261129, factsPerPage: 100, statuses: MOSTLY_CONFIRMED };

/**
 * What the rows say. "varied": sentences of different lengths drawn
 * uniformly from one small vocabulary, so every question's words match a
 * large share of the messages and facts (the case recall and search must
 * keep bounded). "numbered": every row of a kind the same but for its
 * number, so two workspaces' screens compare byte for byte.
 */
export type Wording = "varied" | "numbered";

export type WorkspaceStyle = {
  slug: string;
  wording: Wording;
  /** Seeds the varied wording and the episodes' pointers; two workspaces with one seed say the same things. */
  seed?: number;
  factsPerPage?: number;
  /** The statuses a page's facts take in turn. */
  statuses?: readonly FactStatus[];
  /** Episodes point only at facts among the workspace's first this many (all of its facts when unset). */
  pointersAmongFirst?: number;
};

/**
 * The paging tests' workspaces: numbered rows, every third fact of a page
 * waiting for review, every episode pointing at the first fact. Two of them
 * differ, screen by screen, only in how much lies behind.
 */
export const PAGING_STYLE = { wording: "numbered", statuses: ["CONFIRMED", "CONFIRMED", "PENDING"], pointersAmongFirst: 1 } as const satisfies Partial<WorkspaceStyle>;

export type WorkspaceSize = {
  /** Messages in the long thread. */
  messages: number;
  /** Episodes of the long thread, from its start: at most (and by default) one per six messages. */
  episodes?: number;
  facts: number;
  /** Further threads, each of two messages, older than the long one. */
  threads?: number;
};

export type SeededWorkspace = {
  workspaceId: string;
  slug: string;
  longThreadId: string;
  /** The page of the workspace's first facts, which every episode points at under pointersAmongFirst: 1. */
  firstPageId: string;
  style: WorkspaceStyle & typeof STYLE_DEFAULTS;
  /** What it held when it last grew: the long thread's messages count those turns appended before then. */
  size: Required<WorkspaceSize>;
};

// ── Wording ─────────────────────────────────────────────────────────────────

type Words = {
  message: (seq: number, random: Random) => string;
  pageTitle: (page: number) => string;
  fact: (fact: number, pageTitle: string, random: Random) => { key: string; text: string };
  gist: (episode: number, random: Random) => string;
};

const PAGE_TITLES = ["Second Location", "Monthly Budget", "Hiring", "Suppliers", "Marketing Plan", "Payroll", "Equipment", "Lease Terms"];
const FACT_KEYS = ["monthly budget", "opening date", "preferred vendor", "head count", "lease length", "target price", "deadline", "contact"];
/** Every word is common: each question's words match a large share of the workspace's facts and the thread's messages. */
const WORDS = (
  "the a our we you they this that next last week month quarter budget lease quote vendor supplier invoice payroll staff hire " +
  "schedule shift location store kitchen menu price cost margin revenue order delivery contract deposit rent square feet " +
  "Houma Main St downtown landlord bank loan insurance permit inspection opening launch campaign flyer email customers " +
  "loyalty discount inventory equipment oven fridge register software training manager weekend hours overtime review " +
  "plan decide compare confirm send call ask check agree move wait sign pay cut raise keep drop book order count " +
  "about around under over before after with without for from into per each most least two three five ten twenty " +
  "hundred thousand $2,500 $1,800 $40 15% Monday Friday October November early late soon already still maybe probably"
).split(" ");

function sentence(random: Random, minWords: number, maxWords: number): string {
  const words = Array.from({ length: randomInt(random, minWords, maxWords) }, () => pick(random, WORDS));
  const text = words.join(" ");
  return `${text[0].toUpperCase()}${text.slice(1)}.`;
}

function paragraph(random: Random, minSentences: number, maxSentences: number): string {
  return Array.from({ length: randomInt(random, minSentences, maxSentences) }, () => sentence(random, 6, 18)).join(" ");
}

const padded = (n: number, digits: number) => String(n).padStart(digits, "0");

const WORDINGS: Record<Wording, Words> = {
  varied: {
    // The agent's replies run longer than the owner's messages.
    message: (seq, random) => (ownersSeq(seq) ? paragraph(random, 1, 4) : paragraph(random, 2, 9)),
    pageTitle: (page) => `${PAGE_TITLES[page % PAGE_TITLES.length]} ${Math.floor(page / PAGE_TITLES.length) + 1}`,
    fact: (_fact, _title, random) => ({ key: pick(random, FACT_KEYS), text: sentence(random, 8, 20) }),
    gist: (_episode, random) => sentence(random, 12, 24),
  },
  numbered: {
    message: (seq) => `Message number ${padded(seq, 6)} about the bakery's orders, suppliers and the second location.`,
    pageTitle: (page) => `Page number ${padded(page + 1, 5)}`,
    fact: (fact, title) => ({ key: `subject ${padded(fact, 7)}`, text: `Fact number ${padded(fact, 7)} on ${title}: the supplier delivers on Tuesdays.` }),
    gist: (episode) => `The owner went over orders and suppliers, stretch ${padded(episode + 1, 5)}.`,
  },
};

// ── Rows ────────────────────────────────────────────────────────────────────

const START = Date.UTC(2026, 0, 5, 9);
/** A reply every few minutes: 100k messages span about seven months. */
const MINUTES_PER_MESSAGE = 3;
const ownersSeq = (seq: number) => seq % 2 === 1;
const messageTime = (seq: number) => new Date(START + seq * MINUTES_PER_MESSAGE * 60_000);
/** A fact a minute: a page last changed when its last fact was filed. */
const factTime = (fact: number) => new Date(START + fact * 60_000);
/** The further threads come a second apart before the long thread's first reply, so the long thread is the newest. */
const shortThreadTime = (thread: number) => new Date(START + thread * 1000);

/** Row ids derived from each row's name, as a copy's are, so a later growth finds the rows an earlier one wrote. */
const idsOf = (workspace: Pick<SeededWorkspace, "workspaceId">) => new CopiedIds(workspace.workspaceId);
const messageId = (workspace: SeededWorkspace, seq: number) => idsOf(workspace).of(`message:${seq}`);
const pageId = (workspace: Pick<SeededWorkspace, "workspaceId">, page: number) => idsOf(workspace).of(`page:${page}`);
const factId = (workspace: SeededWorkspace, fact: number) => idsOf(workspace).of(`fact:${fact}`);

/** Each row kind and index has its own stream, so any size reproduces the same rows. */
const streamOf = (workspace: SeededWorkspace, salt: number, index: number) => mulberry32(deriveSeed(workspace.style.seed ^ salt, index));

function longThreadMessage(workspace: SeededWorkspace, seq: number): BulkMessage {
  const text = WORDINGS[workspace.style.wording].message(seq, streamOf(workspace, 0, seq));
  const fromOwner = ownersSeq(seq);
  return { id: messageId(workspace, seq), seq, role: fromOwner ? "USER" : "ASSISTANT", speaker: fromOwner ? "OWNER" : "AGENT", text, createdAt: messageTime(seq) };
}

function factRow(workspace: SeededWorkspace, i: number): BulkFact {
  const { wording, factsPerPage, statuses } = workspace.style;
  const page = Math.floor(i / factsPerPage);
  const status = statuses[(i % factsPerPage) % statuses.length];
  const { key, text } = WORDINGS[wording].fact(i, WORDINGS[wording].pageTitle(page), streamOf(workspace, 0xfac7, i));
  const cited = Math.max(1, Math.floor(Math.min(workspace.size.messages, CITED_STRETCH) / 2));
  return {
    id: factId(workspace, i),
    pageId: pageId(workspace, page),
    key,
    text,
    // What waits for review, only the agent said.
    source: status === "PENDING" ? "AGENT" : "OWNER",
    status,
    threadId: workspace.longThreadId,
    messageId: messageId(workspace, 2 * ((i * 7919) % cited) + 1),
    createdAt: factTime(i),
    updatedAt: factTime(i),
  };
}

/** Episode `index` covers the index-th stretch; like the memory pass, it points at 1–3 facts and keeps their pages' titles. */
function episodeRow(workspace: SeededWorkspace, index: number): BulkEpisode {
  const { wording, factsPerPage, pointersAmongFirst } = workspace.style;
  const random = streamOf(workspace, 0x5eed, index);
  const fromSeq = index * MESSAGES_PER_EPISODE + 1;
  const toSeq = fromSeq + MESSAGES_PER_EPISODE - 1;
  const among = Math.min(workspace.size.facts, pointersAmongFirst ?? Infinity);
  const pointed = [...new Set(Array.from({ length: randomInt(random, 1, 3) }, () => randomInt(random, 0, among - 1)))];
  return {
    id: idsOf(workspace).of(`episode:${index}`),
    threadId: workspace.longThreadId,
    fromSeq,
    toSeq,
    fromAt: messageTime(fromSeq),
    toAt: messageTime(toSeq),
    gist: WORDINGS[wording].gist(index, random),
    pages: [...new Set(pointed.map((f) => WORDINGS[wording].pageTitle(Math.floor(f / factsPerPage))))],
    createdAt: messageTime(toSeq + 1),
    factIds: pointed.map((f) => factId(workspace, f)),
  };
}

// ── Writing ─────────────────────────────────────────────────────────────────

const count = (n: number) => n.toLocaleString("en-US");

/** Calls `write` with the rows from..to-1, BATCH_ROWS at a time. */
async function inBatches<T>(from: number, to: number, row: (i: number) => T, write: (rows: T[], end: number) => Promise<void>): Promise<void> {
  for (let start = from; start < to; start += BATCH_ROWS) {
    const end = Math.min(to, start + BATCH_ROWS);
    await write(Array.from({ length: end - start }, (_, k) => row(start + k)), end);
  }
}

/** Creates a workspace with its (empty) long thread, then grows it to `size`. */
export async function seedWorkspace(db: Db, style: WorkspaceStyle, size: WorkspaceSize, log: (line: string) => void = () => {}): Promise<SeededWorkspace> {
  const created = await db.workspace.create({ data: { slug: style.slug, name: `${style.slug} Co` } });
  const thread = await createThread(db, created.id, { title: "The long thread", kind: "OWNER", createdAt: new Date(START) });
  const workspace: SeededWorkspace = {
    workspaceId: created.id,
    slug: style.slug,
    longThreadId: thread.id,
    firstPageId: pageId({ workspaceId: created.id }, 0),
    style: { ...STYLE_DEFAULTS, ...style },
    size: { messages: 0, episodes: 0, facts: 0, threads: 0 },
  };
  await growWorkspace(db, workspace, size, log);
  return workspace;
}

/**
 * Grows a seeded workspace to `size`: the long thread's messages from the
 * thread's last seq on, the facts (and the pages they need), the episodes
 * (the thread's consolidation cursor after the last) and the further
 * threads. Nothing shrinks.
 */
export async function growWorkspace(db: Db, workspace: SeededWorkspace, size: WorkspaceSize, log: (line: string) => void = () => {}): Promise<void> {
  const { factsPerPage, wording } = workspace.style;
  const thread = await findThreadSummary(db, workspace.workspaceId, workspace.longThreadId);
  if (!thread) throw new Error(`the long thread of ${workspace.slug} is gone`);

  await inBatches(thread.lastSeq + 1, size.messages + 1, (seq) => longThreadMessage(workspace, seq), async (messages, end) => {
    await appendMessagesInBulk(db, workspace.longThreadId, messages);
    log(`messages ${count(end - 1)}/${count(size.messages)}`);
  });
  workspace.size.messages = Math.max(thread.lastSeq, size.messages);
  const episodes = size.episodes ?? Math.floor(workspace.size.messages / MESSAGES_PER_EPISODE);
  if (episodes * MESSAGES_PER_EPISODE > workspace.size.messages) {
    throw new RangeError(`${count(episodes)} episodes need ${count(episodes * MESSAGES_PER_EPISODE)} messages, not ${count(workspace.size.messages)}`);
  }

  if (size.facts > workspace.size.facts) {
    const pagesFrom = Math.ceil(workspace.size.facts / factsPerPage);
    const pagesTo = Math.ceil(size.facts / factsPerPage);
    const pages = Array.from({ length: pagesTo - pagesFrom }, (_, k) => pagesFrom + k).map((page) => ({
      id: pageId(workspace, page),
      title: WORDINGS[wording].pageTitle(page),
      createdAt: new Date(START),
      updatedAt: factTime((page + 1) * factsPerPage - 1),
    }));
    await writePagesInBulk(db, workspace.workspaceId, pages);
    await inBatches(workspace.size.facts, size.facts, (i) => factRow(workspace, i), (facts) => fileFactsInBulk(db, facts));
    workspace.size.facts = size.facts;
  }

  if (episodes > workspace.size.episodes) {
    if (workspace.size.facts === 0) throw new RangeError("episodes point at facts: a workspace with episodes needs facts");
    await inBatches(workspace.size.episodes, episodes, (e) => episodeRow(workspace, e), (rows) => saveEpisodesInBulk(db, rows));
    const cursor = { from: workspace.size.episodes * MESSAGES_PER_EPISODE, to: episodes * MESSAGES_PER_EPISODE };
    if (!(await advanceCursor(db, workspace.longThreadId, cursor))) throw new Error(`the long thread's cursor left seq ${cursor.from}: something else filed it`);
    workspace.size.episodes = episodes;
  }

  const threads = size.threads ?? 0;
  if (threads > workspace.size.threads) {
    await inBatches(workspace.size.threads, threads, (n) => shortThread(workspace, n + 1), (batch) => writeThreadsInBulk(db, workspace.workspaceId, batch));
    workspace.size.threads = threads;
  }
}

/** Further thread `n` (from 1): two messages, dated n seconds after the long thread began. */
function shortThread(workspace: SeededWorkspace, n: number) {
  const messages = [1, 2].map((seq) => ({ ...longThreadMessage(workspace, seq), id: idsOf(workspace).of(`thread:${n}:${seq}`), createdAt: shortThreadTime(n) }));
  return { id: idsOf(workspace).of(`thread:${n}`), title: `Thread number ${padded(n, 5)}`, messages };
}
