import { formatPageRef, parsePageRef, parseSection } from "@/lib/contracts/prompt/common";
import { formatMessageLine, parseMessageLine, type MessageLine } from "@/lib/contracts/prompt/message-line";

// The memory pass's input text: the pages that exist, the live facts of the
// pages this stretch may touch (so the model can name the one a new fact
// replaces), the last messages before the stretch when it starts fresh, the
// earlier messages of the stretch still open, and the new messages to file. Any model reads it as plain text; the offline model
// parses it back with parseMemoryInput, so both directions live here.

export const MEMORY_PAGES_HEADER = "[EXISTING PAGES]";
export const MEMORY_FACTS_HEADER = "[LIVE FACTS]";
/** The last messages of the stretch before, already closed: what "it" or "them" in the new messages may point back at. */
export const MEMORY_BEFORE_HEADER = "[BEFORE THIS STRETCH]";
export const MEMORY_EARLIER_HEADER = "[EARLIER IN THIS STRETCH]";
export const MEMORY_MESSAGES_HEADER = "[MESSAGES]";
/** Older episode lines due to be folded into one (§10 chunks of chunks); "(none)" when no fold is due. */
export const MEMORY_FOLD_HEADER = "[LINES TO FOLD]";

const NONE = "- (none)";
const FACT_LINE = /^- fact (\S+) \| key: (.*?) \| (confirmed|unconfirmed), said by (owner|agent) \| (.*)$/;

export type MemoryInputMessage = MessageLine;

export type MemoryInputFact = {
  id: string;
  page: string;
  key: string;
  text: string;
  status: "confirmed" | "unconfirmed";
  source: "owner" | "agent";
};

export type MemoryInput = {
  pages: string[];
  /** Live facts, grouped by page in the order given. */
  facts: MemoryInputFact[];
  /** The last messages before a stretch that starts fresh, already filed: what the new ones point back at, not this stretch. */
  before: MemoryInputMessage[];
  /** Messages of the open stretch that earlier passes already filed: context for the episode line, not to file again. */
  earlier: MemoryInputMessage[];
  messages: MemoryInputMessage[];
  /** Episode lines to fold into one, oldest first, each as its buffer line; empty when no fold is due. */
  fold: string[];
};

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/** One message as the memory pass reads it: "#12 2026-10-02 owner: text". */
export const memoryMessageLine = formatMessageLine;

/** "- fact ck1 | key: butter supplier | confirmed, said by owner | Butter comes from …"; a key never holds the separator. */
function factLine(fact: MemoryInputFact): string {
  const key = oneLine(fact.key).replace(/\|/g, "/");
  return `- fact ${fact.id} | key: ${key} | ${fact.status}, said by ${fact.source} | ${oneLine(fact.text)}`;
}

function factLines(facts: readonly MemoryInputFact[]): string[] {
  if (facts.length === 0) return [NONE];
  const lines: string[] = [];
  let page: string | null = null;
  for (const fact of facts) {
    if (fact.page !== page) lines.push(formatPageRef(oneLine(fact.page)));
    page = fact.page;
    lines.push(factLine(fact));
  }
  return lines;
}

export function formatMemoryInput(input: MemoryInput): string {
  const pages = input.pages.length > 0 ? input.pages.map((t) => `- ${oneLine(t)}`) : [NONE];
  const messageLines = (messages: readonly MemoryInputMessage[]) => (messages.length > 0 ? messages.map(memoryMessageLine) : [NONE]);
  return [
    MEMORY_PAGES_HEADER,
    ...pages,
    "",
    MEMORY_FACTS_HEADER,
    ...factLines(input.facts),
    "",
    MEMORY_FOLD_HEADER,
    ...(input.fold.length > 0 ? input.fold.map(oneLine) : [NONE]),
    "",
    MEMORY_BEFORE_HEADER,
    ...messageLines(input.before),
    "",
    MEMORY_EARLIER_HEADER,
    ...messageLines(input.earlier),
    "",
    MEMORY_MESSAGES_HEADER,
    ...input.messages.map(memoryMessageLine),
  ].join("\n");
}

/** A section's lines without its "(none)" placeholder. */
function sectionLines(text: string, header: string): string[] {
  return (parseSection(text, header) ?? []).filter((l) => l !== NONE);
}

function parseMessages(lines: readonly string[]): MemoryInputMessage[] {
  return lines.flatMap((line) => parseMessageLine(line) ?? []);
}

function parseFacts(lines: readonly string[]): MemoryInputFact[] {
  const facts: MemoryInputFact[] = [];
  let page: string | null = null;
  for (const line of lines) {
    const title = parsePageRef(line);
    if (title !== null) {
      page = title;
      continue;
    }
    const m = FACT_LINE.exec(line);
    if (m && page !== null) {
      facts.push({ id: m[1], page, key: m[2], status: m[3] as MemoryInputFact["status"], source: m[4] as MemoryInputFact["source"], text: m[5] });
    }
  }
  return facts;
}

export function parseMemoryInput(text: string): MemoryInput {
  return {
    pages: sectionLines(text, MEMORY_PAGES_HEADER).flatMap((l) => (l.startsWith("- ") ? [l.slice(2).trim()] : [])),
    facts: parseFacts(sectionLines(text, MEMORY_FACTS_HEADER)),
    before: parseMessages(sectionLines(text, MEMORY_BEFORE_HEADER)),
    earlier: parseMessages(sectionLines(text, MEMORY_EARLIER_HEADER)),
    messages: parseMessages(sectionLines(text, MEMORY_MESSAGES_HEADER)),
    fold: sectionLines(text, MEMORY_FOLD_HEADER),
  };
}
