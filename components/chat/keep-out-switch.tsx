"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { requestJson } from "@/components/ui/request-json";

/**
 * The thread's "keep out of memory" switch: while on, no memory pass files a
 * fact or writes an episode line from what is said here. Facts it filed
 * before stay until the owner deletes them on the Memory screen.
 */
export function KeepOutSwitch({ threadId, on }: { threadId: string; on: boolean }) {
  const router = useRouter();
  const [saving, setSaving] = useState(false);
  const [refreshing, startRefresh] = useTransition();
  const [error, setError] = useState<string | null>(null);

  async function toggle() {
    setSaving(true);
    setError(null);
    try {
      await requestJson("PATCH", `/api/threads/${encodeURIComponent(threadId)}`, { keepOutOfMemory: !on });
      startRefresh(() => router.refresh());
    } catch (reason) {
      setError((reason as Error).message);
    } finally {
      setSaving(false);
    }
  }

  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        role="switch"
        aria-checked={on}
        disabled={saving || refreshing}
        onClick={toggle}
        className="inline-flex items-center gap-2 rounded-md border border-slate-300 px-2.5 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-60"
        data-testid="keep-out-of-memory"
      >
        <span aria-hidden className={`relative inline-block h-4 w-7 rounded-full transition-colors ${on ? "bg-slate-700" : "bg-slate-300"}`}>
          <span className={`absolute top-0.5 h-3 w-3 rounded-full bg-white transition-all ${on ? "left-3.5" : "left-0.5"}`} />
        </span>
        Keep out of memory
      </button>
      {error && (
        <span role="alert" className="text-xs text-red-700">
          {error}
        </span>
      )}
    </span>
  );
}
