"use client";

import { useChat } from "@ai-sdk/react";
import { DefaultChatTransport, type UIMessage } from "ai";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useMemo, useRef, useState } from "react";
import { z } from "zod";
import { DebugPanel } from "@/components/debug/debug-panel";
import { ExportThreadButton } from "@/components/transfer/export-button";
import { Badge } from "@/components/ui/badge";
import { plural } from "@/components/ui/format";
import { episodesHref, memoryHref, threadHref } from "@/components/ui/routes";
import type { BufferPreview } from "@/lib/contracts/buffer-preview";
import { memoryNoteSchema, type MemoryNote } from "@/lib/contracts/memory-note";
import type { ModelKind } from "@/lib/models";
import { TURN_BUSY_MESSAGE } from "@/lib/errors";
import { Composer } from "@/components/chat/composer";
import { KeepOutSwitch } from "@/components/chat/keep-out-switch";
import { MessageList } from "@/components/chat/message-list";
import { takeFirstPrompt } from "@/components/chat/first-prompt";
import { SuggestedPrompts } from "@/components/chat/suggested-prompts";
import { ThreadTitle } from "@/components/chat/thread-title";
import type { ChatMessage } from "@/components/chat/types";

export type ChatThread = {
  id: string;
  title: string;
  kind: "OWNER" | "SUPPORT";
  messageCount: number;
  /** A reply is being written on the server right now (another tab, or a request from before a reload). */
  turnInFlight: boolean;
  /** The owner keeps this thread out of memory: nothing said here is filed. */
  keepOutOfMemory: boolean;
  /** Live facts filed from this thread, for its "what's remembered here" link. */
  remembered: number;
};

/** How often, at most, the page looks again while a reply is being written elsewhere. */
const IN_FLIGHT_REFRESH_MS = [1_000, 2_000, 4_000, 8_000];

/** Which stretch the page loaded: the latest messages, or an older stretch a link pointed into, and whether more lie either side. */
type ShownRange = { latest: boolean; hasOlder: boolean; hasNewer: boolean };

const stretchSchema = z.object({
  messages: z.array(
    z.object({
      id: z.string(),
      seq: z.number().int(),
      role: z.enum(["USER", "ASSISTANT"]),
      speaker: z.enum(["OWNER", "CUSTOMER", "AGENT"]),
      status: z.enum(["COMPLETE", "INTERRUPTED"]),
      parts: z.array(z.looseObject({ type: z.string() })),
    }),
  ),
  hasOlder: z.boolean(),
  hasNewer: z.boolean(),
  notes: z.record(z.string(), memoryNoteSchema),
});

type Stretch = { messages: ChatMessage[]; hasOlder: boolean; hasNewer: boolean; notes: Record<string, MemoryNote> };

/** A stretch of the thread's saved messages (`?before=`, `?after=`, or the latest with no query); throws a sentence when it cannot. */
async function savedMessages(threadId: string, query = ""): Promise<Stretch> {
  const response = await fetch(`/api/threads/${encodeURIComponent(threadId)}/messages${query}`, { cache: "no-store" }).catch(() => null);
  if (!response) throw new Error("Could not reach the server; check the connection.");
  const parsed = stretchSchema.safeParse(await response.json().catch(() => null));
  if (!response.ok || !parsed.success) throw new Error(`Could not load the messages: the server answered ${response.status}.`);
  return {
    ...parsed.data,
    messages: parsed.data.messages.map((m) => ({
      id: m.id,
      role: m.role === "USER" ? "user" : "assistant",
      parts: m.parts as ChatMessage["parts"],
      metadata: { seq: m.seq, speaker: m.speaker, interrupted: m.status === "INTERRUPTED" },
    })),
  };
}

const seqOf = (message: ChatMessage | undefined) => message?.metadata?.seq;

/** Messages older than the chat's own list, loaded as the user scrolls up, and newer ones past an older stretch a link opened. */
function useEarlierAndLater(threadId: string, shown: ShownRange) {
  const [older, setOlder] = useState<ChatMessage[]>([]);
  const [hasOlder, setHasOlder] = useState(shown.hasOlder);
  const [hasNewer, setHasNewer] = useState(shown.hasNewer);
  const [loading, setLoading] = useState<"older" | "newer" | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A scroll and a click in the same moment must not load the same stretch twice.
  const inFlight = useRef(false);
  async function load(direction: "older" | "newer", query: string, apply: (stretch: Stretch) => void) {
    if (inFlight.current) return;
    inFlight.current = true;
    setLoading(direction);
    setError(null);
    try {
      apply(await savedMessages(threadId, query));
    } catch (reason) {
      setError((reason as Error).message);
    } finally {
      inFlight.current = false;
      setLoading(null);
    }
  }
  return { older, setOlder, hasOlder, setHasOlder, hasNewer, setHasNewer, loading, error, load };
}

function lastUserText(messages: UIMessage[]): string {
  const last = messages.findLast((m) => m.role === "user");
  return last?.parts.map((p) => (p.type === "text" ? p.text : "")).join("") ?? "";
}

/** A failed response carries `{ error }` as JSON; a failed stream carries the server's sentence as is. */
function errorText(error: Error): string {
  try {
    const body: unknown = JSON.parse(error.message);
    if (typeof body === "object" && body !== null && "error" in body && typeof body.error === "string") return body.error;
  } catch {
    // Not JSON: the message is already the sentence to show.
  }
  if (error instanceof TypeError) return "Could not reach the server; check the connection.";
  return error.message || "The model call failed.";
}

function ModelBadge({ kind, label }: { kind: ModelKind; label: string }) {
  return (
    <Link
      href="/settings"
      title="Which model answers, and how to switch"
      className={`shrink-0 rounded-full px-3 py-1 text-xs ring-1 ring-inset hover:underline ${kind === "offline" ? "bg-amber-50 text-amber-800 ring-amber-200" : "bg-emerald-50 text-emerald-800 ring-emerald-200"}`}
      data-testid="model-label"
    >
      Answering: {label}
    </Link>
  );
}

export function ChatView(props: {
  thread: ChatThread;
  initialMessages: ChatMessage[];
  /** What the memory pass filed after each reply shown, by message id. */
  initialNotes: Record<string, MemoryNote>;
  shown: ShownRange;
  highlightSeq: number | null;
  /** A ?seq= the thread has no message for: said above the latest messages. */
  missingSeq: number | null;
  /** `toolsUnavailable`: why the model runs without tools (it refused them, or its server says it takes none); null when it has them. */
  model: { kind: ModelKind; label: string; toolsUnavailable: string | null };
  window: number;
  /** Why the owner cannot write here (a customer's own conversation); no composer then. */
  readOnly?: string;
  /** The next turn's buffer, for a thread past its window; null while the thread fits. */
  preview: BufferPreview | null;
}) {
  const { thread, shown } = props;
  const router = useRouter();
  const [turnsFinished, setTurnsFinished] = useState(0);
  const [panelOpen, setPanelOpen] = useState(false);
  const [notes, setNotes] = useState(props.initialNotes);
  const addNotes = (more: Record<string, MemoryNote>) => setNotes((known) => ({ ...known, ...more }));
  // The server holds the history: a request carries only the new message, or asks to answer the latest one again
  // (a retry of an unanswered message, or a regenerated reply, which replaces the one there).
  const transport = useMemo(
    () =>
      new DefaultChatTransport<ChatMessage>({
        api: "/api/chat",
        prepareSendMessagesRequest: ({ messages, trigger, body }) => ({
          body:
            trigger === "regenerate-message"
              ? { threadId: thread.id, ...(body?.regenerate ? { regenerate: true } : { retry: true }) }
              : { threadId: thread.id, text: lastUserText(messages) },
        }),
      }),
    [thread.id],
  );
  const { messages, setMessages, sendMessage, regenerate, stop, status, error, clearError } = useChat<ChatMessage>({
    id: thread.id,
    messages: props.initialMessages,
    transport,
    onFinish: ({ isError, isAbort }) => {
      // A failed turn saves a trace too, so the panel looks for one either way.
      setTurnsFinished((n) => n + 1);
      router.refresh();
      // The stream ends once the turn is saved: reload the messages so the new ones carry their #seq.
      // A failed turn keeps what the chat shows, so Retry acts on it; so does a reload that fails (the streamed ones stay).
      if (!isError && !isAbort)
        void savedMessages(thread.id).then(
          (saved) => {
            addNotes(saved.notes);
            adoptLatest(saved.messages);
          },
          () => undefined,
        );
    },
  });
  const paging = useEarlierAndLater(thread.id, shown);
  const current = useRef(messages);
  current.current = messages;
  /** Takes the server's latest messages as the chat's own; the ones they no longer reach move to the loaded older ones. */
  function adoptLatest(latest: ChatMessage[]) {
    const first = seqOf(latest[0]);
    const passed = first === undefined ? [] : current.current.filter((m) => (seqOf(m) ?? first) < first);
    if (passed.length > 0) paging.setOlder((known) => [...known.filter((m) => seqOf(m)! < seqOf(passed[0])!), ...passed]);
    setMessages(latest);
  }
  const firstSeq = seqOf(messages[0]);
  const shownMessages = useMemo(
    () => [...paging.older.filter((m) => firstSeq === undefined || seqOf(m)! < firstSeq), ...messages],
    [paging.older, messages, firstSeq],
  );
  const loadOlder = () => {
    const before = seqOf(shownMessages[0]);
    if (before === undefined) return;
    void paging.load("older", `?before=${before}`, (stretch) => {
      addNotes(stretch.notes);
      paging.setOlder((known) => [...stretch.messages, ...known]);
      paging.setHasOlder(stretch.hasOlder);
    });
  };
  const loadNewer = () => {
    const after = seqOf(messages.at(-1));
    if (after === undefined) return;
    void paging.load("newer", `?after=${after}`, (stretch) => {
      addNotes(stretch.notes);
      setMessages([...current.current, ...stretch.messages]);
      paging.setHasNewer(stretch.hasNewer);
    });
  };
  const busy = status === "submitted" || status === "streaming";
  // A refresh brings the server's messages (numbered, marked interrupted, or written by another tab); between turns they are the truth.
  useEffect(() => {
    if (status === "ready") adoptLatest(props.initialMessages);
    addNotes(props.initialNotes);
    // Only a new server render should replace the list, not a change of status.
  }, [props.initialMessages]);
  // A first prompt picked on the workspace's start page, before this thread existed, is sent once it opens.
  useEffect(() => {
    const prompt = takeFirstPrompt(thread.id);
    if (prompt && messages.length === 0) void sendMessage({ text: prompt });
  }, [thread.id]);
  const last = messages.at(-1);
  const refusedAsBusy = error !== undefined && errorText(error) === TURN_BUSY_MESSAGE;
  // A thread that ends on the owner's message with no reply, or on a cut-off reply, offers a retry once nothing is writing one.
  const unanswered = !busy && !error && shown.latest && (last?.role === "user" || last?.metadata?.interrupted === true);
  const writingElsewhere = unanswered && thread.turnInFlight;
  const writable = !props.readOnly && shown.latest;
  const canRegenerate = writable && !busy && !error && last?.role === "assistant" && last.metadata?.seq !== undefined;
  useEffect(() => {
    if (!writingElsewhere) return;
    const timers = IN_FLIGHT_REFRESH_MS.map((delay) => setTimeout(() => router.refresh(), delay));
    return () => timers.forEach(clearTimeout);
  }, [writingElsewhere, router]);

  return (
    <div className="flex h-full">
      <section aria-label="Chat" className="flex min-w-0 flex-1 flex-col">
        <header className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-b border-slate-200 bg-white px-4 py-3 sm:px-6">
          <div className="min-w-0">
            <ThreadTitle threadId={thread.id} title={thread.title} />
            <p className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
              <Badge tone={thread.kind === "SUPPORT" ? "violet" : "sky"}>{thread.kind === "SUPPORT" ? "Support: a customer talks to the agent" : "Owner thread"}</Badge>
              <span data-testid="message-count">{plural(thread.messageCount, "message")}</span>
              <span>· the model sees the last {props.window}</span>
              {thread.kind === "OWNER" && (
                <>
                  <span aria-hidden>·</span>
                  <Link href={memoryHref({ thread: thread.id })} className="font-medium text-indigo-700 underline underline-offset-2" data-testid="remembered-here">
                    What&apos;s remembered here ({plural(thread.remembered, "fact")})
                  </Link>
                </>
              )}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {thread.kind === "OWNER" && <KeepOutSwitch threadId={thread.id} on={thread.keepOutOfMemory} />}
            <Link
              href={episodesHref(thread.id)}
              className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
            >
              Episodes
            </Link>
            <ExportThreadButton threadId={thread.id} />
            <button
              type="button"
              className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 xl:hidden"
              aria-expanded={panelOpen}
              aria-controls="debug-panel"
              onClick={() => setPanelOpen((open) => !open)}
            >
              Debug
            </button>
            <ModelBadge kind={props.model.kind} label={props.model.label} />
            {props.model.toolsUnavailable && (
              <Link
                href="/settings"
                title={`The model runs without tools: ${props.model.toolsUnavailable}`}
                className="shrink-0 rounded-full bg-amber-50 px-3 py-1 text-xs text-amber-800 ring-1 ring-amber-200 ring-inset hover:underline"
                data-testid="tools-unavailable-badge"
              >
                No tools: it cannot open pages or search
              </Link>
            )}
          </div>
        </header>
        {thread.keepOutOfMemory && (
          <p className="border-b border-slate-300 bg-slate-100 px-6 py-2 text-sm text-slate-800" data-testid="kept-out-banner">
            Kept out of memory: while this is on, nothing said here is filed as a fact or written as an episode line. What it filed before stays
            until you delete it on the{" "}
            <Link href={memoryHref({ thread: thread.id })} className="font-medium underline">
              Memory screen
            </Link>
            .
          </p>
        )}
        {props.missingSeq !== null && (
          <p role="alert" className="border-b border-amber-200 bg-amber-50 px-6 py-2 text-sm text-amber-900" data-testid="missing-message">
            This thread has no message #{props.missingSeq}: it has {plural(thread.messageCount, "message")}. Showing the latest ones.
          </p>
        )}
        {!shown.latest && (
          <p className="border-b border-amber-200 bg-amber-50 px-6 py-2 text-sm text-amber-900" data-testid="older-stretch">
            You are reading an older stretch of this thread (messages #{seqOf(shownMessages[0])}–#{seqOf(shownMessages.at(-1))}).{" "}
            <Link href={threadHref(thread.id)} className="font-medium underline">
              Jump to the latest messages
            </Link>
          </p>
        )}
        <MessageList
          messages={shownMessages}
          busy={status === "submitted"}
          highlightSeq={props.highlightSeq}
          pinned={!shown.latest}
          customerThread={thread.kind === "SUPPORT"}
          older={{ more: paging.hasOlder, loading: paging.loading === "older", load: loadOlder }}
          newer={{ more: !shown.latest && paging.hasNewer, loading: paging.loading === "newer", load: loadNewer }}
          loadError={paging.error}
          notes={notes}
          lastReplyActions={
            canRegenerate ? (
              <button
                type="button"
                onClick={() => void regenerate({ body: { regenerate: true } })}
                className="rounded px-1.5 py-0.5 text-[11px] font-medium text-slate-600 hover:bg-slate-200 hover:text-slate-900"
                data-testid="regenerate"
              >
                Regenerate
              </button>
            ) : null
          }
          empty={
            writable ? (
              <SuggestedPrompts disabled={busy} onPick={(text) => void sendMessage({ text })} />
            ) : (
              <p className="mt-16 text-center text-sm text-slate-600">No messages yet.</p>
            )
          }
        />
        {error && (
          <div
            role="alert"
            className="mx-4 mb-2 flex items-center justify-between gap-4 rounded-md border border-red-200 bg-red-50 px-4 py-2 text-sm text-red-800 sm:mx-6"
            data-testid="chat-error"
          >
            <span>{errorText(error)}</span>
            <button
              type="button"
              className="shrink-0 rounded-md bg-red-600 px-3 py-1 font-medium text-white hover:bg-red-500"
              onClick={() => {
                clearError();
                if (!refusedAsBusy) return void regenerate();
                // The refused message was never saved: drop the local copy and send it again.
                const text = lastUserText(messages);
                setMessages(messages.slice(0, -1));
                void sendMessage({ text });
              }}
            >
              {refusedAsBusy ? "Send again" : "Retry"}
            </button>
          </div>
        )}
        {unanswered && (
          <div
            role="status"
            className="mx-4 mb-2 flex items-center justify-between gap-4 rounded-md border border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900 sm:mx-6"
            data-testid="unanswered"
          >
            <span>
              {writingElsewhere
                ? "A reply to this message is still being written (in another tab, or from before the page reloaded)…"
                : last?.role === "user"
                  ? "This message has no reply: the reply was interrupted or failed before it was saved."
                  : "The last reply was cut off before it finished."}
            </span>
            {!writingElsewhere && (
              <button type="button" className="shrink-0 rounded-md bg-amber-700 px-3 py-1 font-medium text-white hover:bg-amber-600" onClick={() => void regenerate()}>
                Retry
              </button>
            )}
          </div>
        )}
        {props.readOnly ? (
          <p className="border-t border-slate-200 bg-white px-6 py-4 text-sm text-slate-600" data-testid="read-only">
            {props.readOnly}
          </p>
        ) : shown.latest ? (
          <Composer disabled={busy} onSend={(text) => void sendMessage({ text })} onStop={() => void stop()} />
        ) : (
          <p className="border-t border-slate-200 bg-white px-6 py-4 text-sm text-slate-600">
            To reply,{" "}
            <Link href={threadHref(thread.id)} className="font-medium text-indigo-700 underline">
              jump to the latest messages
            </Link>
            .
          </p>
        )}
      </section>
      <DebugPanel
        threadId={thread.id}
        turnsFinished={turnsFinished}
        preview={props.preview}
        open={panelOpen}
        onClose={() => setPanelOpen(false)}
        onNewestTurn={(turn) => {
          const { assistantMessageId, memoryNote } = turn;
          if (assistantMessageId && memoryNote) addNotes({ [assistantMessageId]: memoryNote });
        }}
      />
    </div>
  );
}
