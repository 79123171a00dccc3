import type {
  LanguageModelV4CallOptions,
  LanguageModelV4Message,
  LanguageModelV4Prompt,
  LanguageModelV4ToolResultOutput,
} from "@ai-sdk/provider";
import { parseBufferBlock } from "@/lib/contracts/prompt/buffer-block";
import { parseMemoryInput, type MemoryInput } from "@/lib/contracts/prompt/memory-input";
import { type MessageLine } from "@/lib/contracts/prompt/message-line";
import { parseRecalledPages } from "@/lib/contracts/prompt/recalled-pages";
import { SUMMARISE_MARKER, parseSummariseInput, parseSummaryNote, type SummaryLine } from "@/lib/contracts/prompt/summary";

// Reads the prompt the way the agent's prompt builder writes it, through the
// parse half of each format in lib/contracts/prompt: recalled pages and the
// buffer block in system messages, the window as messages, and the tool calls
// already made for the current question. A compressor's summary between the
// messages reads as part of the conversation it replaces.

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

export type PassMessage = MessageLine;

/** The memory pass's input, read only through its contract's parser. */
export type MemoryView = MemoryInput;

export type { SummaryLine };

/** A summarising call's input: the summary so far and the messages to fold into it. */
export type SummaryView = { previous: SummaryLine[]; messages: PassMessage[] };

function readRecalled(systemTexts: readonly string[]): KnownFact[] {
  return systemTexts.flatMap((text) =>
    parseRecalledPages(text).flatMap((page) =>
      page.facts.map((fact) => ({ page: page.title, text: fact.text, confirmed: fact.label === "confirmed", source: fact.source, day: fact.day })),
    ),
  );
}

function readBuffer(systemTexts: readonly string[]): BufferLine[] {
  return systemTexts.flatMap((text) => parseBufferBlock(text)?.lines.map(({ day, gist, pages }) => ({ day, gist, pages })) ?? []);
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
      return (parseSummaryNote(m.content) ?? []).map((line) => ({ speaker: line.speaker === "owner" ? "user" : "assistant", text: line.text }));
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

/** A summarising call announces itself in the first line of its system prompt. */
export function isSummariseCall(prompt: LanguageModelV4Prompt): boolean {
  const [first] = prompt;
  return first?.role === "system" && first.content.trimStart().startsWith(SUMMARISE_MARKER);
}

export function readSummaryPrompt(prompt: LanguageModelV4Prompt): SummaryView {
  return parseSummariseInput(prompt.flatMap((m) => (m.role === "user" ? [textOf(m)] : [])).join("\n"));
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
