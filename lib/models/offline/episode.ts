import type { Facet } from "@/lib/models/offline/lexicon";
import type { PassMessage } from "@/lib/models/offline/prompt-reader";
import { isDecided, isDone, isQuestion, isSmallTalk, isTentative, withoutProposalLead } from "@/lib/models/offline/signals";
import { clipChars, clipWords, countWords, keywords, lowerFirstIfCommon, sentences, stripLeadIn, trimEndPunctuation } from "@/lib/models/offline/text";

// The episode line (§06.2): one line, under 25 words, naming what a stretch
// was about and where it ended up.

const MAX_WORDS = 24;
const MAX_CHARS = 400;
const FACTS_IN_LINE = 2;
const TOPIC_WORDS = 4;

/** Decisions say most about where a stretch ended up; names least. */
const FACET_RANK: Record<Facet, number> = { choice: 0, proposal: 1, money: 2, date: 3, quantity: 4, name: 5, detail: 6 };

/** A fact the memory pass found, with what the episode line needs to rank it. */
export type ExtractedFact = { page: string; key: string; text: string; messageSeq: number; facet: Facet; speaker: "owner" | "agent" };

/** The page most of the owner's facts went to; on a tie, the first listed. */
function mainPage(facts: readonly ExtractedFact[]): string {
  const pages = [...new Set(facts.map((f) => f.page))];
  const weight = (page: string) => {
    const on = facts.filter((f) => f.page === page);
    return on.filter((f) => f.speaker === "owner").length * 100 + on.length;
  };
  return pages.reduce((best, page) => (weight(page) > weight(best) ? page : best));
}

/** The most telling facts, told in the order they were said. */
function keyFacts(facts: readonly ExtractedFact[]): ExtractedFact[] {
  return facts
    .map((fact, order) => ({ fact, order }))
    .sort(
      (a, b) =>
        Number(b.fact.speaker === "owner") - Number(a.fact.speaker === "owner") ||
        FACET_RANK[a.fact.facet] - FACET_RANK[b.fact.facet] ||
        b.order - a.order,
    )
    .slice(0, FACTS_IN_LINE)
    .sort((a, b) => a.order - b.order)
    .map((f) => f.fact);
}

/** A fact as part of the line: without the label that made it stand alone, since the line names the page. */
function gistOf(fact: ExtractedFact): string {
  const label = [`${fact.page}: `, `${fact.key}: `].find((l) => fact.text.toLowerCase().startsWith(l.toLowerCase()));
  const own = stripLeadIn(label ? fact.text.slice(label.length) : fact.text);
  const gist = fact.speaker === "agent" ? `suggested ${withoutProposalLead(own)}` : own;
  return lowerFirstIfCommon(trimEndPunctuation(gist));
}

/** Where the main topic ended up, judged on the owner's own facts there: a decision elsewhere in the stretch does not settle it. */
function statusOf(messages: readonly PassMessage[], facts: readonly ExtractedFact[]): string {
  const said = facts.filter((f) => f.speaker === "owner").map((f) => f.text).join(" ");
  if (!said) return "left open";
  if (isDone(said)) return "done";
  if (isDecided(said)) return "decided";
  if (isTentative(said)) return "left open";
  const last = messages.findLast((m) => m.speaker === "owner");
  return last && sentences(last.text).some(isQuestion) ? "asked" : "noted";
}

/** "Page: gist; gist; status." with as many gists as fit under the word limit, the first one clipped if need be. */
function fitLine(head: string, gists: readonly string[], status: string): string {
  for (let n = gists.length; n >= 1; n--) {
    const line = `${head}: ${gists.slice(0, n).join("; ")}; ${status}.`;
    if (countWords(line) <= MAX_WORDS) return line;
  }
  const room = Math.max(1, MAX_WORDS - countWords(`${head}:`) - countWords(`${status}.`));
  return `${head}: ${clipWords(gists[0], room)}; ${status}.`;
}

/** How a question-only stretch ended: the agent's reply says whether it found the answer and where. */
function answerStatus(messages: readonly PassMessage[]): string {
  const lastOwner = messages.findLastIndex((m) => m.speaker === "owner");
  const answer = messages.slice(lastOwner + 1).find((m) => m.speaker === "agent");
  if (!answer) return "asked";
  const page = /\bpages\/([^:.,;()\n]+)/.exec(answer.text);
  if (page) return `answered from pages/${page[1].trim()}`;
  const message = /\bmessage #(\d+)/.exec(answer.text);
  if (message) return `answered from message #${message[1]}`;
  return /could you remind me\?/i.test(answer.text) ? "left open" : "answered";
}

/** A stretch that filed nothing: what the owner asked or talked about, or nothing at all for small talk. */
function conversationEpisode(messages: readonly PassMessage[]): string {
  const said = messages
    .filter((m) => m.speaker === "owner")
    .flatMap((m) => sentences(m.text))
    .map(stripLeadIn)
    .filter((s) => !isSmallTalk(s));
  const asked = said.filter(isQuestion);
  const topic = keywords((asked.length > 0 ? asked : said).join(" "), TOPIC_WORDS).join(" ");
  if (!topic) return "";
  return asked.length > 0 ? `Asked about ${topic}; ${answerStatus(messages)}.` : `Talked about ${topic}; noted.`;
}

export function episodeLine(messages: readonly PassMessage[], facts: readonly ExtractedFact[]): string {
  const trusted = messages.filter((m) => m.speaker !== "customer");
  if (facts.length === 0) return clipChars(clipWords(conversationEpisode(trusted), MAX_WORDS), MAX_CHARS);
  const page = mainPage(facts);
  const onPage = facts.filter((f) => f.page === page);
  return clipChars(fitLine(page, keyFacts(onPage).map(gistOf), statusOf(trusted, onPage)), MAX_CHARS);
}
