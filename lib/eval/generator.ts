// Planted-fact threads for §08 of the design: an owner states one specific
// fact, other business fills the thread, then the owner asks something only
// that fact answers. Each thread is drawn once and then laid out two ways, so
// the "outside" and "inside" regimes differ only in where the fact sits.

import { FACT_KINDS, FACT_TEMPLATES, FILLER_TOPICS, type Exchange, type FactKind, type FactTemplate, type FillerBeat, type FillerTopic } from "@/lib/eval/corpus";
import { deriveSeed, mulberry32, pick, randomInt, shuffled, type Random } from "@/lib/eval/random";

export const REGIMES = ["outside", "inside"] as const;
export type Regime = (typeof REGIMES)[number];

export type PlantedThread = {
  /** Shared by both regimes, so arms and regimes pair up by id. */
  id: string;
  /** The seed this thread was drawn from (derived from the run seed and the thread's index). */
  seed: number;
  /** The fact template's label, e.g. "second location rent". */
  topic: string;
  fact: {
    kind: FactKind;
    value: string;
    /** Strings any of which in an answer counts as correct (normalised matching). */
    accept: string[];
    /** The owner message that plants the fact; it contains `value` verbatim. */
    statement: string;
    /** The memory page the fact belongs on, e.g. "Second Location". */
    page: string;
  };
  /** The owner's next turn, asked after `messages`. */
  question: string;
  /** False when the question avoids every word that names the topic, so only the thread's history can link it to the fact. */
  questionNamesTopic: boolean;
  /** The history before the question, oldest first, alternating owner then agent. */
  messages: Array<{ speaker: "owner" | "agent"; text: string; at: string }>;
  /** Index in `messages` of the statement; the only message that contains the fact. */
  plantedIndex: number;
  regime: Regime;
};

/**
 * "inside" puts the statement up to 12 messages back; a window that also
 * holds the question needs 13 slots to keep it in view.
 */
export const MIN_WINDOW = 13;

type Fact = PlantedThread["fact"];
type Stretch = Exchange[];
type FillerStretch = { page: string; exchanges: Stretch };

/** Everything about a thread that does not depend on the regime. */
type Draft = {
  id: string;
  seed: number;
  template: FactTemplate;
  fact: Fact;
  question: string;
  questionNamesTopic: boolean;
  /** Opener, statement, then an optional follow-up: the statement is always exchange 1. */
  planted: Stretch;
  fillers: FillerStretch[];
};

export function generateThreads(options: { count: number; seed: number; window: number; regime: Regime }): PlantedThread[] {
  const { count, seed, window, regime } = options;
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`count must be a non-negative integer, got ${count}`);
  if (!Number.isInteger(seed)) throw new RangeError(`seed must be an integer, got ${seed}`);
  if (!Number.isInteger(window) || window < MIN_WINDOW) throw new RangeError(`window must be an integer of at least ${MIN_WINDOW}, got ${window}`);
  return Array.from({ length: count }, (_, index) => layOut(draftThread(seed, index, window), regime));
}

function draftThread(runSeed: number, index: number, window: number): Draft {
  const seed = deriveSeed(runSeed, index);
  const random = mulberry32(seed);
  // Kinds rotate and every other question avoids the topic, so even a small
  // run is balanced on both; the rest is drawn.
  const kind = FACT_KINDS[(index + (runSeed >>> 0)) % FACT_KINDS.length];
  const questionNamesTopic = index % 2 === 0;
  const template = pick(random, FACT_TEMPLATES.filter((t) => t.kind === kind));
  const fact = drawFact(random, template);
  const question = pick(random, questionNamesTopic ? template.askNamingTopic : template.askWithoutTopic);
  const planted: Stretch = [
    pick(random, template.openers),
    { owner: fact.statement, agent: pick(random, template.acks) },
    ...(random() < 0.5 ? [pick(random, template.followUps)] : []),
  ];
  // Total length is drawn here, not per regime, so paired threads are the same length.
  const exchanges = randomInt(random, Math.ceil(window * 0.75), window * 2);
  const decks = FILLER_TOPICS.filter((t) => t.page !== fact.page).map((topic) => ({
    topic,
    openers: shuffled(random, topic.openers),
    beats: shuffled(random, topic.beats),
  }));
  const fillers: FillerStretch[] = [];
  for (const size of stretchSizes(random, exchanges - planted.length)) {
    fillers.push(fillerStretch(random, size, decks, fillers.at(-1)?.page));
  }
  return { id: `planted-${runSeed}-${String(index).padStart(3, "0")}`, seed, template, fact, question, questionNamesTopic, planted, fillers };
}

function drawFact(random: Random, template: FactTemplate): Fact {
  const { value, alsoAccept = [] } = pick(random, template.values);
  return {
    kind: template.kind,
    value,
    accept: [value, ...alsoAccept],
    statement: pick(random, template.statements).replace("{value}", value),
    page: template.page,
  };
}

/** Sizes of 2–4 exchanges summing to `total`: a stretch is a short conversation, never a lone exchange. */
function stretchSizes(random: Random, total: number): number[] {
  const sizes: number[] = [];
  let left = total;
  while (left > 0) {
    let size = left <= 4 ? left : randomInt(random, 2, 4);
    if (left - size === 1) size--;
    sizes.push(size);
    left -= size;
  }
  return sizes;
}

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
 * A short conversation on another page than the fact's, and than the
 * previous stretch's so neighbours do not blur together. The page with the
 * most left unsaid goes next, preferring one that can fill the whole stretch
 * without repeating, which spreads the thread over every page.
 */
function fillerStretch(random: Random, size: number, decks: Deck[], previousPage: string | undefined): FillerStretch {
  const others = decks.filter((d) => d.topic.page !== previousPage);
  const fitting = others.filter((d) => d.openers.length > 0 && d.beats.length >= size - 1);
  const candidates = fitting.length > 0 ? fitting : others;
  const unsaid = (d: Deck) => d.openers.length + d.beats.length;
  const most = Math.max(...candidates.map(unsaid));
  const deck = pick(random, candidates.filter((d) => unsaid(d) === most));
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

/**
 * "outside": the fact's stretch opens the thread (the first stretch, as in
 * §08) and every filler follows. "inside": the same stretches, with the fact's
 * placed just before the last filler, which puts the statement 6–12 messages
 * before the question.
 */
function layOut(draft: Draft, regime: Regime): PlantedThread {
  const { planted } = draft;
  const fillers = draft.fillers.map((f) => f.exchanges);
  const stretches = regime === "outside" ? [planted, ...fillers] : [...fillers.slice(0, -1), planted, ...fillers.slice(-1)];
  const exchangesBefore = stretches.slice(0, stretches.indexOf(planted)).reduce((sum, s) => sum + s.length, 0);
  return {
    id: draft.id,
    seed: draft.seed,
    topic: draft.template.topic,
    fact: draft.fact,
    question: draft.question,
    questionNamesTopic: draft.questionNamesTopic,
    messages: timestamped(stretches, mulberry32(deriveSeed(draft.seed, 1))),
    plantedIndex: 2 * (exchangesBefore + 1),
    regime,
  };
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * One stretch per working session, a few days apart, so a thread spans weeks.
 * The agent answers within a minute; the owner takes a few minutes to reply.
 */
function timestamped(stretches: Stretch[], random: Random): PlantedThread["messages"] {
  let day = Date.UTC(2026, 8, 1) + randomInt(random, 0, 30) * DAY;
  return stretches.flatMap((stretch, s) => {
    if (s > 0) day += randomInt(random, 1, 3) * DAY;
    let at = day + randomInt(random, 8 * 60, 17 * 60) * MINUTE;
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
