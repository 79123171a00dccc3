"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import type { PageUpdate } from "@/lib/http/pages";

type Visibility = PageUpdate["visibility"];

/** Publishing a page lets the customer support chat show its confirmed facts; private pages never reach a customer. */
export function VisibilityToggle({ pageId, visibility }: { pageId: string; visibility: Visibility }) {
  const router = useRouter();
  const [saving, setSaving] = useState(false);
  const [refreshing, startRefresh] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const next: Visibility = visibility === "PUBLIC" ? "PRIVATE" : "PUBLIC";

  async function save() {
    setSaving(true);
    setError(null);
    try {
      const response = await fetch(`/api/pages/${pageId}`, {
        method: "PATCH",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ visibility: next } satisfies PageUpdate),
      });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { error?: string } | null;
        throw new Error(body?.error ?? `the server answered ${response.status}`);
      }
      startRefresh(() => router.refresh());
    } catch (reason) {
      setError(`Could not change who sees this page: ${(reason as Error).message}`);
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="page-visibility">
      <span
        className={
          visibility === "PUBLIC"
            ? "rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800 ring-1 ring-emerald-200"
            : "rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 ring-1 ring-slate-200"
        }
      >
        {visibility === "PUBLIC" ? "Public: customers see its confirmed facts" : "Private: only you and your assistant"}
      </span>
      <button
        type="button"
        onClick={save}
        disabled={saving || refreshing}
        className="rounded-md bg-white px-2 py-1 text-xs font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-50"
      >
        {visibility === "PUBLIC" ? "Make private" : "Publish to customers"}
      </button>
      {error ? (
        <span role="alert" className="text-xs text-red-700">
          {error}
        </span>
      ) : null}
    </div>
  );
}
