// What a provider's refusal of a request means, read from its error: the
// model takes no tools, takes no JSON schema for its answer, or the prompt
// does not fit its context (and, when the server says, how many tokens it
// counted). Messages as each runtime documents them: Ollama's "… does not
// support tools", vLLM's tool-choice and context errors, OpenAI's structured
// outputs and context_length_exceeded, llama.cpp's exceed_context_size_error.

/** The error's own message and those of its causes, the provider's response body included. */
function textsOf(error: unknown): string[] {
  const texts: string[] = [];
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { message, responseBody } = e as { message?: unknown; responseBody?: unknown };
    if (typeof message === "string") texts.push(message);
    if (typeof responseBody === "string") texts.push(responseBody);
  }
  return texts;
}

const TOOLS_REFUSED = [
  /does not support tools/i,
  /"auto" tool choice requires --enable-auto-tool-choice/i,
  /tools? (?:are|is) not supported/i,
  /does not support (?:function|tool) calling/i,
];

const JSON_SCHEMA_REFUSED = [/'?response_format'? of type '?json_schema'? is not supported/i, /structured outputs? (?:are|is) not supported/i, /json_schema (?:is )?not supported/i];

const CONTEXT_REFUSED = [/maximum context length is \d+ tokens/i, /context_length_exceeded/i, /exceeds? the available context size/i, /exceed_context_size_error/i];

/** The model cannot be offered tools: the refusal's message, or null for any other error. */
export function toolsRefusal(error: unknown): string | null {
  return textsOf(error).find((text) => TOOLS_REFUSED.some((re) => re.test(text))) ?? null;
}

/** The model cannot be held to a JSON schema: the refusal's message, or null. */
export function jsonSchemaRefusal(error: unknown): string | null {
  return textsOf(error).find((text) => JSON_SCHEMA_REFUSED.some((re) => re.test(text))) ?? null;
}

/**
 * The prompt did not fit the model's context: the prompt tokens the server
 * counted when it said (vLLM: "(5227 in the messages", OpenAI: "your messages
 * resulted in 8227 tokens", llama.cpp: n_prompt_tokens), else null; undefined
 * when the error is no such refusal.
 */
export function contextRefusal(error: unknown): { promptTokens: number | null } | undefined {
  const texts = textsOf(error);
  if (!texts.some((text) => CONTEXT_REFUSED.some((re) => re.test(text)))) return undefined;
  for (const text of texts) {
    const counted = /(\d+) in the messages/.exec(text) ?? /messages resulted in (\d+) tokens/.exec(text) ?? /"n_prompt_tokens"\s*:\s*(\d+)/.exec(text);
    if (counted) return { promptTokens: Number(counted[1]) };
  }
  return { promptTokens: null };
}
