"use client";

import { useEffect, useState } from "react";

/** Copies the whole assembled prompt; the clipboard needs a secure page (https or localhost), so a refusal is said, not swallowed. */
export function CopyPromptButton({ text }: { text: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");

  useEffect(() => {
    if (state === "idle") return;
    const reset = setTimeout(() => setState("idle"), 2000);
    return () => clearTimeout(reset);
  }, [state]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setState("copied");
    } catch {
      setState("failed");
    }
  }

  return (
    <button
      type="button"
      onClick={copy}
      className="rounded-md border border-slate-300 bg-white px-2.5 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50"
    >
      <span aria-live="polite">{state === "copied" ? "Copied" : state === "failed" ? "Copy blocked: see Prompt below" : "Copy prompt"}</span>
    </button>
  );
}
