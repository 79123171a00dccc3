"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { MAX_TITLE_CHARS, threadUpdateSchema } from "@/lib/threads/schemas";

/** The chat header's title, renamed in place: Enter or Save keeps it, Escape or Cancel leaves it. */
export function ThreadTitle({ threadId, title }: { threadId: string; title: string }) {
  const router = useRouter();
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function save() {
    const input = threadUpdateSchema.safeParse({ title: draft });
    if (!input.success) return setProblem(input.error.issues[0].message);
    setSaving(true);
    const response = await fetch(`/api/threads/${encodeURIComponent(threadId)}`, {
      method: "PATCH",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(input.data),
    }).catch(() => null);
    setSaving(false);
    if (!response?.ok) {
      const body = (await response?.json().catch(() => null)) as { error?: string } | null;
      return setProblem(body?.error ?? "Could not reach the server; the title is unchanged.");
    }
    setDraft(null);
    setProblem(null);
    router.refresh();
  }

  if (draft === null) {
    return (
      <div className="flex min-w-0 items-center gap-2">
        <h1 className="truncate text-lg font-semibold" data-testid="thread-title">
          {title}
        </h1>
        <button
          type="button"
          onClick={() => setDraft(title)}
          className="shrink-0 rounded-md px-1.5 py-0.5 text-xs font-medium text-slate-500 hover:bg-slate-100 hover:text-slate-800"
          data-testid="rename-thread"
        >
          Rename
        </button>
      </div>
    );
  }
  return (
    <form
      className="flex min-w-0 flex-wrap items-center gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <label htmlFor="thread-title-input" className="sr-only">
        Thread title
      </label>
      <input
        id="thread-title-input"
        autoFocus
        value={draft}
        maxLength={MAX_TITLE_CHARS + 20}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Escape") setDraft(null);
        }}
        className="min-w-0 flex-1 rounded-md border border-slate-300 px-2 py-1 text-base font-semibold focus:border-indigo-500"
        data-testid="thread-title-input"
      />
      <button type="submit" disabled={saving} className="rounded-md bg-indigo-600 px-3 py-1 text-sm font-medium text-white hover:bg-indigo-500 disabled:opacity-50">
        Save
      </button>
      <button type="button" onClick={() => setDraft(null)} className="rounded-md px-2 py-1 text-sm text-slate-600 hover:bg-slate-100">
        Cancel
      </button>
      {problem && (
        <p role="alert" className="w-full text-xs text-red-700">
          {problem}
        </p>
      )}
    </form>
  );
}
