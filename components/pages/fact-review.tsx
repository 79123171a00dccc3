"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import type { FactVerdict } from "@/lib/http/facts";

/**
 * The owner's one-click verdict on a pending fact; the page re-renders from
 * the server with the new status. A held fact is not confirmed in one click:
 * "Release…" asks once more, so it is let through on purpose.
 */
export function FactReview({ factId, held }: { factId: string; held: boolean }) {
  const router = useRouter();
  const [sending, setSending] = useState<FactVerdict | null>(null);
  const [releasing, setReleasing] = useState(false);
  const [refreshing, startRefresh] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const busy = sending !== null || refreshing;

  async function review(verdict: FactVerdict) {
    setSending(verdict);
    setError(null);
    try {
      const response = await fetch(`/api/facts/${factId}/review`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ verdict }),
      });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { error?: string } | null;
        // A conflict means the fact was reviewed elsewhere: show its status as it is now.
        if (response.status === 409) startRefresh(() => router.refresh());
        throw new Error(body?.error ?? `the server answered ${response.status}`);
      }
      startRefresh(() => router.refresh());
    } catch (reason) {
      setError(`Could not save your review: ${(reason as Error).message}`);
    } finally {
      setSending(null);
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      {held ? (
        releasing ? (
          <span className="flex flex-wrap items-center gap-2 rounded-md bg-amber-50 px-2 py-1 ring-1 ring-amber-200" data-testid="fact-release-confirm">
            <span className="text-xs text-amber-900">These are my own words, not instructions someone pasted in.</span>
            <button
              type="button"
              disabled={busy}
              onClick={() => review("release")}
              className="rounded-md bg-amber-700 px-3 py-1 text-xs font-medium text-white hover:bg-amber-600 disabled:opacity-60"
            >
              {sending === "release" ? "Releasing…" : "Release it"}
            </button>
            <button
              type="button"
              disabled={busy}
              onClick={() => setReleasing(false)}
              className="rounded-md px-2 py-1 text-xs font-medium text-slate-700 hover:underline disabled:opacity-60"
            >
              Keep it held
            </button>
          </span>
        ) : (
          <button
            type="button"
            disabled={busy}
            onClick={() => setReleasing(true)}
            className="rounded-md border border-amber-400 bg-white px-3 py-1 text-xs font-medium text-amber-900 hover:bg-amber-50 disabled:opacity-60"
          >
            Release…
          </button>
        )
      ) : (
        <button
          type="button"
          disabled={busy}
          onClick={() => review("confirm")}
          className="rounded-md bg-emerald-700 px-3 py-1 text-xs font-medium text-white hover:bg-emerald-600 disabled:opacity-60"
        >
          {sending === "confirm" ? "Confirming…" : "Confirm"}
        </button>
      )}
      <button
        type="button"
        disabled={busy}
        onClick={() => review("reject")}
        className="rounded-md border border-slate-300 bg-white px-3 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-60"
      >
        {sending === "reject" ? "Rejecting…" : "Reject"}
      </button>
      {error && (
        <p role="alert" className="w-full text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
