"use client";

import { usePathname, useRouter } from "next/navigation";
import { useState } from "react";
import { requestJson } from "@/components/ui/request-json";
import { threadHref } from "@/components/ui/routes";
import { threadUpdateSchema } from "@/lib/threads/schemas";

const small = "rounded px-2 py-1 text-xs font-medium";

/** The id of a sidebar thread's title, which describes its actions button. */
export const threadTitleId = (threadId: string) => `thread-title-${threadId}`;

/**
 * A sidebar thread's Rename and Delete, in place: renaming turns the entry
 * into a text box, deleting asks once more (no browser dialog) and says what
 * goes with the thread. Deleting the thread on show leaves for the latest one.
 */
export function ThreadActions({ thread }: { thread: { id: string; title: string } }) {
  const router = useRouter();
  const pathname = usePathname();
  const [mode, setMode] = useState<"closed" | "menu" | "rename" | "delete">("closed");
  const [draft, setDraft] = useState(thread.title);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run(action: () => Promise<unknown>, then: () => void) {
    setBusy(true);
    setError(null);
    try {
      await action();
      setMode("closed");
      then();
      router.refresh();
    } catch (reason) {
      setError((reason as Error).message);
    } finally {
      setBusy(false);
    }
  }

  const rename = () => {
    const input = threadUpdateSchema.safeParse({ title: draft });
    if (!input.success) return setError(input.error.issues[0].message);
    void run(() => requestJson("PATCH", `/api/threads/${encodeURIComponent(thread.id)}`, input.data), () => undefined);
  };
  const remove = () =>
    void run(
      () => requestJson("DELETE", `/api/threads/${encodeURIComponent(thread.id)}`),
      () => {
        if (pathname === threadHref(thread.id) || pathname.startsWith(`${threadHref(thread.id)}/`)) router.push("/");
      },
    );

  if (mode === "closed" || mode === "menu") {
    return (
      <span className="flex shrink-0 items-center">
        {mode === "menu" && (
          <>
            <button type="button" className={`${small} text-slate-700 hover:bg-slate-200`} onClick={() => setMode("rename")} data-testid="thread-rename">
              Rename
            </button>
            <button type="button" className={`${small} text-red-700 hover:bg-red-50`} onClick={() => setMode("delete")} data-testid="thread-delete">
              Delete
            </button>
          </>
        )}
        <button
          type="button"
          aria-expanded={mode === "menu"}
          // Named without the thread's title, which could hold any word a spec looks a button up by ("Import", "Save");
          // the title is its description, so a screen reader still says which thread it acts on.
          aria-label="Rename or delete"
          aria-describedby={threadTitleId(thread.id)}
          className={`${small} text-slate-600 hover:bg-slate-200`}
          onClick={() => setMode(mode === "menu" ? "closed" : "menu")}
          data-testid="thread-actions"
        >
          ⋯
        </button>
      </span>
    );
  }
  return (
    <div className="mt-1 w-full space-y-1.5 rounded-md bg-slate-50 p-2 ring-1 ring-slate-200" onKeyDown={(event) => event.key === "Escape" && setMode("closed")}>
      {mode === "rename" ? (
        <form
          className="space-y-1.5"
          onSubmit={(event) => {
            event.preventDefault();
            rename();
          }}
        >
          <label className="block text-xs font-medium text-slate-700">
            New title
            <input
              autoFocus
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1 text-sm"
              data-testid="thread-rename-input"
            />
          </label>
          <span className="flex gap-1.5">
            <button type="submit" disabled={busy} className={`${small} bg-indigo-600 text-white hover:bg-indigo-500 disabled:opacity-60`} data-testid="thread-rename-save">
              Save
            </button>
            <button type="button" className={`${small} text-slate-700 hover:bg-slate-200`} onClick={() => setMode("closed")}>
              Cancel
            </button>
          </span>
        </form>
      ) : (
        <div className="space-y-1.5 text-xs text-slate-700">
          <p>Delete this thread, its messages, its episode lines and every fact filed from it?</p>
          <span className="flex gap-1.5">
            <button type="button" disabled={busy} onClick={remove} className={`${small} bg-red-700 text-white hover:bg-red-600 disabled:opacity-60`} data-testid="thread-delete-confirm">
              {busy ? "Deleting…" : "Delete thread"}
            </button>
            <button type="button" className={`${small} text-slate-700 hover:bg-slate-200`} onClick={() => setMode("closed")}>
              Keep it
            </button>
          </span>
        </div>
      )}
      {error && (
        <p role="alert" className="text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
