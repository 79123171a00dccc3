"use client";

import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import type { MemoryNote } from "@/lib/contracts/memory-note";
import { CopyButton } from "@/components/ui/copy-button";
import { useHydrated } from "@/components/ui/hydrated";
import { MemoryNoteLine } from "@/components/chat/memory-note";
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

/** How close to the top (or, past an older stretch, the bottom) the reader scrolls before the next stretch loads. */
const LOAD_MARGIN_PX = 400;

/** One direction the list can grow in: whether there is more, whether it is on its way, and how to ask for it. */
type Growth = { more: boolean; loading: boolean; load: () => void };

function GrowButton({ growth, label, testId }: { growth: Growth; label: string; testId: string }) {
  if (!growth.more) return null;
  return (
    <div className="flex justify-center py-2">
      <button
        type="button"
        onClick={growth.load}
        disabled={growth.loading}
        aria-busy={growth.loading}
        className="rounded-md border border-slate-300 bg-white px-3 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-60"
        data-testid={testId}
      >
        {growth.loading ? "Loading…" : label}
      </button>
    </div>
  );
}

function bubbleColours(mine: boolean, customer: boolean, highlighted: boolean): string {
  const ring = highlighted ? "ring-4 ring-amber-300" : customer ? "ring-1 ring-violet-300" : mine ? "" : "ring-1 ring-slate-200";
  const fill = customer ? "bg-violet-100 text-violet-950" : mine ? "bg-indigo-600 text-white" : "bg-white";
  return `${fill} ${ring}`;
}

const textOf = (message: ChatMessage) => message.parts.map((part) => (part.type === "text" ? part.text : "")).join("");

const actionClass = "rounded px-1.5 py-0.5 text-[11px] font-medium text-slate-600 hover:bg-slate-200 hover:text-slate-900";

/**
 * `customer`: said by a customer in a support thread, an untrusted speaker,
 * so it looks unlike the owner's words. Under a reply, `note` says what its
 * memory pass filed; `extra` holds actions only the latest reply has.
 */
function MessageBubble({
  message,
  highlighted,
  customer,
  note,
  extra,
}: {
  message: ChatMessage;
  highlighted: boolean;
  customer: boolean;
  note: MemoryNote | undefined;
  extra: ReactNode;
}) {
  const mine = message.role === "user";
  const seq = message.metadata?.seq;
  const text = textOf(message);
  // Copy needs the page's script, so the server's HTML of a long chat leaves it out.
  const hydrated = useHydrated();
  // A reply that has only begun (its stream started, its reasoning not shown) is no bubble yet: "thinking" says it is coming.
  if (!mine && seq === undefined && !text && !message.parts.some((part) => part.type.startsWith("tool-"))) return null;
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
      {note && <MemoryNoteLine note={note} />}
      {/* One height with or without Copy (which appears once the page is hydrated), so the chat stays scrolled to its end. */}
      <span className="flex h-6 items-center gap-1 px-1">
        {seq !== undefined && (
          <span className="px-1 text-[11px] text-slate-600" data-testid="message-seq">
            #{seq}
          </span>
        )}
        {hydrated && text && (
          <CopyButton
            text={text}
            // Named by its number, not "message": the composer's label is "Message", and specs find it by that label.
            label={seq === undefined ? "Copy this text" : `Copy #${seq}`}
            shown="Copy"
            className={actionClass}
            testId="copy-message"
          />
        )}
        {extra}
      </span>
    </li>
  );
}

/**
 * Follows the conversation to its end, except on arrival through a link to
 * one message: then that message is brought into view instead, until the
 * conversation moves on (never, for an older stretch: `pinned`). Scrolling
 * near the top loads the stretch before the first message, keeping what the
 * reader was looking at where it was; past an older stretch, scrolling near
 * the bottom loads the one after. The target is scrolled to once it has rendered,
 * and again after each layout change of the first moments (late styles,
 * fonts), because in development the list renders twice and the page settles
 * late; a production build needs only the first.
 */
export function MessageList({
  messages,
  busy,
  highlightSeq,
  pinned,
  customerThread,
  older,
  newer,
  loadError,
  notes,
  lastReplyActions,
  empty,
}: {
  messages: ChatMessage[];
  busy: boolean;
  highlightSeq: number | null;
  pinned: boolean;
  customerThread: boolean;
  older: Growth;
  newer: Growth;
  loadError: string | null;
  /** What each reply's memory pass filed, by message id. */
  notes: Record<string, MemoryNote>;
  /** Actions under the thread's latest reply (Regenerate), when it may be replaced. */
  lastReplyActions: ReactNode;
  /** Shown instead of the list while the thread has no messages. */
  empty: ReactNode;
}) {
  const end = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const last = messages.at(-1);
  // The last message when the page was opened: a link's target stays in view until a newer one arrives.
  const [arrivedWith] = useState(() => last?.id);
  const following = highlightSeq === null || (!pinned && last?.id !== arrivedWith);

  // Where the list stood at the last render: when older messages arrive above, the reader's place moves down by their height.
  const before = useRef<{ firstId?: string; height: number; top: number }>({ height: 0, top: 0 });
  const firstId = messages[0]?.id;
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const was = before.current;
    const prepended = was.firstId !== undefined && was.firstId !== firstId && messages.findIndex((m) => m.id === was.firstId) > 0;
    if (prepended) el.scrollTop = was.top + (el.scrollHeight - was.height);
    before.current = { firstId, height: el.scrollHeight, top: el.scrollTop };
  });

  // Once the reader asks for more, a link's target no longer pulls the view back to itself.
  const readingOn = useRef(false);
  const grow = (growth: Growth): Growth => ({
    ...growth,
    load: () => {
      readingOn.current = true;
      growth.load();
    },
  });
  const [up, down] = [grow(older), grow(newer)];

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    before.current = { ...before.current, height: el.scrollHeight, top: el.scrollTop };
    if (el.scrollTop < LOAD_MARGIN_PX && up.more && !up.loading) up.load();
    if (el.scrollHeight - el.scrollTop - el.clientHeight < LOAD_MARGIN_PX && down.more && !down.loading) down.load();
  };

  useEffect(() => {
    if (following) {
      end.current?.scrollIntoView({ block: "end" });
      return;
    }
    const target = document.getElementById(`m-${highlightSeq}`);
    if (!target || !list.current || readingOn.current) return;
    const bringIntoView = () => target.scrollIntoView({ block: "center" });
    bringIntoView();
    const settle = new ResizeObserver(() => (readingOn.current ? settle.disconnect() : bringIntoView()));
    settle.observe(list.current);
    const stop = setTimeout(() => settle.disconnect(), SETTLE_MS);
    return () => {
      clearTimeout(stop);
      settle.disconnect();
    };
    // Only the end of the list moving (a new message, a reply streaming) calls for this; older messages arriving above do not.
  }, [following, highlightSeq, last]);

  return (
    // The browser's own scroll anchoring stays out of it: the list keeps the reader's place itself when older messages arrive.
    <div
      ref={scroller}
      onScroll={onScroll}
      className="flex-1 overflow-y-auto px-4 py-4 [overflow-anchor:none] sm:px-6"
      aria-live="polite"
      data-testid="message-list"
    >
      <GrowButton growth={up} label="Load older messages" testId="load-older-messages" />
      {loadError && (
        <p role="alert" className="pb-2 text-center text-xs text-red-700">
          {loadError}
        </p>
      )}
      {messages.length === 0 && empty}
      <ul ref={list} className="space-y-3">
        {messages.map((message) => (
          <MessageBubble
            key={message.id}
            message={message}
            highlighted={message.metadata?.seq === highlightSeq}
            customer={message.role === "user" && (customerThread || message.metadata?.speaker === "CUSTOMER")}
            note={notes[message.id]}
            extra={message === last && message.role === "assistant" ? lastReplyActions : null}
          />
        ))}
      </ul>
      <GrowButton growth={down} label="Load newer messages" testId="load-newer-messages" />
      {busy && <p className="mt-3 text-xs text-slate-600" data-testid="thinking">The agent is thinking…</p>}
      <div ref={end} />
    </div>
  );
}
