import type { UIMessage, UIMessageChunk } from "ai";
import { readPageOutputSchema } from "@/lib/contracts/tools";
import { checkCustomerReply, type CheckedReply } from "@/lib/guard/customer-reply";
import type { RecalledPage } from "@/lib/pages/recall";

// A support turn's reply reaches the customer only once it is checked
// (lib/guard/customer-reply.ts): the browser gets no reasoning, no tool call
// and no text while the model writes, then the checked text whole. What the
// thread stores is that text too; the trace keeps what the model did.

const TEXT_ID = "customer-reply";

/** The published fact texts the model was shown, recalled or opened: a day inside one is the business's to say. */
function quotableTexts(recalled: readonly RecalledPage[], reply: UIMessage): string[] {
  const opened = reply.parts.flatMap((part) => {
    if (!part.type.startsWith("tool-") || !("output" in part)) return [];
    const page = readPageOutputSchema.safeParse(part.output);
    return page.success ? page.data.facts.map((f) => f.text) : [];
  });
  return [...recalled.flatMap((page) => page.facts.map((f) => f.text)), ...opened];
}

export type CustomerReply = { checked: CheckedReply; parts: UIMessage["parts"] };

/** The reply as the customer is shown it and the thread stores it; null when the model wrote nothing (a failed call). */
export function customerReply(reply: UIMessage, text: string, recalled: readonly RecalledPage[]): CustomerReply | null {
  if (!text) return null;
  const checked = checkCustomerReply(text, quotableTexts(recalled, reply));
  return { checked, parts: [{ type: "text", text: checked.text }] };
}

/** What a draft of a customer's reply stores while it streams: the check of the text so far. */
export function customerDraftText(text: string): string {
  return checkCustomerReply(text).text;
}

const HELD_BACK = new Set<UIMessageChunk["type"]>(["text-start", "text-delta", "text-end", "reasoning-start", "reasoning-delta", "reasoning-end", "source-url", "source-document", "file"]);

/**
 * The customer's copy of a reply's UI stream. `shown` is the checked text,
 * known once the turn has saved the reply, which it does before the source
 * stream closes, so the text goes out just before the finish.
 */
export function customerStream(source: ReadableStream<UIMessageChunk>, shown: Promise<string | null>): ReadableStream<UIMessageChunk> {
  let finish: UIMessageChunk | null = null;
  return source.pipeThrough(
    new TransformStream<UIMessageChunk, UIMessageChunk>({
      transform(chunk, controller) {
        if (chunk.type === "finish") finish = chunk;
        else if (!HELD_BACK.has(chunk.type) && !chunk.type.startsWith("tool-") && !chunk.type.startsWith("data-")) controller.enqueue(chunk);
      },
      async flush(controller) {
        const text = await shown;
        if (text) {
          controller.enqueue({ type: "text-start", id: TEXT_ID });
          controller.enqueue({ type: "text-delta", id: TEXT_ID, delta: text });
          controller.enqueue({ type: "text-end", id: TEXT_ID });
        }
        if (finish) controller.enqueue(finish);
      },
    }),
  );
}
