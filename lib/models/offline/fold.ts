import { parseBufferLine } from "@/lib/contracts/prompt/buffer-block";
import { clipChars, clipWords } from "@/lib/models/offline/text";

// The fold line (§10 chunks of chunks): one line for several consecutive
// episode lines. The offline model has no summary of its own to give, so it
// keeps what each line said first (its subject and where it ended up), in
// order, after the pages they were filed on, so the line still names what a
// question about any of them would be looking for.

const MAX_WORDS = 30;
const MAX_CHARS = 400;

/** The gist's first clause: what the stretch was about. */
const headOf = (gist: string) => gist.split(/(?<=[.;])\s/)[0].replace(/[.;]+$/, "").trim();

/** Null when no lines are given: no fold is due. */
export function foldLine(lines: readonly string[]): string | null {
  const parsed = lines.flatMap((line) => parseBufferLine(line) ?? []);
  if (parsed.length === 0) return null;
  const pages = [...new Set(parsed.flatMap((l) => l.pages))];
  const heads = [...new Set(parsed.map((l) => headOf(l.gist)).filter(Boolean))];
  const lead = pages.length > 0 ? `${parsed.length} stretches on ${pages.join(", ")}` : `${parsed.length} stretches of talk`;
  return clipChars(clipWords(`${lead}: ${heads.join("; ")}.`, MAX_WORDS), MAX_CHARS);
}
