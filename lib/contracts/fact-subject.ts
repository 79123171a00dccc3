// When two fact keys name the same subject: the rule the server applies
// before it lets one fact replace another, shared with any model that wants
// to propose only replacements the server will accept.

/** Keys are compared lowercased, with stray punctuation and extra spaces gone: "Butter  supplier." is "butter supplier". */
export function normaliseKey(key: string): string {
  return key
    .toLowerCase()
    .replace(/[’]/g, "'")
    .replace(/[^\p{L}\p{N}$%&/'\s-]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** Words that say what kind of value a fact holds, never which thing it is about: "delivery fee" and "card fee" are different subjects. */
const KIND_WORDS = new Set(
  (
    "price prices cost costs fee fees rate rates amount total date dates day time name names choice plan plans note notes detail " +
    "details number info preference decision value quote quotes new old current main other the a an of for and to on in our my " +
    "suggestion amount schedule"
  ).split(" "),
);

/** The words of a key that say what kind of value it holds ("price", "date"), singular; articles and prepositions aside. */
export function kindWords(key: string): Set<string> {
  const kinds = normaliseKey(key)
    .split(/[\s/-]+/)
    .filter((w) => KIND_WORDS.has(w) && w.length > 3)
    .map((w) => (w.endsWith("s") && !w.endsWith("ss") ? w.slice(0, -1) : w));
  return new Set(kinds);
}

/** The words of a key that name its subject, singular. */
export function subjectWords(key: string): Set<string> {
  const words = normaliseKey(key)
    .split(/[\s/-]+/)
    .filter((w) => w.length > 1 && !KIND_WORDS.has(w));
  return new Set(words.map((w) => (w.length > 3 && w.endsWith("s") && !w.endsWith("ss") ? w.slice(0, -1) : w)));
}

/**
 * Whether two keys name the same subject: equal once normalised, or sharing a
 * word that names a thing ("van choice" and "van purchase"); words that only
 * say what kind of value it is ("fee", "date") do not count.
 */
export function sameSubject(a: string, b: string): boolean {
  if (normaliseKey(a) === normaliseKey(b)) return true;
  const ours = subjectWords(a);
  return [...subjectWords(b)].some((w) => ours.has(w));
}
