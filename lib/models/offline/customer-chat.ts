import { formatAskTheBusiness } from "@/lib/contracts/prompt/customer-voice";
import { Tier, bestFacts, readQuestion, type ChatDecision, type Question } from "@/lib/models/offline/chat";
import { relatedness } from "@/lib/models/offline/meaning";
import type { ChatView, KnownFact } from "@/lib/models/offline/prompt-reader";
import { STRONG, contentWords } from "@/lib/models/offline/relate";
import { isHelpRequest, isQuestion, isSmallTalk } from "@/lib/models/offline/signals";
import { sentences, stripLeadIn, trimEndPunctuation } from "@/lib/models/offline/text";

// The offline model on a business's support page. A customer is answered
// with what the business published, in the business's voice: the facts
// themselves, never the page they are on, the day they were said or who said
// them. What nothing published answers, and any claim or request the customer
// makes, is handed to the business with the persona's mark, so the customer
// is told the business will follow up and the owner sees it. It opens no page
// and searches nothing: a support thread has no buffer lines to follow, and
// every published fact it may use is already in the prompt.

const reply = (text: string, reasoning?: string): ChatDecision => ({ type: "text", text, ...(reasoning ? { reasoning } : {}) });

export const CUSTOMER_GREETING = "Hi! What would you like to know?";
export const CUSTOMER_THANKS = "You're welcome! Anything else I can help with?";
export const CUSTOMER_HELP = "Of course. Ask me about anything the business has published, and I'll tell you what I can.";

/** What a customer is told when nothing published answers: the business is asked, and follows up. */
export const ASKED_THE_BUSINESS = "I don't have an answer to that yet, so I've passed your question on to the business. They'll follow up with you.";

/** A claim or request only the business can confirm ("the owner promised me…", "book me in for Friday"): never taken as so. */
export const BUSINESS_WILL_CONFIRM = "I can't confirm that myself, so I've passed it on to the business. They'll confirm and follow up with you.";

/** The published facts, as the business would state them. */
function publishedAnswer(facts: readonly KnownFact[]): string {
  return facts.map((f) => `${trimEndPunctuation(f.text)}.`).join(" ");
}

/**
 * A customer is answered only by a fact about everything they named: "oat
 * milk at the shop" is not answered by a fact about the shop alone. Telling
 * a customer the business will follow up costs less than a wrong answer.
 */
function coversSubjects(question: Question, fact: KnownFact): boolean {
  const words = contentWords(fact.text);
  return question.query.subjects.every((subject) => words.some((word) => relatedness(subject, word).score >= STRONG));
}

function smallTalk(message: string): string {
  return /\b(?:thanks|thank you|appreciate|cheers)\b/i.test(message) ? CUSTOMER_THANKS : CUSTOMER_GREETING;
}

export function decideCustomerChat(view: ChatView): ChatDecision {
  const message = view.question.trim();
  if (!message || isSmallTalk(message)) return reply(smallTalk(message));
  const asking = sentences(message).map(stripLeadIn).filter(isQuestion);
  if (asking.length > 0 && asking.every(isHelpRequest)) return reply(CUSTOMER_HELP);
  if (asking.length === 0) {
    return reply(formatAskTheBusiness(BUSINESS_WILL_CONFIRM), "A customer's statement is theirs to make, not a fact of the business: the business is asked to confirm it.");
  }
  // Only what the business published answers, and only when it holds what was asked: a fact that merely shares words does not.
  const question = readQuestion(message);
  const found = bestFacts(question, view.recalled.filter((f) => f.confirmed));
  const answering = found && found.tier !== Tier.UntypedMatch ? found.item.filter((fact) => coversSubjects(question, fact)) : [];
  if (answering.length > 0) return reply(publishedAnswer(answering), "A published fact answers the customer's question.");
  return reply(formatAskTheBusiness(ASKED_THE_BUSINESS), "Nothing the business published answers this: the question goes to the business.");
}
