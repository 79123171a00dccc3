"use client";

import { useChat } from "@ai-sdk/react";
import { DefaultChatTransport, type UIMessage } from "ai";
import { useRouter } from "next/navigation";
import { useMemo } from "react";
import { Composer } from "./composer";
import { MessageList } from "./message-list";

export type ChatThread = { id: string; title: string; kind: "OWNER" | "SUPPORT"; messageCount: number };

function lastUserText(messages: UIMessage[]): string {
  const last = messages.findLast((m) => m.role === "user");
  return last?.parts.map((p) => (p.type === "text" ? p.text : "")).join("") ?? "";
}

export function ChatView(props: { thread: ChatThread; initialMessages: UIMessage[]; modelLabel: string; window: number }) {
  const { thread } = props;
  const router = useRouter();
  // The server holds the history: a request carries only the new message, or asks to retry the unanswered one.
  const transport = useMemo(
    () =>
      new DefaultChatTransport({
        api: "/api/chat",
        prepareSendMessagesRequest: ({ messages, trigger }) => ({
          body: trigger === "regenerate-message" ? { threadId: thread.id, retry: true } : { threadId: thread.id, text: lastUserText(messages) },
        }),
      }),
    [thread.id],
  );
  const { messages, sendMessage, regenerate, status, error, clearError } = useChat({
    id: thread.id,
    messages: props.initialMessages,
    transport,
    onFinish: () => router.refresh(),
  });
  const busy = status === "submitted" || status === "streaming";

  return (
    <div className="flex h-full flex-col">
      <header className="flex items-center justify-between gap-4 border-b border-slate-200 bg-white px-6 py-3">
        <div className="min-w-0">
          <h1 className="truncate text-lg font-semibold">{thread.title}</h1>
          <p className="text-xs text-slate-500">
            {thread.kind === "SUPPORT" ? "Support thread: a customer talks to the agent · " : "Owner thread · "}
            the model sees the last {props.window} messages
          </p>
        </div>
        <p className="shrink-0 rounded-full bg-slate-100 px-3 py-1 text-xs text-slate-600" data-testid="model-label">
          Answering: {props.modelLabel}
        </p>
      </header>
      <MessageList messages={messages} busy={status === "submitted"} />
      {error && (
        <div role="alert" className="mx-6 mb-2 flex items-center justify-between gap-4 rounded-md border border-red-200 bg-red-50 px-4 py-2 text-sm text-red-800">
          <span>{error.message || "The model call failed."} Your message is saved.</span>
          <button
            type="button"
            className="rounded-md bg-red-600 px-3 py-1 font-medium text-white hover:bg-red-500"
            onClick={() => {
              clearError();
              void regenerate();
            }}
          >
            Retry
          </button>
        </div>
      )}
      <Composer disabled={busy} onSend={(text) => void sendMessage({ text })} />
    </div>
  );
}
