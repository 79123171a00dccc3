import type {
  LanguageModelV4CallOptions,
  LanguageModelV4Message,
  LanguageModelV4Prompt,
  LanguageModelV4ToolResultOutput,
} from "@ai-sdk/provider";
import { BUFFER_HEADER, RECALLED_PAGES_HEADER, SUMMARISE_MARKER, SUMMARY_HEADER, pageRef } from "@/lib/contracts/prompt/format";
import { MEMORY_MESSAGES_HEADER, parseMemoryInput, type MemoryInput, type MemoryInputMessage } from "@/lib/contracts/prompt/memory-input";

// Reads the prompt the way the agent's prompt builder writes it: recalled
// pages and the buffer block in system messages, the window as messages, and
// the tool calls already made for the current question. A compressor's
// summary between the messages reads as part of the conversation it replaces.

const PAGE_PREFIX = pageRef("");

/** A fact the prompt shows, recalled or opened with read_page. */
export type KnownFact = { page: string; text: string; confirmed: boolean; source: "owner" | "agent"; day: string };

/** One line of the buffer block: a day, the agent's gist of a stretch, and the pages it was filed in. */
export type BufferLine = { day: string; gist: string; pages: string[] };

export type WindowLine = { speaker: "user" | "assistant"; text: string };

/** A tool call made for the current question, with its output (null when the call failed or has no result yet). */
export type ToolRound = { toolName: string; input: unknown; output: unknown };

export type ChatView = {
  /** The last user message: the question this turn answers. */
  question: string;
  recalled: KnownFact[];
  buffer: BufferLine[];
  /** Text of the windowed messages before the question, oldest first. */
  window: WindowLine[];
  rounds: ToolRound[];
};

export type PassMessage = MemoryInputMessage;

/** The memory pass's input, read only through its contract's parser. */
export type MemoryView = MemoryInput;

/** One line of a compressor's running summary: a durable sentence, who said it and when. */
export type SummaryLine = { day: string; speaker: "owner" | "agent"; text: string };

/** A summarising call's input: the summary so far and the messages to fold into it. */
export type SummaryView = { previous: SummaryLine[]; messages: PassMessage[] };

const SECTION_HEADER = /^\[[A-Z][A-Z ]*\]$/;
const FACT_LINE = /^- \((confirmed|unconfirmed)\) (.+) \[said by (owner|agent), (\d{4}-\d{2}-\d{2})\]$/;
const BUFFER_ENTRY = /^- (\d{4}-\d{2}-\d{2}): (.+)$/;
const MESSAGE_LINE = /^#(\d+) (\d{4}-\d{2}-\d{2}) (owner|agent|customer): (.*)$/;
const SUMMARY_LINE = /^- (\d{4}-\d{2}-\d{2}) (owner|agent): (.+)$/;

/** The lines under a "[HEADER]" line, up to the next header. Headers must stand alone on their line, since personas mention them in prose. */
function sectionLines(text: string, header: string): string[] {
  const lines = text.split("\n").map((l) => l.trim());
  const start = lines.indexOf(header);
  if (start < 0) return [];
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((l) => SECTION_HEADER.test(l));
  return (end < 0 ? rest : rest.slice(0, end)).filter(Boolean);
}

function readRecalled(systemTexts: readonly string[]): KnownFact[] {
  const facts: KnownFact[] = [];
  for (const text of systemTexts) {
    let page: string | null = null;
    for (const line of sectionLines(text, RECALLED_PAGES_HEADER)) {
      if (line.startsWith(PAGE_PREFIX)) {
        page = line.slice(PAGE_PREFIX.length).trim();
        continue;
      }
      const m = FACT_LINE.exec(line);
      if (m && page) facts.push({ page, text: m[2], confirmed: m[1] === "confirmed", source: m[3] as "owner" | "agent", day: m[4] });
    }
  }
  return facts;
}

/** "pages/A, pages/B, +2 more" → ["A", "B"]; a title may itself hold a comma, so split only before the next ref. */
function pageRefs(refs: string): string[] {
  return refs
    .split(/,\s*(?=pages\/|\+\d+ more)/)
    .filter((r) => r.startsWith(PAGE_PREFIX))
    .map((r) => r.slice(PAGE_PREFIX.length).replace(/[)…]+$/, "").trim())
    .filter(Boolean);
}

function readBufferEntry(line: string): BufferLine | null {
  const m = BUFFER_ENTRY.exec(line);
  if (!m) return null;
  const body = m[2];
  // The pointer suffix is the last parenthesis; a clipped line may have lost its closing bracket.
  const at = Math.max(body.lastIndexOf("(filed in "), body.lastIndexOf("(nothing filed"));
  if (at < 0) return { day: m[1], gist: body.trim(), pages: [] };
  const refs = body.slice(at).replace(/^\((?:filed in|nothing filed)\s*/, "");
  return { day: m[1], gist: body.slice(0, at).trim(), pages: pageRefs(refs) };
}

function readBuffer(systemTexts: readonly string[]): BufferLine[] {
  return systemTexts.flatMap((text) => sectionLines(text, BUFFER_HEADER).flatMap((line) => readBufferEntry(line) ?? []));
}

function readSummary(text: string): SummaryLine[] {
  return sectionLines(text, SUMMARY_HEADER).flatMap((line) => {
    const m = SUMMARY_LINE.exec(line);
    return m ? [{ day: m[1], speaker: m[2] as SummaryLine["speaker"], text: m[3] }] : [];
  });
}

function textOf(message: LanguageModelV4Message): string {
  if (message.role === "system") return message.content;
  return message.content
    .flatMap((part) => (part.type === "text" ? [part.text] : []))
    .join("\n")
    .trim();
}

function parseMaybeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function outputValue(output: LanguageModelV4ToolResultOutput | undefined): unknown {
  switch (output?.type) {
    case "json":
      return output.value;
    case "text":
      return parseMaybeJson(output.value);
    case "content":
      return parseMaybeJson(output.value.flatMap((p) => (p.type === "text" ? [p.text] : [])).join(""));
    default:
      return null;
  }
}

function readRounds(afterQuestion: readonly LanguageModelV4Message[]): ToolRound[] {
  const calls: { id: string; toolName: string; input: unknown }[] = [];
  const results = new Map<string, LanguageModelV4ToolResultOutput>();
  for (const message of afterQuestion) {
    if (message.role === "assistant") {
      for (const part of message.content) {
        if (part.type === "tool-call") calls.push({ id: part.toolCallId, toolName: part.toolName, input: part.input });
      }
    } else if (message.role === "tool") {
      for (const part of message.content) if (part.type === "tool-result") results.set(part.toolCallId, part.output);
    }
  }
  return calls.map((c) => ({ toolName: c.toolName, input: c.input, output: outputValue(results.get(c.id)) }));
}

export function readChatPrompt(prompt: LanguageModelV4Prompt): ChatView {
  const systemTexts = prompt.flatMap((m) => (m.role === "system" ? [m.content] : []));
  const lastUser = prompt.findLastIndex((m) => m.role === "user");
  const before = lastUser < 0 ? prompt : prompt.slice(0, lastUser);
  const window = before.flatMap((m): WindowLine[] => {
    if (m.role === "system") {
      return readSummary(m.content).map((line) => ({ speaker: line.speaker === "owner" ? "user" : "assistant", text: line.text }));
    }
    if (m.role !== "user" && m.role !== "assistant") return [];
    const text = textOf(m);
    return text ? [{ speaker: m.role, text }] : [];
  });
  return {
    question: lastUser < 0 ? "" : textOf(prompt[lastUser]),
    recalled: readRecalled(systemTexts),
    buffer: readBuffer(systemTexts),
    window,
    rounds: lastUser < 0 ? [] : readRounds(prompt.slice(lastUser + 1)),
  };
}

export function readMemoryPrompt(prompt: LanguageModelV4Prompt): MemoryView {
  return parseMemoryInput(prompt.flatMap((m) => (m.role === "user" ? [textOf(m)] : [])).join("\n"));
}

function readPassMessages(text: string): PassMessage[] {
  return sectionLines(text, MEMORY_MESSAGES_HEADER).flatMap((line): PassMessage[] => {
    const m = MESSAGE_LINE.exec(line);
    return m ? [{ seq: Number(m[1]), day: m[2], speaker: m[3] as PassMessage["speaker"], text: m[4] }] : [];
  });
}

/** A summarising call announces itself in the first line of its system prompt. */
export function isSummariseCall(prompt: LanguageModelV4Prompt): boolean {
  const [first] = prompt;
  return first?.role === "system" && first.content.trimStart().startsWith(SUMMARISE_MARKER);
}

export function readSummaryPrompt(prompt: LanguageModelV4Prompt): SummaryView {
  const text = prompt.flatMap((m) => (m.role === "user" ? [textOf(m)] : [])).join("\n");
  return { previous: readSummary(text), messages: readPassMessages(text) };
}

/** The tools the model may call: the function tools offered, none when tool choice forbids them. */
export function offeredTools(options: Pick<LanguageModelV4CallOptions, "tools" | "toolChoice">): Set<string> {
  if (options.toolChoice?.type === "none") return new Set();
  return new Set((options.tools ?? []).flatMap((t) => (t.type === "function" ? [t.name] : [])));
}

/** The whole prompt as one text: what token counts and deterministic ids are computed from. */
export function promptText(prompt: LanguageModelV4Prompt): string {
  return prompt
    .map((message) => {
      if (message.role === "system") return message.content;
      const parts = message.content.map((part) => {
        switch (part.type) {
          case "text":
          case "reasoning":
            return part.text;
          case "tool-call":
            return `${part.toolName} ${JSON.stringify(part.input)}`;
          case "tool-result":
            return `${part.toolName} ${JSON.stringify(part.output)}`;
          default:
            return `[${part.type}]`;
        }
      });
      return `${message.role}: ${parts.join("\n")}`;
    })
    .join("\n");
}
