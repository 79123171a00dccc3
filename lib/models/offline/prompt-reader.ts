import type {
  LanguageModelV4CallOptions,
  LanguageModelV4Message,
  LanguageModelV4Prompt,
  LanguageModelV4ToolResultOutput,
} from "@ai-sdk/provider";
import { parseBufferBlock } from "@/lib/contracts/prompt/buffer-block";
import { isCustomerChat } from "@/lib/contracts/prompt/customer-voice";
import { isPromptNote } from "@/lib/contracts/prompt/notes";
import { parseMemoryInput, type MemoryInput } from "@/lib/contracts/prompt/memory-input";
import { type MessageLine } from "@/lib/contracts/prompt/message-line";
import { parseRecalledPages } from "@/lib/contracts/prompt/recalled-pages";
import { SUMMARISE_MARKER, parseSummariseInput, parseSummaryNote, type SummaryLine } from "@/lib/contracts/prompt/summary";

// Reads the prompt the way the agent's prompt builder writes it, through the
// parse half of each format in lib/contracts/prompt: recalled pages in the
// system prompt, the window as messages, notes (the buffer block, a
// compressor's summary, what is not shown) as text parts of their own in
// user turns, and the tool calls already made for the current question. A
// compressor's summary reads as part of the conversation it replaces.

/** A fact the prompt shows, recalled or opened with read_page. */
export type KnownFact = { page: string; text: string; confirmed: boolean; source: "owner" | "agent"; day: string };

/** One line of the buffer block: a day, the agent's gist of a stretch, and the pages it was filed in. */
export type BufferLine = { day: string; gist: string; pages: string[] };

export type WindowLine = { speaker: "user" | "assistant"; text: string };

/** A tool call made for the current question, with its output (null when the call failed or has no result yet). */
export type ToolRound = { toolName: string; input: unknown; output: unknown };

export type ChatView = {
  /** The chat is a customer's, on the business's support page: they hear the business, never the assistant's workings. */
  customer: boolean;
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

function readBuffer(noteTexts: readonly string[]): BufferLine[] {
  return noteTexts.flatMap((text) => parseBufferBlock(text)?.lines.map(({ day, gist, pages }) => ({ day, gist, pages })) ?? []);
}

/** A message's text parts one by one: a user turn may hold notes and several messages, each a part of its own. */
function textParts(message: LanguageModelV4Message): string[] {
  if (message.role === "system") return [message.content];
  return message.content.flatMap((part) => (part.type === "text" && part.text.trim() ? [part.text.trim()] : []));
}

function textOf(message: LanguageModelV4Message): string {
  return textParts(message).join("\n");
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
  // Notes ride in user turns; a prompt laid out with notes as system messages reads the same.
  const noteTexts = [...systemTexts, ...prompt.flatMap((m) => (m.role === "user" ? textParts(m).filter(isPromptNote) : []))];
  const lastUser = prompt.findLastIndex((m) => m.role === "user" && textParts(m).some((text) => !isPromptNote(text)));
  const questionParts = lastUser < 0 ? [] : textParts(prompt[lastUser]);
  const question = questionParts.findLast((text) => !isPromptNote(text)) ?? "";
  // Everything before the question: earlier messages, and what shares the question's turn.
  const before = [...(lastUser < 0 ? prompt : prompt.slice(0, lastUser)), { role: "user" as const, content: questionParts.slice(0, questionParts.lastIndexOf(question)).map((text) => ({ type: "text" as const, text })) }];
  const window = before.flatMap((m): WindowLine[] => {
    if (m.role === "tool") return [];
    return textParts(m).flatMap((text): WindowLine[] => {
      const summary = parseSummaryNote(text);
      if (summary) return summary.map((line) => ({ speaker: line.speaker === "owner" ? "user" : "assistant", text: line.text }));
      return isPromptNote(text) || m.role === "system" ? [] : [{ speaker: m.role as WindowLine["speaker"], text }];
    });
  });
  return {
    customer: systemTexts.some(isCustomerChat),
    question,
    recalled: readRecalled(systemTexts),
    buffer: readBuffer(noteTexts),
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
