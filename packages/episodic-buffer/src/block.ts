import { DAY, formatPageRef, formatSection, parsePageRef, parseSection } from "./text.ts";

// The episodic buffer's block (design §09), a system message right before the
// oldest windowed message:
// [EARLIER IN THIS THREAD]
// <note>
// - 2026-10-02: Owner wants a second location in Houma (filed in pages/Second Location)
// - … more of this thread happened here; search_chat_history finds it.
// - 2026-10-11: Compared two lease quotes (filed in pages/Second Location)
//
// A fold (one line for several older stretches) spans days:
// - 2026-07-01 to 2026-08-15: <gist> (filed in pages/A, pages/B)
// and a line whose records were repaired since says so before its pointer:
// - 2026-10-11: <gist> [the owner rejected what this line points at] (filed in pages/…)

export const BUFFER_HEADER = "[EARLIER IN THIS THREAD]";
export const BUFFER_GAP_LINE = "- … more of this thread happened here; search_chat_history finds it.";
export const BUFFER_NOTE =
  "These lines are your own notes on older parts of this thread, not the user's words and not evidence for a number. " +
  "Open a page with read_page, or find the exact words with search_chat_history, before you rely on one.";

/** The note and gap marker a model without tools (which can neither open pages nor search) is shown instead. */
export const BUFFER_NOTE_WITHOUT_TOOLS =
  "These lines are your own notes on older parts of this thread, not the user's words and not evidence for a number. " +
  "You cannot open pages or search this thread here: say what a line covers, and ask the owner for the detail before you rely on one.";
export const BUFFER_GAP_LINE_WITHOUT_TOOLS = "- … more of this thread happened here; it cannot be searched from here.";

/** The block as a model without tools is shown it: its note and gap markers say that search is unavailable. */
export function withoutSearch(block: string): string {
  return block
    .split("\n")
    .map((line) => (line === BUFFER_NOTE ? BUFFER_NOTE_WITHOUT_TOOLS : line === BUFFER_GAP_LINE ? BUFFER_GAP_LINE_WITHOUT_TOOLS : line))
    .join("\n");
}

const isGapLine = (line: string) => line === BUFFER_GAP_LINE || line === BUFFER_GAP_LINE_WITHOUT_TOOLS;

/**
 * What a line says about its own records: every pointer was rejected by the
 * owner; a record it points at was corrected or replaced since; the owner
 * wrote the line's wording by hand.
 */
export const BUFFER_MARKS = {
  rejected: "[the owner rejected what this line points at]",
  corrected: "[a value filed here was corrected or replaced since: read the page]",
  "owner-edit": "[worded by the owner]",
} as const;
export type BufferMark = keyof typeof BUFFER_MARKS;
const MARK_ORDER = Object.keys(BUFFER_MARKS) as BufferMark[];

export type BufferLineText = {
  /** The first day a fold covers; null for a single stretch's line. */
  since: string | null;
  day: string;
  gist: string;
  /** The pages listed in the pointer, in order. */
  pages: string[];
  /** Pages filed but not listed for lack of room ("+2 more"). */
  more: number;
  marks: BufferMark[];
};

export type BufferBlockText = {
  /** Oldest first. */
  lines: BufferLineText[];
  /** A gap marker follows each lines[i] listed (-1: before every line); empty when no stretch was provably left out. */
  gapsAfter: number[];
};

const ENTRY = new RegExp(`^- (${DAY})(?: to (${DAY}))?: (.*)$`);
const NOTHING_FILED = "(nothing filed)";

/** "(filed in pages/A, pages/B, +2 more)", or "(nothing filed)": the pointer the model can follow. */
export function formatPointer(pages: readonly string[], more: number): string {
  if (pages.length === 0) return NOTHING_FILED;
  return `(filed in ${[...pages.map(formatPageRef), ...(more > 0 ? [`+${more} more`] : [])].join(", ")})`;
}

/** "- 2026-10-02:", or "- 2026-07-01 to 2026-08-15:" for a fold: what every line starts with. */
export function formatBufferLinePrefix(day: string, since: string | null = null): string {
  return since ? `- ${since} to ${day}:` : `- ${day}:`;
}

/** The marks as they stand between the gist and the pointer, in one fixed order. */
export function formatMarks(marks: readonly BufferMark[]): string {
  return MARK_ORDER.filter((m) => marks.includes(m)).map((m) => BUFFER_MARKS[m]).join(" ");
}

export function formatBufferLine(line: BufferLineText): string {
  return [formatBufferLinePrefix(line.day, line.since), line.gist, formatMarks(line.marks), formatPointer(line.pages, line.more)]
    .filter(Boolean)
    .join(" ");
}

/** The marks at the end of a gist, and the gist without them. */
function parseMarks(text: string): { gist: string; marks: BufferMark[] } {
  let gist = text.trim();
  const marks: BufferMark[] = [];
  for (let found = true; found; ) {
    found = false;
    for (const mark of MARK_ORDER) {
      if (gist.endsWith(BUFFER_MARKS[mark])) {
        marks.unshift(mark);
        gist = gist.slice(0, -BUFFER_MARKS[mark].length).trim();
        found = true;
      }
    }
  }
  return { gist, marks };
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
  if (!m || isGapLine(text.trim())) return null;
  const [since, day] = m[2] ? [m[1], m[2]] : [null, m[1]];
  const body = m[3];
  // The pointer is the last parenthesis; a clipped line may have lost its closing bracket.
  const at = Math.max(body.lastIndexOf("(filed in "), body.lastIndexOf(NOTHING_FILED));
  if (at < 0) return { since, day, ...parseMarks(body), pages: [], more: 0 };
  const refs = body.slice(at).replace(/^\((?:filed in|nothing filed)\s*/, "");
  return { since, day, ...parseMarks(body.slice(0, at)), ...parsePointer(refs) };
}

/** Lines are given already rendered (render.ts fits each to its character cap). */
export function formatBufferBlock(lines: readonly string[], gapsAfter: readonly number[]): string {
  const body = lines.flatMap((line, i) => [line, ...(gapsAfter.includes(i) ? [BUFFER_GAP_LINE] : [])]);
  // -1: the first stretch's own line was dropped, and the gap still sits where that stretch ends.
  return formatSection(BUFFER_HEADER, [BUFFER_NOTE, ...(gapsAfter.includes(-1) ? [BUFFER_GAP_LINE] : []), ...body]);
}

/** Null when the text holds no buffer block. */
export function parseBufferBlock(text: string): BufferBlockText | null {
  const section = parseSection(text, BUFFER_HEADER);
  if (section === null) return null;
  const lines: BufferLineText[] = [];
  const gapsAfter: number[] = [];
  for (const raw of section) {
    if (isGapLine(raw)) {
      gapsAfter.push(lines.length - 1);
      continue;
    }
    const line = parseBufferLine(raw);
    if (line) lines.push(line);
  }
  return { lines, gapsAfter };
}
