import { formatPageRef } from "@/lib/contracts/prompt/common";
import type { SearchHistoryOutput } from "@/lib/contracts/tools";
import type { BufferLine, KnownFact, WindowLine } from "@/lib/models/offline/prompt-reader";
import { isDurable, isRequest } from "@/lib/models/offline/signals";
import { lowerFirstIfCommon, sentences, stripLeadIn, trimEndPunctuation } from "@/lib/models/offline/text";

// How the offline model phrases its replies. Every reply that gives up asks
// the owner in one sentence ending in "?", so later turns never mistake it
// for a statement of fact.

type HistoryMatch = SearchHistoryOutput["matches"][number];

function attribution(fact: KnownFact): string {
  const who = fact.source === "owner" ? `you said this on ${fact.day}` : `I suggested this on ${fact.day}`;
  return fact.confirmed ? who : `unconfirmed: ${who} and you haven't confirmed it`;
}

/** One sentence per fact, naming its page, so the owner can check the record. */
export function factsAnswer(facts: readonly KnownFact[]): string {
  return facts
    .map((f, i) => {
      const lead = i === 0 ? `From ${formatPageRef(f.page)}` : f.page === facts[0].page ? "Also" : `Also on ${formatPageRef(f.page)}`;
      return `${lead}: ${trimEndPunctuation(f.text)} (${attribution(f)}).`;
    })
    .join(" ");
}

const SPEAKER_SAID: Record<HistoryMatch["speaker"], string> = {
  OWNER: "you said",
  AGENT: "I said",
  CUSTOMER: "the customer said",
};

export function snippetAnswer(match: HistoryMatch, sentence: string): string {
  return `I found it in message #${match.seq} on ${match.day}: ${SPEAKER_SAID[match.speaker]} "${trimEndPunctuation(sentence)}."`;
}

export function windowAnswer(line: WindowLine): string {
  const quoted = `"${trimEndPunctuation(line.text)}."`;
  return line.speaker === "user" ? `You told me earlier in this conversation: ${quoted}` : `Earlier in this conversation I said: ${quoted}`;
}

/** A buffer line covers the question but no tool can open it: name the day and pages, never the line's numbers. */
export function unopenedNoteReply(line: BufferLine): string {
  const where = line.pages.length > 0 ? ` (filed in ${line.pages.map(formatPageRef).join(", ")})` : "";
  return `My notes show this thread covered that on ${line.day}${where}, but I can't open the details right now — could you remind me?`;
}

export const NOT_IN_CONVERSATION = "I don't see that in this conversation — could you remind me?";

export type Attempt = { kind: "read"; title: string } | { kind: "search"; query: string };

export function couldNotFindReply(attempts: readonly Attempt[]): string {
  if (attempts.length === 0) return NOT_IN_CONVERSATION;
  const done = attempts.map((a) => (a.kind === "read" ? `opened ${formatPageRef(a.title)}` : `searched this thread for "${a.query}"`));
  return `I ${done.join(" and ")} but couldn't find it — could you remind me?`;
}

const SECOND_PERSON: Record<string, string> = {
  i: "you",
  "i'm": "you're",
  "i've": "you've",
  "i'll": "you'll",
  "i'd": "you'd",
  me: "you",
  my: "your",
  mine: "yours",
  myself: "yourself",
  we: "you",
  "we're": "you're",
  "we've": "you've",
  "we'll": "you'll",
  "we'd": "you'd",
  us: "you",
  our: "your",
  ours: "yours",
  ourselves: "yourselves",
};

/** "Our budget is $2,500" read back to the owner: "your budget is $2,500". */
function toSecondPerson(sentence: string): string {
  const swapped = sentence
    .replace(/[’]/g, "'")
    .replace(/(?<![\p{L}\p{N}])(?:I|we) was(?![\p{L}\p{N}])/giu, "you were")
    .replace(/(?<![\p{L}\p{N}])I am(?![\p{L}\p{N}])/giu, "you are")
    // Whole words only, in any script: "crème" holds no "me".
    .replace(
      /(?<![\p{L}\p{N}'])(?:i'm|i've|i'll|i'd|i|me|my|mine|myself|we're|we've|we'll|we'd|we|us|our|ours|ourselves)(?![\p{L}\p{N}'])/giu,
      (w) => SECOND_PERSON[w.toLowerCase()],
    );
  return lowerFirstIfCommon(swapped);
}

const REQUEST_REPLY =
  "I'm the offline model, so I can't draft or send anything, but I can recall what we've discussed and suggest next steps.";

/** "…, remember that": the ask to remember is the speaker's, not something to read back. */
const withoutReminder = (sentence: string) => sentence.replace(/[,;]?\s*(?:please )?(?:remember|don't forget|keep in mind|note) (?:that|this|it)\b.*$/i, "");

/**
 * Reads back the concrete things just said, as what the speaker said, never
 * as agreed or as something it will remember: whether a statement becomes
 * memory is not the chat's promise to make (a customer's never does).
 */
export function acknowledgement(message: string): string {
  const said = sentences(message).map(stripLeadIn);
  const facts = said.filter((s) => isDurable(s, "owner"));
  if (facts.length > 0) {
    const readBack = facts.slice(0, 2).map((s) => trimEndPunctuation(toSecondPerson(withoutReminder(s))));
    return `You said ${readBack.join("; and ")}. Anything you'd like me to work out from that?`;
  }
  if (said.some(isRequest)) return REQUEST_REPLY;
  return "Okay. What would you like to look at next?";
}

/** A request for help phrased as a question ("can you help me keep track of orders?"): there is nothing to look up, only to offer. */
export const HELP_REPLY = "Sure, I can help with that. Tell me what you'd like to start with, and I'll work through it with you.";

/**
 * The idea the offline model can honestly give about any subject: a way to
 * decide, not a decision it has no grounds for. It carries a date to decide
 * by, so the memory pass files it as the agent's proposal, pending until the
 * owner agrees, on the page of what it is about.
 */
export function suggestionReply(subject: string | null): string {
  const about = subject ? `For the ${subject}, I suggest` : "I suggest";
  return `${about} writing down the options you're weighing, with what each costs and what it gets you, and deciding by next Friday. Want to go with that?`;
}

export function smallTalkReply(message: string): string {
  const s = message.toLowerCase();
  if (/\b(?:thanks|thank you|appreciate|cheers)\b/.test(s)) return "You're welcome! Anything else on your mind?";
  if (/\b(?:bye|goodbye|later|soon|tomorrow|goodnight|good night)\b/.test(s)) return "Talk soon!";
  if (/\bhow are you\b|\bhow's it going\b|\bhow is it going\b/.test(s)) return "Doing well, thanks. What can I help with today?";
  if (/\b(?:hi|hello|hey|good (?:morning|afternoon|evening)|morning)\b/.test(s)) return "Hi! What can I help you with today?";
  return "Sounds good.";
}
