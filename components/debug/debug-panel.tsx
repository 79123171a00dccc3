"use client";

import { useEffect, useRef, useState } from "react";
import type { TurnTraceRecord } from "@/lib/traces/queries";
import { Badge } from "@/components/ui/badge";
import { CopyPromptButton } from "@/components/debug/copy-prompt-button";
import { promptText } from "@/components/debug/prompt-text";
import { TraceView } from "@/components/debug/trace-view";

// After a turn the panel polls for its trace until the memory pass has
// reported: often at first, then less and less (the pass may take a while, or
// wait for a retry), and never past the longest a pass can take with retries.
const FIRST_POLL_MS = 500;
const MAX_POLL_MS = 5_000;
const POLL_FOR_MS = 10 * 60_000;
const TURN_LABEL_CHARS = 48;

/** A trace is complete once its memory pass is done or has failed, or when no pass will run (no finished reply). */
function settled(trace: TurnTraceRecord): boolean {
  if (!trace.answered || trace.data.replyStatus === "interrupted") return true;
  const job = trace.data.memoryPassJob;
  return job ? job.status === "done" || job.status === "failed" : trace.data.memoryPass !== null;
}

async function retryMemoryPass(threadId: string): Promise<void> {
  const response = await fetch(`/api/threads/${threadId}/memory-pass`, { method: "POST" });
  if (!response.ok) throw new Error(((await response.json().catch(() => ({}))) as { error?: string }).error ?? `the server answered ${response.status}`);
}

/** The thread's turns, newest first; `limit: 1` is the cheap poll for the newest one. */
async function fetchTraces(threadId: string, limit?: number): Promise<TurnTraceRecord[]> {
  const response = await fetch(`/api/threads/${threadId}/traces${limit ? `?limit=${limit}` : ""}`, { cache: "no-store" });
  if (!response.ok) throw new Error(`the server answered ${response.status}`);
  return ((await response.json()) as { traces: TurnTraceRecord[] }).traces;
}

function turnLabel(trace: TurnTraceRecord): string {
  const time = trace.createdAt.slice(11, 19);
  const message = trace.userMessage;
  const text = message ? message.text.replace(/\s+/g, " ") : "(message gone)";
  const clipped = text.length > TURN_LABEL_CHARS ? `${text.slice(0, TURN_LABEL_CHARS - 1)}…` : text;
  return `${message ? `#${message.seq}` : "?"} · ${time} · ${clipped}${trace.data.error ? " · failed" : ""}`;
}

/**
 * How each turn's prompt was built. The panel loads the thread's turns itself
 * (traces carry whole prompts, too heavy to resend with every page refresh).
 * A finished turn saves its trace after the reply has streamed and fills in
 * the memory pass later still, so after every turn the panel polls for the
 * newest trace until it is complete.
 */
export function DebugPanel(props: { threadId: string; turnsFinished: number; open: boolean; onClose: () => void }) {
  const { threadId, turnsFinished } = props;
  const [traces, setTraces] = useState<TurnTraceRecord[] | null>(null);
  const [loadAttempt, setLoadAttempt] = useState(0);
  const [pickedId, setPickedId] = useState<string | null>(null);
  const [polling, setPolling] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const newestId = useRef<string | undefined>(undefined);
  // Bumped by a memory-pass retry: the panel then follows the newest turn again without waiting for a new one.
  const [retried, setRetried] = useState(0);
  const turnsSeen = useRef(0);

  useEffect(() => {
    let stopped = false;
    fetchTraces(threadId).then(
      (list) => {
        if (stopped) return;
        newestId.current ??= list[0]?.id;
        setTraces((polled) => [...(polled ?? []), ...list.filter((t) => !polled?.some((p) => p.id === t.id))]);
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
    if (turnsFinished === 0 && retried === 0) return;
    const afterTurn = turnsFinished !== turnsSeen.current;
    turnsSeen.current = turnsFinished;
    const before = afterTurn ? newestId.current : undefined;
    let stopped = false;
    async function poll() {
      setPolling(true);
      setError(null);
      const deadline = Date.now() + POLL_FOR_MS;
      try {
        for (let pause = FIRST_POLL_MS; !stopped && Date.now() < deadline; pause = Math.min(pause * 1.5, MAX_POLL_MS)) {
          const [newest] = await fetchTraces(threadId, 1);
          if (stopped) return;
          if (newest && newest.id !== before) {
            newestId.current = newest.id;
            setTraces((list) => [newest, ...(list ?? []).filter((t) => t.id !== newest.id)]);
            if (settled(newest)) break;
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
  }, [threadId, turnsFinished, retried]);

  const newest = traces?.[0];
  const selected = traces?.find((t) => t.id === pickedId) ?? newest;

  return (
    <>
      {props.open && (
        <button type="button" aria-label="Close the debug panel" className="fixed inset-0 z-20 bg-slate-900/30 xl:hidden" onClick={props.onClose} />
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
            {selected && <CopyPromptButton text={promptText(selected.data.prompt)} />}
            <button
              type="button"
              onClick={props.onClose}
              className="rounded-md px-2 py-1 text-sm text-slate-500 hover:bg-slate-100 xl:hidden"
              aria-label="Close the debug panel"
            >
              ✕
            </button>
          </div>
        </div>
        {traces && traces.length > 0 && (
          <div className="border-b border-slate-200 px-4 py-2">
            <label htmlFor="turn-select" className="text-xs font-medium text-slate-500">
              Turn
            </label>
            <select
              id="turn-select"
              value={selected?.id}
              // Picking the newest turn means "follow the latest", so the panel moves on with the conversation.
              onChange={(event) => setPickedId(event.target.value === newest?.id ? null : event.target.value)}
              className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
            >
              {traces.map((trace, i) => (
                <option key={trace.id} value={trace.id}>
                  {i === 0 ? "Latest: " : ""}
                  {turnLabel(trace)}
                </option>
              ))}
            </select>
            <p className="mt-1 text-xs text-slate-500">Answered by {selected?.data.model.label}</p>
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
          {selected ? (
            <TraceView
              record={selected}
              memoryPassPending={polling && selected.id === newest?.id && !settled(selected)}
              onRetryMemoryPass={async () => {
                await retryMemoryPass(threadId);
                setPickedId(null);
                setRetried((n) => n + 1);
              }}
            />
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
