// When a fact just filed looks like a changed decision of a confirmed one (pure): the rule behind the owner's supersession offers.
import { kindWords, normaliseKey, subjectWords } from "@/lib/contracts/fact-subject";

/** A fact the pass just filed, as filing returned it. */
export type JustFiled = {
  fact: { id: string; key: string; text: string; status: string; heldReason: string | null };
  pageTitle: string;
  /** Facts this filing already replaced. */
  superseded: readonly string[];
};

/** A live fact the pass was shown before it filed. */
export type LiveFact = { id: string; page: string; key: string; text: string; status: "confirmed" | "unconfirmed" };

export type ChangedDecision = { oldFactId: string; newFactId: string; reason: string };

/**
 * The values a fact states, by kind: amounts of money, percentages, times of
 * day, weekdays and months, other numbers (those its key names, like the 12
 * of "12 oz latte", are part of the subject, not a value), and names
 * (capitalised words past a sentence's start: a supplier, a street, a van's make).
 */
function valuesOf(text: string, key: string): Map<string, Set<string>> {
  const values = new Map<string, Set<string>>();
  const add = (kind: string, value: string) => values.set(kind, (values.get(kind) ?? new Set()).add(value));
  let rest = ` ${text} `;
  const take = (kind: string, pattern: RegExp, read: (m: RegExpExecArray) => string) => {
    rest = rest.replace(pattern, (...args) => {
      add(kind, read(args as unknown as RegExpExecArray));
      return " ";
    });
  };
  const amount = (digits: string, thousands?: string) => String(Number(digits.replace(/,/g, "")) * (thousands ? 1000 : 1));
  take("money", /[$€£]\s?(\d[\d,]*(?:\.\d+)?)\s?(k\b)?/gi, (m) => amount(m[1], m[2]));
  take("money", /\b(\d[\d,]*(?:\.\d+)?)\s?(k\s)?(?:dollars|euros|pounds|bucks)\b/gi, (m) => amount(m[1], m[2]));
  take("percent", /\b(\d+(?:\.\d+)?)\s?(?:%|percent\b)/gi, (m) => String(Number(m[1])));
  take("time", /\b(\d{1,2})(?::(\d{2}))?\s?([ap])\.?m\.?\b/gi, (m) => `${(Number(m[1]) % 12) + (m[3].toLowerCase() === "p" ? 12 : 0)}:${m[2] ?? "00"}`);
  take("day", /\b(mon|tues|wednes|thurs|fri|satur|sun)days?\b/gi, (m) => m[1].toLowerCase());
  take("month", /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b(?=\s+\d)/gi, (m) => m[1].toLowerCase());
  const keyNumbers = new Set(normaliseKey(key).match(/\d+(?:\.\d+)?/g) ?? []);
  take("number", /\b(\d[\d,]*(?:\.\d+)?)\b/g, (m) => m[1].replace(/,/g, ""));
  values.get("number")?.forEach((n) => keyNumbers.has(n) && values.get("number")!.delete(n));
  if (values.get("number")?.size === 0) values.delete("number");
  const keyWords = new Set(normaliseKey(key).split(" "));
  for (const sentence of rest.split(/[.!?;:]\s+/)) {
    const words = sentence.trim().split(/\s+/).slice(1);
    for (const word of words) {
      const bare = word.replace(/[^\p{L}\p{N}'-]/gu, "");
      if (/^\p{Lu}[\p{L}'-]+$/u.test(bare) && !keyWords.has(bare.toLowerCase())) add("name", bare.toLowerCase());
    }
  }
  return values;
}

/** A key's thing-words without sizes and units ("12 oz latte" is about a latte). */
const coreWords = (key: string) => new Set([...subjectWords(key)].filter((w) => w.length > 2 && !/\d/.test(w)));

/**
 * Same subject. On two pages, the keys must name the same things once
 * kind-of-value words ("price", "choice"), sizes and units are set aside: a
 * key with a thing the other lacks ("butter croissant", "croissant") is
 * another subject, and a key naming no thing ("price") says too little. On
 * one page, the page names the thing, so keys that state the same kind of
 * value ("price", "menu price") are the same subject when one key's things
 * are all among the other's.
 */
function sameThing(a: string, b: string, samePage: boolean): boolean {
  const [x, y] = [coreWords(a), coreWords(b)];
  const [small, large] = x.size <= y.size ? [x, y] : [y, x];
  const within = [...small].every((w) => large.has(w));
  const sameThings = x.size > 0 && x.size === y.size && within;
  if (!samePage) return sameThings;
  const kinds = kindWords(b);
  return sameThings || (within && [...kindWords(a)].some((k) => kinds.has(k)));
}

/** The kind of value both facts state and disagree on entirely; null when they agree on every kind they share, or share none. */
function changedValue(older: Map<string, Set<string>>, newer: Map<string, Set<string>>): string | null {
  for (const [kind, values] of newer) {
    const before = older.get(kind);
    if (before && ![...values].some((v) => before.has(v))) return kind;
  }
  return null;
}

const KIND_NAMES: Record<string, string> = {
  money: "amount",
  percent: "percentage",
  time: "time",
  day: "day",
  month: "month",
  number: "number",
  name: "name",
};

/**
 * Which confirmed facts each fact just filed looks like a changed decision
 * of: the owner's own confirmed word (not held for review), about the same
 * subject ("latte price" and "12 oz latte"; "price" and "menu price" on the
 * page Latte), stating a value of a kind the older fact also
 * states and sharing none of its values there ($5.50 then $5.75; Tuesday then
 * Thursday; Acme Dairy then Valley Farms). Facts the filing already replaced,
 * restatements (a shared value) and facts of different subjects are left
 * alone. It only offers: the owner decides.
 */
export function changedDecisions(filed: readonly JustFiled[], live: readonly LiveFact[]): ChangedDecision[] {
  const filedIds = new Set(filed.map((f) => f.fact.id));
  const offers: ChangedDecision[] = [];
  for (const { fact, pageTitle, superseded } of filed) {
    if (fact.status !== "CONFIRMED" || fact.heldReason) continue;
    const newer = valuesOf(fact.text, fact.key);
    for (const old of live) {
      if (old.status !== "confirmed" || filedIds.has(old.id) || superseded.includes(old.id)) continue;
      if (!sameThing(fact.key, old.key, old.page === pageTitle)) continue;
      const kind = changedValue(valuesOf(old.text, old.key), newer);
      if (!kind) continue;
      const where = old.page === pageTitle ? `on ${pageTitle}` : `on ${old.page}, now on ${pageTitle}`;
      offers.push({
        oldFactId: old.id,
        newFactId: fact.id,
        reason: `"${fact.key}" and "${old.key}" name the same subject with another ${KIND_NAMES[kind]} (${where})`,
      });
    }
  }
  return offers;
}
