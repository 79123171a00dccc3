// What a run on a paid model will cost and take, printed before it starts.
// Rough on purpose: tokens are estimated from the cases' own text and the
// turn's usual shape (the memory pass reads each stretch once, every arm
// reads its window, the buffer and recall add a page or so), priced from a
// table of list prices that `--price` overrides.

import type { EvalCase } from "@/lib/eval/cases";
import { ARMS, type ArmId } from "@/lib/eval/arms";
import { countTokens } from "@/lib/models/tokens";

/** US dollars per million tokens, input and output: list prices when this was written; pass --price for anything else. */
export const PRICES: Readonly<Record<string, { input: number; output: number }>> = {
  "gpt-4o-mini": { input: 0.15, output: 0.6 },
  "gpt-4o": { input: 2.5, output: 10 },
  "gpt-4.1": { input: 2, output: 8 },
  "gpt-4.1-mini": { input: 0.4, output: 1.6 },
  "gpt-4.1-nano": { input: 0.1, output: 0.4 },
  "gpt-5": { input: 1.25, output: 10 },
  "gpt-5-mini": { input: 0.25, output: 2 },
  "gpt-5-nano": { input: 0.05, output: 0.4 },
  "o4-mini": { input: 1.1, output: 4.4 },
};

export type Price = { input: number; output: number };

/** "0.15,0.6" → dollars per million input and output tokens. */
export function parsePrice(text: string): Price {
  const match = /^\s*(\d+(?:\.\d+)?)\s*,\s*(\d+(?:\.\d+)?)\s*$/.exec(text);
  if (!match) throw new Error(`--price expects "INPUT,OUTPUT" in dollars per million tokens, e.g. 0.15,0.6; got "${text}"`);
  return { input: Number(match[1]), output: Number(match[2]) };
}

/** The table's price for a model id, matching the longest listed name the id starts with ("gpt-4o-mini-2024-07-18" → gpt-4o-mini). */
export function priceFor(modelId: string): Price | null {
  const id = modelId.toLowerCase().replace(/^.*\//, "");
  const name = Object.keys(PRICES)
    .filter((known) => id.startsWith(known))
    .sort((x, y) => y.length - x.length)[0];
  return name ? PRICES[name] : null;
}

/** The system prompt, recall and tool schemas every question turn carries, and a memory pass's instructions: measured from offline runs' traces, rounded up. */
const TURN_OVERHEAD_TOKENS = 1_500;
const PASS_OVERHEAD_TOKENS = 1_200;
const PASS_OUTPUT_TOKENS = 350;
const ANSWER_OUTPUT_TOKENS = 150;
/** Model calls per question turn, tool steps included, as offline runs average. */
const CALLS_PER_TURN = 1.8;
const JUDGE_TOKENS = { input: 250, output: 15 };

export type Estimate = { inputTokens: number; outputTokens: number; calls: number; dollars: number | null; seconds: number };

export function estimateRun(
  cases: readonly EvalCase[],
  options: { arms: readonly ArmId[]; window: number; stretch: number; judge: boolean; price: Price | null; secondsPerCall: number; parallel: number },
): Estimate {
  let input = 0;
  let output = 0;
  let calls = 0;
  for (const c of cases) {
    const tokens = c.messages.map((m) => countTokens(m.text) + 4);
    const total = tokens.reduce((sum, t) => sum + t, 0);
    const passes = Math.ceil(c.messages.length / options.stretch);
    input += total + passes * PASS_OVERHEAD_TOKENS;
    output += passes * PASS_OUTPUT_TOKENS;
    calls += passes;
    if (options.arms.some((arm) => ARMS[arm].needsSummary)) {
      // The compressor summarises the middle once per case, a stretch per call.
      input += total + passes * PASS_OVERHEAD_TOKENS;
      output += passes * PASS_OUTPUT_TOKENS;
      calls += passes;
    }
    for (const arm of options.arms) {
      const shown = arm === "E" ? options.window * 2 : options.window;
      const windowTokens = tokens.slice(-shown).reduce((sum, t) => sum + t, 0);
      const judge = options.judge ? 1 : 0;
      input += c.probes.length * (CALLS_PER_TURN * (windowTokens + TURN_OVERHEAD_TOKENS) + judge * JUDGE_TOKENS.input);
      output += c.probes.length * (ANSWER_OUTPUT_TOKENS + judge * JUDGE_TOKENS.output);
      calls += c.probes.length * (CALLS_PER_TURN + judge);
    }
  }
  const dollars = options.price ? (input * options.price.input + output * options.price.output) / 1_000_000 : null;
  return { inputTokens: Math.round(input), outputTokens: Math.round(output), calls: Math.round(calls), dollars, seconds: (calls * options.secondsPerCall) / options.parallel };
}
