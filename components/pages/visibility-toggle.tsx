"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import type { PageUpdate } from "@/lib/http/pages";
import type { PublishPreview, VisibilityChange } from "@/lib/pages/publish";

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
  const [preview, setPreview] = useState<PublishPreview | null>(null);
  const next: Visibility = visibility === "PUBLIC" ? "PRIVATE" : "PUBLIC";

  // Publishing starts with what a customer would be told; the owner publishes from there.
  async function showPreview() {
    setSaving(true);
    setError(null);
    setVetted(null);
    try {
      const response = await fetch(`/api/pages/${pageId}/publish-preview`);
      const body = (await response.json().catch(() => null)) as { preview?: PublishPreview; error?: string } | null;
      if (!response.ok || !body?.preview) throw new Error(body?.error ?? `the server answered ${response.status}`);
      setPreview(body.preview);
    } catch (reason) {
      setError(`Could not preview what customers would see: ${(reason as Error).message}`);
    } finally {
      setSaving(false);
    }
  }

  async function save() {
    setSaving(true);
    setError(null);
    setVetted(null);
    setPreview(null);
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
        onClick={next === "PUBLIC" ? showPreview : save}
        disabled={saving || refreshing || preview !== null}
        className="rounded-md bg-white px-2 py-1 text-xs font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-50"
      >
        {visibility === "PUBLIC" ? "Make private" : "Publish to customers"}
      </button>
      {preview && <PublishPreviewPanel preview={preview} busy={saving || refreshing} onPublish={save} onCancel={() => setPreview(null)} />}
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

const warned = (n: number) => (n === 1 ? "1 fact looks" : `${n} facts look`);

/** What a customer asking about the page would be told once it is published, and which facts look like the business's own affairs. */
function PublishPreviewPanel({ preview, busy, onPublish, onCancel }: { preview: PublishPreview; busy: boolean; onPublish: () => void; onCancel: () => void }) {
  const warnings = preview.shown.filter((fact) => fact.warning !== null).length;
  return (
    <section aria-labelledby="publish-preview-heading" className="mt-2 w-full max-w-3xl rounded-lg bg-white p-4 ring-1 ring-slate-300" data-testid="publish-preview">
      <h3 id="publish-preview-heading" className="text-sm font-semibold text-slate-900">
        What a customer asking about {preview.title} would be told
      </h3>
      {warnings > 0 && (
        <p role="alert" className="mt-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200" data-testid="publish-warning">
          {warned(warnings)} internal (what you pay suppliers, wages, rent, margins). Customers would be told them: reject or correct those facts
          first, or keep this page private.
        </p>
      )}
      {preview.shown.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700" data-testid="publish-preview-empty">
          Nothing yet: the page has no confirmed fact a customer may read.
        </p>
      ) : (
        <ul className="mt-2 space-y-1.5">
          {preview.shown.map((fact) => (
            <li key={fact.id} className="text-sm text-slate-800" data-testid="publish-preview-fact" data-internal={fact.warning ? "true" : "false"}>
              <q>{fact.text}</q>
              {fact.warning && <span className="ml-2 text-xs font-medium text-amber-900">⚠ {fact.warning}</span>}
            </li>
          ))}
        </ul>
      )}
      {preview.more > 0 && <p className="mt-1 text-xs text-slate-600">and {facts(preview.more)} more, older.</p>}
      {preview.withheld.length > 0 && (
        <p className="mt-2 text-xs text-slate-700">{facts(preview.withheld.length)} read like instructions to the assistant: no customer would be told them.</p>
      )}
      <div className="mt-3 flex gap-2">
        <button
          type="button"
          onClick={onPublish}
          disabled={busy}
          className="rounded-md bg-indigo-700 px-3 py-1.5 text-xs font-medium text-white hover:bg-indigo-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-50"
          data-testid="publish-confirm"
        >
          {warnings > 0 ? "Publish anyway" : "Publish"}
        </button>
        <button
          type="button"
          onClick={onCancel}
          disabled={busy}
          className="rounded-md bg-white px-3 py-1.5 text-xs font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-indigo-600"
          data-testid="publish-cancel"
        >
          Cancel
        </button>
      </div>
    </section>
  );
}
