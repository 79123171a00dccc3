"use client";

import { useEffect, useState } from "react";
import { startupStatusSchema, type StartupStatus } from "@/lib/db/startup-status";

const POLL_EVERY_MS = 500;

/**
 * What the server is doing while a page loads. On a first run that is
 * migrating the database and seeding the demo workspace, which takes a while;
 * afterwards it is "ready" and the page replaces this in a moment.
 */
export function StartupProgress() {
  const [status, setStatus] = useState<StartupStatus | null>(null);

  useEffect(() => {
    let stopped = false;
    async function poll() {
      while (!stopped) {
        const next = await fetch("/api/startup", { cache: "no-store" })
          .then((r) => (r.ok ? r.json() : null))
          .then((json: unknown) => startupStatusSchema.safeParse(json).data ?? null, () => null);
        if (stopped) return;
        if (next) setStatus(next);
        await new Promise((resolve) => setTimeout(resolve, POLL_EVERY_MS));
      }
    }
    void poll();
    return () => {
      stopped = true;
    };
  }, []);

  const firstRun = status !== null && status.phase !== "ready";
  const share = status?.total ? Math.min(1, (status.done ?? 0) / status.total) : null;
  return (
    <div role="status" className="flex h-full flex-col items-center justify-center gap-3 px-6 text-center text-sm text-slate-500" data-testid="startup-progress">
      <p className="flex items-center gap-3">
        <span aria-hidden className="h-4 w-4 animate-spin rounded-full border-2 border-slate-300 border-t-indigo-600" />
        <span data-testid="startup-detail" data-phase={status?.phase}>
          {status && status.phase !== "ready" ? status.detail : "Loading…"}
        </span>
      </p>
      {share !== null && firstRun && (
        <span className="block h-1.5 w-64 overflow-hidden rounded-full bg-slate-200" aria-hidden>
          <span className="block h-full bg-indigo-500 transition-all" style={{ width: `${share * 100}%` }} />
        </span>
      )}
      {firstRun && (
        <p className="max-w-md text-xs text-slate-400">
          First run: the embedded database is created and the demo workspace is filed into memory once. Later starts skip this.
        </p>
      )}
    </div>
  );
}
