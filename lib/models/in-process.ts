import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4Content,
  LanguageModelV4FinishReason,
  LanguageModelV4GenerateResult,
  LanguageModelV4StreamPart,
  LanguageModelV4StreamResult,
  LanguageModelV4Usage,
  SharedV4Warning,
} from "@ai-sdk/provider";

// What the two models that run in this process (the offline rules and the
// local GGUF engine) share behind the AI SDK's language-model interface. Each
// plans a call, then answers it, told each piece as it comes when the call
// streams; this turns that into doGenerate's result and doStream's parts, in
// the order the interface asks for, and stops a call whose reader went away.

export type ToolCall = { toolCallId: string; toolName: string; input: string };

/** What a streamed call is told as its answer comes; a generated call is told nothing. */
export type Listener = {
  reasoning?: (text: string) => void;
  text?: (delta: string) => void;
  toolInput?: (event: { toolCallId: string; toolName: string; delta: string; done: boolean }) => void;
};

/** A call's answer, whole: `reasoning` the note a model writes before acting. */
export type Answer = { reasoning?: string; text: string; toolCalls: ToolCall[]; finishReason: LanguageModelV4FinishReason; usage: LanguageModelV4Usage };

/** A call planned: its warnings and its response's id, known before anything is generated, and how to answer it. */
export type PlannedCall = { warnings: SharedV4Warning[]; response: { id: string; timestamp?: Date }; answer: (listener: Listener) => Promise<Answer> };

/** A call's tokens: its prompt, with the part a prefix cache held, and its output, with the reasoning note's share when it wrote one. */
export function usageOf(input: { total: number; cacheRead?: number }, output: { total: number; reasoning?: number }): LanguageModelV4Usage {
  const cacheRead = input.cacheRead ?? 0;
  return {
    inputTokens: { total: input.total, noCache: input.total - cacheRead, cacheRead, cacheWrite: undefined },
    outputTokens: { total: output.total, text: output.total - (output.reasoning ?? 0), reasoning: output.reasoning },
  };
}

const TEXT_ID = "text-0";
const REASONING_ID = "reasoning-0";

function contentOf(answer: Answer): LanguageModelV4Content[] {
  return [
    ...(answer.reasoning ? [{ type: "reasoning" as const, text: answer.reasoning }] : []),
    ...(answer.text ? [{ type: "text" as const, text: answer.text }] : []),
    ...answer.toolCalls.map((call) => ({ type: "tool-call" as const, ...call })),
  ];
}

export abstract class InProcessModel implements LanguageModelV4 {
  readonly specificationVersion = "v4";
  readonly supportedUrls: Record<string, RegExp[]> = {};
  abstract readonly provider: string;
  abstract readonly modelId: string;

  /** Plans a call; its abort signal stops it, whether the caller gave up or a stream's reader did. */
  protected abstract plan(options: LanguageModelV4CallOptions): Promise<PlannedCall>;

  async doGenerate(options: LanguageModelV4CallOptions): Promise<LanguageModelV4GenerateResult> {
    const call = await this.plan(options);
    const answer = await call.answer({});
    return {
      content: contentOf(answer),
      finishReason: answer.finishReason,
      usage: answer.usage,
      warnings: call.warnings,
      response: { ...call.response, modelId: this.modelId },
    };
  }

  async doStream(options: LanguageModelV4CallOptions): Promise<LanguageModelV4StreamResult> {
    const { modelId } = this;
    // A reader that stops reading (the browser went away) stops the call too, not only the caller's signal.
    const cancelled = new AbortController();
    const signal = options.abortSignal ? AbortSignal.any([options.abortSignal, cancelled.signal]) : cancelled.signal;
    const call = await this.plan({ ...options, abortSignal: signal });
    const stream = new ReadableStream<LanguageModelV4StreamPart>({
      start(controller) {
        const emit = (part: LanguageModelV4StreamPart) => {
          if (!cancelled.signal.aborted) controller.enqueue(part);
        };
        emit({ type: "stream-start", warnings: call.warnings });
        emit({ type: "response-metadata", ...call.response, modelId });
        let textOpen = false;
        const inputsOpen = new Set<string>();
        // Not awaited: parts are read as they come.
        void call
          .answer({
            reasoning(text) {
              emit({ type: "reasoning-start", id: REASONING_ID });
              emit({ type: "reasoning-delta", id: REASONING_ID, delta: text });
              emit({ type: "reasoning-end", id: REASONING_ID });
            },
            text(delta) {
              if (!delta) return;
              if (!textOpen) emit({ type: "text-start", id: TEXT_ID });
              textOpen = true;
              emit({ type: "text-delta", id: TEXT_ID, delta });
            },
            toolInput({ toolCallId, toolName, delta, done }) {
              if (!inputsOpen.has(toolCallId)) emit({ type: "tool-input-start", id: toolCallId, toolName });
              inputsOpen.add(toolCallId);
              if (delta) emit({ type: "tool-input-delta", id: toolCallId, delta });
              if (done) emit({ type: "tool-input-end", id: toolCallId });
            },
          })
          .then(
            (answer) => {
              if (textOpen) emit({ type: "text-end", id: TEXT_ID });
              for (const toolCall of answer.toolCalls) emit({ type: "tool-call", ...toolCall });
              emit({ type: "finish", usage: answer.usage, finishReason: answer.finishReason });
              if (!cancelled.signal.aborted) controller.close();
            },
            (error: unknown) => {
              if (!cancelled.signal.aborted) controller.error(error);
            },
          );
      },
      cancel(reason) {
        cancelled.abort(reason);
      },
    });
    return { stream };
  }
}
