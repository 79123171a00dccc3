"use client";

import { useChat } from "@ai-sdk/react";
import { DefaultChatTransport, type UIMessage } from "ai";
import { useMemo } from "react";
import { Composer } from "@/components/chat/composer";

function textOf(message: UIMessage): string {
  return message.parts.map((p) => (p.type === "text" ? p.text : "")).join("");
}

/** A failed response carries `{ error }` as JSON (a 429 among them); show its sentence. */
function errorText(error: Error): string {
  try {
    const body: unknown = JSON.parse(error.message);
    if (typeof body === "object" && body !== null && "error" in body && typeof body.error === "string") return body.error;
  } catch {
    // Not JSON: already a sentence.
  }
  return error instanceof TypeError ? "Could not reach the server; check the connection." : error.message;
}

/** The customer's side of the support chat: their own conversation, text only. */
/** "Opening Hours, Menu and Catering": the topics a customer is invited to ask about. */
function listed(topics: readonly string[]): string {
  return topics.length <= 1 ? (topics[0] ?? "") : `${topics.slice(0, -1).join(", ")} and ${topics.at(-1)}`;
}

/** An invitation that names only what the business published; generic words when it published nothing yet. */
function supportInvitation(business: string, topics: readonly string[]): string {
  return topics.length > 0 ? `Ask a question: about ${listed(topics)}, or anything else ${business} has published.` : `Ask ${business} a question.`;
}

export function SupportChat({ slug, business, topics, initialMessages }: { slug: string; business: string; topics: string[]; initialMessages: UIMessage[] }) {
  const transport = useMemo(
    () =>
      new DefaultChatTransport({
        api: `/api/support/${encodeURIComponent(slug)}/chat`,
        prepareSendMessagesRequest: ({ messages }) => ({ body: { text: textOf(messages.findLast((m) => m.role === "user") ?? messages[0]) } }),
      }),
    [slug],
  );
  const { messages, sendMessage, status, error } = useChat({ id: `support-${slug}`, messages: initialMessages, transport });
  const busy = status === "submitted" || status === "streaming";
  // A customer's reply arrives whole, once it is checked: until then, say it is on its way.
  const last = messages.at(-1);
  const writing = busy && (last?.role !== "assistant" || !last.parts.some((p) => p.type === "text" && p.text.trim()));
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <ol className="flex-1 space-y-3 overflow-y-auto px-6 py-4" data-testid="support-messages" data-status={status} aria-live="polite">
        {messages.length === 0 && (
          <li className="text-sm text-slate-600" data-testid="support-invitation">
            {supportInvitation(business, topics)}
          </li>
        )}
        {/* The reply's bubble appears with its checked text, not as the stream opens. */}
        {messages.filter((message) => message.role === "user" || textOf(message)).map((message) => (
          <li
            key={message.id}
            data-role={message.role}
            className={`max-w-[80%] rounded-lg px-3 py-2 text-sm whitespace-pre-wrap ${message.role === "user" ? "ml-auto bg-indigo-600 text-white" : "bg-white ring-1 ring-slate-200"}`}
          >
            {textOf(message)}
          </li>
        ))}
        {writing && (
          <li className="text-sm text-slate-600" data-testid="support-writing">
            Writing a reply…
          </li>
        )}
      </ol>
      {error && (
        <p role="alert" className="border-t border-red-200 bg-red-50 px-6 py-2 text-sm text-red-800">
          {errorText(error)}
        </p>
      )}
      <Composer disabled={busy} onSend={(text) => void sendMessage({ text })} placeholder="Type your question (Enter sends, Shift+Enter for a new line)" />
    </div>
  );
}
