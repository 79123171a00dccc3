import Link from "next/link";
import type { ReactNode } from "react";
import type { BufferReport } from "@/lib/contracts/buffer-report";
import { BUFFER_GAP_LINE } from "@/lib/contracts/prompt/buffer-block";
import { formatPageRef } from "@/lib/contracts/prompt/common";
import { lineOnPageHref } from "@/components/ui/routes";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Splits a line at every "pages/<Title>" of a page that exists. Known titles
 * are matched whole, longest first, because a title may itself contain a
 * comma or a parenthesis that would end a naive match early.
 */
function linked(line: string, pageIds: Record<string, string>, episodeId: string | undefined): ReactNode[] {
  const titles = Object.keys(pageIds).sort((a, b) => b.length - a.length);
  if (titles.length === 0 || !episodeId) return [line];
  const pattern = new RegExp(titles.map((t) => escapeRegExp(formatPageRef(t))).join("|"), "g");
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of line.matchAll(pattern)) {
    const title = match[0].slice(formatPageRef("").length);
    nodes.push(line.slice(last, match.index));
    nodes.push(
      <Link key={match.index} href={lineOnPageHref(pageIds[title], episodeId)} className="text-sky-300 underline underline-offset-2 hover:text-sky-200" data-testid="block-page-link">
        {match[0]}
      </Link>,
    );
    last = match.index + match[0].length;
  }
  nodes.push(line.slice(last));
  return nodes;
}

/**
 * The block exactly as injected, with its page pointers clickable (each opens
 * the page with the facts its line points at highlighted) and the gap marker
 * set apart. `lines` are the shown lines in block order, so every line can say
 * whether it is the first stretch, a fold of older ones or a recent one.
 */
export function BufferBlock({ text, pageIds, lines }: { text: string; pageIds: Record<string, string>; lines: Pick<BufferReport["chosen"][number], "reason" | "episodeId">[] }) {
  let episodeLine = 0;
  return (
    <pre className="overflow-x-auto rounded-md bg-slate-900 p-3 text-xs leading-relaxed whitespace-pre-wrap text-slate-100" data-testid="buffer-block">
      {text.split("\n").map((line, i) => {
        const gap = line === BUFFER_GAP_LINE;
        const shown = !gap && line.startsWith("- ") ? lines[episodeLine++] : undefined;
        const reason = shown?.reason;
        return (
          <span
            key={i}
            className={`block ${gap ? "text-amber-300 italic" : ""}`}
            data-testid={gap ? "buffer-gap-line" : reason ? "buffer-line" : undefined}
            data-reason={reason}
          >
            {linked(line, pageIds, shown?.episodeId)}
          </span>
        );
      })}
    </pre>
  );
}
