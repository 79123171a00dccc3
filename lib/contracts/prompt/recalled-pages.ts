import { DAY, formatPageRef, formatSection, parsePageRef, parseSection } from "@/lib/contracts/prompt/common";

// Recalled pages in the system prompt:
// [RECALLED PAGES]
// pages/Second Location
// - (confirmed) Budget under $2,500/mo [said by owner, 2026-10-02]

export const RECALLED_PAGES_HEADER = "[RECALLED PAGES]";

export type FactLine = { text: string; label: "confirmed" | "unconfirmed"; source: "owner" | "agent"; day: string };
export type RecalledPageText = { title: string; facts: FactLine[] };

const FACT_LINE = new RegExp(`^- \\((confirmed|unconfirmed)\\) (.+) \\[said by (owner|agent), (${DAY})\\]$`);

/** One recalled or opened fact as prompts show it. */
export function formatFactLine(fact: FactLine): string {
  return `- (${fact.label}) ${fact.text} [said by ${fact.source}, ${fact.day}]`;
}

export function parseFactLine(line: string): FactLine | null {
  const m = FACT_LINE.exec(line.trim());
  return m ? { label: m[1] as FactLine["label"], text: m[2], source: m[3] as FactLine["source"], day: m[4] } : null;
}

/** Null when no page has a fact to show, so the prompt carries no empty section. */
export function formatRecalledPages(pages: readonly RecalledPageText[]): string | null {
  const shown = pages.filter((p) => p.facts.length > 0);
  if (shown.length === 0) return null;
  const lines = shown.flatMap((page, i) => [...(i > 0 ? [""] : []), formatPageRef(page.title), ...page.facts.map(formatFactLine)]);
  return formatSection(RECALLED_PAGES_HEADER, lines);
}

/** Every page and fact under the header, in order; [] when the text has no recalled pages. */
export function parseRecalledPages(text: string): RecalledPageText[] {
  const pages: RecalledPageText[] = [];
  for (const line of parseSection(text, RECALLED_PAGES_HEADER) ?? []) {
    const title = parsePageRef(line);
    if (title !== null) {
      pages.push({ title, facts: [] });
      continue;
    }
    const fact = parseFactLine(line);
    if (fact && pages.length > 0) pages[pages.length - 1].facts.push(fact);
  }
  return pages;
}
