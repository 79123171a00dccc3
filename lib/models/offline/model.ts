import { setTimeout as sleep } from "node:timers/promises";
import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4Content,
  LanguageModelV4FinishReason,
  LanguageModelV4GenerateResult,
  LanguageModelV4StreamPart,
  LanguageModelV4StreamResult,
  LanguageModelV4Usage,
} from "@ai-sdk/provider";
import { countTokens } from "@/lib/models/tokens";
import { decideChat, type ChatDecision } from "@/lib/models/offline/chat";
import { decideCustomerChat } from "@/lib/models/offline/customer-chat";
import { offlineMemoryPass } from "@/lib/models/offline/memory-pass";
import { isSummariseCall, offeredTools, promptText, readChatPrompt, readMemoryPrompt, readSummaryPrompt } from "@/lib/models/offline/prompt-reader";
import { offlineSummary } from "@/lib/models/offline/summarise";
import { hashText, wordChunks } from "@/lib/models/offline/text";

export const OFFLINE_PROVIDER = "offline";
export const OFFLINE_MODEL_ID = "offline-rules-1";

export type OfflineModelOptions = {
  /** Milliseconds between streamed word chunks, so a demo visibly streams; 0 by default. */
  delayMs?: number;
  /** Test-only: how long a memory-pass call takes, so a test can stop a server or send again while one is in flight. */
  memoryPassDelayMs?: number;
};

/** `reasoning`: the note the model emits before acting, which the turn's trace records. */
type Reply = { reasoning: string | null } & (
  | { kind: "text"; text: string }
  | { kind: "tool-call"; toolCallId: string; toolName: string; input: string }
);

/** What one call answers, worked out before anything is emitted so generate and stream agree exactly. */
type Plan = { reply: Reply; usage: LanguageModelV4Usage; finishReason: LanguageModelV4FinishReason; responseId: string };

const TEXT_ID = "text-0";
const REASONING_ID = "reasoning-0";

function replyFor(decision: ChatDecision, promptHash: string): Reply {
  const reasoning = decision.reasoning ?? null;
  if (decision.type === "text") return { kind: "text", text: decision.text, reasoning };
  // One call per step, and every step's prompt differs, so the prompt's hash makes a unique, repeatable id.
  return { kind: "tool-call", toolCallId: `call_${promptHash}`, toolName: decision.toolName, input: JSON.stringify(decision.input), reasoning };
}

function usageOf(input: number, output: number, reasoning: number): LanguageModelV4Usage {
  return {
    inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: output + reasoning, text: output, reasoning },
  };
}

/** The memory pass asks for JSON; a summarising call says so in its system prompt; everything else is a chat turn. */
function replyTo(options: LanguageModelV4CallOptions, promptHash: string): Reply {
  if (options.responseFormat?.type === "json") return { kind: "text", text: JSON.stringify(offlineMemoryPass(readMemoryPrompt(options.prompt))), reasoning: null };
  if (isSummariseCall(options.prompt)) return { kind: "text", text: offlineSummary(readSummaryPrompt(options.prompt)), reasoning: null };
  const view = readChatPrompt(options.prompt);
  return replyFor(view.customer ? decideCustomerChat(view) : decideChat(view, offeredTools(options)), promptHash);
}

function plan(options: LanguageModelV4CallOptions): Plan {
  const prompt = promptText(options.prompt);
  const promptHash = hashText(prompt);
  const reply = replyTo(options, promptHash);
  const emitted = reply.kind === "text" ? reply.text : `${reply.toolName} ${reply.input}`;
  return {
    reply,
    usage: usageOf(countTokens(prompt), countTokens(emitted), reply.reasoning ? countTokens(reply.reasoning) : 0),
    finishReason: reply.kind === "text" ? { unified: "stop", raw: "stop" } : { unified: "tool-calls", raw: "tool_calls" },
    responseId: `offline-${promptHash}`,
  };
}

function contentOf(reply: Reply): LanguageModelV4Content[] {
  const note: LanguageModelV4Content[] = reply.reasoning ? [{ type: "reasoning", text: reply.reasoning }] : [];
  return [
    ...note,
    reply.kind === "text"
      ? { type: "text", text: reply.text }
      : { type: "tool-call", toolCallId: reply.toolCallId, toolName: reply.toolName, input: reply.input },
  ];
}

/**
 * A rule-based model behind the AI SDK's language-model interface: it reads
 * its prompt (recalled pages, buffer lines, the window, tool results) and
 * answers, calls read_page or search_chat_history, runs the memory pass, or
 * updates a compressor's running summary. Its sense of which words are
 * related comes from WordNet (meaning.ts); before a tool call or an answer
 * from what the prompt held, it emits a short reasoning note saying why.
 * Deterministic and offline: the same prompt always gets the same output.
 */
export class OfflineModel implements LanguageModelV4 {
  readonly specificationVersion = "v4";
  readonly provider = OFFLINE_PROVIDER;
  readonly modelId = OFFLINE_MODEL_ID;
  readonly supportedUrls: Record<string, RegExp[]> = {};
  private readonly delayMs: number;
  private readonly memoryPassDelayMs: number;

  constructor(options: OfflineModelOptions = {}) {
    this.delayMs = Math.max(0, options.delayMs ?? 0);
    this.memoryPassDelayMs = Math.max(0, options.memoryPassDelayMs ?? 0);
  }

  async doGenerate(options: LanguageModelV4CallOptions): Promise<LanguageModelV4GenerateResult> {
    if (options.responseFormat?.type === "json" && this.memoryPassDelayMs > 0) {
      await sleep(this.memoryPassDelayMs, undefined, { signal: options.abortSignal });
    }
    const planned = plan(options);
    return {
      content: contentOf(planned.reply),
      finishReason: planned.finishReason,
      usage: planned.usage,
      warnings: [],
      response: { id: planned.responseId, modelId: this.modelId },
    };
  }

  async doStream(options: LanguageModelV4CallOptions): Promise<LanguageModelV4StreamResult> {
    const planned = plan(options);
    const { delayMs, modelId } = this;
    const signal = options.abortSignal;
    const stream = new ReadableStream<LanguageModelV4StreamPart>({
      async start(controller) {
        controller.enqueue({ type: "stream-start", warnings: [] });
        controller.enqueue({ type: "response-metadata", id: planned.responseId, modelId });
        const { reply } = planned;
        if (reply.reasoning) {
          controller.enqueue({ type: "reasoning-start", id: REASONING_ID });
          controller.enqueue({ type: "reasoning-delta", id: REASONING_ID, delta: reply.reasoning });
          controller.enqueue({ type: "reasoning-end", id: REASONING_ID });
        }
        if (reply.kind === "tool-call") {
          controller.enqueue({ type: "tool-call", toolCallId: reply.toolCallId, toolName: reply.toolName, input: reply.input });
        } else {
          controller.enqueue({ type: "text-start", id: TEXT_ID });
          for (const [i, delta] of wordChunks(reply.text).entries()) {
            if (i > 0 && delayMs > 0) await sleep(delayMs, undefined, { signal });
            controller.enqueue({ type: "text-delta", id: TEXT_ID, delta });
          }
          controller.enqueue({ type: "text-end", id: TEXT_ID });
        }
        controller.enqueue({ type: "finish", usage: planned.usage, finishReason: planned.finishReason });
        controller.close();
      },
    });
    return { stream };
  }
}

export function createOfflineModel(options: OfflineModelOptions = {}): OfflineModel {
  return new OfflineModel(options);
}
