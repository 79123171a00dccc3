import type { ChosenEpisode, EpisodeLine, Gap, Selection } from "./types.ts";

/**
 * A history read that came back short already holds the whole thread, so there
 * is nothing older to point at; only a full read proves messages exist beyond
 * the window, and only then is the buffer worth a database read.
 */
export function shouldReadBuffer(historyLength: number, window: number): boolean {
  return historyLength === window;
}

/**
 * Picks the buffer's lines by primacy and recency (design §06.3): the thread's
 * first stretch, because it says what the conversation was started for, then the
 * stretches just before the window, because they lead into what the model sees.
 * With folds (§10: one line for several older stretches), up to half the lines
 * after the first go to the newest folds older than the recent lines shown, so
 * the far middle is still pointed at; the total stays within `maxLines`.
 *
 * `recent` must be the result of reading exactly `maxLines` episodes ending
 * before the window, newest first, and `folds` the newest folds ending before
 * it. Reading more than can be shown is what keeps the gap marker honest: a
 * marker follows a shown line only when a stretch that was read, and is not
 * shown, lies wholly between it and the next shown line (a stretch a shown
 * fold covers is not left out), so the gap is never guessed.
 *
 * `windowStartSeq` (the oldest windowed message's seq) lets the caller pass the
 * thread's first episode unfiltered: a first stretch that has not ended before
 * the window is still on screen and must not be repeated as a note.
 *
 * `endedBeforeWindow` (how many episodes end before the window) lets each gap
 * say how many lines it leaves out: the read left-outs it holds, plus, for the
 * gap older than everything read, the episodes the read never fetched.
 */
export function selectEpisodes(
  first: EpisodeLine | null,
  recent: EpisodeLine[],
  maxLines: number,
  windowStartSeq?: number,
  folds: EpisodeLine[] = [],
  endedBeforeWindow?: number,
): Selection {
  const primacy = first && endsBeforeWindow(first, windowStartSeq) ? first : null;
  if (!primacy || maxLines < 1) return { shown: [], gaps: [] };

  const read = [...recent].sort((a, b) => byPosition(b, a)).slice(0, maxLines);
  const later = read.filter((e) => e.id !== primacy.id && e.fromSeq > primacy.toSeq);
  const usableFolds = folds
    .filter((f) => f.fromSeq > primacy.toSeq && endsBeforeWindow(f, windowStartSeq))
    .sort((a, b) => byPosition(b, a));
  const budget = maxLines - 1;
  const foldCap = usableFolds.length > 0 ? Math.floor(budget / 2) : 0;

  const split = (k: number) => {
    const shownRecent = later.slice(0, k);
    const oldest = shownRecent.at(-1);
    const shownFolds = usableFolds.filter((f) => !oldest || f.toSeq < oldest.fromSeq).slice(0, budget - shownRecent.length);
    return { recent: shownRecent, folds: shownFolds, lines: shownRecent.length + shownFolds.length };
  };
  // The fewest recent lines that still show as many lines as any split: folds reach further back.
  const splits = Array.from({ length: Math.min(foldCap, budget) + 1 }, (_, i) => split(budget - Math.min(foldCap, budget) + i));
  const best = splits.reduce((a, b) => (b.lines > a.lines ? b : a));

  const shown: ChosenEpisode[] = [
    { episode: primacy, reason: "first" },
    ...oldestFirst(best.folds).map((episode) => ({ episode, reason: "fold" as const })),
    ...oldestFirst(best.recent).map((episode) => ({ episode, reason: "recent" as const })),
  ];
  const shownIds = new Set(shown.map((c) => c.episode.id));
  const leftOut = [...read, ...usableFolds].filter((e) => !shownIds.has(e.id));
  const readIds = new Set([primacy.id, ...read.map((e) => e.id)]);
  const oldestRead = read.filter((e) => e.id !== primacy.id).at(-1);
  // Episodes between the first and the oldest read one that the read never fetched; unknown without the count.
  const unread = endedBeforeWindow !== undefined ? Math.max(0, endedBeforeWindow - readIds.size) : read.length < maxLines ? 0 : null;
  // After the last line, the next thing shown is the window itself.
  const gaps = shown.flatMap(({ episode: a }, i): Gap[] => {
    const next = shown[i + 1]?.episode.fromSeq ?? windowStartSeq ?? Infinity;
    const inside = leftOut.filter((x) => x.fromSeq > a.toSeq && x.toSeq < next);
    if (inside.length === 0) return [];
    const spansUnread = oldestRead !== undefined && a.toSeq + 1 < oldestRead.fromSeq;
    // A shown fold in the unread stretch covers episodes nobody counted, so the count would be a guess.
    const foldInUnread = best.folds.some((f) => spansUnread && f.toSeq < oldestRead.fromSeq);
    const readLeftOut = inside.filter((x) => read.includes(x)).length;
    const lines = !spansUnread ? readLeftOut : unread === null || foldInUnread ? null : readLeftOut + unread;
    const toSeq = Number.isFinite(next) ? next - 1 : Math.max(...inside.map((x) => x.toSeq));
    return [{ after: i, fromSeq: a.toSeq + 1, toSeq, lines }];
  });
  return { shown, gaps };
}

function endsBeforeWindow(episode: EpisodeLine, windowStartSeq: number | undefined): boolean {
  return windowStartSeq === undefined || episode.toSeq < windowStartSeq;
}

/** Seq, not time: several stretches can be filed in the same instant, but (thread, toSeq) is unique. */
function byPosition(a: EpisodeLine, b: EpisodeLine): number {
  return a.toSeq - b.toSeq || a.fromSeq - b.fromSeq;
}

function oldestFirst(episodes: EpisodeLine[]): EpisodeLine[] {
  return [...episodes].sort(byPosition);
}
