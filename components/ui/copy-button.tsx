"use client";

import { useEffect, useState } from "react";

/**
 * Copies a text to the clipboard. The clipboard needs a secure page (https
 * or localhost), so a refusal is said, not swallowed. `label` is the
 * button's name; `shown`, when given, the shorter word it shows ("Copy"
 * beside a message whose button is named "Copy message #12").
 */
export function CopyButton(props: { text: string; label: string; shown?: string; blocked?: string; className: string; testId?: string }) {
  const { text, label, shown = label, blocked = "Copy blocked", className, testId } = props;
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
    <button type="button" onClick={copy} className={className} aria-label={state === "idle" ? label : undefined} data-testid={testId}>
      <span aria-live="polite">{state === "copied" ? "Copied" : state === "failed" ? blocked : shown}</span>
    </button>
  );
}
