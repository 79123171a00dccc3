"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { requestJson } from "@/components/ui/request-json";
import type { QuestionUpdate } from "@/lib/http/questions";

type Status = QuestionUpdate["status"];

const buttonClass =
  "rounded-md bg-white px-2 py-1 text-xs font-medium text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-50";

/** Mark answered and Dismiss on an open question, Reopen on a closed one; the list and the sidebar's count follow. */
export function QuestionActions({ questionId, status, question }: { questionId: string; status: Status; question: string }) {
  const router = useRouter();
  const [saving, setSaving] = useState(false);
  const [refreshing, startRefresh] = useTransition();
  const [error, setError] = useState<string | null>(null);

  async function set(next: Status) {
    setSaving(true);
    setError(null);
    try {
      await requestJson("PATCH", `/api/questions/${questionId}`, { status: next } satisfies QuestionUpdate);
      startRefresh(() => router.refresh());
    } catch (reason) {
      setError(`Could not update the question: ${(reason as Error).message}`);
    } finally {
      setSaving(false);
    }
  }

  const busy = saving || refreshing;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {status === "OPEN" ? (
        <>
          <button type="button" className={buttonClass} disabled={busy} onClick={() => set("ANSWERED")} data-testid="question-answered" aria-label={`Mark answered: ${question}`}>
            Mark answered
          </button>
          <button type="button" className={buttonClass} disabled={busy} onClick={() => set("DISMISSED")} data-testid="question-dismiss" aria-label={`Dismiss: ${question}`}>
            Dismiss
          </button>
        </>
      ) : (
        <button type="button" className={buttonClass} disabled={busy} onClick={() => set("OPEN")} data-testid="question-reopen" aria-label={`Reopen: ${question}`}>
          Reopen
        </button>
      )}
      {error && (
        <span role="alert" className="text-xs text-red-700">
          {error}
        </span>
      )}
    </div>
  );
}
