"use client";

import { useEffect, useRef } from "react";
import type { ChatMessage } from "@/components/chat/chat-view";

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

function MessageBubble({ message, highlighted }: { message: ChatMessage; highlighted: boolean }) {
  const mine = message.role === "user";
  const seq = message.metadata?.seq;
  return (
    <li
      id={seq === undefined ? undefined : `m-${seq}`}
      className={`flex scroll-mt-24 flex-col gap-0.5 ${mine ? "items-end" : "items-start"}`}
      data-highlighted={highlighted || undefined}
    >
      <div
        className={`max-w-[85%] space-y-1.5 rounded-2xl px-4 py-2.5 text-sm shadow-sm sm:max-w-[75%] ${mine ? "bg-indigo-600 text-white" : "bg-white"} ${highlighted ? "ring-4 ring-amber-300" : mine ? "" : "ring-1 ring-slate-200"}`}
        data-testid={mine ? "user-message" : "assistant-message"}
      >
        {message.parts.map((part, i) => {
          if (part.type === "text") return <p key={i} className="whitespace-pre-wrap">{part.text}</p>;
          if (part.type.startsWith("tool-") && "state" in part) {
            return <ToolChip key={i} name={part.type.slice(5)} input={"input" in part ? part.input : undefined} state={String(part.state)} />;
          }
          return null;
        })}
      </div>
      {message.metadata?.interrupted && (
        <span className="px-2 text-xs text-amber-800" data-testid="interrupted-reply">
          Interrupted: this reply was cut off before it finished.
        </span>
      )}
      {seq !== undefined && <span className="px-2 text-[10px] text-slate-400">#{seq}</span>}
    </li>
  );
}

/**
 * Follows the conversation to its end, except on arrival through a link to
 * one message: then that message is brought into view instead, until the
 * conversation moves on.
 */
export function MessageList({ messages, busy, highlightSeq }: { messages: ChatMessage[]; busy: boolean; highlightSeq: number | null }) {
  const end = useRef<HTMLDivElement>(null);
  const keepTargetInView = useRef(highlightSeq !== null);

  useEffect(() => {
    if (highlightSeq === null) return;
    document.getElementById(`m-${highlightSeq}`)?.scrollIntoView({ block: "center" });
  }, [highlightSeq]);

  useEffect(() => {
    if (keepTargetInView.current) {
      keepTargetInView.current = false;
      return;
    }
    end.current?.scrollIntoView({ block: "end" });
  }, [messages]);

  return (
    <div className="flex-1 overflow-y-auto px-4 py-4 sm:px-6" aria-live="polite">
      {messages.length === 0 && <p className="mt-16 text-center text-sm text-slate-500">Say hello, or tell the agent about your business.</p>}
      <ul className="space-y-3">
        {messages.map((message) => (
          <MessageBubble key={message.id} message={message} highlighted={message.metadata?.seq === highlightSeq} />
        ))}
      </ul>
      {busy && <p className="mt-3 text-xs text-slate-500" data-testid="thinking">The agent is thinking…</p>}
      <div ref={end} />
    </div>
  );
}

