import { segmentSize, threadMap, type MapInput, type MapSegment } from "@/lib/buffer/map";
import { plural, seqRange } from "@/components/ui/format";

const STRIPES = "bg-[repeating-linear-gradient(135deg,var(--stripe)_0_4px,transparent_4px_8px)]";

function look(segment: MapSegment): { colour: string; label: string } {
  switch (segment.kind) {
    case "line":
      if (segment.dropped) return { colour: "bg-red-300", label: "Line dropped by the injection scan" };
      return segment.reason === "first"
        ? { colour: "bg-indigo-500", label: "First line" }
        : segment.reason === "fold"
          ? { colour: "bg-violet-500", label: "Fold" }
          : { colour: "bg-sky-500", label: "Recent line" };
    case "gap":
      return { colour: `bg-amber-100 [--stripe:var(--color-amber-400)] ${STRIPES}`, label: "Gap" };
    case "uncovered":
      return { colour: `bg-rose-100 [--stripe:var(--color-rose-500)] ${STRIPES}`, label: "Not covered" };
    case "window":
      return { colour: "bg-slate-700", label: "Window" };
  }
}

/** Consecutive lines of one kind read as one entry ("11 recent lines"); the strip still draws each. */
type Entry = { segment: MapSegment; fromSeq: number; toSeq: number; lines: number };

function entries(segments: MapSegment[]): Entry[] {
  const out: Entry[] = [];
  for (const segment of segments) {
    const last = out.at(-1);
    const same = last && last.segment.kind === "line" && segment.kind === "line" && last.segment.reason === segment.reason && last.segment.dropped === segment.dropped;
    if (same) {
      last.toSeq = segment.toSeq;
      last.lines++;
    } else out.push({ segment, fromSeq: segment.fromSeq, toSeq: segment.toSeq, lines: 1 });
  }
  return out;
}

function detail({ segment, lines }: Entry): string {
  switch (segment.kind) {
    case "line":
      if (segment.dropped) return `${plural(lines, "line")} the model never saw`;
      return segment.reason === "first" ? "what the thread was started for" : plural(lines, segment.reason === "fold" ? "fold" : "line");
    case "gap": {
      const counted = segment.lines === null ? "lines left out (not counted: a fold covers part of it)" : `${plural(segment.lines, "line")} left out`;
      return `${counted} by the line cap, BUFFER_MAX_LINES = ${segment.maxLines}: the first line and ${segment.maxLines - 1} later ones fill it; search_chat_history reaches it`;
    }
    case "uncovered":
      return segment.why === "budget"
        ? "left out of the window to fit the model's context; the prompt says so, and search_chat_history reaches them"
        : "neither a line nor the window shows these messages, and the block does not say they exist; search_chat_history still finds them";
    case "window":
      return `${plural(segment.count, "message")} replayed as they are`;
  }
}

/**
 * The thread as the model sees it on this turn, drawn to scale: each stretch's
 * width is its share of the thread's messages (a sliver at least), so the
 * window, the lines, the gap and anything left uncovered are seen at a glance.
 */
export function ThreadMap(input: MapInput) {
  const segments = threadMap(input);
  if (segments.length === 0) return null;
  return (
    <figure className="space-y-2" data-testid="thread-map">
      <div className="flex h-5 gap-px overflow-hidden rounded-md bg-white ring-1 ring-slate-200" role="img" aria-label={entries(segments).map((e) => `${look(e.segment).label} ${seqRange(e.fromSeq, e.toSeq)}`).join(", ")}>
        {segments.map((segment) => (
          <span
            key={`${segment.kind}-${segment.fromSeq}`}
            className={`block h-full min-w-1.5 ${look(segment).colour}`}
            style={{ flexGrow: segmentSize(segment), flexBasis: 0 }}
            title={`${look(segment).label} ${seqRange(segment.fromSeq, segment.toSeq)}`}
            data-testid="map-segment"
            data-kind={segment.kind}
            data-reason={segment.kind === "line" ? segment.reason : undefined}
          />
        ))}
      </div>
      <figcaption>
        <ol className="space-y-1 text-xs text-slate-700">
          {entries(segments).map((entry) => (
            <li key={`${entry.segment.kind}-${entry.fromSeq}`} className="flex items-start gap-1.5" data-testid="map-entry" data-kind={entry.segment.kind}>
              <span aria-hidden className={`mt-0.5 inline-block h-2.5 w-2.5 shrink-0 rounded-sm ${look(entry.segment).colour}`} />
              <span>
                <span className="font-medium">{entry.lines > 1 ? `${look(entry.segment).label}s` : look(entry.segment).label}</span> <span className="tabular-nums">{seqRange(entry.fromSeq, entry.toSeq)}</span>
                <span className="text-slate-600"> · {detail(entry)}</span>
              </span>
            </li>
          ))}
        </ol>
      </figcaption>
    </figure>
  );
}
