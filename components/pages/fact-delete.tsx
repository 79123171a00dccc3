"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { requestJson } from "@/components/ui/request-json";

/** Deleting a fact from memory, asked once more in place (no browser dialog), then the list re-renders from the server. */
export function FactDelete({ factId }: { factId: string }) {
  const router = useRouter();
  const [asking, setAsking] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [refreshing, startRefresh] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const button = "rounded-md border border-slate-300 bg-white px-2.5 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-60";

  async function remove() {
    setDeleting(true);
    setError(null);
    try {
      await requestJson("DELETE", `/api/facts/${encodeURIComponent(factId)}`);
      startRefresh(() => router.refresh());
    } catch (reason) {
      setError(`Could not delete it: ${(reason as Error).message}`);
      setDeleting(false);
    }
  }

  if (!asking) {
    return (
      <button type="button" className={button} onClick={() => setAsking(true)} data-testid="fact-delete">
        Delete
      </button>
    );
  }
  return (
    <span className="flex flex-wrap items-center gap-2 text-xs text-slate-700" role="group" aria-label="Delete this fact?">
      Delete it from memory for good?
      <button
        type="button"
        disabled={deleting || refreshing}
        onClick={remove}
        className="rounded-md bg-red-700 px-2.5 py-1 font-medium text-white hover:bg-red-600 disabled:opacity-60"
        data-testid="fact-delete-confirm"
      >
        {deleting || refreshing ? "Deleting…" : "Delete"}
      </button>
      <button type="button" className={button} onClick={() => setAsking(false)}>
        Keep it
      </button>
      {error && (
        <span role="alert" className="w-full text-red-700">
          {error}
        </span>
      )}
    </span>
  );
}
