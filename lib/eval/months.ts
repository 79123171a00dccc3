// Month names, shared by answer normalisation and LoCoMo date parsing.

export const MONTHS = [
  "january", "february", "march", "april", "may", "june",
  "july", "august", "september", "october", "november", "december",
] as const;

/** Every spelling monthNumber accepts, for building regular expressions. */
export const MONTH_WORDS: readonly string[] = [...MONTHS, ...MONTHS.map((m) => m.slice(0, 3)), "sept"];

/** 1–12 for "October", "oct", "Oct." or "Sept"; undefined for anything else. */
export function monthNumber(word: string): number | undefined {
  const bare = word.toLowerCase().replace(/\.$/, "");
  if (!MONTH_WORDS.includes(bare)) return undefined;
  return MONTHS.findIndex((m) => m.startsWith(bare)) + 1;
}
