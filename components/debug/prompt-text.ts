import type { TurnTraceData } from "@/lib/contracts/trace";

// The assembled prompt as plain text, for reading and for "Copy prompt". The
// trace stores model messages as the AI SDK built them; anything this does
// not recognise is shown as JSON rather than dropped.

const json = (value: unknown) => JSON.stringify(value, null, 2);

function partText(part: unknown): string {
  if (typeof part !== "object" || part === null || !("type" in part)) return json(part);
  const p = part as Record<string, unknown>;
  if (p.type === "text" && typeof p.text === "string") return p.text;
  if (p.type === "tool-call") return `→ ${String(p.toolName)}(${JSON.stringify(p.input)})`;
  if (p.type === "tool-result") return `← ${String(p.toolName)}: ${json(p.output)}`;
  return json(part);
}

function messageText(message: unknown): string {
  const m = (typeof message === "object" && message !== null ? message : {}) as { role?: unknown; content?: unknown };
  const body = typeof m.content === "string" ? m.content : Array.isArray(m.content) ? m.content.map(partText).join("\n") : json(m.content);
  return `── ${typeof m.role === "string" ? m.role : "message"} ──\n${body}`;
}

export function promptText(prompt: TurnTraceData["prompt"]): string {
  return [`── system ──\n${prompt.system}`, ...prompt.messages.map(messageText)].join("\n\n");
}
