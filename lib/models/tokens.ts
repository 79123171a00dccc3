import { Tiktoken } from "js-tiktoken/lite";
import o200kBase from "js-tiktoken/ranks/o200k_base";

// A real tokenizer (the o200k encoding of current OpenAI models) so token
// costs in traces and the evaluation are counted, not guessed. Built once,
// on first use, because loading the ranks takes a moment.
let encoder: Tiktoken | undefined;

export function countTokens(text: string): number {
  encoder ??= new Tiktoken(o200kBase);
  return encoder.encode(text).length;
}
