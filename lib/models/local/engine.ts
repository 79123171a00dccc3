import type { ChatHistoryItem, ChatModelFunctions, Llama, LlamaChat, LlamaContext, LlamaGrammar, LlamaModel } from "node-llama-cpp";
import type { LocalModelConfig } from "@/lib/config";

// node-llama-cpp runs llama.cpp in this process. Loading a model takes seconds
// and its memory, so it is loaded once per process and kept on globalThis so
// Next's dev reloads and repeated chooseModel calls share it. Its context has
// two sequences, one per lane: replies on one, JSON answers (the memory pass)
// on the other, so a memory pass never holds up a reply, nor a reply a pass.
// Each sequence evaluates one conversation at a time; calls on the same lane
// wait their turn in its queue.

export type Lane = "reply" | "json";

export type EngineLane = {
  chat: LlamaChat;
  /** Waits for the lane's sequence to be free; the returned function frees it. */
  acquire: () => Promise<() => void>;
};

export type LocalEngine = {
  llama: Llama;
  model: LlamaModel;
  context: LlamaContext;
  lanes: Record<Lane, EngineLane>;
  /** The chat wrapper's name (node-llama-cpp's), for the label and the trace. */
  wrapperName: string;
  /** A JSON-schema grammar per distinct schema; building one costs more than a short generation. */
  grammarFor: (schema: unknown) => Promise<LlamaGrammar>;
  /** Tokens of the prompt this history and these functions render to under the model's chat template, as generation evaluates it. */
  countPrompt: (history: ChatHistoryItem[], functions: ChatModelFunctions | undefined) => number;
  countText: (text: string) => number;
};

export type LoadState = { state: "idle" | "loading" | "ready" | "failed"; progress: number; error: string | null };

type Loaded = { engine: Promise<LocalEngine>; state: LoadState };
type Engines = Map<string, Loaded>;
const globalEngines = globalThis as typeof globalThis & { __localModelEngines?: Engines };

function keyOf(config: LocalModelConfig): string {
  return JSON.stringify([config.path, config.threads, config.contextSize, config.gpu, config.chatWrapper]);
}

/** One holder of a sequence at a time, in the order they asked. */
function queue() {
  let tail: Promise<void> = Promise.resolve();
  return () => {
    let free!: () => void;
    const held = new Promise<void>((resolve) => (free = resolve));
    const turn = tail.then(() => free);
    tail = tail.then(() => held);
    return turn;
  };
}

async function load(config: LocalModelConfig, state: LoadState, log: (line: string) => void): Promise<LocalEngine> {
  const started = performance.now();
  state.state = "loading";
  // Imported here so a run without a local model never loads the native addon.
  const { getLlama, LlamaChat, LlamaLogLevel, resolveChatWrapper } = await import("node-llama-cpp");
  const llama = await getLlama({ gpu: config.gpu === "off" ? false : config.gpu, build: "never", logLevel: LlamaLogLevel.error });
  log(`loading ${config.path} (${config.gpu === "off" ? "CPU" : `GPU: ${config.gpu}`}, ${config.threads} thread(s))`);
  let reported = -1;
  const model = await llama.loadModel({
    modelPath: config.path,
    gpuLayers: config.gpu === "off" ? 0 : "auto",
    onLoadProgress(progress) {
      state.progress = progress;
      const quarter = Math.floor(progress * 4);
      if (quarter > reported) {
        reported = quarter;
        log(`loading: ${quarter * 25}%`);
      }
    },
  });
  // Each sequence gets a context of its own size: a reply and a pass never share room.
  const context = await model.createContext({ contextSize: { max: config.contextSize }, threads: config.threads, sequences: 2 });
  const chatWrapper = resolveChatWrapper(model, { type: config.chatWrapper === "jinja" ? "jinjaTemplate" : config.chatWrapper });
  const lane = (): EngineLane => ({ chat: new LlamaChat({ contextSequence: context.getSequence(), chatWrapper }), acquire: queue() });
  const lanes = { reply: lane(), json: lane() };
  state.state = "ready";
  state.progress = 1;
  log(`ready in ${Math.round(performance.now() - started)} ms (context ${context.contextSize} tokens per lane, chat wrapper ${chatWrapper.wrapperName})`);
  const grammars = new Map<string, Promise<LlamaGrammar>>();
  return {
    llama,
    model,
    context,
    lanes,
    wrapperName: chatWrapper.wrapperName,
    grammarFor(schema) {
      const key = JSON.stringify(schema);
      let grammar = grammars.get(key);
      if (!grammar) {
        grammar = llama.createGrammarForJsonSchema(schema as Parameters<Llama["createGrammarForJsonSchema"]>[0]);
        grammars.set(key, grammar);
      }
      return grammar;
    },
    countPrompt: (history, functions) => chatWrapper.generateContextState({ chatHistory: history, availableFunctions: functions }).contextText.tokenize(model.tokenizer).length,
    countText: (text) => model.tokenize(text).length,
  };
}

function loaded(config: LocalModelConfig, log: (line: string) => void): Loaded {
  const engines = (globalEngines.__localModelEngines ??= new Map());
  const key = keyOf(config);
  let entry = engines.get(key);
  if (!entry) {
    const state: LoadState = { state: "idle", progress: 0, error: null };
    const engine = load(config, state, log).catch((error: unknown) => {
      // Forgotten, so the next call loads again.
      engines.delete(key);
      state.state = "failed";
      state.error = (error as Error).message;
      throw new Error(`The local model at ${config.path} could not be loaded: ${(error as Error).message}`, { cause: error });
    });
    entry = { engine, state };
    engines.set(key, entry);
  }
  return entry;
}

const defaultLog = (line: string) => console.log(`[local model] ${line}`);

/** The loaded engine for this configuration, loading it on first use. A failed load is forgotten so the next call retries. */
export function localEngine(config: LocalModelConfig, log: (line: string) => void = defaultLog): Promise<LocalEngine> {
  return loaded(config, log).engine;
}

/** How far the engine for this configuration has loaded (Settings shows it). */
export function localEngineState(config: LocalModelConfig): LoadState {
  return globalEngines.__localModelEngines?.get(keyOf(config))?.state ?? { state: "idle", progress: 0, error: null };
}

export class ModelLoadTimeoutError extends Error {
  constructor(config: LocalModelConfig, progress: number) {
    super(
      `the local model did not load within ${Math.round(config.loadTimeoutMs / 1000)} s (${Math.round(progress * 100)}% loaded; LOCAL_MODEL_LOAD_TIMEOUT_MS); it keeps loading, so try again shortly`,
    );
    this.name = "ModelLoadTimeoutError";
  }
}

/**
 * The engine, loading it if need be, waiting at most the load's own limit
 * (LOCAL_MODEL_LOAD_TIMEOUT_MS). A load that runs past it keeps going, so a
 * later call finds the model ready; this one fails with how far it got.
 */
export async function readyEngine(config: LocalModelConfig, log: (line: string) => void = defaultLog): Promise<LocalEngine> {
  const entry = loaded(config, log);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ModelLoadTimeoutError(config, entry.state.progress)), config.loadTimeoutMs);
  });
  try {
    return await Promise.race([entry.engine, limit]);
  } finally {
    clearTimeout(timer);
  }
}
