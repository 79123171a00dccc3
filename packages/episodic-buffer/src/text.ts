// Pieces every prompt text format of the buffer shares: how a memory record
// is named, how a day is written, how a "[HEADER]" section opens. The block's
// format/parse pair (block.ts) is built on them, and an agent's own prompt
// formats can use them so its notes read the same way.

const PAGE_PREFIX = "pages/";

/** How a page is named in prompts and buffer lines: "pages/Second Location". */
export function formatPageRef(title: string): string {
  return `${PAGE_PREFIX}${title}`;
}

/** "pages/Second Location" → "Second Location"; null when the text is not a page reference. */
export function parsePageRef(ref: string): string | null {
  const trimmed = ref.trim();
  if (!trimmed.startsWith(PAGE_PREFIX)) return null;
  const title = trimmed.slice(PAGE_PREFIX.length).trim();
  return title || null;
}

/** "2026-10-02": dates in prompts are UTC calendar days. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export const DAY = String.raw`\d{4}-\d{2}-\d{2}`;

const SECTION_HEADER = /^\[[A-Z][A-Z ]*\]$/;

/** A section opens with a "[HEADER]" line standing alone (personas mention headers in prose, never alone on a line). */
export function formatSection(header: string, lines: readonly string[]): string {
  return [header, ...lines].join("\n");
}

/** The non-empty lines under a "[HEADER]" line, up to the next header; null when the header is absent. */
export function parseSection(text: string, header: string): string[] | null {
  const lines = text.split("\n").map((l) => l.trim());
  const start = lines.indexOf(header);
  if (start < 0) return null;
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((l) => SECTION_HEADER.test(l));
  return (end < 0 ? rest : rest.slice(0, end)).filter(Boolean);
}

/**
 * Text made one plain line: line breaks and runs of spaces become one space,
 * control and invisible format characters go. A gist or title flattened so can
 * never open a new line in the block, fake a role marker at a line start, or
 * carry characters a reader cannot see. An agent with a stricter cleaner of its
 * own passes it as `Screen.flatten`.
 */
export function flattenLine(text: string): string {
  return text
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, (c) => (/\s/.test(c) ? " " : ""))
    .replace(/\s+/g, " ")
    .trim();
}
