import type { Llama, LlamaChat, LlamaContext, LlamaGrammar, LlamaModel } from "node-llama-cpp";
import type { LocalModelConfig } from "@/lib/config";

// node-llama-cpp runs llama.cpp in this process. Loading a model takes seconds
// and its memory, so it is loaded once per process, on the first call, and
// kept on globalThis so Next's dev reloads and repeated chooseModel calls share
// it. One context sequence serves every call, one call at a time.

export type LocalEngine = {
  llama: Llama;
  model: LlamaModel;
  context: LlamaContext;
  /** Chats over the context's one sequence with the chat template the model file names. */
  chat: LlamaChat;
  /** Runs calls one after another: a sequence evaluates one conversation at a time. */
  exclusive: <T>(work: () => Promise<T>) => Promise<T>;
  /** A JSON-schema grammar per distinct schema; building one costs more than a short generation. */
  grammarFor: (schema: unknown) => Promise<LlamaGrammar>;
};

type Engines = Map<string, Promise<LocalEngine>>;
const globalEngines = globalThis as typeof globalThis & { __localModelEngines?: Engines };

function keyOf(config: LocalModelConfig): string {
  return JSON.stringify([config.path, config.threads, config.contextSize, config.gpu]);
}

function serialQueue() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(work, work);
    tail = run.catch(() => undefined);
    return run;
  };
}

async function load(config: LocalModelConfig, log: (line: string) => void): Promise<LocalEngine> {
  const started = performance.now();
  // Imported here so a run without a local model never loads the native addon.
  const { getLlama, LlamaChat, LlamaLogLevel } = await import("node-llama-cpp");
  const llama = await getLlama({ gpu: config.gpu === "off" ? false : config.gpu, build: "never", logLevel: LlamaLogLevel.error });
  log(`loading ${config.path} (${config.gpu === "off" ? "CPU" : `GPU: ${config.gpu}`}, ${config.threads} thread(s))`);
  let reported = -1;
  const model = await llama.loadModel({
    modelPath: config.path,
    gpuLayers: config.gpu === "off" ? 0 : "auto",
    onLoadProgress(progress) {
      const quarter = Math.floor(progress * 4);
      if (quarter > reported) {
        reported = quarter;
        log(`loading: ${quarter * 25}%`);
      }
    },
  });
  const context = await model.createContext({ contextSize: { max: config.contextSize }, threads: config.threads, sequences: 1 });
  log(`ready in ${Math.round(performance.now() - started)} ms (context ${context.contextSize} tokens)`);
  const grammars = new Map<string, Promise<LlamaGrammar>>();
  return {
    llama,
    model,
    context,
    chat: new LlamaChat({ contextSequence: context.getSequence() }),
    exclusive: serialQueue(),
    grammarFor(schema) {
      const key = JSON.stringify(schema);
      let grammar = grammars.get(key);
      if (!grammar) {
        grammar = llama.createGrammarForJsonSchema(schema as Parameters<Llama["createGrammarForJsonSchema"]>[0]);
        grammars.set(key, grammar);
      }
      return grammar;
    },
  };
}

/** The loaded engine for this configuration, loading it on first use. A failed load is forgotten so the next call retries. */
export function localEngine(config: LocalModelConfig, log: (line: string) => void = (line) => console.log(`[local model] ${line}`)): Promise<LocalEngine> {
  const engines = (globalEngines.__localModelEngines ??= new Map());
  const key = keyOf(config);
  let engine = engines.get(key);
  if (!engine) {
    engine = load(config, log).catch((error: unknown) => {
      engines.delete(key);
      throw new Error(`The local model at ${config.path} could not be loaded: ${(error as Error).message}`, { cause: error });
    });
    engines.set(key, engine);
  }
  return engine;
}
