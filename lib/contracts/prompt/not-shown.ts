import { formatSection, parseSection } from "@/lib/contracts/prompt/common";

// A note in front of the window saying that older messages of the thread are
// not shown: the window opens on one of the agent's replies with nothing
// before it, or older messages were left out to fit the model's context.
// Chat templates want the conversation to open on a user turn, so the turn
// says what is missing instead of starting mid-exchange.
// [OLDER MESSAGES NOT SHOWN]
// This thread began earlier; 12 older messages are left out to fit the model's context. search_chat_history finds their exact words.

export const NOT_SHOWN_HEADER = "[OLDER MESSAGES NOT SHOWN]";

export type NotShown = {
  /** Messages the window held but the prompt left out for lack of room; 0 when none was. */
  leftOut: number;
  /** Whether the model can search the thread (false when it runs without tools). */
  searchable: boolean;
};

const LEFT_OUT = /(\d+) older messages? (?:is|are) left out to fit the model's context/;
const SEARCH_HINT = "search_chat_history finds their exact words.";

export function formatNotShownNote(note: NotShown): string {
  const what =
    note.leftOut > 0
      ? `This thread began earlier; ${note.leftOut} older ${note.leftOut === 1 ? "message is" : "messages are"} left out to fit the model's context.`
      : "This thread began earlier; its older messages are not shown.";
  return formatSection(NOT_SHOWN_HEADER, [note.searchable ? `${what} ${SEARCH_HINT}` : what]);
}

/** Null when the text is not this note. */
export function parseNotShownNote(text: string): NotShown | null {
  const lines = parseSection(text, NOT_SHOWN_HEADER);
  if (lines === null) return null;
  const body = lines.join(" ");
  return { leftOut: Number(LEFT_OUT.exec(body)?.[1] ?? 0), searchable: body.includes(SEARCH_HINT) };
}
