"use client";

import { useEffect, useRef, useState } from "react";
import type { BufferPreview } from "@/lib/contracts/buffer-preview";
import type { TurnTraceRecord, TurnTraceSummary } from "@/lib/traces/queries";
import { Badge } from "@/components/ui/badge";
import { useHydrated } from "@/components/ui/hydrated";
import { CopyPromptButton } from "@/components/debug/copy-prompt-button";
import { promptText } from "@/components/debug/prompt-text";
import { PreviewView } from "@/components/debug/preview-view";
import { TraceView } from "@/components/debug/trace-view";
import { TURNS_PER_PAGE } from "@/components/debug/turn-paging";

// After a turn the panel polls for its trace until the memory pass has
// reported. The pass usually lands well under a second after the reply, so
// the panel looks every few hundred milliseconds at first (a status change
// reaches it within a second of happening), then less and less once a pass
// is slow or waiting for a retry, and never past the longest a pass can take
// with retries. Each look is the newest turn's summary; the whole trace is
// fetched again only when its memory pass moved on.
const QUICK_POLL_MS = 300;
const QUICK_POLL_FOR_MS = 60_000;
const MAX_POLL_MS = 5_000;
const POLL_FOR_MS = 10 * 60_000;
const TURN_LABEL_CHARS = 48;
/** The selector's value for the preview of the next turn. */
const PREVIEW = "preview";

async function retryMemoryPass(threadId: string): Promise<void> {
  const response = await fetch(`/api/threads/${threadId}/memory-pass`, { method: "POST" });
  if (!response.ok) throw new Error(((await response.json().catch(() => ({}))) as { error?: string }).error ?? `the server answered ${response.status}`);
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { cache: "no-store" });
  if (!response.ok) throw new Error(`the server answered ${response.status}`);
  return (await response.json()) as T;
}

/** The thread's turns as summaries, newest first, `limit` at a time from `cursor`; `limit: 1` is the cheap poll for the newest one. */
function fetchSummaries(threadId: string, limit: number, cursor?: string) {
  const query = new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}) });
  return getJson<{ traces: TurnTraceSummary[]; next: string | null }>(`/api/threads/${threadId}/traces?${query}`);
}

/** One turn's whole trace, its prompt included: fetched only for the turn on show. */
async function fetchRecord(traceId: string): Promise<TurnTraceRecord> {
  return (await getJson<{ trace: TurnTraceRecord }>(`/api/traces/${traceId}`)).trace;
}

function turnLabel(trace: TurnTraceSummary): string {
  const time = trace.createdAt.slice(11, 19);
  const message = trace.userMessage;
  const text = message ? message.text.replace(/\s+/g, " ") : "(message gone)";
  const clipped = text.length > TURN_LABEL_CHARS ? `${text.slice(0, TURN_LABEL_CHARS - 1)}…` : text;
  return `${message ? `#${message.seq}` : "?"} · ${time} · ${clipped}${trace.failed ? " · failed" : ""}`;
}

/**
 * How each turn's prompt was built. The panel lists the thread's turns as
 * summaries, a page at a time, and fetches a turn's whole trace (its prompt
 * is the heavy part) only when that turn is on show. A finished turn saves
 * its trace after the reply has streamed and fills in the memory pass later
 * still, so after every turn the panel polls for the newest trace until it
 * is complete.
 *
 * A thread past its window opens on the preview of its next turn (the
 * buffer it would be given), and follows the latest turn once one finishes.
 */
export function DebugPanel(props: {
  threadId: string;
  turnsFinished: number;
  preview: BufferPreview | null;
  open: boolean;
  onClose: () => void;
  /** Told each time the newest turn's summary is read, so the chat's note under the reply follows its memory pass. */
  onNewestTurn?: (summary: TurnTraceSummary) => void;
}) {
  const { threadId, turnsFinished, preview } = props;
  const [traces, setTraces] = useState<TurnTraceSummary[] | null>(null);
  // Whole traces fetched so far, by id: each is fetched once, the newest again while its memory pass is running.
  const [records, setRecords] = useState<Record<string, TurnTraceRecord>>({});
  const [loadAttempt, setLoadAttempt] = useState(0);
  // A pick holds until the next turn finishes; then the panel follows the latest turn again.
  const [picked, setPicked] = useState<{ id: string | null; turn: number }>({ id: preview ? PREVIEW : null, turn: 0 });
  const [olderCursor, setOlderCursor] = useState<string | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [polling, setPolling] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const newestId = useRef<string | undefined>(undefined);
  // Bumped by a memory-pass retry: the panel then follows the newest turn again without waiting for a new one.
  const [retried, setRetried] = useState(0);
  // The newest turn was still settling when the thread opened (a reload while its memory pass runs): follow it too.
  const [unsettledOnOpen, setUnsettledOnOpen] = useState(false);
  // The preview renders in the browser only: sent as HTML too, it would cost every chat page a fifth of its size for a panel narrow screens hide.
  const mounted = useHydrated();
  const turnsSeen = useRef(0);
  const onNewestTurn = useRef(props.onNewestTurn);
  onNewestTurn.current = props.onNewestTurn;

  const merge = (list: TurnTraceSummary[]) =>
    setTraces((known) => [...(known ?? []), ...list.filter((t) => !known?.some((k) => k.id === t.id))]);
  const keep = (record: TurnTraceRecord) => setRecords((known) => ({ ...known, [record.id]: record }));

  useEffect(() => {
    let stopped = false;
    fetchSummaries(threadId, TURNS_PER_PAGE).then(
      ({ traces: list, next }) => {
        if (stopped) return;
        newestId.current ??= list[0]?.id;
        setOlderCursor(next);
        merge(list);
        if (list[0] && !list[0].settled) setUnsettledOnOpen(true);
      },
      (reason: unknown) => {
        if (!stopped) setError(`Could not load this thread's turns: ${(reason as Error).message}.`);
      },
    );
    return () => {
      stopped = true;
    };
  }, [threadId, loadAttempt]);

  useEffect(() => {
    if (turnsFinished === 0 && retried === 0 && !unsettledOnOpen) return;
    const afterTurn = turnsFinished !== turnsSeen.current;
    turnsSeen.current = turnsFinished;
    const before = afterTurn ? newestId.current : undefined;
    let stopped = false;
    async function poll() {
      setPolling(true);
      setError(null);
      const started = Date.now();
      let fetchedAs: string | null = null;
      try {
        for (let pause = QUICK_POLL_MS; !stopped && Date.now() < started + POLL_FOR_MS; pause = Date.now() < started + QUICK_POLL_FOR_MS ? QUICK_POLL_MS : Math.min(pause * 1.5, MAX_POLL_MS)) {
          const {
            traces: [newest],
          } = await fetchSummaries(threadId, 1);
          if (stopped) return;
          if (newest && newest.id !== before) {
            onNewestTurn.current?.(newest);
            const version = JSON.stringify([newest.id, newest.settled, newest.memoryNote]);
            if (version !== fetchedAs) {
              const record = await fetchRecord(newest.id);
              if (stopped) return;
              fetchedAs = version;
              newestId.current = newest.id;
              keep(record);
              setTraces((list) => [newest, ...(list ?? []).filter((t) => t.id !== newest.id)]);
            }
            if (newest.settled) break;
          }
          await new Promise((resolve) => setTimeout(resolve, pause));
        }
      } catch (reason) {
        if (!stopped) setError(`Could not load the latest turn: ${(reason as Error).message}.`);
      } finally {
        if (!stopped) setPolling(false);
      }
    }
    void poll();
    return () => {
      stopped = true;
    };
  }, [threadId, turnsFinished, retried, unsettledOnOpen]);

  async function loadOlder() {
    if (!olderCursor) return;
    setLoadingOlder(true);
    try {
      const { traces: list, next } = await fetchSummaries(threadId, TURNS_PER_PAGE, olderCursor);
      setOlderCursor(next);
      merge(list);
    } catch (reason) {
      setError(`Could not load older turns: ${(reason as Error).message}.`);
    } finally {
      setLoadingOlder(false);
    }
  }

  const hasOlder = olderCursor !== null;
  const pickedId = picked.turn === turnsFinished ? picked.id : null;
  // Followed to the latest turn, a thread without any shows its preview rather than "no turns yet".
  const showPreview = preview !== null && (pickedId === PREVIEW || (pickedId === null && traces?.length === 0 && !polling));
  const newest = traces?.[0];
  const selected = showPreview ? undefined : (traces?.find((t) => t.id === pickedId) ?? newest);
  const record = selected ? records[selected.id] : undefined;

  // The turn on show is fetched whole the first time it is shown.
  const wanted = selected && !record ? selected.id : null;
  useEffect(() => {
    if (!wanted) return;
    let stopped = false;
    fetchRecord(wanted).then(
      (fetched) => {
        if (!stopped) keep(fetched);
      },
      (reason: unknown) => {
        if (!stopped) setError(`Could not load this turn: ${(reason as Error).message}.`);
      },
    );
    return () => {
      stopped = true;
    };
  }, [wanted, loadAttempt]);

  return (
    <>
      {props.open && (
        // A click beside the panel closes it; the keyboard has Escape and the panel's own close button.
        <div aria-hidden className="fixed inset-0 z-20 bg-slate-900/30 xl:hidden" onClick={props.onClose} />
      )}
      <aside
        id="debug-panel"
        aria-label="Debug panel"
        className={`${props.open ? "fixed inset-y-0 right-0 z-30 flex w-full max-w-md shadow-xl" : "hidden"} flex-col border-l border-slate-200 bg-white xl:static xl:z-auto xl:flex xl:w-[26rem] xl:max-w-none xl:shadow-none`}
        data-testid="debug-panel"
        onKeyDown={(event) => {
          if (event.key === "Escape" && props.open) props.onClose();
        }}
      >
        <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
          <div className="flex items-center gap-2">
            <h2 className="text-sm font-semibold">How this turn was built</h2>
            {polling && (
              <span role="status">
                <Badge tone="sky">updating…</Badge>
              </span>
            )}
          </div>
          <div className="flex items-center gap-2">
            {record && <CopyPromptButton text={promptText(record.data.prompt)} />}
            <button
              type="button"
              onClick={props.onClose}
              className="rounded-md px-2 py-1 text-sm text-slate-600 hover:bg-slate-100 xl:hidden"
              aria-label="Close the debug panel"
              data-testid="close-debug-panel"
            >
              ✕
            </button>
          </div>
        </div>
        {((traces && traces.length > 0) || preview) && (
          <div className="border-b border-slate-200 px-4 py-2">
            <label htmlFor="turn-select" className="text-xs font-medium text-slate-500">
              Turn
            </label>
            <div className="mt-1 flex items-center gap-2">
              <select
                id="turn-select"
                value={showPreview ? PREVIEW : selected?.id}
                // Picking the newest turn means "follow the latest", so the panel moves on with the conversation.
                onChange={(event) => setPicked({ id: event.target.value === newest?.id ? null : event.target.value, turn: turnsFinished })}
                className="block w-full min-w-0 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
                data-testid="turn-select"
              >
                {preview && <option value={PREVIEW}>Preview: what the next turn would be given</option>}
                {traces?.map((trace, i) => (
                  <option key={trace.id} value={trace.id}>
                    {i === 0 ? "Latest: " : ""}
                    {turnLabel(trace)}
                  </option>
                ))}
              </select>
              {hasOlder && (
                <button
                  type="button"
                  onClick={() => void loadOlder()}
                  disabled={loadingOlder}
                  className="shrink-0 rounded-md border border-slate-300 px-2 py-1.5 text-xs font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-50"
                  data-testid="load-older-turns"
                >
                  {loadingOlder ? "Loading…" : "Load older turns"}
                </button>
              )}
            </div>
            <p className="mt-1 text-xs text-slate-500" data-testid="turn-count">
              {traces ? `${traces.length}${hasOlder ? "+" : ""} turn${traces.length === 1 ? "" : "s"}` : "…"}
              {record && ` · answered by ${record.data.model.label}`}
              {record?.data.memoryPassJob?.model && ` · memory pass by ${record.data.memoryPassJob.model.label}`}
            </p>
          </div>
        )}
        {error && (
          <div role="alert" className="flex items-center justify-between gap-2 border-b border-red-200 bg-red-50 px-4 py-2 text-xs text-red-800">
            {error}
            <button
              type="button"
              onClick={() => {
                setError(null);
                setLoadAttempt((n) => n + 1);
              }}
              className="shrink-0 rounded-md bg-red-600 px-2 py-1 font-medium text-white hover:bg-red-500"
            >
              Try again
            </button>
          </div>
        )}
        <div className="min-h-0 flex-1 overflow-y-auto">
          {showPreview ? (
            mounted ? (
              <PreviewView preview={preview} />
            ) : (
              <p role="status" className="px-4 py-6 text-sm text-slate-500">
                Loading the preview…
              </p>
            )
          ) : record ? (
            <TraceView
              record={record}
              memoryPassPending={polling && record.id === newest?.id && !newest.settled}
              onRetryMemoryPass={async () => {
                await retryMemoryPass(threadId);
                setPicked({ id: null, turn: turnsFinished });
                setRetried((n) => n + 1);
              }}
            />
          ) : selected ? (
            <p role="status" className="px-4 py-6 text-sm text-slate-500" data-testid="turn-loading">
              Loading this turn…
            </p>
          ) : (
            <p role="status" className="px-4 py-6 text-sm text-slate-500">
              {traces === null && !error
                ? "Loading this thread's turns…"
                : polling
                  ? "Waiting for the turn's trace…"
                  : "No turns yet. Send a message and this panel shows the prompt it built: the buffer, recalled pages, tool calls, the memory pass, tokens and timings."}
            </p>
          )}
        </div>
      </aside>
    </>
  );
}
