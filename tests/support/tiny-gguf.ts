import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";

// A tiny llama-architecture model with random weights, written here as GGUF v3
// so a real inference engine (llama.cpp through node-llama-cpp) runs in tests
// without downloading weights. Its tokenizer and chat template are a real
// model's, copied from the vocabularies and templates llama.cpp ships with
// its sources (node-llama-cpp carries them in a git bundle). What it writes
// is meaningless text; the transport, chat template, tool-call syntax and
// grammar-constrained JSON around it are the real thing.
//
// One model per chat-template family: the vocabulary's own template
// (ChatML, which node-llama-cpp runs with its generic wrapper), or a real
// model's template written into the file, so node-llama-cpp resolves that
// family's own wrapper (Qwen 2.5, Llama 3.1, Gemma, Mistral) or renders the
// template itself.

export const TEMPLATE_FAMILIES = {
  chatml: { vocab: "models/ggml-vocab-qwen2.gguf", template: null },
  "qwen2.5": { vocab: "models/ggml-vocab-qwen2.gguf", template: "models/templates/Qwen-Qwen2.5-7B-Instruct.jinja" },
  "llama3.1": { vocab: "models/ggml-vocab-llama-bpe.gguf", template: "models/templates/meta-llama-Llama-3.1-8B-Instruct.jinja" },
  gemma: { vocab: "models/ggml-vocab-llama-spm.gguf", template: "models/templates/google-gemma-2-2b-it.jinja" },
  mistral: { vocab: "models/ggml-vocab-llama-spm.gguf", template: "models/templates/mistralai-Mistral-Nemo-Instruct-2407.jinja" },
} as const;
export type TemplateFamily = keyof typeof TEMPLATE_FAMILIES;
const SHAPE = { embedding: 64, layers: 2, heads: 4, feedForward: 128, context: 4096 } as const;
const SEED = 20_261_201;
/** Bump when the written model changes, so a cached file from an older writer is not reused. */
const WRITER_VERSION = 8;

const GGUF_MAGIC = 0x46554747;
const ALIGNMENT = 32;
enum ValueType {
  UINT8 = 0,
  INT8 = 1,
  UINT16 = 2,
  INT16 = 3,
  UINT32 = 4,
  INT32 = 5,
  FLOAT32 = 6,
  BOOL = 7,
  STRING = 8,
  ARRAY = 9,
  UINT64 = 10,
  INT64 = 11,
  FLOAT64 = 12,
}
const FIXED_SIZE: Partial<Record<ValueType, number>> = {
  [ValueType.UINT8]: 1,
  [ValueType.INT8]: 1,
  [ValueType.BOOL]: 1,
  [ValueType.UINT16]: 2,
  [ValueType.INT16]: 2,
  [ValueType.UINT32]: 4,
  [ValueType.INT32]: 4,
  [ValueType.FLOAT32]: 4,
  [ValueType.UINT64]: 8,
  [ValueType.INT64]: 8,
  [ValueType.FLOAT64]: 8,
};
const TENSOR_F32 = 0;
const TENSOR_F16 = 1;

/** One metadata entry kept as its encoded bytes (key, type and value), so the tokenizer is copied exactly. */
type RawEntry = { key: string; bytes: Buffer; };

function readKeyValues(file: Buffer): RawEntry[] {
  if (file.readUInt32LE(0) !== GGUF_MAGIC) throw new Error("not a GGUF file");
  if (file.readUInt32LE(4) !== 3) throw new Error(`GGUF version ${file.readUInt32LE(4)}, expected 3`);
  const count = Number(file.readBigUInt64LE(16));
  let at = 24;
  const readString = () => {
    const length = Number(file.readBigUInt64LE(at));
    const text = file.toString("utf8", at + 8, at + 8 + length);
    at += 8 + length;
    return text;
  };
  const skipValue = (type: ValueType): void => {
    const fixed = FIXED_SIZE[type];
    if (fixed !== undefined) {
      at += fixed;
      return;
    }
    if (type === ValueType.STRING) {
      readString();
      return;
    }
    if (type !== ValueType.ARRAY) throw new Error(`unknown GGUF value type ${type}`);
    const itemType = file.readUInt32LE(at) as ValueType;
    const length = Number(file.readBigUInt64LE(at + 4));
    at += 12;
    const itemSize = FIXED_SIZE[itemType];
    if (itemSize !== undefined) at += itemSize * length;
    else for (let i = 0; i < length; i++) skipValue(itemType);
  };
  const entries: RawEntry[] = [];
  for (let i = 0; i < count; i++) {
    const start = at;
    const key = readString();
    const type = file.readUInt32LE(at) as ValueType;
    at += 4;
    skipValue(type);
    entries.push({ key, bytes: file.subarray(start, at) });
  }
  return entries;
}

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
};
const u64 = (n: number) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64LE(BigInt(n));
  return b;
};
const f32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeFloatLE(n);
  return b;
};
const ggufString = (text: string) => {
  const bytes = Buffer.from(text, "utf8");
  return Buffer.concat([u64(bytes.length), bytes]);
};
const entry = (key: string, type: ValueType, value: Buffer) => Buffer.concat([ggufString(key), u32(type), value]);

type Tensor = { name: string; dims: number[]; values: () => Float32Array; f16?: boolean };

/** A small seeded generator, so every run writes the same model. */
function randomFloats(count: number, seed: number, scale: number): Float32Array {
  const out = new Float32Array(count);
  let state = seed >>> 0;
  for (let i = 0; i < count; i++) {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    out[i] = ((((t ^ (t >>> 14)) >>> 0) / 4294967296) * 2 - 1) * scale;
  }
  return out;
}

/**
 * Tokens the model leans towards, with how strongly. Pure random weights
 * never stop: strings run on until the token limit and replies never end.
 * Leaning on the tokens that close a string, an object or a reply (and on a
 * few plain words) makes replies and JSON values short, as a real model's are,
 * while sampling keeps what comes out varied.
 */
const FAVOURED: Record<string, number> = {
  "<|im_end|>": 0.96,
  "<|eot_id|>": 0.96,
  "</s>": 0.96,
  '"': 1,
  ",": 0.9,
  "}": 0.9,
  "]": 0.9,
  "{": 1,
  '{"': 1,
  "[{": 0.9,
  "[": 0.9,
  "Ġ[": 0.9,
  "0": 0.8,
  "1": 0.8,
  "2": 0.8,
  "-": 0.8,
  "||": 0.9,
  call: 0.9,
  ":": 0.9,
  "Ġok": 1,
  "Ġnoted": 1,
  "Ġpage": 1,
  "Ġplan": 1,
  "Ġyes": 1,
  "▁ok": 1,
  "▁noted": 1,
  "▁page": 1,
  "▁plan": 1,
  "▁yes": 1,
};
/** Dimension 0 of every token embedding is this constant, so the final hidden state always carries it. */
const BIAS_DIMENSION_VALUE = 1;
const FAVOUR_SCALE = 4;

function tensorsOf(tokens: string[]): Tensor[] {
  const { embedding: d, layers, feedForward: ff } = SHAPE;
  const vocab = tokens.length;
  let seed = SEED;
  const random = (dims: number[]) => () => randomFloats(dims[0] * (dims[1] ?? 1), seed++, 1 / Math.sqrt(dims[0]));
  const ones = (n: number) => () => new Float32Array(n).fill(1);
  const favoured = new Map(tokens.flatMap((token, id) => (token in FAVOURED ? [[id, FAVOURED[token]] as const] : [])));
  const embeddings = () => {
    const values = randomFloats(d * vocab, seed++, 0.1);
    for (let id = 0; id < vocab; id++) values[id * d] = BIAS_DIMENSION_VALUE;
    return values;
  };
  const output = () => {
    const values = randomFloats(d * vocab, seed++, 1 / Math.sqrt(d));
    for (let id = 0; id < vocab; id++) values[id * d] = (favoured.get(id) ?? 0) * FAVOUR_SCALE;
    return values;
  };
  const blocks = Array.from({ length: layers }, (_, i): Tensor[] => [
    { name: `blk.${i}.attn_norm.weight`, dims: [d], values: ones(d) },
    { name: `blk.${i}.attn_q.weight`, dims: [d, d], values: random([d, d]) },
    { name: `blk.${i}.attn_k.weight`, dims: [d, d], values: random([d, d]) },
    { name: `blk.${i}.attn_v.weight`, dims: [d, d], values: random([d, d]) },
    { name: `blk.${i}.attn_output.weight`, dims: [d, d], values: random([d, d]) },
    { name: `blk.${i}.ffn_norm.weight`, dims: [d], values: ones(d) },
    { name: `blk.${i}.ffn_gate.weight`, dims: [d, ff], values: random([d, ff]) },
    { name: `blk.${i}.ffn_up.weight`, dims: [d, ff], values: random([d, ff]) },
    { name: `blk.${i}.ffn_down.weight`, dims: [ff, d], values: random([ff, d]) },
  ]);
  return [
    { name: "token_embd.weight", dims: [d, vocab], values: embeddings, f16: true },
    ...blocks.flat(),
    { name: "output_norm.weight", dims: [d], values: ones(d) },
    { name: "output.weight", dims: [d, vocab], values: output, f16: true },
  ];
}

/** The strings of a GGUF string array, from its encoded entry. */
function stringArray(entry: RawEntry): string[] {
  const { bytes } = entry;
  let at = 8 + bytes.readUInt32LE(0) + 4 + 4;
  const length = Number(bytes.readBigUInt64LE(at));
  at += 8;
  const out: string[] = [];
  for (let i = 0; i < length; i++) {
    const size = Number(bytes.readBigUInt64LE(at));
    out.push(bytes.toString("utf8", at + 8, at + 8 + size));
    at += 8 + size;
  }
  return out;
}

const padTo = (length: number) => (ALIGNMENT - (length % ALIGNMENT)) % ALIGNMENT;

const CHAT_TEMPLATE_KEY = "tokenizer.chat_template";

/** The GGUF bytes of a random-weight model that speaks with the given vocabulary file's tokenizer, and with `template` when given. */
export function buildTinyGguf(vocabFile: Buffer, template: string | null = null): Buffer {
  const fromVocab = readKeyValues(vocabFile).filter((e) => e.key.startsWith("tokenizer."));
  const tokenizer = template === null ? fromVocab : [...fromVocab.filter((e) => e.key !== CHAT_TEMPLATE_KEY), { key: CHAT_TEMPLATE_KEY, bytes: entry(CHAT_TEMPLATE_KEY, ValueType.STRING, ggufString(template)) }];
  const tokensEntry = tokenizer.find((e) => e.key === "tokenizer.ggml.tokens");
  if (!tokensEntry) throw new Error("the vocabulary file has no tokenizer.ggml.tokens");
  const tokens = stringArray(tokensEntry);
  const { embedding, layers, heads, feedForward, context } = SHAPE;
  const metadata = [
    entry("general.architecture", ValueType.STRING, ggufString("llama")),
    entry("general.name", ValueType.STRING, ggufString("tiny random llama (test)")),
    entry("general.alignment", ValueType.UINT32, u32(ALIGNMENT)),
    entry("general.file_type", ValueType.UINT32, u32(0)),
    entry("llama.context_length", ValueType.UINT32, u32(context)),
    entry("llama.embedding_length", ValueType.UINT32, u32(embedding)),
    entry("llama.block_count", ValueType.UINT32, u32(layers)),
    entry("llama.feed_forward_length", ValueType.UINT32, u32(feedForward)),
    entry("llama.attention.head_count", ValueType.UINT32, u32(heads)),
    entry("llama.attention.head_count_kv", ValueType.UINT32, u32(heads)),
    entry("llama.attention.layer_norm_rms_epsilon", ValueType.FLOAT32, f32(1e-5)),
    entry("llama.rope.dimension_count", ValueType.UINT32, u32(embedding / heads)),
    entry("llama.rope.freq_base", ValueType.FLOAT32, f32(10_000)),
    entry("llama.vocab_size", ValueType.UINT32, u32(tokens.length)),
    ...tokenizer.map((e) => e.bytes),
  ];
  const tensors = tensorsOf(tokens);
  let offset = 0;
  const infos: Buffer[] = [];
  const data: Buffer[] = [];
  for (const tensor of tensors) {
    const type = tensor.f16 ? TENSOR_F16 : TENSOR_F32;
    infos.push(Buffer.concat([ggufString(tensor.name), u32(tensor.dims.length), ...tensor.dims.map(u64), u32(type), u64(offset)]));
    const values = tensor.values();
    const bytes = Buffer.from((tensor.f16 ? Float16Array.from(values) : values).buffer);
    data.push(bytes, Buffer.alloc(padTo(bytes.length)));
    offset += bytes.length + padTo(bytes.length);
  }
  const head = Buffer.concat([u32(GGUF_MAGIC), u32(3), u64(tensors.length), u64(metadata.length), ...metadata, ...infos]);
  return Buffer.concat([head, Buffer.alloc(padTo(head.length)), ...data]);
}

/** node-llama-cpp's folder; its exports map hides package.json, so it is found from the entry point (dist/index.js). */
function llamaPackageDir(): string {
  return path.resolve(path.dirname(createRequire(import.meta.url).resolve("node-llama-cpp")), "..");
}

/** node-llama-cpp's bundled llama.cpp sources (a git bundle), cloned once into the temp dir: they hold the vocabularies and templates. */
export function bundledFile(file: string): Buffer {
  const { version } = JSON.parse(readFileSync(path.join(llamaPackageDir(), "package.json"), "utf8")) as { version: string };
  const repo = path.join(os.tmpdir(), `llama-bundle-${version}`, "repo.git");
  if (!existsSync(repo)) {
    const scratch = mkdtempSync(path.join(os.tmpdir(), "llama-bundle-"));
    try {
      execFileSync("git", ["clone", "--quiet", "--bare", path.join(llamaPackageDir(), "llama", "gitRelease.bundle"), path.join(scratch, "repo.git")], { stdio: "pipe" });
      mkdirSync(path.dirname(repo), { recursive: true });
      renameSync(path.join(scratch, "repo.git"), repo);
    } catch (error) {
      // Another test file cloned it meanwhile.
      if (!existsSync(repo)) throw error;
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }
  return execFileSync("git", ["--git-dir", repo, "show", `HEAD:${file}`], { maxBuffer: 64 * 1024 * 1024 });
}

/**
 * The path of the tiny model of a template family, written once into the
 * system temp dir and reused by later test files and runs (never into the
 * repository).
 */
export function tinyGgufPath(family: TemplateFamily = "chatml"): string {
  const { version } = JSON.parse(readFileSync(path.join(llamaPackageDir(), "package.json"), "utf8")) as { version: string };
  const { vocab, template } = TEMPLATE_FAMILIES[family];
  const key = createHash("sha256").update(`${version}:${vocab}:${template}:${WRITER_VERSION}:${JSON.stringify(SHAPE)}`).digest("hex").slice(0, 12);
  const dir = path.join(os.tmpdir(), `tiny-gguf-${key}`);
  const file = path.join(dir, `tiny-${family}.gguf`);
  if (existsSync(file)) return file;
  mkdirSync(dir, { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, buildTinyGguf(bundledFile(vocab), template === null ? null : bundledFile(template).toString("utf8")));
  renameSync(partial, file);
  return file;
}
