import { hasDate, hasMoney, isDecided, isLeaning, nameRuns } from "@/lib/models/offline/signals";

// The kind of value a question asks for. When a question shares few words
// with its answer ("who's running the new shop?" vs "our new manager is Dana
// Whitfield"), the kind of value is the link a careful reader uses instead.

export type AnswerType = "name" | "date" | "money" | "place" | "decision";

/** One case-insensitive pattern from whole-word alternatives, so each way of asking reads on its own. */
function anyOf(...alternatives: string[]): RegExp {
  return new RegExp(alternatives.map((a) => `\\b${a}\\b`).join("|"), "i");
}

const MONEY_WORD = "(?:price|rent|cost|fee|rate|total|amount|budget|wage)";
const PLACE_WORD = "(?:street|place|town|city|address|site|location|storefront|neighbou?rhood)";
const CHOICE_WORD = "(?:decided?|pick(?:ed)?|choose|chose|chosen|go with|went with|settled?|land(?:ed)?|liked?|prefer(?:red)?)";

/**
 * Checked in order, first match wins: "where did we land?" asks for a place
 * though it sounds like a decision, and "what day" for a date though it starts
 * like any other "what" question.
 */
const ASKS: ReadonlyArray<readonly [AnswerType, RegExp]> = [
  ["date", anyOf("when", "(?:what|which) (?:date|day|week|month)", "how soon")],
  [
    "money",
    anyOf(
      "how much",
      `what(?:'s| is| was| are| were)? (?:the |our |my )?(?:\\w+ )?${MONEY_WORD}`,
    ),
  ],
  ["place", anyOf("where", `(?:what|which) ${PLACE_WORD}`)],
  ["name", anyOf("who(?:m|se)?")],
  ["decision", anyOf(`(?:which|what)\\b.*\\b${CHOICE_WORD}`)],
];

/** The kind of value the question asks for, or null when it asks for none in particular ("what did Dana say?"). */
export function askedType(question: string): AnswerType | null {
  const text = question.replace(/[’‘]/g, "'");
  return ASKS.find(([, pattern]) => pattern.test(text))?.[0] ?? null;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

const STREET = /\b(?:St|Street|Ave|Avenue|Rd|Road|Blvd|Boulevard|Dr|Drive|Ln|Lane|Hwy|Highway)\.?$/;

/** A name is a place when it is a street or sits where places go: "on Main St", "at Southdown Market", "going to Delta Lockers". */
function isPlace(run: string, sentence: string): boolean {
  return STREET.test(run) || new RegExp(`\\b(?:at|on|in|to|near|off|from)\\s+(?:the\\s+)?${escapeRegExp(run)}`).test(sentence);
}

/** Names the question already says are the setting, not the answer: "who's in charge over in Houma?" is not answered by "Houma". */
function newNames(sentence: string, question: string): string[] {
  const asked = question.toLowerCase();
  return nameRuns(sentence).filter((run) => !asked.includes(run.toLowerCase()));
}

/** Whether a sentence holds a value of the asked-for type that the question does not already name. */
export function carriesAnswer(sentence: string, type: AnswerType, question: string): boolean {
  switch (type) {
    case "date":
      return hasDate(sentence);
    case "money":
      return hasMoney(sentence);
    case "place":
      return newNames(sentence, question).some((run) => isPlace(run, sentence));
    case "name":
      return newNames(sentence, question).length > 0;
    case "decision":
      // Wants and proposals are not decisions: "we need two more dishwashers" answers no "which did we go with?".
      return isDecided(sentence) || isLeaning(sentence);
  }
}
