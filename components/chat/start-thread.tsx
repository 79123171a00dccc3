"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { keepFirstPrompt } from "@/components/chat/first-prompt";
import { SuggestedPrompts } from "@/components/chat/suggested-prompts";
import { postJson } from "@/components/ui/request-json";
import { threadHref } from "@/components/ui/routes";

/** An empty workspace's start: picking a first prompt makes a thread and sends it there. */
export function StartThread() {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function start(text: string) {
    setBusy(true);
    setError(null);
    try {
      const { thread } = await postJson<{ thread: { id: string } }>("/api/threads", { kind: "OWNER" });
      keepFirstPrompt(thread.id, text);
      router.push(threadHref(thread.id));
      router.refresh();
    } catch (reason) {
      setError((reason as Error).message);
      setBusy(false);
    }
  }

  return (
    <div className="px-4 py-8">
      <p className="text-center text-sm text-slate-600">No threads yet: start one with New thread in the sidebar, or pick a first message.</p>
      <SuggestedPrompts disabled={busy} onPick={(text) => void start(text)} />
      {error && (
        <p role="alert" className="mt-3 text-center text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
