"use client";

import { useEffect, useRef, useState } from "react";
import type { ChatMessage } from "@/components/chat/types";

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

/** How long after arrival a link's target is kept in view while the page settles. */
const SETTLE_MS = 3_000;

function bubbleColours(mine: boolean, customer: boolean, highlighted: boolean): string {
  const ring = highlighted ? "ring-4 ring-amber-300" : customer ? "ring-1 ring-violet-300" : mine ? "" : "ring-1 ring-slate-200";
  const fill = customer ? "bg-violet-100 text-violet-950" : mine ? "bg-indigo-600 text-white" : "bg-white";
  return `${fill} ${ring}`;
}

/** `customer`: said by a customer in a support thread, an untrusted speaker, so it looks unlike the owner's words. */
function MessageBubble({ message, highlighted, customer }: { message: ChatMessage; highlighted: boolean; customer: boolean }) {
  const mine = message.role === "user";
  const seq = message.metadata?.seq;
  return (
    <li
      id={seq === undefined ? undefined : `m-${seq}`}
      className={`flex scroll-mt-24 flex-col gap-0.5 ${mine ? "items-end" : "items-start"}`}
      data-highlighted={highlighted || undefined}
      data-testid="message"
      data-seq={seq}
      data-speaker={customer ? "customer" : mine ? "owner" : "agent"}
    >
      {customer && <span className="px-2 text-[11px] font-semibold text-violet-700 uppercase">Customer</span>}
      <div
        className={`max-w-[85%] space-y-1.5 rounded-2xl px-4 py-2.5 text-sm shadow-sm sm:max-w-[75%] ${bubbleColours(mine, customer, highlighted)}`}
        data-testid={customer ? "customer-message" : mine ? "user-message" : "assistant-message"}
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
      {seq !== undefined && (
        <span className="px-2 text-[11px] text-slate-400" data-testid="message-seq">
          #{seq}
        </span>
      )}
    </li>
  );
}

/**
 * Follows the conversation to its end, except on arrival through a link to
 * one message: then that message is brought into view instead, until the
 * conversation moves on. The target is scrolled to once it has rendered,
 * and again after each layout change of the first moments (late styles,
 * fonts), because in development the list renders twice and the page settles
 * late; a production build needs only the first.
 */
export function MessageList({
  messages,
  busy,
  highlightSeq,
  customerThread,
}: {
  messages: ChatMessage[];
  busy: boolean;
  highlightSeq: number | null;
  customerThread: boolean;
}) {
  const end = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLUListElement>(null);
  // The last message when the page was opened: a link's target stays in view until a newer one arrives.
  const [arrivedWith] = useState(() => messages.at(-1)?.id);
  const following = highlightSeq === null || messages.at(-1)?.id !== arrivedWith;

  useEffect(() => {
    if (following) {
      end.current?.scrollIntoView({ block: "end" });
      return;
    }
    const target = document.getElementById(`m-${highlightSeq}`);
    if (!target || !list.current) return;
    const bringIntoView = () => target.scrollIntoView({ block: "center" });
    bringIntoView();
    const settle = new ResizeObserver(bringIntoView);
    settle.observe(list.current);
    const stop = setTimeout(() => settle.disconnect(), SETTLE_MS);
    return () => {
      clearTimeout(stop);
      settle.disconnect();
    };
  }, [following, highlightSeq, messages]);

  return (
    <div className="flex-1 overflow-y-auto px-4 py-4 sm:px-6" aria-live="polite" data-testid="message-list">
      {messages.length === 0 && <p className="mt-16 text-center text-sm text-slate-500">Say hello, or tell the agent about your business.</p>}
      <ul ref={list} className="space-y-3">
        {messages.map((message) => (
          <MessageBubble
            key={message.id}
            message={message}
            highlighted={message.metadata?.seq === highlightSeq}
            customer={message.role === "user" && (customerThread || message.metadata?.speaker === "CUSTOMER")}
          />
        ))}
      </ul>
      {busy && <p className="mt-3 text-xs text-slate-500" data-testid="thinking">The agent is thinking…</p>}
      <div ref={end} />
    </div>
  );
}
