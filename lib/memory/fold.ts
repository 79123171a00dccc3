// Chunks of chunks (design §10): once enough closed stretches sit after the
// last fold, the next memory pass also writes one line for them together, so
// the buffer can point at the far middle of a long thread without more lines.
// Which stretches are due is decided here, by position alone; the model only
// words the line.

/** Consecutive closed stretches one fold covers. */
export const FOLD_SIZE = 4;

type Stretch = { fromSeq: number; toSeq: number; closed: boolean; pages: string[] };

/**
 * The stretches due to be folded: the oldest FOLD_SIZE episodes after the
 * newest fold (and after the thread's first stretch, which the buffer always
 * shows as it is), all closed; null while fewer are. `after` is the newest
 * fold's toSeq, or the first stretch's when there is no fold yet; `episodes`
 * are the episodes after it, oldest first.
 */
export function dueFold<T extends Stretch>(episodes: readonly T[], after: number): T[] | null {
  const next = episodes.filter((e) => e.fromSeq > after).sort((a, b) => a.toSeq - b.toSeq).slice(0, FOLD_SIZE);
  return next.length === FOLD_SIZE && next.every((e) => e.closed) ? next : null;
}

/** A fold's pointers: the union of its stretches' page titles, in filing order. */
export function foldPages(episodes: readonly Pick<Stretch, "pages">[]): string[] {
  return [...new Set(episodes.flatMap((e) => e.pages))];
}
