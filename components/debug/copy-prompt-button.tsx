import { CopyButton } from "@/components/ui/copy-button";

/** Copies the whole assembled prompt. */
export function CopyPromptButton({ text }: { text: string }) {
  return (
    <CopyButton
      text={text}
      label="Copy prompt"
      blocked="Copy blocked: see Prompt below"
      className="rounded-md border border-slate-300 bg-white px-2.5 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50"
      testId="copy-prompt"
    />
  );
}
