import { readPageOutputSchema, searchHistoryOutputSchema, type ReadPageOutput } from "@/lib/contracts/tools";
import { askedFor, carriesAnswer, focusOf, namesKind, namesOf, paysOtherWay, periodAgreement, valueNounAsked, type Asked } from "@/lib/models/offline/asked";
import type { BufferLine, ChatView, KnownFact, ToolRound, WindowLine } from "@/lib/models/offline/prompt-reader";
import {
  HELP_REPLY,
  NOT_IN_CONVERSATION,
  acknowledgement,
  couldNotFindReply,
  factsAnswer,
  smallTalkReply,
  snippetAnswer,
  suggestionReply,
  unopenedNoteReply,
  windowAnswer,
  type Attempt,
} from "@/lib/models/offline/replies";
import { carriesFact, isDurable, isHelpRequest, isQuestion, isSmallTalk, isSuggestionRequest } from "@/lib/models/offline/signals";
import { generalOf, isKnown, namesSomeone, relatedness, sameBroadKind } from "@/lib/models/offline/meaning";
import { STRONG, byMatch, contentWords, explain, isGoodMatch, match, rarityAmong, subjectWords, usedAsVerbs, wordsOnlyInNames, type Match, type Query, type Rarity, type Reason } from "@/lib/models/offline/relate";
import { aboutWords, bestLine, coverage, lineWords, namedIn, pageTitled, type AboutWord } from "@/lib/models/offline/follow";
import { headOf, nounPhrases } from "@/lib/models/offline/subject";
import { keywords, sentences, stripLeadIn, withWhApostrophes, words } from "@/lib/models/offline/text";

// The chat turn: answer from what the prompt shows, or open the page a buffer
// line points at, or search the thread; never guess.

export const READ_PAGE = "read_page";
export const SEARCH_HISTORY = "search_chat_history";

/** A question gets at most this many tool calls before the model answers or asks the owner. */
const MAX_TOOL_ROUNDS = 3;
const SEARCH_WORDS = 3;

/**
 * What the model does next. `reasoning` is the note it emits before acting,
 * which the turn's trace records: which buffer line it followed and why, or
 * why it answered from what the prompt already held.
 */
export type ChatDecision =
  | { type: "text"; text: string; reasoning?: string }
  | { type: "tool-call"; toolName: typeof READ_PAGE | typeof SEARCH_HISTORY; input: Record<string, string | null>; reasoning?: string };

const reply = (text: string, reasoning?: string): ChatDecision => ({ type: "text", text, ...(reasoning ? { reasoning } : {}) });
const readPage = (title: string, reasoning: string): ChatDecision => ({ type: "tool-call", toolName: READ_PAGE, input: { title }, reasoning });
const search = (query: string, reasoning: string): ChatDecision => ({
  type: "tool-call",
  toolName: SEARCH_HISTORY,
  input: { query, limit: null },
  reasoning,
});

/** What the owner asks: the asking sentences, their content words and what kind of value they want (if any). */
export type Question = {
  text: string;
  query: Query;
  asked: Asked | null;
  /** The options a question weighs ("walk-ins or bookings?"): an answer must speak to each of them. */
  options: string[];
  /** Its words that can say what it is about, weighted, which a buffer line is ranked by. */
  about: AboutWord[];
  /** "When did …?", "when was …?": asks when something happened, which the day it was said answers. */
  whenSaid: boolean;
  /** The names it uses, lowercase ("thibault street"): an answer must be about them. */
  names: string[];
};

/** "When did we say / decide / agree …": what is asked about is what was said, not the saying. */
const REPORTED = /\bwhen did \w+ (?:say|tell|decide|agree|plan|expect|figure|think|settle|promise)\b/i;

/** "… earlier in this thread", "in our chat": where something was said, not what; a tailor's thread is thread. */
const CHAT_FRAMING = /\s*\b(?:(?:earlier|before|up|back)\s+)?(?:in|on|from)\s+(?:this|the|our)\s+(?:thread|chat)\b/gi;

const withoutChatFraming = (text: string) => text.replace(CHAT_FRAMING, "");

/** "… make things without the wheel": what the thing asked about is not, which no answer or line is about. */
const EXCLUDED = /\s*\b(?:without|except(?:\s+for)?|other\s+than|apart\s+from)(?:\s+(?:the|a|an|any|our|their))?(?:\s+(?!(?:on|in|at|for|to|from|with|and|or|but|who|that|which|when|where|if)\b)[\p{L}-]+){1,3}/giu;

const withoutExclusions = (text: string) => text.replace(EXCLUDED, "");

/** "…, walk-ins or bookings?": the last word before and after the closing "or". */
function optionsOf(text: string): string[] {
  const weighed = /(\p{L}+)\s*,?\s+or\s+(\p{L}+)\W*$/u.exec(text.trim());
  return weighed ? [weighed[1].toLowerCase(), weighed[2].toLowerCase()] : [];
}

/** The part of a message that asks: "Ok. What was the budget?" asks about the budget only. */
export function readQuestion(typed: string): Question {
  const message = withWhApostrophes(typed);
  const asking = sentences(message).filter(isQuestion);
  const text = withoutExclusions(withoutChatFraming(asking.length > 0 ? asking.join(" ") : message));
  const asked = askedFor(text);
  const focus = focusOf(text);
  const valueNoun = valueNounAsked(text);
  return {
    text,
    // The kind of value asked for is no word to match: "what's the name of the lady …" is not about whatever was "named".
    query: { words: contentWords(text).filter((w) => w !== valueNoun), subjects: subjectWords(text).filter((w) => w !== valueNoun), focus },
    asked,
    options: optionsOf(text),
    about: aboutWords(text, focus),
    // "When did I tell you our pool reopens?" asks when it reopens, not when it was said.
    whenSaid: asked === "time" && /\bwhen (?:did|was|were)\b/i.test(text) && !REPORTED.test(text),
    names: namesOf(text).map((run) => run.toLowerCase()),
  };
}

type Scored<T> = { item: T; score: Match };

const byScore = <T>(a: Scored<T>, b: Scored<T>) => byMatch(a.score, b.score);

/**
 * A question that asks for no kind of value in particular is answered by any
 * candidate. One asking when something happened is answered by a fact that
 * says it happened, since the fact carries the day it was said.
 */
function holdsAnswer(question: Question, text: string, dated = false): boolean {
  return question.asked === null || carriesAnswer(text, question.asked, question.text) || (dated && question.whenSaid);
}

/** A link this close (the same word, a synonym, a kind of it) lets one word carry a candidate that holds the asked-for value. */
const CLOSE_LINK = 0.9;
/** The weakest link an answer may rest on: a word of its definition ("a truck is a vehicle for hauling"), not a shared far hypernym. */
const ANSWER_LINK = 0.85;

/** How well a candidate answers, lower is better. */
export const Tier = {
  /** Covers the question's words and holds the asked-for kind of value. */
  Match: 0,
  /** Holds the asked-for kind of value and shares a subject word or synonym: the words were paraphrased. */
  TypedLink: 1,
  /** Covers the question's words but lacks the asked-for value, e.g. the message that set the scene for it. */
  UntypedMatch: 2,
} as const;
type Tier = (typeof Tier)[keyof typeof Tier];

/** An asked-for amount's period agreement with a candidate (asked.ts's periodAgreement); null for any other question. */
const periodFor = (question: Question, text: string) => (question.asked === "amount" ? periodAgreement(question.text, text) : null);

/** Null when the candidate does not answer at all. `period`: periodFor the candidate. */
function tierOf(question: Question, text: string, score: Match, dated: boolean, page: string | null, period: ReturnType<typeof periodFor>): Tier | null {
  // A question naming someone or somewhere ("… at Thibault Street?") is answered only by what is about them.
  const where = `${text} ${page ?? ""}`.toLowerCase();
  if (question.names.some((name) => !where.includes(name))) return null;
  // Money going the other way is no answer: what we pay a supplier for tires is not what we charge to fix one.
  if (question.asked === "amount" && paysOtherWay(question.text, text)) return null;
  // An amount per another period is another amount: a yearly premium answers no "what do we pay each month?".
  if (period === "other") return null;
  // A question weighing options is answered only by what speaks to every one of them.
  const words = contentWords(text);
  if (question.options.some((option) => !words.some((w) => relatedness(option, w).score >= STRONG))) return null;
  // An answer must be plainly about what was asked; a looser link (two kinds of plan) is only worth following a pointer for.
  const good = isGoodMatch(score, question.query) && (score.subject?.link.score ?? 0) >= ANSWER_LINK;
  const typed = holdsAnswer(question, text, dated);
  if (good && typed) return Tier.Match;
  // A single linked word is too little on its own; a close link and the asked-for value make it enough.
  const close = (score.subject?.link.score ?? 0) >= CLOSE_LINK && (score.matched >= 2 || score.subject?.link.score === 1);
  if (typed && question.asked !== null && close) return Tier.TypedLink;
  return good ? Tier.UntypedMatch : null;
}

type Ranked<T> = Scored<T> & { tier: Tier; perPeriodAsked: boolean };

/**
 * The candidates that answer, best first: by how well they match (an amount
 * per the period the question asks it per before others), then `newer`,
 * since a later statement supersedes an earlier one.
 */
function rankAnswers<T>(
  question: Question,
  candidates: readonly (Scored<T> & { text: string; dated?: boolean; page?: string })[],
  newer: (a: T, b: T) => number,
): Ranked<T>[] {
  return candidates
    .flatMap(({ item, score, text, dated = false, page = null }) => {
      const period = periodFor(question, text);
      const tier = tierOf(question, text, score, dated, page, period);
      return tier === null ? [] : [{ item, score, tier, perPeriodAsked: period === "same" }];
    })
    .sort((a, b) => a.tier - b.tier || Number(b.perPeriodAsked) - Number(a.perPeriodAsked) || byScore(a, b) || newer(a.item, b.item));
}

/**
 * An answer found, with the words it was found in and the page it is on
 * (none for a message), to weigh it against a buffer line; `onFocus`: it is
 * about the thing the question names, not only about how it describes it.
 */
type Found<T> = { item: T; tier: Tier; reason: Reason | null; words: string[]; page: string | null; onFocus?: boolean };

/**
 * What answers a question about the thing it names ("the grips we bolt on
 * the walls": a fact about the grips, not one about the walls); when nothing
 * in view is about that thing by any link WordNet has, what answers the rest
 * of its words ("the powder that keeps hands dry": a bottle's price).
 */
function onFocusFirst<T extends object>(question: Question, find: (question: Question) => T | null): (T & { onFocus: boolean }) | null {
  const focused = question.query.focus.length > 0;
  const found = find(question);
  if (found !== null || !focused) return found && { ...found, onFocus: focused };
  const loose = find({ ...question, query: { ...question.query, focus: [] } });
  return loose && { ...loose, onFocus: false };
}

/** What a fact states, without its page's title before it ("Hiring: …"), which is no value the owner gave. */
const statedIn = (fact: KnownFact) => (fact.text.startsWith(`${fact.page}: `) ? fact.text.slice(fact.page.length + 2) : fact.text);

/** The facts that answer the question, best first: confirmed before pending, newer before older. At most two, equally good. */
export function bestFacts(question: Question, facts: readonly KnownFact[]): Found<KnownFact[]> | null {
  return onFocusFirst(question, (q) => factsAnswering(q, facts));
}

function factsAnswering(question: Question, facts: readonly KnownFact[]): Found<KnownFact[]> | null {
  const factWords = facts.map((f) => contentWords(f.text));
  const rarity = rarityAmong(question.query, factWords.map((w, i) => [...w, ...contentWords(facts[i].page)]));
  // The day a fact was said dates what the owner reported, not what the agent suggested.
  const candidates = facts.map((item, i) => ({
    item,
    text: statedIn(item),
    page: item.page,
    dated: item.source === "owner",
    // Only a focus is kept off a fact's verbs, so they are parsed only when the question has one.
    score: match(
      question.query,
      factWords[i],
      contentWords(item.page),
      rarity,
      question.query.focus.length > 0 ? usedAsVerbs(statedIn(item)) : undefined,
      // "Halvorsen Linen Works: we spend about $2,335 a month" is no building's cost.
      wordsOnlyInNames(item.text),
    ),
  }));
  const ranked = rankAnswers(question, candidates, byConfirmedThenNewest);
  // No one fact answers: a page's facts are read together, one saying whom or what it is about and another the value ("Our
  // vinyl comes from Brightwell Supply." … "About $1,800 a month with them."; "a fleet deal with …, their delivery vans" …
  // "giving them 12% off").
  if (ranked.length === 0 || ranked[0].tier === Tier.UntypedMatch) {
    const together = factsReadTogether(question, facts, rarity);
    if (together) return together;
  }
  if (ranked.length === 0) return null;
  // What the owner said later on the same page, answering as well, replaces what they said before ("going with A", then "going with B").
  const top = ranked
    .filter((r) => r.tier === ranked[0].tier && r.perPeriodAsked === ranked[0].perPeriodAsked && r.item.page === ranked[0].item.page)
    .reduce((a, b) => (b.item.day > a.item.day ? b : a));
  const replaced = (s: (typeof ranked)[number]) => s.item.page === top.item.page && s.item.day < top.item.day;
  const tied = ranked.filter((s) => s.tier === top.tier && byScore(s, top) === 0 && s.item.text !== top.item.text && !replaced(s));
  const words = [...factWords[facts.indexOf(top.item)], ...contentWords(top.item.page)];
  return { item: [top.item, ...tied.slice(0, 1).map((s) => s.item)], tier: top.tier, reason: top.score.subject, words, page: top.item.page };
}

const byConfirmedThenNewest = (a: KnownFact, b: KnownFact) => Number(b.confirmed) - Number(a.confirmed) || b.day.localeCompare(a.day);

/** A word that points back at what was just talked about. */
const BACK_REFERENCE = /\b(?:it|its|it's|them|they|their|theirs|there)\b/i;

/** A fact that does not name its subject: the memory pass put its page's title before it, or it points back ("for it"). */
const leansOnPage = (fact: KnownFact) => fact.text.startsWith(`${fact.page}: `) || BACK_REFERENCE.test(statedIn(fact));

/**
 * A fact holding the asked-for value, read with the other facts recalled from
 * its page, which name whom it is about when it only points back ("with
 * them", "she charges"): the page is one subject. So is a name the question
 * gives, wherever its facts were filed ("a membership, we call it the Heron
 * Club" with "Heron Club runs $12 a month").
 */
function factsReadTogether(question: Question, facts: readonly KnownFact[], rarity: Rarity): Found<KnownFact[]> | null {
  const sayName = (fact: KnownFact, name: string) => fact.text.toLowerCase().includes(name);
  const oneSubject = (a: KnownFact, b: KnownFact) => a.page === b.page || question.names.some((name) => sayName(a, name) && sayName(b, name));
  const candidates = facts.flatMap((item) => {
    const page = facts.filter((f) => oneSubject(f, item));
    if (page.length < 2 || !holdsAnswer(question, statedIn(item), item.source === "owner")) return [];
    // Without a name to tie them, only a fact that leans on its page's subject says the value of what the page's other facts
    // describe: "Dryer: paid $18,740 installed", "giving them 12% off"; "Bram starts Monday at $26.50/hr" is about him.
    if (question.names.length === 0 && !leansOnPage(item)) return [];
    const words = [...new Set(page.flatMap((f) => contentWords(f.text)))];
    const text = [statedIn(item), ...page.filter((f) => f !== item).map(statedIn)].join(" ");
    return [{ item, text, page: item.page, dated: item.source === "owner", words, score: match(question.query, words, contentWords(item.page), rarity) }];
  });
  const [top] = rankAnswers(question, candidates, byConfirmedThenNewest);
  // Read together, facts must plainly answer: the asked-for value and the question's words, not a loose link.
  if (!top || top.tier !== Tier.Match || top.score.matched < 2) return null;
  const words = candidates.find((c) => c.item === top.item)!.words;
  return { item: [top.item], tier: top.tier, reason: top.score.subject, words, page: top.item.page };
}

/** A statement in the visible conversation that answers the question; the owner's words before the agent's, newer before older. */
function bestWindowSentence(question: Question, window: readonly WindowLine[]): Found<WindowLine> | null {
  return onFocusFirst(question, (q) => windowSentenceAnswering(q, window));
}

function windowSentenceAnswering(question: Question, window: readonly WindowLine[]): Found<WindowLine> | null {
  const said = windowStatements(window);
  const rarity = rarityAmong(question.query, said.map((s) => s.words));
  const candidates = said.map((s) => ({ item: s, text: s.text, score: match(question.query, s.words, [], rarity) }));
  const top = rankAnswers(question, candidates, ownerFirstNewest)[0];
  return top ? { item: top.item.line, tier: top.tier, reason: top.score.subject, words: top.item.words, page: null } : null;
}

type Statement = { line: WindowLine; text: string; index: number; words: string[] };

/** Every sentence in the window that states something, with where it was said. */
function windowStatements(window: readonly WindowLine[]): Statement[] {
  return window.flatMap((line, index) =>
    sentences(line.text)
      // The agent's own replies count only where they proposed something; reading the owner back says nothing new.
      .filter((sentence) => (line.speaker === "user" ? carriesFact(sentence) : isDurable(sentence, "agent")))
      .map((text) => ({ line: { speaker: line.speaker, text }, text, index, words: contentWords(text) })),
  );
}

function ownerFirstNewest(a: Statement, b: Statement): number {
  return Number(b.line.speaker === "user") - Number(a.line.speaker === "user") || b.index - a.index;
}

/**
 * The answer from what the prompt shows: a recalled fact, else a visible
 * statement, unless the statement answers better, i.e. holds the asked-for
 * value where the fact only shares its words.
 */
function visibleAnswer(question: Question, view: ChatView): Found<string> | null {
  const facts = bestFacts(question, view.recalled);
  const said = bestWindowSentence(question, view.window);
  if (facts && (!said || facts.tier <= said.tier)) return { ...facts, item: factsAnswer(facts.item) };
  return said ? { ...said, item: windowAnswer(said.item) } : null;
}

/** A title none of whose words WordNet knows ("Ines Duarte", "Lumawerk") is someone's name, a person's or a firm's. */
const isName = (title: string) => words(title).every((w) => !isKnown(w.toLowerCase()));

/** A line followed, the page to open, why, and whether it is about the thing the question names. */
type Followed = { line: BufferLine; page: string; reason: Reason; onFocus: boolean };

/**
 * Of the pages a line points at, the one whose title made the line worth
 * following; when a detail of the gist did ("soft opening date …"), the one
 * the gist is about (its title in the gist: "Second Location: …"); else the
 * one whose title is nearest the question in meaning, else its first.
 */
function pageToOpen(question: Question, line: BufferLine, reason: Reason): string {
  // "Who is the new hire doing installs?": the line about the installer points at the page of the one hired, by their full
  // name (one word WordNet lacks may be a trade it does not list: "installer").
  const someone = question.asked === "person" ? line.pages.find((page) => words(page).length > 1 && isName(page)) : undefined;
  if (someone) return someone;
  const titled = pageTitled(line, reason.found);
  const named = line.pages.find((page) => line.gist.toLowerCase().includes(page.toLowerCase()));
  const scored = line.pages.map((page) => ({ page, score: coverage(question.about, contentWords(page)) }));
  const nearest = scored.filter((s) => s.score > 0).sort((a, b) => b.score - a.score)[0]?.page;
  return titled ?? named ?? nearest ?? line.pages[0];
}

/**
 * The buffer line that is about what the question asks, by meaning
 * (follow.ts): the question's words linked to the line's (the same word, a
 * kind of it, what it is for), the rarer among the lines the more they count.
 * A line is only a pointer: its numbers are never the answer.
 */
function lineToFollow(question: Question, lines: readonly BufferLine[], clearOfNext = true): Followed | null {
  const { asked } = question;
  // A line holds the asked-for kind when its gist states one ("$640 a month") or its page names one ("Technician" for "who …?").
  const holdsKind = (line: BufferLine) => {
    if (asked === null) return false;
    // A page's title in its line ("Season: …") is no name the line gives.
    const stated = line.pages.reduce((gist, page) => gist.replaceAll(page, ""), line.gist);
    // "$4,780 a year" is not the kind of amount "what do we pay each month?" asks for.
    if (periodFor(question, stated) === "other") return false;
    return carriesAnswer(stated, asked, question.text) || line.pages.some((page) => namesKind(headOf(page), asked) || (asked === "person" && isName(page)));
  };
  const best = bestLine(question.about, lines, holdsKind, { clearOfNext });
  return best?.reason ? { line: best.line, page: pageToOpen(question, best.line, best.reason), reason: best.reason, onFocus: best.onFocus } : null;
}

/** A fact that speaks of someone: "she charges $385 a visit". */
const SPEAKS_OF_SOMEONE = /\b(?:she|he|her|him|his|hers|she's|he's)\b/i;

/** How far a line must cover the question better than an answer in view, for the answer to be taken as about something else. */
const LINE_OVER_ANSWER = 0.2;

/**
 * Whether an answer the prompt shows is about something other than what the
 * question describes, and the line is about it: the line points elsewhere
 * and covers the question's words clearly better. When recall already holds
 * the fact the line is about, the page the line would open is the one the
 * answer came from, or the line covers no more, and nothing is opened.
 */
function lineOutranks(question: Question, followed: Followed, answer: Found<string>): boolean {
  if (answer.page !== null && followed.page === answer.page) return false;
  // "What discount did I give Dolores?": an answer that names whom the question names, by a name WordNet lacks, is about
  // them, whatever the line's word for what was given; a line that does not name them is about someone or something else.
  const onLine = lineWords(followed.line);
  if (question.query.words.some((w) => !isKnown(w) && answer.words.includes(w) && !onLine.includes(w))) return false;
  // "How much a year do we pay so we're protected …": a line giving an amount per the year is likelier about it than an answer
  // giving none per it.
  const perPeriod = (text: string) => periodFor(question, text) === "same";
  if (perPeriod(followed.line.gist) && !perPeriod(answer.item)) return true;
  // "The machine that cooks the bugs": a line about a machine beats a fact that only shares "bugs"; "the woman who …" names
  // no one in particular, so a line about any kind of person does not.
  const general = question.about.some((a) => a.focus && generalOf(a.word) !== null);
  if (followed.onFocus && answer.onFocus === false && !general) return true;
  // "The new woman doing sewing": a fact on a machine's page that speaks of no one is about something else, whatever words it shares.
  const page = answer.page;
  const asksSomeone = question.about.some((a) => a.focus && namesSomeone(generalOf(a.word) ?? a.word));
  if (followed.onFocus && asksSomeone && page !== null && !sameBroadKind("person", headOf(page)) && !SPEAKS_OF_SOMEONE.test(answer.item)) return true;
  // "The machine that flattens wrinkles with steam": a line about the machine and the steam beats a fact about another machine.
  const namedOnLine = namedIn(question.about, onLine);
  const inAnswer = namedIn(question.about, answer.words);
  if (namedOnLine.length > inAnswer.length && inAnswer.every((word) => namedOnLine.includes(word))) return true;
  return coverage(question.about, onLine) >= coverage(question.about, answer.words) + LINE_OVER_ANSWER;
}

/** Words that frame what an owner asks without naming it: never worth searching for. */
const FRAMING = new Set("much many cost costs pay paying charge charges price now again earlier".split(" "));

/** The 1–3 most distinctive words, lowercased: search_chat_history matches exact words. */
export function searchQuery(question: Question): string {
  return keywords(question.text, SEARCH_WORDS, FRAMING)
    .map((w) => w.toLowerCase())
    .join(" ");
}

const quoteLine = (line: BufferLine) => `the line of ${line.day} ("${line.gist}")`;

function followNote(followed: Followed, passedOver: Found<string> | null = null): string {
  const prompt = passedOver?.page
    ? `What the prompt shows (pages/${passedOver.page}) is about something else.`
    : "The prompt does not answer this.";
  return `${prompt} The line of ${followed.line.day} ("${followed.line.gist}") is about it: ${explain(followed.reason)}. Opening pages/${followed.page}, which it points at.`;
}

function pageFactsAsKnown(page: ReadPageOutput): KnownFact[] {
  return page.facts.flatMap((f): KnownFact[] =>
    f.status === "CONFIRMED" || f.status === "PENDING"
      ? [{ page: page.title, text: f.text, confirmed: f.status === "CONFIRMED", source: f.source === "OWNER" ? "owner" : "agent", day: f.day }]
      : [],
  );
}

/**
 * The facts of a page the question is about that answer it: the best
 * matches, else, since the page was chosen for being about the question,
 * its newest fact holding the asked-for kind of value, the owner's
 * confirmed word first.
 */
function factsOnTopic(question: Question, facts: readonly KnownFact[]): KnownFact[] | null {
  // A fact that is about the question but lacks what it asks for ("we still want a driver" for "who drives it?") answers nothing.
  const matched = bestFacts(question, facts);
  if (matched && matched.tier !== Tier.UntypedMatch) return matched.item;
  if (question.asked === null) return null;
  const periods = new Map(facts.map((f) => [f, periodFor(question, statedIn(f))]));
  const samePeriod = (f: KnownFact) => Number(periods.get(f) === "same");
  const typed = facts
    .filter((f) => holdsAnswer(question, statedIn(f), f.source === "owner") && periods.get(f) !== "other")
    .sort(
      (a, b) =>
        samePeriod(b) - samePeriod(a) ||
        Number(b.confirmed) - Number(a.confirmed) ||
        Number(b.source === "owner") - Number(a.source === "owner") ||
        b.day.localeCompare(a.day),
    );
  return typed.length > 0 ? typed.slice(0, 1) : null;
}

function answerFromPage(output: unknown, question: Question): string | null {
  const page = readPageOutputSchema.safeParse(output);
  if (!page.success || !page.data.found) return null;
  const facts = factsOnTopic(question, pageFactsAsKnown(page.data));
  return facts ? factsAnswer(facts) : null;
}

function sameText(a: string, b: string): boolean {
  const flat = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();
  const [x, y] = [flat(a), flat(b)];
  return x.length > 0 && y.length > 0 && (x.includes(y) || y.includes(x));
}

/**
 * The best statement among the search matches and the visible window. Search
 * covers only what the model cannot see, so the window's statements compete
 * with its matches as the newest candidates. Questions, and an earlier
 * asking of the same question, are never taken as the answer.
 */
function answerFromSearch(output: unknown, question: Question, message: string, window: readonly WindowLine[]): string | null {
  return onFocusFirst(question, (q) => {
    const reply = searchAnswering(output, q, message, window);
    return reply === null ? null : { reply };
  })?.reply ?? null;
}

function searchAnswering(output: unknown, question: Question, message: string, window: readonly WindowLine[]): string | null {
  const found = searchHistoryOutputSchema.safeParse(output);
  if (!found.success) return null;
  type Said = { sentence: string; speaker: "OWNER" | "AGENT" | "CUSTOMER"; order: number; reply: () => string };
  const matches = found.data.matches
    .filter((m) => !sameText(m.snippet, message))
    .flatMap((match) =>
      sentences(match.snippet)
        .filter(carriesFact)
        .map((sentence): Said => ({ sentence, speaker: match.speaker, order: match.seq, reply: () => snippetAnswer(match, sentence) })),
    );
  const newest = Math.max(0, ...found.data.matches.map((m) => m.seq));
  const visible = windowStatements(window).map(
    (s): Said => ({ sentence: s.text, speaker: s.line.speaker === "user" ? "OWNER" : "AGENT", order: newest + 1 + s.index, reply: () => windowAnswer(s.line) }),
  );
  if (matches.length === 0) return null;
  const said = [...matches, ...visible].map((item) => ({ item, words: contentWords(item.sentence) }));
  const rarity = rarityAmong(question.query, said.map((s) => s.words));
  const candidates = said
    .map((s) => ({ ...s, score: match(question.query, s.words, [], rarity) }))
    // A match without the asked-for kind of value ("who …?" answered by a sentence naming no one) answers nothing.
    .filter((c) => c.score.subject !== null && holdsAnswer(question, c.item.sentence))
    .sort(
      (a, b) =>
        byScore(a, b) ||
        Number(b.item.speaker === "OWNER") - Number(a.item.speaker === "OWNER") ||
        b.item.order - a.item.order,
    );
  return candidates[0]?.item.reply() ?? null;
}

function inputField(input: unknown, field: "title" | "query"): string {
  const value = typeof input === "object" && input !== null ? (input as Record<string, unknown>)[field] : undefined;
  return typeof value === "string" ? value : "";
}

function attemptOf(round: ToolRound): Attempt {
  return round.toolName === READ_PAGE
    ? { kind: "read", title: inputField(round.input, "title") }
    : { kind: "search", query: inputField(round.input, "query") };
}

/** The pages already opened for this question. */
const openedPages = (view: ChatView) => view.rounds.filter((r) => r.toolName === READ_PAGE).map((r) => inputField(r.input, "title"));

/**
 * After the page a line points at had no answer, another page the same line
 * points at, nearest the question first: its stretch was filed there too.
 */
function nextPageOfLine(view: ChatView, question: Question): { page: string; opened: string } | null {
  const opened = openedPages(view);
  if (opened.length !== 1) return null;
  const line = view.buffer.find((l) => l.pages.includes(opened[0]) && l.pages.length > 1);
  if (!line) return null;
  const rest = line.pages
    .filter((page) => !opened.includes(page))
    .map((page) => ({ page, score: coverage(question.about, contentWords(page)) }))
    .sort((a, b) => b.score - a.score);
  return rest.length > 0 ? { page: rest[0].page, opened: opened[0] } : null;
}

function nextTool(view: ChatView, question: Question, tools: ReadonlySet<string>): ChatDecision | null {
  const tried = new Set(view.rounds.map((r) => r.toolName));
  const sameLine = tools.has(READ_PAGE) ? nextPageOfLine(view, question) : null;
  if (sameLine) return readPage(sameLine.page, `pages/${sameLine.opened} had nothing that answers this. The line that points at it points at pages/${sameLine.page} too.`);
  const query = searchQuery(question);
  if (tools.has(SEARCH_HISTORY) && !tried.has(SEARCH_HISTORY) && query) {
    return search(query, `The page had nothing that answers this. Searching the thread for "${query}".`);
  }
  const followed = lineToFollow(question, view.buffer);
  if (tools.has(READ_PAGE) && !tried.has(READ_PAGE) && followed) return readPage(followed.page, followNote(followed));
  return null;
}

/** The prompt ends with tool results for this question: answer from them, try the other tool once, fall back on what is visible, or ask. */
function afterTools(view: ChatView, tools: ReadonlySet<string>): ChatDecision {
  const question = readQuestion(view.question);
  for (const round of [...view.rounds].reverse()) {
    const answer =
      round.toolName === READ_PAGE ? answerFromPage(round.output, question) : answerFromSearch(round.output, question, view.question, view.window);
    if (answer) return reply(answer);
  }
  const next = view.rounds.length < MAX_TOOL_ROUNDS ? nextTool(view, question, tools) : null;
  if (next) return next;
  // Once the tools found nothing, only what holds the asked-for value answers; a statement that merely shares words does not.
  const visible = visibleAnswer(question, view);
  return reply(visible && visible.tier !== Tier.UntypedMatch ? visible.item : couldNotFindReply(view.rounds.map(attemptOf)));
}

/** Recall already shows the page a followed line points at: the answer from it, instead of opening the page again. */
function shownByRecall(view: ChatView, question: Question, followed: Followed): ChatDecision | null {
  const shown = factsOnTopic(question, view.recalled.filter((f) => f.page === followed.page));
  return shown ? reply(factsAnswer(shown), `${quoteLine(followed.line)} points at pages/${followed.page}, which recall already shows: answering from it.`) : null;
}

/**
 * A question about something said before: what the prompt shows first
 * (recalled facts, then the visible messages), then the page a buffer line
 * about it points at, then a search of the thread. A buffer line is a
 * pointer, never the answer: its numbers are not evidence. A visible
 * statement that is about the question but lacks the asked-for value only
 * answers once the tools are out.
 */
function recallAnswer(view: ChatView, tools: ReadonlySet<string>): ChatDecision {
  const question = readQuestion(view.question);
  const visible = visibleAnswer(question, view);
  const followed = lineToFollow(question, view.buffer);
  // "We need a new driver" sets the scene for "who drives now?" but does not answer it: look further first.
  if (visible && visible.tier !== Tier.UntypedMatch) {
    if (followed && lineOutranks(question, followed, visible)) {
      const shown = shownByRecall(view, question, followed);
      if (shown) return shown;
      if (tools.has(READ_PAGE)) return readPage(followed.page, followNote(followed, visible));
    }
    const why = visible.reason ? ` (${explain(visible.reason)})` : "";
    return reply(visible.item, `What the prompt already shows answers this${why}, so no page needs opening.`);
  }
  // Nothing in view answers: the likeliest line is worth one call even if another runs it close, since a search still follows.
  const likeliest = followed ?? lineToFollow(question, view.buffer, false);
  if (likeliest) {
    const shown = shownByRecall(view, question, likeliest);
    if (shown) return shown;
    if (tools.has(READ_PAGE)) return readPage(likeliest.page, followNote(likeliest));
  }
  const query = searchQuery(question);
  if (tools.has(SEARCH_HISTORY) && query) {
    return search(query, `Nothing in the prompt or the buffer is about this. Searching the thread for "${query}".`);
  }
  return reply(visible?.item ?? (followed ? unopenedNoteReply(followed.line) : NOT_IN_CONVERSATION));
}

/** Words a request for ideas is made of: never what the ideas are for. */
const ASKING_FOR_IDEAS = new Set("idea ideas suggestion suggestions advice thought thoughts recommendation recommendations".split(" "));

/** What to suggest something for: what the question is about, else what the owner last talked about. */
function suggestionSubject(view: ChatView): string | null {
  const subjectOf = (text: string) => {
    const phrase = nounPhrases(text).find((p) => !p.valueOnly && !p.words.some((w) => ASKING_FOR_IDEAS.has(w)));
    return phrase ? phrase.words.slice(-2).join(" ") : null;
  };
  const recent = [...view.window].reverse().filter((l) => l.speaker === "user");
  return subjectOf(view.question) ?? recent.map((l) => subjectOf(l.text)).find((t) => t !== null) ?? null;
}

export function decideChat(view: ChatView, tools: ReadonlySet<string>): ChatDecision {
  if (view.rounds.length > 0) return afterTools(view, tools);
  const message = view.question.trim();
  if (!message || isSmallTalk(message)) return reply(smallTalkReply(message));
  if (isSuggestionRequest(message)) return reply(suggestionReply(suggestionSubject(view)));
  const asking = sentences(message).map(stripLeadIn).filter(isQuestion);
  if (asking.length > 0 && asking.every(isHelpRequest)) return reply(HELP_REPLY);
  if (asking.length > 0) return recallAnswer(view, tools);
  return reply(acknowledgement(message));
}
