"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";

export function NewThreadButton() {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function create() {
    setBusy(true);
    setError(null);
    try {
      const response = await fetch("/api/threads", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ title: "New thread", kind: "OWNER" }),
      });
      if (!response.ok) throw new Error(`status ${response.status}`);
      const { thread } = (await response.json()) as { thread: { id: string } };
      router.push(`/threads/${thread.id}`);
      router.refresh();
    } catch {
      setError("Could not create a thread; try again.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <button
        type="button"
        onClick={create}
        disabled={busy}
        className="w-full rounded-md bg-indigo-600 px-3 py-2 text-sm font-medium text-white hover:bg-indigo-500 disabled:opacity-60"
      >
        {busy ? "Creating…" : "New thread"}
      </button>
      {error && (
        <p role="alert" className="mt-2 text-xs text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
