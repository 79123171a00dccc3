// The write path (design §06.2): the memory pass an agent already runs after
// each reply returns one more field, the episode line; code, not the model,
// decides what the line points at and whether it may be kept.
import { z } from "zod";
import { flattenLine } from "./text.ts";
import type { ScannedText, Screen } from "./types.ts";

/** The words a line stays under: about one line of a prompt. */
export const EPISODE_WORDS = 25;

/**
 * The instruction for the `episode` field, which a memory pass's prompt can
 * repeat: `speaker` is who the line is about ("owner" for a business's owner,
 * "student", "user").
 */
export function episodeInstruction({ speaker = "user" }: { speaker?: string } = {}): string {
  return (
    `episode: ONE line, under ${EPISODE_WORDS} words, in the third person ("The ${speaker} …"), saying what this stretch of the conversation ` +
    "was about and where it ended up (decided, done, asked, left open). Name things concretely. For the thread's first " +
    "stretch, say what the thread was started for. Return an empty string only for small talk."
  );
}

/**
 * The field to merge into any memory pass's output schema, with its
 * instruction as the description: `z.object({ facts, ...episodeField() })`.
 */
export function episodeField(options: { speaker?: string } = {}) {
  return { episode: z.string().describe(episodeInstruction(options)) };
}

export type VettedLine = { kept: string } | { dropped: string; reason: string };

/**
 * A model-written line (a gist, a fold, a page title the model chose) read as
 * untrusted text: flattened to one line, and dropped, with the scan's reasons,
 * when it reads like injected instructions. The scan sees the text as written:
 * hidden characters and line breaks are evidence the flattened text no longer shows.
 */
export function vetLine(text: string, screen: Screen, what: ScannedText = "gist"): VettedLine {
  const flat = (screen.flatten ?? flattenLine)(text);
  const scan = screen.scan(text, what);
  return scan.flagged ? { dropped: flat, reason: `injection scan: ${scan.reasons.join(", ")}` } : { kept: flat };
}

/**
 * What a line may point at (design §06.2): the records this pass wrote and,
 * for a stretch it extends, those its earlier passes wrote; never records the
 * model merely proposed. When the model named pointers (`proposed`), only
 * those among them that were written are kept. Each once, in order.
 */
export function linePointers({ written, kept = [], proposed }: { written: readonly string[]; kept?: readonly string[]; proposed?: readonly string[] }): string[] {
  const real = [...new Set([...kept, ...written])];
  return proposed ? real.filter((id) => proposed.includes(id)) : real;
}
