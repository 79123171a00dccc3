"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import type { PageUpdate } from "@/lib/http/pages";
import type { VisibilityChange } from "@/lib/pages/publish";

type Visibility = PageUpdate["visibility"];

const facts = (n: number) => (n === 1 ? "1 fact" : `${n} facts`);

/** What publishing held back, in the owner's words; null when every confirmed fact went out. */
function publishedNote({ held, keptFromCustomers }: VisibilityChange): string | null {
  const notes = [
    held.length > 0 ? `${facts(held.length)} read like instructions to the assistant and wait for your review below.` : null,
    keptFromCustomers.length > 0 ? `${facts(keptFromCustomers.length)} you released still read that way: customers are not shown them.` : null,
  ].filter(Boolean);
  return notes.length > 0 ? `Published. ${notes.join(" ")}` : null;
}

/** Publishing a page lets the customer support chat show its confirmed facts; private pages never reach a customer. */
export function VisibilityToggle({ pageId, visibility }: { pageId: string; visibility: Visibility }) {
  const router = useRouter();
  const [saving, setSaving] = useState(false);
  const [refreshing, startRefresh] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const [vetted, setVetted] = useState<string | null>(null);
  const next: Visibility = visibility === "PUBLIC" ? "PRIVATE" : "PUBLIC";

  async function save() {
    setSaving(true);
    setError(null);
    setVetted(null);
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
      const { page } = (await response.json()) as { page: VisibilityChange };
      setVetted(publishedNote(page));
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
      {vetted ? (
        <span role="status" className="text-xs text-amber-900" data-testid="publish-held">
          {vetted}
        </span>
      ) : null}
      {error ? (
        <span role="alert" className="text-xs text-red-700">
          {error}
        </span>
      ) : null}
    </div>
  );
}
