"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import type { FactVerdict } from "@/lib/http/facts";

/** The owner's one-click verdict on a pending fact; the page re-renders from the server with the new status. */
export function FactReview({ factId }: { factId: string }) {
  const router = useRouter();
  const [sending, setSending] = useState<FactVerdict | null>(null);
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
      <button
        type="button"
        disabled={busy}
        onClick={() => review("confirm")}
        className="rounded-md bg-emerald-700 px-3 py-1 text-xs font-medium text-white hover:bg-emerald-600 disabled:opacity-60"
      >
        {sending === "confirm" ? "Confirming…" : "Confirm"}
      </button>
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
