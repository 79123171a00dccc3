"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";

/**
 * The owner's hand edit of one stored text (a fact, an episode line): a
 * button opens a box with the current text, saving PATCHes `{ text }` to the
 * endpoint and re-renders the page from the server. With `clearLabel`, a
 * second button sends `{ text: null }` to undo the owner's own wording.
 */
export function InlineEdit({
  endpoint,
  initial,
  label,
  clearLabel,
  testId,
}: {
  endpoint: string;
  initial: string;
  label: string;
  clearLabel?: string;
  testId: string;
}) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(initial);
  const [saving, setSaving] = useState(false);
  const [refreshing, startRefresh] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const busy = saving || refreshing;

  async function save(value: string | null) {
    setSaving(true);
    setError(null);
    try {
      const response = await fetch(endpoint, { method: "PATCH", headers: { "content-type": "application/json" }, body: JSON.stringify({ text: value }) });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { error?: string } | null;
        throw new Error(body?.error ?? `the server answered ${response.status}`);
      }
      setOpen(false);
      startRefresh(() => router.refresh());
    } catch (reason) {
      setError(`Could not save: ${(reason as Error).message}`);
    } finally {
      setSaving(false);
    }
  }

  const button = "rounded-md border border-slate-300 bg-white px-2.5 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-60";
  if (!open) {
    return (
      <span className="flex flex-wrap items-center gap-2">
        <button type="button" className={button} onClick={() => setOpen(true)} data-testid={testId}>
          {label}
        </button>
        {clearLabel && (
          <button type="button" className={button} disabled={busy} onClick={() => save(null)} data-testid={`${testId}-clear`}>
            {clearLabel}
          </button>
        )}
      </span>
    );
  }
  return (
    <form
      className="w-full space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        void save(text);
      }}
    >
      <textarea
        value={text}
        onChange={(event) => setText(event.target.value)}
        rows={2}
        className="w-full rounded-md border border-slate-300 px-2 py-1 text-sm"
        aria-label={label}
        data-testid={`${testId}-text`}
      />
      <span className="flex gap-2">
        <button type="submit" disabled={busy || text.trim() === ""} className="rounded-md bg-indigo-600 px-3 py-1 text-xs font-medium text-white hover:bg-indigo-500 disabled:opacity-60" data-testid={`${testId}-save`}>
          {saving ? "Saving…" : "Save"}
        </button>
        <button type="button" className={button} onClick={() => setOpen(false)}>
          Cancel
        </button>
      </span>
      {error && (
        <p role="alert" className="text-xs text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}
