// Planted-fact threads for §08 of the design: an owner states a specific
// fact somewhere in a thread, other business fills the rest, then the owner
// asks something only that fact answers. Nothing about the layout favours an
// arm: the fact sits at any of six positions, threads run from shorter than
// the window to several hundred messages, the fact's own page gets filler
// and a same-page distractor, the value may change later (the question asks
// for the latest), and other messages mention the topic without the value.

import {
  FACT_TEMPLATES,
  FILLER_TOPICS,
  PLANTED_BUSINESS,
  REVISIONS,
  type Exchange,
  type FactKind,
  type FactTemplate,
  type FillerBeat,
  type FillerTopic,
} from "@/evaluation/planted/corpus";
import type { PlantedCase } from "@/lib/eval/case-file";
import type { CaseSource, RunOptions } from "@/lib/eval/run";
import { questionsFor } from "@/evaluation/planted/questions";
import { POSITION_REGIME, POSITIONS, type Position } from "@/lib/eval/positions";
import { deriveSeed, mulberry32, pick, randomInt, shuffled, type Random } from "@/lib/eval/random";
import type { Regime } from "@/lib/eval/regimes";
import { scoreAnswer } from "@/lib/eval/score";

/** The smallest window the layouts work with: a fits-window thread needs a few exchanges, inside-window a few messages of room. */
export const MIN_WINDOW = 16;
/** Threads are drawn up to this many messages long. */
export const MAX_MESSAGES = 300;

export type PlantedThread = {
  id: string;
  /** The seed this thread was drawn from (derived from the run seed and the thread's index). */
  seed: number;
  /** The fact template's label, e.g. "second location rent". */
  topic: string;
  position: Position;
  regime: Regime;
  fact: {
    kind: FactKind;
    /** The latest value: what a right answer states. */
    value: string;
    accept: string[];
    /** Values that make an answer wrong: the earlier value when it changed. */
    reject: string[];
    /** The message that states the latest value; it contains `value` verbatim. */
    statement: string;
    page: string;
  };
  question: string;
  /** False when the question avoids every word that names the topic, so only the thread's history can link it to the fact. */
  questionNamesTopic: boolean;
  /** The value was stated earlier with another value, which `reject` holds. */
  changed: boolean;
  /** The history before the question, oldest first, alternating owner then agent. */
  messages: Array<{ speaker: "owner" | "agent"; text: string; at: string }>;
  /** Index in `messages` of the latest statement; no other message contains the value. */
  plantedIndex: number;
};

export type GeneratorOptions = {
  count: number;
  seed: number;
  window: number;
  /** Messages before the window the buffer's lines cover (its line cap × messages per pass); "far middle" lies past them. */
  bufferReach: number;
  positions?: readonly Position[];
};

type Stretch = Exchange[];
type Block = { kind: "filler" | "fact" | "earlier" | "mention" | "distractor"; exchanges: Stretch; page?: string };

export function generateThreads(options: GeneratorOptions): PlantedThread[] {
  const { count, seed, window, bufferReach, positions = POSITIONS } = options;
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`count must be a non-negative integer, got ${count}`);
  if (!Number.isInteger(seed)) throw new RangeError(`seed must be an integer, got ${seed}`);
  if (!Number.isInteger(window) || window < MIN_WINDOW) throw new RangeError(`window must be an integer of at least ${MIN_WINDOW}, got ${window}`);
  if (!Number.isInteger(bufferReach) || bufferReach < 0) throw new RangeError(`bufferReach must be a non-negative integer, got ${bufferReach}`);
  if (positions.length === 0) throw new RangeError("at least one position is needed");
  // Positions rotate so even a small run covers each one equally.
  // The question's wording alternates by round, not by thread: with an even number of positions, alternating by thread
  // would give each position one wording only, and a position's accuracy would measure the wording.
  return Array.from({ length: count }, (_, index) =>
    drawThread(seed, index, window, bufferReach, positions[index % positions.length], Math.floor(index / positions.length) % 2 === 0),
  );
}

/** The range of message indexes the latest statement may take in a thread of `total` messages, or null when it cannot be placed. */
function positionRange(position: Position, total: number, window: number, bufferReach: number, firstStretch: number): [number, number] | null {
  // The question takes one slot of the window, so the history shows window − 1 messages.
  const windowStart = total - (window - 1);
  const ranges: Record<Position, [number, number]> = {
    "first-stretch": [1, firstStretch - 1],
    "far-middle": [firstStretch + 6, windowStart - bufferReach - 6],
    middle: [Math.max(firstStretch + 6, windowStart - bufferReach + 6), windowStart - 14],
    "before-window": [windowStart - 12, windowStart - 2],
    "inside-window": [windowStart + 4, total - 4],
    "fits-window": [1, total - 2],
  };
  const [low, high] = ranges[position];
  const fits = position === "fits-window" ? total <= window - 1 : windowStart > 0;
  return fits && low <= high && low >= 0 ? [low, high] : null;
}

/** How long, in messages, a thread with the fact at `position` is drawn. */
function lengthRange(position: Position, window: number, bufferReach: number): [number, number] {
  // Fourteen messages hold the fact's block and every special.
  if (position === "fits-window") return [14, window - 1];
  const least: Record<Exclude<Position, "fits-window">, number> = {
    "first-stretch": window + 12,
    "far-middle": window + bufferReach + 40,
    middle: window + 40,
    "before-window": window + 24,
    "inside-window": window + 16,
  };
  return [least[position], Math.max(least[position] + 20, MAX_MESSAGES)];
}

function drawThread(runSeed: number, index: number, window: number, bufferReach: number, position: Position, questionNamesTopic: boolean): PlantedThread {
  const seed = deriveSeed(runSeed, index);
  const random = mulberry32(seed);
  const template = FACT_TEMPLATES[(index + (runSeed >>> 0)) % FACT_TEMPLATES.length];
  const questions = questionsFor(template.topic);
  const question = pick(random, questionNamesTopic ? questions.namingTopic : questions.withoutTopic);
  const [latest, earlier] = shuffled(random, template.values);
  const [minLength, maxLength] = lengthRange(position, window, bufferReach);
  const total = 2 * Math.floor(randomInt(random, minLength, maxLength) / 2);
  // An earlier value needs room before the latest one: not when the fact opens the thread.
  const changed = position !== "first-stretch" && random() < 0.5;
  const accept = [latest.value, ...(latest.alsoAccept ?? [])];
  const reject = changed ? [earlier.value] : [];

  const statementOf = (value: string) => pick(random, template.statements).replace("{value}", value);
  const factBlock: Block = {
    kind: "fact",
    exchanges: [
      pick(random, template.openers),
      { owner: changed ? pick(random, REVISIONS).replace("{statement}", statementOf(latest.value)) : statementOf(latest.value), agent: pick(random, template.acks) },
      ...(random() < 0.5 ? [pick(random, template.followUps)] : []),
    ],
  };
  const specials: Block[] = [];
  if (changed) specials.push({ kind: "earlier", exchanges: [{ owner: statementOf(earlier.value), agent: pick(random, template.acks) }] });
  // Another message on the topic, without any value, so the topic's words do not point at one message.
  specials.push({ kind: "mention", exchanges: [pick(random, [...template.openers, ...template.followUps])] });
  const distractor = sameDistractor(random, template, [...accept, ...reject]);
  if (distractor) specials.push(distractor);

  const blocks = layOut(random, { position, total, window, bufferReach, factBlock, specials, forbidden: [...accept, ...reject] });
  const messages = timestamped(blocks.map((b) => b.exchanges), mulberry32(deriveSeed(seed, 1)));
  const plantedIndex = statementIndex(blocks);
  return {
    id: `planted-${runSeed}-${String(index).padStart(3, "0")}`,
    seed,
    topic: template.topic,
    position,
    regime: POSITION_REGIME[position],
    fact: {
      kind: template.kind,
      value: latest.value,
      accept,
      reject,
      statement: messages[plantedIndex].text,
      page: template.page,
    },
    question,
    questionNamesTopic,
    changed,
    messages,
    plantedIndex,
  };
}

/**
 * Another fact on the same page, with a value of its own: the page holds more
 * than the answer. Never one that states the fact's values ("the Main St
 * lease" when the fact is the street), which would make it a second statement.
 */
function sameDistractor(random: Random, template: FactTemplate, forbidden: readonly string[]): Block | null {
  const others = FACT_TEMPLATES.filter((t) => t.page === template.page && t.topic !== template.topic);
  const candidates = others.flatMap((other) =>
    other.values.flatMap(({ value }) =>
      other.statements.map((statement) => ({ owner: statement.replace("{value}", value), agent: pick(random, other.acks) })),
    ),
  );
  const clean = candidates.filter((exchange) => !states(exchange, forbidden));
  return clean.length === 0 ? null : { kind: "distractor", exchanges: [pick(random, clean)] };
}

function statementIndex(blocks: readonly Block[]): number {
  let before = 0;
  for (const block of blocks) {
    if (block.kind === "fact") return 2 * (before + 1);
    before += block.exchanges.length;
  }
  throw new Error("a planted thread has no fact block");
}

type Layout = {
  position: Position;
  total: number;
  window: number;
  bufferReach: number;
  factBlock: Block;
  specials: Block[];
  /** Values no filler may state, so the statement stays the only message with the answer. */
  forbidden: string[];
};

/**
 * Filler of about `total` messages with the specials dropped in anywhere
 * (the fact's own earlier value before the fact), then the fact's block in a
 * slot its position allows, drawn among every such slot.
 */
function layOut(random: Random, layout: Layout): Block[] {
  const { position, total, window, bufferReach, factBlock, specials, forbidden } = layout;
  const specialExchanges = [factBlock, ...specials].reduce((sum, b) => sum + b.exchanges.length, 0);
  const fillers = fillerBlocks(random, Math.max(0, total / 2 - specialExchanges), forbidden);
  const length = 2 * (specialExchanges + fillers.reduce((sum, b) => sum + b.exchanges.length, 0));
  for (let attempt = 0; attempt < 20; attempt++) {
    const blocks = [...fillers];
    for (const special of specials) {
      // A retry puts the earlier value first, which leaves the fact every later slot.
      const at = special.kind === "earlier" && attempt > 0 ? 0 : randomInt(random, 0, blocks.length);
      blocks.splice(at, 0, special);
    }
    const earliest = position === "first-stretch" ? 0 : blocks.findIndex((b) => b.kind === "earlier") + 1;
    const latest = position === "first-stretch" ? 0 : blocks.length;
    // Outside the first stretch means past the first memory pass too, which covers a few exchanges.
    const firstStretch = position === "first-stretch" ? 2 * factBlock.exchanges.length : Math.max(8, 2 * (blocks[0]?.exchanges.length ?? 0));
    const range = positionRange(position, length, window, bufferReach, firstStretch);
    if (!range) break;
    const slots = Array.from({ length: latest - earliest + 1 }, (_, k) => earliest + k).filter((slot) => {
      const at = statementIndex([...blocks.slice(0, slot), factBlock]);
      return at >= range[0] && at <= range[1];
    });
    if (slots.length === 0) continue;
    blocks.splice(pick(random, slots), 0, factBlock);
    return blocks;
  }
  throw new Error(`cannot place a fact at ${position} in ${length} messages with a window of ${window}`);
}

/** Filler stretches of 1–4 exchanges on any page, the fact's included, none stating a forbidden value. */
function fillerBlocks(random: Random, exchanges: number, forbidden: readonly string[]): Block[] {
  const decks = FILLER_TOPICS.map((topic) => ({ topic, openers: shuffled(random, topic.openers), beats: shuffled(random, topic.beats) }));
  const blocks: Block[] = [];
  let left = exchanges;
  while (left > 0) {
    const size = Math.min(left, randomInt(random, 1, 4));
    const previous = blocks.at(-1);
    let stretch = fillerStretch(random, size, decks, previous?.page);
    for (let retry = 0; retry < 10 && stretch.exchanges.some((e) => states(e, forbidden)); retry++) {
      stretch = fillerStretch(random, size, decks, previous?.page);
    }
    // A stretch that still states a forbidden value after retries is dropped for generic small talk.
    const exchangesOf = stretch.exchanges.map((e) => (states(e, forbidden) ? SMALL_TALK : e));
    blocks.push({ kind: "filler", exchanges: exchangesOf, page: stretch.page });
    left -= size;
  }
  return blocks;
}

const SMALL_TALK: Exchange = { owner: "Busy morning, I'll get back to you on the rest.", agent: "Sounds good, I'm here when you're ready." };

const states = (exchange: Exchange, values: readonly string[]) =>
  values.length > 0 && (scoreAnswer(exchange.owner, { accept: values }) || scoreAnswer(exchange.agent, { accept: values }));

/**
 * What is still unsaid on one filler page in this thread. Beats are dealt
 * without replacement, so a thread repeats itself only once a page has run
 * out (very long threads), and then in a new order with new details.
 */
type Deck = { topic: FillerTopic; openers: FillerBeat[]; beats: FillerBeat[] };

function deal(random: Random, remaining: FillerBeat[], all: readonly FillerBeat[], count: number): FillerBeat[] {
  const dealt = remaining.splice(0, count);
  if (dealt.length < count) {
    remaining.push(...shuffled(random, all.filter((beat) => !dealt.includes(beat))));
    dealt.push(...remaining.splice(0, count - dealt.length));
  }
  return dealt;
}

/**
 * A short conversation on another page than the previous stretch's, so
 * neighbours do not blur together. The page with the most left unsaid goes
 * next, which spreads the thread over every page.
 */
function fillerStretch(random: Random, size: number, decks: Deck[], previousPage: string | undefined): { page: string; exchanges: Stretch } {
  const others = decks.filter((d) => d.topic.page !== previousPage);
  const unsaid = (d: Deck) => d.openers.length + d.beats.length;
  const most = Math.max(...others.map(unsaid));
  const deck = pick(random, others.filter((d) => unsaid(d) === most));
  const { openers, beats } = deck.topic;
  const [opener] = deal(random, deck.openers, openers, 1);
  // Corpus order reads as a natural conversation, so dealt beats are put back in it.
  const body = deal(random, deck.beats, beats, size - 1).sort((x, y) => beats.indexOf(x) - beats.indexOf(y));
  return { page: deck.topic.page, exchanges: [opener, ...body].map((beat) => fillBeat(random, beat)) };
}

function fillBeat(random: Random, beat: FillerBeat): Exchange {
  const values = new Map(Object.entries(beat.slots ?? {}).map(([name, options]) => [name, pick(random, options)]));
  const fill = (text: string) => text.replace(/\{(\w+)\}/g, (whole, name: string) => values.get(name) ?? whole);
  return { owner: fill(beat.owner), agent: fill(beat.agent) };
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * One block per working session, a few days apart (two blocks in a row on a
 * busy day), so a long thread spans months. The agent answers within a
 * minute; the owner takes a few minutes to reply.
 */
function timestamped(stretches: Stretch[], random: Random): PlantedThread["messages"] {
  let day = Date.UTC(2026, 6, 1) + randomInt(random, 0, 30) * DAY;
  let at = day + randomInt(random, 8 * 60, 12 * 60) * MINUTE;
  return stretches.flatMap((stretch, s) => {
    if (s > 0) {
      if (random() < 0.7) {
        day += randomInt(random, 1, 2) * DAY;
        at = day + randomInt(random, 8 * 60, 12 * 60) * MINUTE;
      } else {
        at += randomInt(random, 20, 90) * MINUTE;
      }
    }
    return stretch.flatMap(({ owner, agent }, e) => {
      if (e > 0) at += randomInt(random, 1, 12) * MINUTE;
      const ownerAt = at;
      at += randomInt(random, 5, 50) * 1000;
      return [
        { speaker: "owner" as const, text: owner, at: new Date(ownerAt).toISOString() },
        { speaker: "agent" as const, text: agent, at: new Date(at).toISOString() },
      ];
    });
  });
}

/** A generated thread in the case-file format, exactly what `--write-cases` writes and `--cases` reads. */
export function toPlantedCase(thread: PlantedThread): PlantedCase {
  return {
    id: thread.id,
    group: thread.position,
    messages: thread.messages,
    question: thread.question,
    accept: thread.fact.accept,
    ...(thread.fact.reject.length > 0 ? { reject: thread.fact.reject } : {}),
  };
}

/** A planted evaluation's cases: `threads` generated threads over `positions`, laid out for the run's window and buffer reach. */
export function plantedSource(
  threads: number,
  positions: readonly Position[],
  options: Pick<RunOptions, "seed" | "window" | "bufferReach">,
): Extract<CaseSource, { kind: "planted" }> {
  const generated = generateThreads({ count: threads, seed: options.seed, window: options.window, bufferReach: options.bufferReach, positions });
  return {
    kind: "planted",
    threads,
    positions: [...positions],
    business: PLANTED_BUSINESS,
    cases: generated.map((thread) => ({
      case: toPlantedCase(thread),
      details: { topic: thread.topic, kind: thread.fact.kind, questionNamesTopic: thread.questionNamesTopic, changed: thread.fact.reject.length > 0 },
    })),
  };
}
