import { readPageOutputSchema, searchHistoryOutputSchema, type ReadPageOutput } from "@/lib/contracts/tools";
import { askedType, carriesAnswer, type AnswerType } from "@/lib/models/offline/answer-type";
import type { TopicEntry } from "@/lib/models/offline/lexicon";
import type { BufferLine, ChatView, KnownFact, ToolRound, WindowLine } from "@/lib/models/offline/prompt-reader";
import {
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
import { carriesFact, isQuestion, isSmallTalk, isSuggestionRequest } from "@/lib/models/offline/signals";
import { isGoodMatch, keywords, overlap, rarityAmong, sentences, terms, type Overlap } from "@/lib/models/offline/text";
import { topicOf, topicOfPage } from "@/lib/models/offline/topics";

// The chat turn: answer from what the prompt shows, or open the page a buffer
// line points at, or search the thread; never guess.

export const READ_PAGE = "read_page";
export const SEARCH_HISTORY = "search_chat_history";

/** A question gets at most this many tool calls before the model answers or asks the owner. */
const MAX_TOOL_ROUNDS = 2;
const SEARCH_WORDS = 3;

export type ChatDecision =
  | { type: "text"; text: string }
  | { type: "tool-call"; toolName: typeof READ_PAGE | typeof SEARCH_HISTORY; input: Record<string, string | null> };

const reply = (text: string): ChatDecision => ({ type: "text", text });
const readPage = (title: string): ChatDecision => ({ type: "tool-call", toolName: READ_PAGE, input: { title } });
const search = (query: string): ChatDecision => ({ type: "tool-call", toolName: SEARCH_HISTORY, input: { query, limit: null } });

/** What the owner asks: the asking sentences, their terms, the topic they name and the kind of value they want (if any). */
export type Question = { text: string; terms: string[]; topic: TopicEntry | null; answer: AnswerType | null };

/** The part of a message that asks: "Ok. What was the budget?" asks about the budget only. */
export function readQuestion(message: string): Question {
  const asked = sentences(message).filter(isQuestion);
  const text = asked.length > 0 ? asked.join(" ") : message;
  return { text, terms: terms(text), topic: topicOf(text), answer: askedType(text) };
}

/** A candidate about another topic never answers the question, however many words they share ("budget" for flyers vs rent). */
function onTopic(question: Question, text: string, pages: readonly string[] = []): boolean {
  if (!question.topic) return true;
  const about = pages.map(topicOfPage).filter((t) => t !== null);
  if (about.length > 0) return about.includes(question.topic);
  const named = topicOf(text);
  return named === null || named === question.topic;
}

type Scored<T> = { item: T; score: Overlap };

/** Best first: the rarer the question terms covered, the better; then more of them; then more naming the subject. */
function byOverlap<T>(a: Scored<T>, b: Scored<T>): number {
  return b.score.weight - a.score.weight || b.score.matched - a.score.matched || b.score.strong - a.score.strong;
}

/** A question that asks for no kind of value in particular is answered by any candidate. */
function holdsAnswer(question: Question, text: string): boolean {
  return question.answer === null || carriesAnswer(text, question.answer, question.text);
}

/** Candidates holding the asked-for kind of value first; search matches and fallback pages already share a word with the question. */
function byType(question: Question, a: string, b: string): number {
  return Number(holdsAnswer(question, b)) - Number(holdsAnswer(question, a));
}

/** How well a candidate answers, lower is better. */
const Tier = {
  /** Covers the question's words and holds the asked-for kind of value. */
  Match: 0,
  /** Holds the asked-for kind of value and shares a subject word or synonym: the words were paraphrased. */
  TypedLink: 1,
  /** Covers the question's words but lacks the asked-for value, e.g. the message that set the scene for it. */
  UntypedMatch: 2,
} as const;
type Tier = (typeof Tier)[keyof typeof Tier];

/** Null when the candidate does not answer at all. */
function tierOf(question: Question, text: string, score: Overlap): Tier | null {
  const good = isGoodMatch(score, question.terms);
  const typed = holdsAnswer(question, text);
  if (good && typed) return Tier.Match;
  // A single shared word is too little on its own; the asked-for value is what makes it enough.
  if (typed && question.answer !== null && score.strong >= 1) return Tier.TypedLink;
  return good ? Tier.UntypedMatch : null;
}

type Ranked<T> = Scored<T> & { tier: Tier };

/**
 * The candidates that answer, best first. Word matches rank by overlap, then
 * `newer`; paraphrase links rank by `newer` alone, since one shared word says
 * little about which of them is meant but a later statement supersedes an earlier one.
 */
function rankAnswers<T>(
  question: Question,
  candidates: readonly (Scored<T> & { text: string })[],
  newer: (a: T, b: T) => number,
): Ranked<T>[] {
  return candidates
    .flatMap(({ item, score, text }) => {
      const tier = tierOf(question, text, score);
      return tier === null ? [] : [{ item, score, tier }];
    })
    .sort((a, b) => a.tier - b.tier || (a.tier === Tier.TypedLink ? 0 : byOverlap(a, b)) || newer(a.item, b.item));
}

type Found<T> = { item: T; tier: Tier };

/** The facts that answer the question, best first: confirmed before pending, newer before older. At most two, equally good. */
function bestFacts(question: Question, facts: readonly KnownFact[]): Found<KnownFact[]> | null {
  const factTerms = facts.map((f) => terms(f.text));
  const rarity = rarityAmong(factTerms);
  const candidates = facts
    .map((item, i) => ({ item, text: item.text, score: overlap(question.terms, factTerms[i], terms(item.page), rarity) }))
    .filter((s) => onTopic(question, s.item.text, [s.item.page]));
  const ranked = rankAnswers(question, candidates, (a, b) => Number(b.confirmed) - Number(a.confirmed) || b.day.localeCompare(a.day));
  const top = ranked[0];
  if (!top) return null;
  const tied = ranked.slice(1).filter((s) => s.tier === top.tier && byOverlap(s, top) === 0 && s.item.text !== top.item.text);
  return { item: [top.item, ...tied.slice(0, 1).map((s) => s.item)], tier: top.tier };
}

/** A statement in the visible conversation that answers the question; the owner's words before the agent's, newer before older. */
function bestWindowSentence(question: Question, window: readonly WindowLine[]): Found<WindowLine> | null {
  const said = windowStatements(window);
  const rarity = rarityAmong(said.map((s) => s.terms));
  const candidates = said
    .map((s) => ({ item: s, text: s.text, score: overlap(question.terms, s.terms, [], rarity) }))
    .filter((c) => onTopic(question, c.text));
  const top = rankAnswers(question, candidates, ownerFirstNewest)[0];
  return top ? { item: top.item.line, tier: top.tier } : null;
}

type Statement = { line: WindowLine; text: string; index: number; terms: string[] };

/** Every sentence in the window that states something, with where it was said. */
function windowStatements(window: readonly WindowLine[]): Statement[] {
  return window.flatMap((line, index) =>
    sentences(line.text)
      .filter(carriesFact)
      .map((text) => ({ line: { speaker: line.speaker, text }, text, index, terms: terms(text) })),
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
  if (facts && (!said || facts.tier <= said.tier)) return { item: factsAnswer(facts.item), tier: facts.tier };
  return said ? { item: windowAnswer(said.item), tier: said.tier } : null;
}

/**
 * When nothing shares a word with the question and the tools found nothing:
 * the owner's latest visible statement holding the asked-for value ("who's
 * handling our numbers?" → "Nadia Karimi will do our bookkeeping"), else the
 * given reply. Only then: before the tools, such a statement is too often an
 * unrelated one that happens to hold a date or a name.
 */
function guessOr(question: Question, window: readonly WindowLine[], otherwise: string): string {
  if (question.answer === null) return otherwise;
  const typed = windowStatements(window).filter(
    (s) => s.line.speaker === "user" && holdsAnswer(question, s.text) && onTopic(question, s.text),
  );
  const latest = typed.at(-1)?.line;
  return latest ? windowAnswer(latest) : otherwise;
}

function scoreBufferLines(question: Question, lines: readonly BufferLine[]) {
  const gists = lines.map((l) => terms(l.gist));
  const rarity = rarityAmong(gists);
  return lines
    .map((line, index) => ({
      item: { line, index },
      text: line.gist,
      score: overlap(question.terms, gists[index], line.pages.flatMap(terms), rarity),
    }))
    .filter((s) => onTopic(question, s.item.line.gist, s.item.line.pages));
}

/**
 * The buffer line whose gist or pages cover the question; the newest of
 * equals, since it is closest to now. The asked-for kind of value only picks
 * the line: its numbers are never the answer.
 */
function bestBufferLine(question: Question, lines: readonly BufferLine[]): BufferLine | null {
  return rankAnswers(question, scoreBufferLines(question, lines), (a, b) => b.index - a.index)[0]?.item.line ?? null;
}

/** The 1–3 most distinctive words, lowercased: search_chat_history matches exact words. */
export function searchQuery(question: Question): string {
  return keywords(question.text, SEARCH_WORDS)
    .map((w) => w.toLowerCase())
    .join(" ");
}

function pageFactsAsKnown(page: ReadPageOutput): KnownFact[] {
  return page.facts.flatMap((f): KnownFact[] =>
    f.status === "CONFIRMED" || f.status === "PENDING"
      ? [{ page: page.title, text: f.text, confirmed: f.status === "CONFIRMED", source: f.source === "OWNER" ? "owner" : "agent", day: f.day }]
      : [],
  );
}

function answerFromPage(output: unknown, question: Question): string | null {
  const page = readPageOutputSchema.safeParse(output);
  if (!page.success || !page.data.found) return null;
  const facts = bestFacts(question, pageFactsAsKnown(page.data));
  return facts ? factsAnswer(facts.item) : null;
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
  const said = [...matches, ...visible].map((item) => ({ item, terms: terms(item.sentence) }));
  const rarity = rarityAmong(said.map((s) => s.terms));
  const candidates = said
    .map((s) => ({ ...s, score: overlap(question.terms, s.terms, [], rarity) }))
    // A match without the asked-for kind of value ("who …?" answered by a sentence naming no one) answers nothing.
    .filter((c) => c.score.strong >= 1 && onTopic(question, c.item.sentence) && holdsAnswer(question, c.item.sentence))
    .sort(
      (a, b) =>
        byOverlap(a, b) ||
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

/** A page worth opening when the first tool found nothing: a buffer line sharing a subject word, else the question's topic. */
function fallbackPage(question: Question, buffer: readonly BufferLine[]): string | null {
  const pointed = scoreBufferLines(question, buffer)
    .filter((s) => s.score.strong >= 1 && s.item.line.pages.length > 0)
    .sort((a, b) => byType(question, a.text, b.text) || byOverlap(a, b) || b.item.index - a.item.index)[0];
  return pointed?.item.line.pages[0] ?? question.topic?.page ?? null;
}

function nextTool(view: ChatView, question: Question, tools: ReadonlySet<string>): ChatDecision | null {
  const tried = new Set(view.rounds.map((r) => r.toolName));
  const query = searchQuery(question);
  if (tools.has(SEARCH_HISTORY) && !tried.has(SEARCH_HISTORY) && query) return search(query);
  const title = fallbackPage(question, view.buffer);
  if (tools.has(READ_PAGE) && !tried.has(READ_PAGE) && title) return readPage(title);
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
  return reply(visibleAnswer(question, view)?.item ?? guessOr(question, view.window, couldNotFindReply(view.rounds.map(attemptOf))));
}

/**
 * A question about something said before: what the prompt shows first
 * (recalled facts, then the visible messages), then the page a buffer line
 * points at, then a search of the thread. A buffer line is a pointer, never
 * the answer: its numbers are not evidence. A visible statement that shares
 * the question's words but lacks the asked-for value only answers once the
 * tools are out.
 */
function recallAnswer(view: ChatView, tools: ReadonlySet<string>): ChatDecision {
  const question = readQuestion(view.question);
  const visible = visibleAnswer(question, view);
  // "We need someone to run the shop" sets the scene for "who runs the shop?" but does not answer it: look further first.
  if (visible && visible.tier !== Tier.UntypedMatch) return reply(visible.item);
  const line = bestBufferLine(question, view.buffer);
  if (line && line.pages.length > 0 && tools.has(READ_PAGE)) return readPage(line.pages[0]);
  const query = searchQuery(question);
  if (tools.has(SEARCH_HISTORY) && query) return search(query);
  return reply(visible?.item ?? (line ? unopenedNoteReply(line) : guessOr(question, view.window, NOT_IN_CONVERSATION)));
}

/** The topic to suggest something for: the one asked about, else the latest one the owner talked about. */
function suggestionTopic(view: ChatView) {
  const recent = [...view.window].reverse().filter((l) => l.speaker === "user");
  return topicOf(view.question) ?? recent.map((l) => topicOf(l.text)).find((t) => t !== null) ?? null;
}

export function decideChat(view: ChatView, tools: ReadonlySet<string>): ChatDecision {
  if (view.rounds.length > 0) return afterTools(view, tools);
  const message = view.question.trim();
  if (!message || isSmallTalk(message)) return reply(smallTalkReply(message));
  if (isSuggestionRequest(message)) return reply(suggestionReply(suggestionTopic(view)));
  if (sentences(message).some(isQuestion)) return recallAnswer(view, tools);
  return reply(acknowledgement(message));
}
