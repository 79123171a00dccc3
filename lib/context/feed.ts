// Feed recall (design §10): the lines the buffer shows steer the turn's
// memory search. The pages those lines point at join the recalled pages,
// within the recall cap, so an old topic is found even when the owner's words
// do not name it. Nothing here reads the owner's words (§05: nothing matches
// the user's words to pick for the model): which pages are fed depends only on
// the lines that reached the prompt and their pointers.

import type { BufferReport } from "@/lib/contracts/buffer-report";
import { parseBufferLine } from "@/lib/contracts/prompt/buffer-block";
import type { RecalledPage } from "@/lib/pages/recall";

/**
 * The pages the visible lines point at, ranked: pointed at by more lines
 * first, then by the newest line pointing at them. Only what the model sees
 * counts: a line the injection scan dropped, or a page left out of a line
 * for lack of room ("+2 more"), feeds nothing.
 */
export function fedTitles(chosen: BufferReport["chosen"]): string[] {
  const score = new Map<string, { lines: number; newest: number }>();
  for (const line of chosen) {
    const visible = line.line === null ? [] : (parseBufferLine(line.line)?.pages ?? []);
    for (const title of new Set(visible.filter((t) => line.pages.includes(t)))) {
      const s = score.get(title) ?? { lines: 0, newest: -1 };
      score.set(title, { lines: s.lines + 1, newest: Math.max(s.newest, line.toSeq) });
    }
  }
  return [...score.entries()].sort(([, a], [, b]) => b.lines - a.lines || b.newest - a.newest).map(([title]) => title);
}

/**
 * Recall widened by the feed, at most `cap` pages: pages both recalled and
 * fed first (in recall's order), then recall's and the feed's own in turn, so
 * neither crowds the other out. Says which pages came from the feed alone.
 */
export function mergeFed(recalled: readonly RecalledPage[], fed: readonly RecalledPage[], cap: number): { pages: RecalledPage[]; fromFeed: string[] } {
  const fedTitleSet = new Set(fed.map((p) => p.title));
  const both = recalled.filter((p) => fedTitleSet.has(p.title));
  const recallOnly = recalled.filter((p) => !fedTitleSet.has(p.title));
  const recalledTitles = new Set(recalled.map((p) => p.title));
  const feedOnly = fed.filter((p) => !recalledTitles.has(p.title));
  const interleaved = Array.from({ length: Math.max(recallOnly.length, feedOnly.length) }, (_, i) => [recallOnly[i], feedOnly[i]]).flat();
  const pages = [...both, ...interleaved.filter((p): p is RecalledPage => p !== undefined)].slice(0, cap);
  return { pages, fromFeed: pages.filter((p) => !recalledTitles.has(p.title)).map((p) => p.title) };
}
