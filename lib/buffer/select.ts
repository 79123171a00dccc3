import type { ChosenEpisode, EpisodeLine, Selection } from "@/lib/buffer/types";

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
 *
 * `recent` must be the result of reading exactly `maxLines` episodes ending
 * before the window, newest first. Reading one more than can be shown next to
 * `first` is what keeps the gap marker honest: when `first` is not among them
 * and the read came back full, the record dropped to make room for `first`
 * proves a stretch sits in between, so the gap is never guessed.
 *
 * `windowStartSeq` (the oldest windowed message's seq) lets the caller pass the
 * thread's first episode unfiltered: a first stretch that has not ended before
 * the window is still on screen and must not be repeated as a note.
 */
export function selectEpisodes(
  first: EpisodeLine | null,
  recent: EpisodeLine[],
  maxLines: number,
  windowStartSeq?: number,
): Selection {
  const primacy = first && endsBeforeWindow(first, windowStartSeq) ? first : null;
  if (!primacy || maxLines < 1) return { shown: [], gap: false };

  const newestFirst = [...recent].sort((a, b) => byPosition(b, a)).slice(0, maxLines);
  if (newestFirst.some((episode) => episode.id === primacy.id)) {
    return { shown: oldestFirst(newestFirst).map((episode) => choose(episode, primacy)), gap: false };
  }

  const latest = newestFirst.slice(0, maxLines - 1);
  return {
    shown: oldestFirst([primacy, ...latest]).map((episode) => choose(episode, primacy)),
    gap: newestFirst.length === maxLines,
  };
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

function choose(episode: EpisodeLine, primacy: EpisodeLine): ChosenEpisode {
  return { episode, reason: episode.id === primacy.id ? "first" : "recent" };
}
