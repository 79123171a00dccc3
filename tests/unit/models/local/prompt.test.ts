import type { LanguageModelV4CallOptions, SharedV4Warning } from "@ai-sdk/provider";
import { describe, expect, it } from "vitest";
import { requiredCallSchema, toChatHistory, toFunctions } from "@/lib/models/local/prompt";

const searchTool = {
  type: "function" as const,
  name: "search_chat_history",
  description: "Find words",
  inputSchema: { type: "object" as const, properties: { query: { type: "string" as const } }, required: ["query"], additionalProperties: false },
};
const readTool = { ...searchTool, name: "read_page", description: "Open a page" };
const options = (extra: Partial<LanguageModelV4CallOptions>): LanguageModelV4CallOptions => ({ prompt: [], ...extra });

describe("the AI SDK prompt as node-llama-cpp chat history", () => {
  it("ends with an empty model response to generate after a user turn", () => {
    const history = toChatHistory(
      [
        { role: "system", content: "Be brief." },
        { role: "user", content: [{ type: "text", text: "Hello" }] },
      ],
      [],
    );
    expect(history).toEqual([
      { type: "system", text: "Be brief." },
      { type: "user", text: "Hello" },
      { type: "model", response: [] },
    ]);
  });

  it("puts each tool result on its call, and continues that model response", () => {
    const history = toChatHistory(
      [
        { role: "user", content: [{ type: "text", text: "Find the lease" }] },
        {
          role: "assistant",
          content: [
            { type: "text", text: "Looking." },
            { type: "tool-call", toolCallId: "a", toolName: "search_chat_history", input: { query: "lease" } },
            { type: "tool-call", toolCallId: "b", toolName: "read_page", input: '{"title":"Second Location"}' },
          ],
        },
        {
          role: "tool",
          content: [
            { type: "tool-result", toolCallId: "b", toolName: "read_page", output: { type: "json", value: { found: true } } },
            { type: "tool-result", toolCallId: "a", toolName: "search_chat_history", output: { type: "text", value: "2 matches" } },
          ],
        },
      ],
      [],
    );
    expect(history).toHaveLength(2);
    expect(history[1]).toEqual({
      type: "model",
      response: [
        "Looking.",
        { type: "functionCall", name: "search_chat_history", params: { query: "lease" }, result: "2 matches" },
        { type: "functionCall", name: "read_page", params: { title: "Second Location" }, result: { found: true } },
      ],
    });
  });

  it("warns when a part it can't read (a file) is left out", () => {
    const warnings: SharedV4Warning[] = [];
    toChatHistory([{ role: "user", content: [{ type: "file", data: { type: "data", data: "aGk=" }, mediaType: "text/plain" }] }], warnings);
    expect(warnings).toEqual([expect.objectContaining({ type: "other" })]);
  });
});

describe("the tools offered to the engine", () => {
  it("offers every function tool under auto, none under none, one under a named choice", () => {
    const tools = [searchTool, readTool];
    expect(Object.keys(toFunctions(options({ tools }), []).functions!)).toEqual(["search_chat_history", "read_page"]);
    expect(toFunctions(options({ tools, toolChoice: { type: "none" } }), []).functions).toBeUndefined();
    expect(Object.keys(toFunctions(options({ tools, toolChoice: { type: "tool", toolName: "read_page" } }), []).functions!)).toEqual(["read_page"]);
  });

  it("writes a required call as one JSON shape per tool: its name and its arguments' schema", () => {
    expect(requiredCallSchema([readTool]).oneOf).toEqual([
      {
        type: "object",
        properties: { name: { const: "read_page" }, arguments: readTool.inputSchema },
        required: ["name", "arguments"],
        additionalProperties: false,
      },
    ]);
  });
});
