import { day } from "@/components/ui/format";

type Dated = { updatedAt: Date | string };

/** "Today", "Yesterday" or the day (UTC, like every date the app shows) a thread last changed. */
export function dayLabel(date: Date | string, now: Date): string {
  const shown = day(date);
  if (shown === day(now)) return "Today";
  if (shown === day(new Date(now.getTime() - 86_400_000))) return "Yesterday";
  return shown;
}

/**
 * The sidebar's threads, newest first, each with the heading of its day when
 * it starts one: `previous` is the day of the thread listed just before
 * (the server's last one, for the ones the browser loads after it).
 */
export function byDay<T extends Dated>(threads: T[], now: Date, previous: string | null = null): { heading: string | null; thread: T }[] {
  let last = previous;
  return threads.map((thread) => {
    const label = dayLabel(thread.updatedAt, now);
    const heading = label === last ? null : label;
    last = label;
    return { heading, thread };
  });
}
