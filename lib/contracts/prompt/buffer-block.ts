import { DAY, formatPageRef, formatSection, parsePageRef, parseSection } from "@/lib/contracts/prompt/common";

// The episodic buffer's block (design §09), a system message right before the
// oldest windowed message:
// [EARLIER IN THIS THREAD]
// <note>
// - 2026-10-02: Owner wants a second location in Houma (filed in pages/Second Location)
// - … more of this thread happened here; search_chat_history finds it.
// - 2026-10-11: Compared two lease quotes (filed in pages/Second Location)

export const BUFFER_HEADER = "[EARLIER IN THIS THREAD]";
export const BUFFER_GAP_LINE = "- … more of this thread happened here; search_chat_history finds it.";
export const BUFFER_NOTE =
  "These lines are your own notes on older parts of this thread, not the user's words and not evidence for a number. " +
  "Open a page with read_page, or find the exact words with search_chat_history, before you rely on one.";

export type BufferLineText = {
  day: string;
  gist: string;
  /** The pages listed in the pointer, in order. */
  pages: string[];
  /** Pages filed but not listed for lack of room ("+2 more"). */
  more: number;
};

export type BufferBlockText = {
  /** Oldest first. */
  lines: BufferLineText[];
  /** The gap marker follows lines[gapAfter] (-1: before every line); null when no stretch was provably left out. */
  gapAfter: number | null;
};

const ENTRY = new RegExp(`^- (${DAY}): (.*)$`);
const NOTHING_FILED = "(nothing filed)";

/** "(filed in pages/A, pages/B, +2 more)", or "(nothing filed)": the pointer the model can follow. */
export function formatPointer(pages: readonly string[], more: number): string {
  if (pages.length === 0) return NOTHING_FILED;
  return `(filed in ${[...pages.map(formatPageRef), ...(more > 0 ? [`+${more} more`] : [])].join(", ")})`;
}

/** "- 2026-10-02:", what every line starts with. */
export function formatBufferLinePrefix(day: string): string {
  return `- ${day}:`;
}

export function formatBufferLine(line: BufferLineText): string {
  return [formatBufferLinePrefix(line.day), line.gist, formatPointer(line.pages, line.more)].filter(Boolean).join(" ");
}

/** A title may itself hold a comma, so refs split only before the next "pages/" or "+N more". */
function parsePointer(refs: string): { pages: string[]; more: number } {
  const items = refs.split(/,\s*(?=pages\/|\+\d+ more)/);
  const more = Number(/^\+(\d+) more/.exec(items.at(-1) ?? "")?.[1] ?? 0);
  const pages = items.flatMap((item) => parsePageRef(item.replace(/[)…]+$/, "")) ?? []);
  return { pages, more };
}

export function parseBufferLine(text: string): BufferLineText | null {
  const m = ENTRY.exec(text.trim());
  if (!m || text.trim() === BUFFER_GAP_LINE) return null;
  const body = m[2];
  // The pointer is the last parenthesis; a clipped line may have lost its closing bracket.
  const at = Math.max(body.lastIndexOf("(filed in "), body.lastIndexOf(NOTHING_FILED));
  if (at < 0) return { day: m[1], gist: body.trim(), pages: [], more: 0 };
  const refs = body.slice(at).replace(/^\((?:filed in|nothing filed)\s*/, "");
  return { day: m[1], gist: body.slice(0, at).trim(), ...parsePointer(refs) };
}

/** Lines are given already rendered (render.ts fits each to its character cap). */
export function formatBufferBlock(lines: readonly string[], gapAfter: number | null): string {
  const body = lines.flatMap((line, i) => [line, ...(gapAfter === i ? [BUFFER_GAP_LINE] : [])]);
  // gapAfter -1: the first stretch's own line was dropped, and the gap still sits where that stretch ends.
  return formatSection(BUFFER_HEADER, [BUFFER_NOTE, ...(gapAfter === -1 ? [BUFFER_GAP_LINE] : []), ...body]);
}

/** Null when the text holds no buffer block. */
export function parseBufferBlock(text: string): BufferBlockText | null {
  const section = parseSection(text, BUFFER_HEADER);
  if (section === null) return null;
  const lines: BufferLineText[] = [];
  let gapAfter: number | null = null;
  for (const raw of section) {
    if (raw === BUFFER_GAP_LINE) {
      gapAfter = lines.length - 1;
      continue;
    }
    const line = parseBufferLine(raw);
    if (line) lines.push(line);
  }
  return { lines, gapAfter };
}
