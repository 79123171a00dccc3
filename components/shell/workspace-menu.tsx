"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { postJson } from "@/components/ui/request-json";

type WorkspaceChoice = { id: string; name: string; slug: string };

/** Which business the owner works in, switching between their own, the demo's reset, and signing out. */
export function WorkspaceMenu(props: { active: WorkspaceChoice; owned: WorkspaceChoice[]; isDemo: boolean; email: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirmingReset, setConfirmingReset] = useState(false);

  async function run(label: string, action: () => Promise<unknown>, then: string) {
    setBusy(label);
    setError(null);
    try {
      await action();
      router.push(then);
      router.refresh();
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="space-y-2">
      <label className="block text-xs text-slate-600">
        Workspace
        <select
          aria-label="Workspace"
          value={props.active.id}
          disabled={busy !== null}
          onChange={(event) => void run("switch", () => postJson("/api/workspaces/active", { workspaceId: event.target.value }), "/")}
          className="mt-1 block w-full truncate rounded-md border border-slate-300 bg-white px-2 py-1 text-sm font-semibold text-slate-900"
          data-testid="workspace-name"
        >
          {props.owned.map((w) => (
            <option key={w.id} value={w.id}>
              {w.name}
            </option>
          ))}
        </select>
      </label>
      <div className="flex flex-wrap gap-x-3 gap-y-1 text-xs">
        <Link href="/workspaces/new" className="text-indigo-700 underline">
          New workspace
        </Link>
        <Link href={`/support/${props.active.slug}`} className="text-indigo-700 underline" target="_blank" data-testid="support-page-link">
          Public support page
        </Link>
        {props.isDemo && !confirmingReset && (
          <button
            type="button"
            disabled={busy !== null}
            className="text-amber-800 underline disabled:opacity-60"
            onClick={() => setConfirmingReset(true)}
            data-testid="reset-demo"
          >
            {busy === "reset" ? "Resetting…" : "Reset demo"}
          </button>
        )}
      </div>
      {confirmingReset && (
        // Asked in place, not with a browser dialog: a person reads the consequence, and a test clicks a button it can name.
        <div role="group" aria-label="Reset the demo?" className="space-y-1.5 rounded-md bg-amber-50 p-2 text-xs text-amber-900 ring-1 ring-amber-200">
          <p>Reset the demo to its seeded story? Every thread, page and fact in it is replaced.</p>
          <span className="flex gap-2">
            <button
              type="button"
              disabled={busy !== null}
              className="rounded bg-amber-700 px-2 py-1 font-medium text-white hover:bg-amber-600 disabled:opacity-60"
              onClick={() => {
                setConfirmingReset(false);
                void run("reset", () => postJson("/api/workspaces/reset", {}), "/");
              }}
              data-testid="reset-demo-confirm"
            >
              Reset demo
            </button>
            <button type="button" className="rounded px-2 py-1 font-medium text-amber-900 hover:bg-amber-100" onClick={() => setConfirmingReset(false)}>
              Keep it
            </button>
          </span>
        </div>
      )}
      <div className="flex items-center justify-between gap-2 text-xs text-slate-600">
        <span className="truncate" title={props.email} data-testid="signed-in-as">
          {props.email}
        </span>
        <button
          type="button"
          disabled={busy !== null}
          className="shrink-0 underline"
          onClick={() => void run("sign-out", () => postJson("/api/auth/sign-out", {}), "/sign-in")}
        >
          Sign out
        </button>
      </div>
      {error && (
        <p role="alert" className="text-xs text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
