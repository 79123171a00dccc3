import type {
  LanguageModelV4CallOptions,
  LanguageModelV4FunctionTool,
  LanguageModelV4Prompt,
  LanguageModelV4ToolResultOutput,
  SharedV4Warning,
} from "@ai-sdk/provider";
import type { ModelMessage } from "ai";
import type { ChatHistoryItem, ChatModelFunctionCall, ChatModelFunctions, ChatModelResponse } from "node-llama-cpp";
import type { ToolSchema } from "@/lib/models/runtime";

// The AI SDK's prompt as node-llama-cpp's chat history: the model's chat
// template (read from the GGUF file) then renders it, tool calls and their
// results included, the way the model was trained to see them.

function resultValue(output: LanguageModelV4ToolResultOutput): unknown {
  switch (output.type) {
    case "text":
    case "error-text":
      return output.value;
    case "json":
    case "error-json":
      return output.value;
    case "execution-denied":
      return { denied: output.reason ?? "the tool call was not allowed" };
    case "content":
      return output.value.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("\n");
  }
}

const parseInput = (input: unknown) => {
  if (typeof input !== "string") return input;
  try {
    return JSON.parse(input) as unknown;
  } catch {
    return input;
  }
};

/**
 * The chat history to generate from. It always ends with a model response to
 * continue: an empty one after a user turn, or the one holding the tool
 * calls whose results just came back.
 */
export function toChatHistory(prompt: LanguageModelV4Prompt, warnings: SharedV4Warning[]): ChatHistoryItem[] {
  const history: ChatHistoryItem[] = [];
  const callsById = new Map<string, ChatModelFunctionCall>();
  let dropped = false;
  for (const message of prompt) {
    switch (message.role) {
      case "system":
        history.push({ type: "system", text: message.content });
        break;
      case "user": {
        const text = message.content.flatMap((part) => (part.type === "text" ? [part.text] : []));
        if (text.length < message.content.length) dropped = true;
        // Notes and messages that share a user turn stay apart as paragraphs.
        history.push({ type: "user", text: text.join("\n\n") });
        break;
      }
      case "assistant": {
        const response: ChatModelResponse["response"] = [];
        for (const part of message.content) {
          if (part.type === "text") response.push(part.text);
          else if (part.type === "tool-call") {
            const call: ChatModelFunctionCall = { type: "functionCall", name: part.toolName, params: parseInput(part.input), result: null };
            callsById.set(part.toolCallId, call);
            response.push(call);
          } else if (part.type !== "reasoning") dropped = true;
        }
        history.push({ type: "model", response });
        break;
      }
      case "tool":
        for (const part of message.content) {
          const call = part.type === "tool-result" ? callsById.get(part.toolCallId) : undefined;
          if (call && part.type === "tool-result") call.result = resultValue(part.output);
        }
        break;
    }
  }
  if (dropped) warnings.push({ type: "other", message: "The local model reads text only; files and other parts were left out." });
  if (history.at(-1)?.type !== "model") history.push({ type: "model", response: [] });
  return history;
}

/** The function tools the model may call, as node-llama-cpp functions (their parameters become a grammar). */
export function toFunctions(options: LanguageModelV4CallOptions, warnings: SharedV4Warning[]): { functions?: ChatModelFunctions; tools: LanguageModelV4FunctionTool[] } {
  const offered = options.tools ?? [];
  const tools = offered.filter((tool): tool is LanguageModelV4FunctionTool => tool.type === "function");
  if (tools.length < offered.length) warnings.push({ type: "unsupported", feature: "provider-defined tools" });
  const choice = options.toolChoice ?? { type: "auto" };
  if (choice.type === "none" || tools.length === 0) return { tools: [] };
  const allowed = choice.type === "tool" ? tools.filter((tool) => tool.name === choice.toolName) : tools;
  return {
    tools: allowed,
    functions: Object.fromEntries(
      allowed.map((tool) => [tool.name, { description: tool.description, params: tool.inputSchema as NonNullable<ChatModelFunctions[string]["params"]> }]),
    ),
  };
}

/**
 * The schema of an answer that must be a call to one of the tools, for when
 * the caller requires a tool call: the grammar then leaves the model no other
 * way to answer.
 */
export function requiredCallSchema(tools: LanguageModelV4FunctionTool[]) {
  return {
    oneOf: tools.map((tool) => ({
      type: "object",
      properties: { name: { const: tool.name }, arguments: tool.inputSchema },
      required: ["name", "arguments"],
      additionalProperties: false,
    })),
  };
}

type LanguageModelV4AssistantPart = Extract<LanguageModelV4Prompt[number], { role: "assistant" }>["content"][number];

/**
 * The AI SDK's messages as the prompt the model is called with, for
 * counting a request before it is sent: text parts, tool calls and their
 * results, which is all a turn's prompt holds.
 */
export function toCallPrompt(system: string, messages: readonly ModelMessage[]): LanguageModelV4Prompt {
  const prompt: LanguageModelV4Prompt = system ? [{ role: "system", content: system }] : [];
  for (const message of messages) {
    if (message.role === "system") {
      prompt.push({ role: "system", content: message.content });
    } else if (message.role === "user") {
      const parts = typeof message.content === "string" ? [message.content] : message.content.flatMap((part) => (part.type === "text" ? [part.text] : []));
      prompt.push({ role: "user", content: parts.map((text) => ({ type: "text", text })) });
    } else if (message.role === "assistant") {
      const parts = typeof message.content === "string" ? [{ type: "text" as const, text: message.content }] : message.content;
      const content: LanguageModelV4AssistantPart[] = parts.flatMap((part): LanguageModelV4AssistantPart[] => {
        if (part.type === "text") return [{ type: "text", text: part.text }];
        if (part.type === "tool-call") return [{ type: "tool-call", toolCallId: part.toolCallId, toolName: part.toolName, input: part.input }];
        return [];
      });
      prompt.push({ role: "assistant", content });
    } else {
      const content = message.content.flatMap((part) =>
        part.type === "tool-result" ? [{ type: "tool-result" as const, toolCallId: part.toolCallId, toolName: part.toolName, output: part.output as LanguageModelV4ToolResultOutput }] : [],
      );
      prompt.push({ role: "tool", content });
    }
  }
  return prompt;
}

/** The tools as the call options carry them, for counting. */
export function toCallTools(tools: readonly ToolSchema[]): LanguageModelV4FunctionTool[] {
  return tools.map((t) => ({ type: "function", name: t.name, description: t.description, inputSchema: t.inputSchema as LanguageModelV4FunctionTool["inputSchema"] }));
}
