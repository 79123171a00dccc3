import { asSchema, generateText, Output, type LanguageModel } from "ai";
import { MAX_FACTS_PER_PASS, MEMORY_PASS_MAX_OUTPUT_TOKENS, memoryPassOutput, memoryPassOutputSchema, type MemoryPassOutput } from "@/lib/contracts/memory-pass";
import type { MemoryPassReport } from "@/lib/contracts/memory-pass-report";
import { portableSchema } from "@/lib/contracts/portable-schema";
import { formatJsonAnswerInstruction, parseJsonAnswer } from "@/lib/contracts/prompt/json-answer";
import { fitPassInput, type PassFit } from "@/lib/memory/pass-budget";
import { MEMORY_PASS_SYSTEM, memoryPassPrompt, type MemoryPassInput } from "@/lib/memory/prompt";
import { contextRefusal, jsonSchemaRefusal } from "@/lib/models/refusals";
import type { ModelRuntime } from "@/lib/models/runtime";

// The memory pass's one model call: its input fitted to the model's context
// (pass-budget.ts), its answer held to the output schema. A provider that
// refuses a JSON schema (response_format json_schema) is asked for the JSON
// in text instead, the schema in the instructions, and the answer is
// validated by the same schema; the refusal is learnt, so later passes ask
// in text from the start. OpenAI's fine-tuned models refuse `maxItems`, so
// they are sent the schema without it and the cap is applied here, every
// fact past it reported as dropped.

export type MemoryPassCall = {
  output: MemoryPassOutput;
  usage: { input: number; output: number };
  /** Facts past the cap, for the report's dropped list. */
  dropped: MemoryPassReport["dropped"];
  fit: PassFit | null;
};

const uncapped = memoryPassOutputSchema.extend({ facts: memoryPassOutputSchema.shape.facts.unwrap().array() });
const uncappedOutput = portableSchema(uncapped);

/** OpenAI fine-tuned models ("ft:gpt-4o-mini-…") refuse maxItems in a strict schema. */
const refusesMaxItems = (model: LanguageModel) => typeof model !== "string" && model.modelId.startsWith("ft:");

async function answerInText(model: LanguageModel, input: string, maxOutputTokens: number, capped: boolean) {
  const schema = capped ? memoryPassOutputSchema : uncapped;
  const result = await generateText({
    model,
    system: `${MEMORY_PASS_SYSTEM}\n\n${formatJsonAnswerInstruction(await asSchema(memoryPassOutput).jsonSchema)}`,
    prompt: input,
    maxOutputTokens,
  });
  const parsed = schema.safeParse(parseJsonAnswer(result.text));
  if (!parsed.success) throw new Error(`the model's answer was not the JSON asked for: ${parsed.error.issues[0]?.message ?? "no JSON object"}`);
  return { output: parsed.data, usage: result.usage };
}

async function answerHeldToSchema(model: LanguageModel, input: string, maxOutputTokens: number, capped: boolean) {
  const schema = capped ? memoryPassOutput : uncappedOutput;
  const result = await generateText({ model, system: MEMORY_PASS_SYSTEM, prompt: input, output: Output.object({ schema }), maxOutputTokens });
  return { output: result.output, usage: result.usage };
}

/** Runs the pass's call over `input`; throws what the provider or the answer's validation threw. */
export async function callMemoryPass(model: LanguageModel, runtime: ModelRuntime | undefined, input: MemoryPassInput): Promise<MemoryPassCall> {
  const { input: fitted, fit } = await fitPassInput(runtime, input);
  const prompt = memoryPassPrompt(fitted);
  const maxOutputTokens = fit?.maxOutputTokens ?? MEMORY_PASS_MAX_OUTPUT_TOKENS;
  const capped = !refusesMaxItems(model);
  const structured = runtime?.learned.structuredOutput;
  const answer = async () => {
    if (structured?.supported === false) return answerInText(model, prompt, maxOutputTokens, capped);
    try {
      return await answerHeldToSchema(model, prompt, maxOutputTokens, capped);
    } catch (error) {
      const refusal = jsonSchemaRefusal(error);
      if (!refusal) throw error;
      if (structured) runtime!.learned.structuredOutput = { supported: false, reason: refusal };
      return answerInText(model, prompt, maxOutputTokens, capped);
    }
  };
  let result;
  try {
    result = await answer();
  } catch (error) {
    // A server that counted the prompt when refusing it teaches the counter, so the pass's retry fits.
    const refused = contextRefusal(error);
    if (runtime && fit && refused?.promptTokens) runtime.meter.observe(fit.promptTokens, refused.promptTokens, false);
    throw error;
  }
  const inputTokens = result.usage.inputTokens ?? 0;
  if (runtime && fit && inputTokens > 0) runtime.meter.observe(fit.promptTokens, inputTokens, false);
  const facts = result.output.facts;
  return {
    output: { ...result.output, facts: facts.slice(0, MAX_FACTS_PER_PASS) },
    usage: { input: inputTokens, output: result.usage.outputTokens ?? 0 },
    dropped: facts.slice(MAX_FACTS_PER_PASS).map((f) => ({ what: "fact" as const, text: f.text, reason: `past the ${MAX_FACTS_PER_PASS} facts one pass files` })),
    fit,
  };
}
