import type { ModelMessage } from "ai";

// The one conversation layout every common chat template accepts: the
// system prompt goes first and alone (the AI SDK's `system`), then turns that
// strictly alternate user, assistant, user, …, opening on a user turn and
// ending on the question. Gemma's and Mistral's templates refuse anything
// else ("Conversation roles must alternate user/assistant/…"); the others
// accept it too.
//
// Notes (the buffer block, a compressor's summary, what was left out) keep
// their place in the conversation inside a user turn, as a text part of
// their own that says in its first lines whose words it holds, never as a
// second system message. Messages of the same role that follow each other
// (a send whose reply failed, then another send) share one turn, each its
// own text part, so nothing is dropped to make the roles alternate.

export type PromptEntry =
  | { kind: "note"; text: string }
  | { kind: "message"; role: "user" | "assistant"; text: string };

type Turn = { role: "user" | "assistant"; parts: string[] };

function turnsOf(entries: readonly PromptEntry[]): Turn[] {
  const turns: Turn[] = [];
  for (const entry of entries) {
    const role = entry.kind === "note" ? "user" : entry.role;
    const last = turns.at(-1);
    if (last?.role === role) last.parts.push(entry.text);
    else turns.push({ role, parts: [entry.text] });
  }
  return turns;
}

function messageOf(turn: Turn): ModelMessage {
  if (turn.role === "assistant") return { role: "assistant", content: turn.parts.join("\n\n") };
  return turn.parts.length === 1
    ? { role: "user", content: turn.parts[0] }
    : { role: "user", content: turn.parts.map((text) => ({ type: "text" as const, text })) };
}

/**
 * The entries as alternating model messages. `openingNote` opens the
 * conversation when it would otherwise start on one of the agent's replies
 * (a full window of 30 ending on the question starts on a reply).
 */
export function layoutConversation(entries: readonly PromptEntry[], openingNote: string): ModelMessage[] {
  const turns = turnsOf(entries);
  if (turns[0]?.role === "assistant") turns.unshift({ role: "user", parts: [openingNote] });
  return turns.map(messageOf);
}
