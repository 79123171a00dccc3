"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { postJson } from "@/components/ui/request-json";
import { MAX_WORKSPACE_NAME_CHARS } from "@/lib/workspaces/limits";

/** A new business of one's own; the session switches to it. */
export function NewWorkspaceForm() {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(form: FormData) {
    setBusy(true);
    setError(null);
    try {
      await postJson("/api/workspaces", { name: String(form.get("name") ?? "") });
      router.push("/");
      router.refresh();
    } catch (failure) {
      setError((failure as Error).message);
      setBusy(false);
    }
  }

  return (
    <form action={submit} className="space-y-4" aria-label="New workspace">
      <label className="block text-sm font-medium">
        Business name
        <input
          name="name"
          required
          maxLength={MAX_WORKSPACE_NAME_CHARS}
          className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-indigo-500"
        />
      </label>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <button type="submit" disabled={busy} className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-500 disabled:opacity-60">
        {busy ? "Creating…" : "Create workspace"}
      </button>
    </form>
  );
}
