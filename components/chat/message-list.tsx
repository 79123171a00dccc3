"use client";

import type { UIMessage } from "ai";
import { useEffect, useRef } from "react";

function ToolChip({ name, input, state }: { name: string; input: unknown; state: string }) {
  const detail =
    name === "read_page"
      ? `Opened pages/${(input as { title?: string })?.title ?? "…"}`
      : name === "search_chat_history"
        ? `Searched this thread for “${(input as { query?: string })?.query ?? "…"}”`
        : name;
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-xs text-amber-800 ring-1 ring-amber-200" data-testid="tool-chip">
      {detail}
      {state !== "output-available" && " …"}
    </span>
  );
}

function MessageBubble({ message }: { message: UIMessage }) {
  const mine = message.role === "user";
  return (
    <li className={`flex ${mine ? "justify-end" : "justify-start"}`} data-testid={mine ? "user-message" : "assistant-message"}>
      <div className={`max-w-[75%] space-y-1.5 rounded-2xl px-4 py-2.5 text-sm shadow-sm ${mine ? "bg-indigo-600 text-white" : "bg-white ring-1 ring-slate-200"}`}>
        {message.parts.map((part, i) => {
          if (part.type === "text") return <p key={i} className="whitespace-pre-wrap">{part.text}</p>;
          if (part.type.startsWith("tool-") && "state" in part) {
            return <ToolChip key={i} name={part.type.slice(5)} input={"input" in part ? part.input : undefined} state={part.state} />;
          }
          return null;
        })}
      </div>
    </li>
  );
}

export function MessageList({ messages, busy }: { messages: UIMessage[]; busy: boolean }) {
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => end.current?.scrollIntoView({ block: "end" }), [messages]);
  return (
    <div className="flex-1 overflow-y-auto px-6 py-4" aria-live="polite">
      {messages.length === 0 && <p className="mt-16 text-center text-sm text-slate-500">Say hello, or tell the agent about your business.</p>}
      <ul className="space-y-3">
        {messages.map((message) => (
          <MessageBubble key={message.id} message={message} />
        ))}
      </ul>
      {busy && <p className="mt-3 text-xs text-slate-500" data-testid="thinking">The agent is thinking…</p>}
      <div ref={end} />
    </div>
  );
}
