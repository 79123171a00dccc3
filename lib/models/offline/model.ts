import { setTimeout as sleep } from "node:timers/promises";
import type { LanguageModelV4CallOptions, LanguageModelV4FinishReason, LanguageModelV4Usage } from "@ai-sdk/provider";
import { InProcessModel, usageOf, type Answer, type PlannedCall } from "@/lib/models/in-process";
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

function replyFor(decision: ChatDecision, promptHash: string): Reply {
  const reasoning = decision.reasoning ?? null;
  if (decision.type === "text") return { kind: "text", text: decision.text, reasoning };
  // One call per step, and every step's prompt differs, so the prompt's hash makes a unique, repeatable id.
  return { kind: "tool-call", toolCallId: `call_${promptHash}`, toolName: decision.toolName, input: JSON.stringify(decision.input), reasoning };
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
  const reasoning = reply.reasoning ? countTokens(reply.reasoning) : 0;
  return {
    reply,
    usage: usageOf({ total: countTokens(prompt) }, { total: countTokens(emitted) + reasoning, reasoning }),
    finishReason: reply.kind === "text" ? { unified: "stop", raw: "stop" } : { unified: "tool-calls", raw: "tool_calls" },
    responseId: `offline-${promptHash}`,
  };
}

function answerOf({ reply, usage, finishReason }: Plan): Answer {
  return {
    ...(reply.reasoning ? { reasoning: reply.reasoning } : {}),
    text: reply.kind === "text" ? reply.text : "",
    toolCalls: reply.kind === "tool-call" ? [{ toolCallId: reply.toolCallId, toolName: reply.toolName, input: reply.input }] : [],
    finishReason,
    usage,
  };
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
export class OfflineModel extends InProcessModel {
  readonly provider = OFFLINE_PROVIDER;
  readonly modelId = OFFLINE_MODEL_ID;
  private readonly delayMs: number;
  private readonly memoryPassDelayMs: number;

  constructor(options: OfflineModelOptions = {}) {
    super();
    this.delayMs = Math.max(0, options.delayMs ?? 0);
    this.memoryPassDelayMs = Math.max(0, options.memoryPassDelayMs ?? 0);
  }

  protected async plan(options: LanguageModelV4CallOptions): Promise<PlannedCall> {
    const signal = options.abortSignal;
    if (options.responseFormat?.type === "json" && this.memoryPassDelayMs > 0) await sleep(this.memoryPassDelayMs, undefined, { signal });
    const planned = plan(options);
    const { delayMs } = this;
    return {
      warnings: [],
      response: { id: planned.responseId },
      answer: async (listener) => {
        if (planned.reply.reasoning) listener.reasoning?.(planned.reply.reasoning);
        if (planned.reply.kind === "text" && listener.text) {
          for (const [i, delta] of wordChunks(planned.reply.text).entries()) {
            if (i > 0 && delayMs > 0) await sleep(delayMs, undefined, { signal });
            listener.text(delta);
          }
        }
        return answerOf(planned);
      },
    };
  }
}

export function createOfflineModel(options: OfflineModelOptions = {}): OfflineModel {
  return new OfflineModel(options);
}
