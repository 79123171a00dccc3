import type { ChosenEpisode, EpisodeLine, Screen } from "../src/index.ts";

/**
 * A stand-in for an agent's injection scan: a few shapes of an attack, each
 * with a reason, so a test can see a line dropped and why. The reference
 * app passes its own scan; the package never guesses at one.
 */
const RULES: [reason: string, pattern: RegExp][] = [
  ["override-instruction", /ignore (all )?(previous|prior) instructions/i],
  ["role-play", /^(system:|you are now\b)/i],
  ["markup", /<[a-z][^>]*>/i],
  ["link", /https?:\/\//i],
];

export const testScreen: Screen = {
  scan: (text) => {
    const reasons = RULES.filter(([, pattern]) => pattern.test(text)).map(([reason]) => reason);
    return { flagged: reasons.length > 0, reasons };
  },
};

/** A line over messages 1–10 dated `day`. */
export function chosen(reason: ChosenEpisode["reason"], day: string, gist: string, pages: string[], id = `${reason}-${day}`): ChosenEpisode {
  const at = new Date(`${day}T15:30:00Z`);
  const episode: EpisodeLine = { id, fromSeq: 1, toSeq: 10, fromAt: at, toAt: at, gist, pages, marks: [] };
  return { episode, reason };
}
