// For a model that cannot be held to a JSON schema (its provider refuses
// response_format json_schema): the schema goes into the system prompt, and
// the answer is read back from the text: a bare JSON object, or one inside a
// ``` fence, or the outermost braces of a reply that says more.

export const JSON_ANSWER_HEADER = "[ANSWER FORMAT]";

export function formatJsonAnswerInstruction(schema: unknown): string {
  return [
    JSON_ANSWER_HEADER,
    "Answer with one JSON object and nothing else: no prose, no code fence. It must match this JSON Schema:",
    JSON.stringify(schema),
  ].join("\n");
}

/** The JSON value in a model's text answer; null when there is none to parse. */
export function parseJsonAnswer(text: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(text)?.[1];
  const candidates = [text.trim(), fenced?.trim(), text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)];
  for (const candidate of candidates) {
    if (!candidate) continue;
    try {
      return JSON.parse(candidate) as unknown;
    } catch {
      // The next reading.
    }
  }
  return null;
}
