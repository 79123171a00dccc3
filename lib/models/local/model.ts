import { randomUUID } from "node:crypto";
import type { LanguageModelV4CallOptions, LanguageModelV4FinishReason, SharedV4Warning } from "@ai-sdk/provider";
import type { ChatHistoryItem, ChatModelFunctions, LlamaChatResponse, LlamaGrammar } from "node-llama-cpp";
import type { LocalModelConfig } from "@/lib/config";
import { InProcessModel, usageOf, type Answer, type Listener, type PlannedCall, type ToolCall } from "@/lib/models/in-process";
import { readyEngine, type Lane, type LocalEngine } from "@/lib/models/local/engine";
import { requiredCallSchema, toChatHistory, toFunctions } from "@/lib/models/local/prompt";

export const LOCAL_PROVIDER = "local";

/** Sampling when the caller sets none: the common default of llama.cpp's server and Ollama-style runtimes, not greedy decoding (which loops). */
const DEFAULT_TEMPERATURE = 0.7;
/** A reply with no limit of its own stops here rather than filling the whole context. */
const DEFAULT_MAX_TOKENS = 1024;

function finishReasonOf(stopReason: LlamaChatResponse["metadata"]["stopReason"], calledTools: boolean): LanguageModelV4FinishReason {
  if (calledTools) return { unified: "tool-calls", raw: stopReason };
  if (stopReason === "maxTokens") return { unified: "length", raw: stopReason };
  if (stopReason === "abort") return { unified: "other", raw: stopReason };
  return { unified: "stop", raw: stopReason };
}

function unsupportedSettings(options: LanguageModelV4CallOptions, warnings: SharedV4Warning[]) {
  for (const setting of ["frequencyPenalty", "presencePenalty"] as const) {
    if (options[setting] !== undefined) warnings.push({ type: "unsupported", feature: setting });
  }
}

/** A required tool call is generated as JSON under a grammar of the tools' calls, after a system line listing them. */
function withToolList(history: ChatHistoryItem[], tools: ReturnType<typeof toFunctions>["tools"]): ChatHistoryItem[] {
  const list = tools.map((tool) => `- ${tool.name}: ${tool.description ?? ""} Arguments (JSON schema): ${JSON.stringify(tool.inputSchema)}`);
  const text = `Answer with a call to one of these tools, as a JSON object {"name": ..., "arguments": {...}}:\n${list.join("\n")}`;
  return [{ type: "system", text }, ...history];
}

/** What a call asks for, read before anything is generated so a stream can state its warnings first. */
function planCall(options: LanguageModelV4CallOptions) {
  const warnings: SharedV4Warning[] = [];
  unsupportedSettings(options, warnings);
  const history = toChatHistory(options.prompt, warnings);
  const { functions, tools } = toFunctions(options, warnings);
  const choice = options.toolChoice?.type ?? "auto";
  const mustCallTool = tools.length > 0 && (choice === "required" || choice === "tool");
  if (options.responseFormat?.type === "json" && functions) warnings.push({ type: "other", message: "Tools are not offered while a JSON answer is required." });
  return { warnings, history, functions, tools, mustCallTool };
}

type CallPlan = ReturnType<typeof planCall>;

/** JSON answers (the memory pass) run on their own sequence, so they never hold up a reply. */
const laneOf = (options: LanguageModelV4CallOptions): Lane => (options.responseFormat?.type === "json" ? "json" : "reply");

/**
 * The prompt's tokens as the engine holds them after a call: what its
 * sequence contains, less what it generated (the last generated token is
 * sampled, never evaluated into it). Reported as the call's input tokens,
 * with the part it found already evaluated by the call before (its prefix
 * cache) as read from cache.
 */
function inputUsage(engine: LocalEngine, lane: Lane, evaluated: number, generated: number) {
  const held = engine.lanes[lane].chat.sequence.contextTokens.length;
  const total = Math.max(evaluated, held - Math.max(generated - 1, 0));
  return { total, cacheRead: total - evaluated };
}

async function generate(engine: LocalEngine, options: LanguageModelV4CallOptions, plan: CallPlan, listener: Listener): Promise<Answer> {
  const { functions, tools, mustCallTool } = plan;
  const lane = laneOf(options);
  const { chat } = engine.lanes[lane];
  let { history } = plan;
  let grammar: LlamaGrammar | undefined;
  if (options.responseFormat?.type === "json") {
    grammar = options.responseFormat.schema ? await engine.grammarFor(options.responseFormat.schema) : await engine.llama.getGrammarFor("json");
  } else if (mustCallTool) {
    grammar = await engine.grammarFor(requiredCallSchema(tools));
    history = withToolList(history, tools);
  }

  const sampling = {
    maxTokens: options.maxOutputTokens ?? DEFAULT_MAX_TOKENS,
    temperature: options.temperature ?? DEFAULT_TEMPERATURE,
    topP: options.topP,
    topK: options.topK,
    seed: options.seed,
    customStopTriggers: options.stopSequences?.length ? options.stopSequences : undefined,
    signal: options.abortSignal,
  };
  const callIds = new Map<number, string>();
  const before = chat.sequence.tokenMeter.getState();
  const response: LlamaChatResponse<ChatModelFunctions> = grammar
    ? await chat.generateResponse(history, { ...sampling, grammar, onTextChunk: mustCallTool ? undefined : listener.text })
    : await chat.generateResponse(history, {
        ...sampling,
        functions,
        onTextChunk: listener.text,
        onFunctionCallParamsChunk: (chunk) => {
          let toolCallId = callIds.get(chunk.callIndex);
          if (!toolCallId) {
            toolCallId = `call_${randomUUID()}`;
            callIds.set(chunk.callIndex, toolCallId);
          }
          listener.toolInput?.({ toolCallId, toolName: chunk.functionName, delta: chunk.paramsChunk, done: chunk.done });
        },
      });
  const used = chat.sequence.tokenMeter.diff(before);

  let text = response.response;
  let toolCalls: ToolCall[] = (response.functionCalls ?? []).map((call, i) => ({
    toolCallId: callIds.get(i) ?? `call_${randomUUID()}`,
    toolName: call.functionName,
    input: JSON.stringify(call.params ?? {}),
  }));
  if (mustCallTool && response.metadata.stopReason !== "maxTokens") {
    const call = JSON.parse(response.response) as { name: string; arguments: unknown };
    toolCalls = [{ toolCallId: `call_${randomUUID()}`, toolName: call.name, input: JSON.stringify(call.arguments) }];
    text = "";
  }
  return {
    text,
    toolCalls,
    finishReason: finishReasonOf(response.metadata.stopReason, toolCalls.length > 0),
    usage: usageOf(inputUsage(engine, lane, used.usedInputTokens, used.usedOutputTokens), { total: used.usedOutputTokens }),
  };
}

/**
 * A GGUF model run in this process by llama.cpp (node-llama-cpp), behind the
 * AI SDK's language-model interface: streamed text, tool calls in the model's
 * own chat-template syntax, and JSON answers held to their schema by a grammar.
 */
export class LocalModel extends InProcessModel {
  readonly provider = LOCAL_PROVIDER;
  readonly modelId: string;

  constructor(private readonly config: LocalModelConfig) {
    super();
    this.modelId = config.path.split(/[\\/]/).at(-1) ?? config.path;
  }

  /** The engine, loaded within its own limit, with this call's lane held; the caller frees the lane. */
  private async take(options: LanguageModelV4CallOptions): Promise<{ engine: LocalEngine; free: () => void }> {
    const engine = await readyEngine(this.config);
    const turn = engine.lanes[laneOf(options)].acquire();
    const signal = options.abortSignal;
    // A caller that gives up while waiting stops waiting at once; the lane, once its turn comes, is handed straight on.
    const stopped = new Promise<never>((_, reject) => {
      if (signal?.aborted) reject(signal.reason);
      signal?.addEventListener("abort", () => reject(signal.reason), { once: true });
    });
    try {
      return { engine, free: await Promise.race([turn, stopped]) };
    } catch (error) {
      void turn.then((free) => free());
      throw error;
    }
  }

  /** The stream opens once the engine takes the call: a wait for the lane is not charged to the call's first-token limit. */
  protected async plan(options: LanguageModelV4CallOptions): Promise<PlannedCall> {
    const plan = planCall(options);
    const { engine, free } = await this.take(options);
    return {
      warnings: plan.warnings,
      response: { id: `local-${randomUUID()}`, timestamp: new Date() },
      answer: (listener) => generate(engine, options, plan, listener).finally(free),
    };
  }
}

export function createLocalModel(config: LocalModelConfig): LocalModel {
  return new LocalModel(config);
}
