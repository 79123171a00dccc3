// Pieces every prompt text format shares. Each format has one format/parse
// pair in this folder; the agent writes prompts with the format half and the
// offline model reads them with the parse half, so a format changes in one
// place only.

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
