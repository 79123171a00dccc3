import { describe, expect, it } from "vitest";
import { readConfig } from "@/lib/config";
import { chooseModels } from "@/lib/models";
import { assignRoles, DEFAULT_COMPATIBLE_MODEL, DEFAULT_OPENAI_MODEL } from "@/lib/models/roles";

// Which model plays each role, read from the configuration alone: no
// request is sent, a model object is only built.

const config = (env: Record<string, string>) => readConfig({ PGLITE_DATA_DIR: "memory://", ...env });
const compatible = { OPENAI_BASE_URL: "http://localhost:11434/v1" };

describe("model roles from the configuration", () => {
  it("are all the chat model when no role names its own", () => {
    expect(assignRoles(config({ ...compatible, OPENAI_MODEL: "qwen2.5:7b" }))).toEqual({
      provider: "openai-compatible",
      modelIds: { chat: "qwen2.5:7b", memory: "qwen2.5:7b", summary: "qwen2.5:7b", judge: "qwen2.5:7b" },
      ignored: [],
    });
    expect(assignRoles(config({ OPENAI_API_KEY: "sk-test" })).modelIds).toEqual({
      chat: DEFAULT_OPENAI_MODEL,
      memory: DEFAULT_OPENAI_MODEL,
      summary: DEFAULT_OPENAI_MODEL,
      judge: DEFAULT_OPENAI_MODEL,
    });
  });

  it("take the model each role's variable names, on the chat model's provider", () => {
    const assigned = assignRoles(config({ ...compatible, MEMORY_MODEL: "qwen2.5:3b", JUDGE_MODEL: "qwen2.5:32b" }));
    expect(assigned.modelIds).toEqual({ chat: DEFAULT_COMPATIBLE_MODEL, memory: "qwen2.5:3b", summary: DEFAULT_COMPATIBLE_MODEL, judge: "qwen2.5:32b" });
    expect(assignRoles(config({ OPENAI_API_KEY: "sk-test", OPENAI_MODEL: "gpt-4.1", SUMMARY_MODEL: "gpt-4.1-nano" })).modelIds).toMatchObject({
      chat: "gpt-4.1",
      memory: "gpt-4.1",
      summary: "gpt-4.1-nano",
    });
  });

  it("are the one model of a provider that has one, which says what it ignores", () => {
    expect(assignRoles(config({}))).toEqual({ provider: "offline", modelIds: null, ignored: [] });
    expect(assignRoles(config({ MEMORY_MODEL: "qwen2.5:3b", JUDGE_MODEL: "gpt-4.1" }))).toEqual({
      provider: "offline",
      modelIds: null,
      ignored: ["MEMORY_MODEL", "JUDGE_MODEL"],
    });
  });

  it("give a role with a model of its own its own runtime, and roles that name the same model one between them", () => {
    const models = chooseModels(config({ ...compatible, OPENAI_MODEL: "qwen2.5:7b", MEMORY_MODEL: "qwen2.5:3b", MODEL_CONTEXT_TOKENS: "16384" }));
    expect(models.chat.modelId).toBe("qwen2.5:7b");
    expect(models.memory.modelId).toBe("qwen2.5:3b");
    expect(models.summary).toBe(models.chat);
    expect(models.judge).toBe(models.chat);
    // What is learnt of one model (a refused JSON schema, its context) is not taken for the other.
    expect(models.memory.runtime.learned).not.toBe(models.chat.runtime.learned);
    models.memory.runtime.learned.structuredOutput = { supported: false, reason: "json_schema is not supported" };
    expect(models.chat.runtime.learned.structuredOutput.supported).toBeNull();
  });

  it("keep MODEL_CONTEXT_TOKENS for the chat model; another model's context is its own", async () => {
    const models = chooseModels(config({ OPENAI_API_KEY: "sk-test", OPENAI_MODEL: "gpt-4o", MEMORY_MODEL: "gpt-3.5-turbo", MODEL_CONTEXT_TOKENS: "16384" }));
    expect(await models.chat.runtime.contextSize()).toMatchObject({ tokens: 16_384, source: "configured" });
    expect(await models.memory.runtime.contextSize()).toMatchObject({ tokens: 16_385, source: "default" });
  });

  it("are the offline model in every role when nothing is configured", () => {
    const models = chooseModels(config({ MEMORY_MODEL: "qwen2.5:3b" }));
    expect(models.chat.kind).toBe("offline");
    expect([models.memory, models.summary, models.judge]).toEqual([models.chat, models.chat, models.chat]);
  });
});
