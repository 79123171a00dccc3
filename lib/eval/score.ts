// Scores a model's answer against a planted fact by normalised substring
// match: cheap, deterministic and the same for every model, so arms differ
// only in what the model could see, never in how it was judged.

import { MONTHS, MONTH_WORDS, monthNumber } from "@/lib/eval/months";

const MONTH_WORD = `(${MONTH_WORDS.join("|")})\\.?`;

// Address words people write both ways; "dr" is left alone because it is also "Doctor".
const STREET_WORDS: Record<string, string> = {
  st: "street", ave: "avenue", rd: "road", blvd: "boulevard", hwy: "highway", ln: "lane",
};

function fullMonth(word: string): string {
  const month = monthNumber(word);
  return month === undefined ? word : MONTHS[month - 1];
}

/** "10/14" or "10/14/2026" read as US month/day; anything that is not a real month and day stays as it was. */
function numericDateToWords(text: string): string {
  return text.replace(/\b(\d{1,2})\/(\d{1,2})(?:\/(\d{2,4}))?\b/g, (whole, m: string, d: string, y?: string) => {
    const month = Number(m);
    const day = Number(d);
    if (month < 1 || month > 12 || day < 1 || day > 31) return whole;
    return `${MONTHS[month - 1]} ${day}${y ? ` ${y}` : ""}`;
  });
}

/** Every date form becomes "october 14": "Oct. 14th", "14 October", "the 14th of Oct". */
function datesToMonthDay(text: string): string {
  return numericDateToWords(text.replace(/\b(\d{1,2})(st|nd|rd|th)\b/g, "$1"))
    .replace(new RegExp(`\\b(\\d{1,2}) (?:of )?${MONTH_WORD}(?=\\W|$)`, "g"), (_, day: string, month: string) => `${fullMonth(month)} ${day}`)
    .replace(new RegExp(`\\b${MONTH_WORD} (\\d{1,2})\\b`, "g"), (_, month: string, day: string) => `${fullMonth(month)} ${day}`);
}

/** "$2,350.00", "2,350 dollars" and "2350" all become "2350"; other decimals keep their point so 2350.50 ≠ 2350. */
function plainNumbers(text: string): string {
  return text
    .replace(/(\d),(?=\d{3}\b)/g, "$1")
    .replace(/(\d)\.00\b/g, "$1")
    .replace(/(\d)\s*(?:dollars?|usd|bucks)\b/g, "$1");
}

export function normaliseAnswer(text: string): string {
  // Accents are folded so "Renée" matches "Renee"; letters of any script survive.
  const lowered = text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().replace(/&/g, " and ");
  return datesToMonthDay(plainNumbers(lowered))
    .replace(/[^\p{L}\p{N}.]+/gu, " ")
    .replace(/\.(?!\d)|(?<!\d)\./g, " ")
    .split(" ")
    .filter((word) => word !== "")
    .map((word) => STREET_WORDS[word] ?? word)
    .join(" ");
}

/**
 * Correct iff some accepted form of the fact appears, as whole words, in the
 * answer. Whole words matter: "$23,500" must not pass for "$2,350". An answer
 * that also names a wrong value still counts; judging hedges needs a judge.
 */
export function scoreAnswer(answer: string, fact: { accept: readonly string[] }): boolean {
  const haystack = ` ${normaliseAnswer(answer)} `;
  return fact.accept.some((form) => {
    const needle = normaliseAnswer(form);
    return needle !== "" && haystack.includes(` ${needle} `);
  });
}

/**
 * Lower case, punctuation and articles gone, as LoCoMo (Maharana et al.,
 * 2024) and SQuAD normalise before comparing tokens; "and" goes too, as in
 * LoCoMo's own scorer. No stemming.
 */
export function answerTokens(text: string): string[] {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, " ")
    .split(/\s+/)
    .filter((word) => word !== "" && !["a", "an", "the", "and"].includes(word));
}

/**
 * Token F1 between an answer and a free-text gold answer: the harmonic mean
 * of the share of the answer's tokens found in the gold and the share of the
 * gold's tokens found in the answer, each token counted as often as it
 * occurs in both. A long answer that contains the gold scores below 1, as in
 * the paper; that is why the report shows it beside the judge, not alone.
 */
export function tokenF1(answer: string, gold: string): number {
  const predicted = answerTokens(answer);
  const truth = answerTokens(gold);
  if (predicted.length === 0 || truth.length === 0) return predicted.length === truth.length ? 1 : 0;
  const counts = new Map<string, number>();
  for (const token of truth) counts.set(token, (counts.get(token) ?? 0) + 1);
  let common = 0;
  for (const token of predicted) {
    const left = counts.get(token) ?? 0;
    if (left > 0) {
      common++;
      counts.set(token, left - 1);
    }
  }
  if (common === 0) return 0;
  const precision = common / predicted.length;
  const recall = common / truth.length;
  return (2 * precision * recall) / (precision + recall);
}
