import { readPageOutputSchema, searchHistoryOutputSchema, type ReadPageOutput } from "../../agent/tool-schemas";
import type { TopicEntry } from "./lexicon";
import type { BufferLine, ChatView, KnownFact, ToolRound, WindowLine } from "./prompt-reader";
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
} from "./replies";
import { carriesFact, isQuestion, isSmallTalk, isSuggestionRequest } from "./signals";
import { isGoodMatch, keywords, overlap, rarityAmong, sentences, terms, type Overlap } from "./text";
import { topicOf, topicOfPage } from "./topics";

// The chat turn: answer from what the prompt shows, or open the page a buffer
// line points at, or search the thread; never guess.

export const READ_PAGE = "read_page";
export const SEARCH_HISTORY = "search_chat_history";

/** A question gets at most this many tool calls before the model answers or asks the owner. */
const MAX_TOOL_ROUNDS = 2;
const SEARCH_WORDS = 3;

export type ChatDecision =
  | { type: "text"; text: string }
  | { type: "tool-call"; toolName: typeof READ_PAGE | typeof SEARCH_HISTORY; input: Record<string, string> };

const reply = (text: string): ChatDecision => ({ type: "text", text });
const readPage = (title: string): ChatDecision => ({ type: "tool-call", toolName: READ_PAGE, input: { title } });
const search = (query: string): ChatDecision => ({ type: "tool-call", toolName: SEARCH_HISTORY, input: { query } });

/** What the owner asks: the asking sentences, their terms, and the topic they name (if any). */
export type Question = { text: string; terms: string[]; topic: TopicEntry | null };

/** The part of a message that asks: "Ok. What was the budget?" asks about the budget only. */
export function readQuestion(message: string): Question {
  const asked = sentences(message).filter(isQuestion);
  const text = asked.length > 0 ? asked.join(" ") : message;
  return { text, terms: terms(text), topic: topicOf(text) };
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

/** The facts that answer the question, best first: confirmed before pending, newer before older. At most two, equally good. */
function bestFacts(question: Question, facts: readonly KnownFact[]): KnownFact[] {
  const factTerms = facts.map((f) => terms(f.text));
  const rarity = rarityAmong(factTerms);
  const ranked = facts
    .map((item, i) => ({ item, score: overlap(question.terms, factTerms[i], terms(item.page), rarity) }))
    .filter((s) => isGoodMatch(s.score, question.terms) && onTopic(question, s.item.text, [s.item.page]))
    .sort((a, b) => byOverlap(a, b) || Number(b.item.confirmed) - Number(a.item.confirmed) || b.item.day.localeCompare(a.item.day));
  const top = ranked[0];
  if (!top) return [];
  const tied = ranked.slice(1).filter((s) => byOverlap(s, top) === 0 && s.item.text !== top.item.text);
  return [top.item, ...tied.slice(0, 1).map((s) => s.item)];
}

/** A statement in the visible conversation that answers the question; the owner's words before the agent's, newer before older. */
function bestWindowSentence(question: Question, window: readonly WindowLine[]): WindowLine | null {
  const said = window.flatMap((line, index) =>
    sentences(line.text)
      .filter(carriesFact)
      .map((text) => ({ item: { speaker: line.speaker, text }, index, terms: terms(text) })),
  );
  const rarity = rarityAmong(said.map((s) => s.terms));
  const ranked = said
    .map((s) => ({ ...s, score: overlap(question.terms, s.terms, [], rarity) }))
    .filter((c) => isGoodMatch(c.score, question.terms) && onTopic(question, c.item.text))
    .sort(
      (a, b) =>
        byOverlap(a, b) || Number(b.item.speaker === "user") - Number(a.item.speaker === "user") || b.index - a.index,
    );
  return ranked[0]?.item ?? null;
}

function scoreBufferLines(question: Question, lines: readonly BufferLine[]) {
  const gists = lines.map((l) => terms(l.gist));
  const rarity = rarityAmong(gists);
  return lines
    .map((item, index) => ({ item, index, score: overlap(question.terms, gists[index], item.pages.flatMap(terms), rarity) }))
    .filter((s) => onTopic(question, s.item.gist, s.item.pages));
}

/** The buffer line whose gist or pages cover the question; the newest of equals, since it is closest to now. */
function bestBufferLine(question: Question, lines: readonly BufferLine[]): BufferLine | null {
  const ranked = scoreBufferLines(question, lines)
    .filter((s) => isGoodMatch(s.score, question.terms))
    .sort((a, b) => byOverlap(a, b) || b.index - a.index);
  return ranked[0]?.item ?? null;
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
  return facts.length > 0 ? factsAnswer(facts) : null;
}

function sameText(a: string, b: string): boolean {
  const flat = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();
  const [x, y] = [flat(a), flat(b)];
  return x.length > 0 && y.length > 0 && (x.includes(y) || y.includes(x));
}

/**
 * The best statement among the search matches. The owner's message that asks
 * the question is in the history too, so questions and the message itself
 * are never taken as the answer.
 */
function answerFromSearch(output: unknown, question: Question, message: string): string | null {
  const found = searchHistoryOutputSchema.safeParse(output);
  if (!found.success) return null;
  const said = found.data.matches
    .filter((m) => !sameText(m.snippet, message))
    .flatMap((match) =>
      sentences(match.snippet)
        .filter(carriesFact)
        .map((sentence) => ({ item: { match, sentence }, terms: terms(sentence) })),
    );
  const rarity = rarityAmong(said.map((s) => s.terms));
  const candidates = said
    .map((s) => ({ ...s, score: overlap(question.terms, s.terms, [], rarity) }))
    .filter((c) => c.score.strong >= 1 && onTopic(question, c.item.sentence))
    .sort(
      (a, b) =>
        byOverlap(a, b) ||
        Number(b.item.match.speaker === "OWNER") - Number(a.item.match.speaker === "OWNER") ||
        b.item.match.seq - a.item.match.seq,
    );
  const best = candidates[0]?.item;
  return best ? snippetAnswer(best.match, best.sentence) : null;
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
    .filter((s) => s.score.strong >= 1 && s.item.pages.length > 0)
    .sort((a, b) => byOverlap(a, b) || b.index - a.index)[0];
  return pointed?.item.pages[0] ?? question.topic?.page ?? null;
}

function nextTool(view: ChatView, question: Question, tools: ReadonlySet<string>): ChatDecision | null {
  const tried = new Set(view.rounds.map((r) => r.toolName));
  const query = searchQuery(question);
  if (tools.has(SEARCH_HISTORY) && !tried.has(SEARCH_HISTORY) && query) return search(query);
  const title = fallbackPage(question, view.buffer);
  if (tools.has(READ_PAGE) && !tried.has(READ_PAGE) && title) return readPage(title);
  return null;
}

/** The prompt ends with tool results for this question: answer from them, try the other tool once, or ask. */
function afterTools(view: ChatView, tools: ReadonlySet<string>): ChatDecision {
  const question = readQuestion(view.question);
  for (const round of [...view.rounds].reverse()) {
    const answer =
      round.toolName === READ_PAGE ? answerFromPage(round.output, question) : answerFromSearch(round.output, question, view.question);
    if (answer) return reply(answer);
  }
  const next = view.rounds.length < MAX_TOOL_ROUNDS ? nextTool(view, question, tools) : null;
  return next ?? reply(couldNotFindReply(view.rounds.map(attemptOf)));
}

/**
 * A question about something said before: what the prompt shows first
 * (recalled facts, then the visible messages), then the page a buffer line
 * points at, then a search of the thread. A buffer line is a pointer, never
 * the answer: its numbers are not evidence.
 */
function recallAnswer(view: ChatView, tools: ReadonlySet<string>): ChatDecision {
  const question = readQuestion(view.question);
  const facts = bestFacts(question, view.recalled);
  if (facts.length > 0) return reply(factsAnswer(facts));
  const said = bestWindowSentence(question, view.window);
  if (said) return reply(windowAnswer(said));
  const line = bestBufferLine(question, view.buffer);
  if (line && line.pages.length > 0 && tools.has(READ_PAGE)) return readPage(line.pages[0]);
  const query = searchQuery(question);
  if (tools.has(SEARCH_HISTORY) && query) return search(query);
  return reply(line ? unopenedNoteReply(line) : NOT_IN_CONVERSATION);
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
