import type { Message, Speaker } from "@/lib/db/generated/client";
import { MEMORY_PASS_MAX_OUTPUT_TOKENS } from "@/lib/contracts/memory-pass";
import { MEMORY_PASS_SYSTEM, memoryPassPrompt, type MemoryPassInput } from "@/lib/memory/prompt";
import type { ModelRuntime } from "@/lib/models/runtime";

// The memory pass's context budget. Its prompt (instructions, the pages that
// exist, related live facts, the messages before the stretch or its earlier
// ones, the new messages) and its answer must fit the model's context
// together: vLLM refuses a request whose prompt and max_tokens pass
// --max-model-len, Ollama cuts the prompt silently. So the pass reads as many new messages as fit
// with room for an answer (the rest wait for the next pass; a single
// message too long for any room is cut, saying so), leaves out what is only
// context (messages before the stretch and earlier ones first, then live
// facts, then page titles) until the prompt fits, and asks for no more
// output than the room left.

/** The least room a pass's answer gets, so its JSON is not cut mid-string. */
export const MIN_PASS_OUTPUT_TOKENS = 1_024;

export type PassFit = {
  contextTokens: number;
  promptTokens: number;
  maxOutputTokens: number;
  /** What was left out of the prompt to fit, in words. */
  leftOut: string[];
};

const promptOf = (input: MemoryPassInput) => ({ system: MEMORY_PASS_SYSTEM, messages: [{ role: "user" as const, content: memoryPassPrompt(input) }], tools: [] });

async function room(runtime: ModelRuntime) {
  const context = await runtime.contextSize();
  const margin = 1 + runtime.meter.margin(false);
  const fits = async (input: MemoryPassInput, output: number) => Math.ceil((await runtime.meter.count(promptOf(input))) * margin) + output <= context.tokens;
  return { context, fits };
}

/** The largest n in [0, max] for which ok(n) holds (ok is monotone, ok(0) assumed). */
async function largest(max: number, ok: (n: number) => Promise<boolean>): Promise<number> {
  let lo = 0;
  let hi = max;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (await ok(mid)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

const LEFT_OUT_MARK = (chars: number) => ` [… ${chars} more characters left out to fit the model's context]`;

/**
 * The stretch as far as its trusted messages fit the model's context with
 * room for an answer: a pass reads that much, and its cursor stops there.
 * A first message too long for any room is cut, marked, so the thread's
 * memory never stalls on it. Unchanged without a runtime to count with.
 */
export async function fitPassStretch(runtime: ModelRuntime | undefined, speakers: readonly Speaker[], stretch: Message[]): Promise<Message[]> {
  if (!runtime || stretch.length === 0) return stretch;
  const { fits } = await room(runtime);
  const trusted = stretch.filter((m) => speakers.includes(m.speaker));
  const input = (messages: Message[]): MemoryPassInput => ({ messages: messages as MemoryPassInput["messages"], before: [], earlier: [], pages: [], facts: [], fold: [] });
  const shown = (n: number) => fits(input(trusted.slice(0, n)), MIN_PASS_OUTPUT_TOKENS);
  if (trusted.length === 0 || (await shown(trusted.length))) return stretch;
  const kept = await largest(trusted.length, shown);
  if (kept > 0) return stretch.filter((m) => m.seq < trusted[kept].seq);
  const [first] = trusted;
  const chars = await largest(first.text.length, (n) => fits(input([{ ...first, text: first.text.slice(0, n) + LEFT_OUT_MARK(first.text.length - n) }]), MIN_PASS_OUTPUT_TOKENS));
  const cut = { ...first, text: first.text.slice(0, chars) + LEFT_OUT_MARK(first.text.length - chars) };
  return stretch.filter((m) => m.seq <= first.seq).map((m) => (m.id === first.id ? cut : m));
}

/**
 * The pass's input with what is only context left out until it fits with
 * room for an answer (messages before the stretch, then earlier messages, from the oldest, live facts from the
 * least related, page titles from the least recent), and the most output
 * the room then allows. Unchanged, at the usual output cap, without a runtime.
 */
export async function fitPassInput(runtime: ModelRuntime | undefined, input: MemoryPassInput): Promise<{ input: MemoryPassInput; fit: PassFit | null }> {
  if (!runtime) return { input, fit: null };
  const { context, fits } = await room(runtime);
  const leftOut: string[] = [];
  let fitted = input;
  const sections = [
    { name: "messages before the stretch", size: fitted.before.length, keep: (n: number) => ({ ...fitted, before: fitted.before.slice(fitted.before.length - n) }) },
    { name: "earlier messages of the open stretch", size: fitted.earlier.length, keep: (n: number) => ({ ...fitted, earlier: fitted.earlier.slice(fitted.earlier.length - n) }) },
    { name: "live facts shown for replacement", size: fitted.facts.length, keep: (n: number) => ({ ...fitted, facts: fitted.facts.slice(0, n) }) },
    { name: "existing page titles", size: fitted.pages.length, keep: (n: number) => ({ ...fitted, pages: fitted.pages.slice(0, n) }) },
  ];
  for (const section of sections) {
    if (await fits(fitted, MIN_PASS_OUTPUT_TOKENS)) break;
    const kept = await largest(section.size, (n) => fits(section.keep(n), MIN_PASS_OUTPUT_TOKENS));
    leftOut.push(`${section.size - kept} of ${section.size} ${section.name}`);
    fitted = section.keep(kept);
  }
  const margin = 1 + runtime.meter.margin(false);
  const promptTokens = await runtime.meter.count(promptOf(fitted));
  const maxOutputTokens = Math.max(1, Math.min(MEMORY_PASS_MAX_OUTPUT_TOKENS, context.tokens - Math.ceil(promptTokens * margin)));
  return { input: fitted, fit: { contextTokens: context.tokens, promptTokens, maxOutputTokens, leftOut } };
}
