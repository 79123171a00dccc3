import type { PassMessage } from "@/lib/models/offline/prompt-reader";
import { facetOf, isDecided, isKindOnly, isDone, isQuestion, isSmallTalk, isTentative, type Facet } from "@/lib/models/offline/signals";
import { adjectiveSenses, isKnown, namesSomeone, nounSenses, verbSenses } from "@/lib/models/offline/meaning";
import { headOf, nounPhrases, subjectPhrase, valuesOf } from "@/lib/models/offline/subject";
import { clipChars, clipWords, countWords, sentences, stripLeadIn, terms, trimEndPunctuation, words } from "@/lib/models/offline/text";

/** How a line of the thread's first stretch opens: what the owner came for, not a thing the stretch was about. */
export const THREAD_OPENING = "The owner opened the thread to";

// The episode line (§05, §06.2): one line, under 25 words, in the third
// person, naming what a stretch was about and where it ended up. It is built
// from the facts' subjects and values, never by quoting the owner.

const MAX_WORDS = 24;
const MAX_CHARS = 400;
const FACTS_IN_LINE = 2;
const PURPOSE_WORDS = 7;

/** Decisions say most about where a stretch ended up; names least. */
const FACET_RANK: Record<Facet, number> = { choice: 0, proposal: 1, money: 2, date: 3, quantity: 4, name: 5, detail: 6 };

/** A fact the memory pass found, with what the episode line needs to rank it. */
export type ExtractedFact = {
  page: string;
  key: string;
  text: string;
  messageSeq: number;
  facet: Facet;
  speaker: "owner" | "agent";
  /** The live fact it replaces and that fact's text, or null. */
  replaces: string | null;
  replacedText: string | null;
};

/** The page most of the owner's facts went to; on a tie, the first listed. */
function mainPage(facts: readonly ExtractedFact[]): string {
  const pages = [...new Set(facts.map((f) => f.page))];
  const weight = (page: string) => {
    const on = facts.filter((f) => f.page === page);
    return on.filter((f) => f.speaker === "owner").length * 100 + on.length;
  };
  return pages.reduce((best, page) => (weight(page) > weight(best) ? page : best));
}

/** The most telling facts, told in the order they were said; on someone's page ("Contractor") who they are comes first. */
function keyFacts(facts: readonly ExtractedFact[], page: string): ExtractedFact[] {
  const someone = namesSomeone(headOf(page));
  const rank = (fact: ExtractedFact) => (someone && fact.facet === "name" ? -1 : FACET_RANK[fact.facet]);
  return facts
    .map((fact, order) => ({ fact, order }))
    .sort(
      (a, b) =>
        Number(b.fact.speaker === "owner") - Number(a.fact.speaker === "owner") ||
        Number(b.fact.replaces !== null) - Number(a.fact.replaces !== null) ||
        rank(a.fact) - rank(b.fact) ||
        b.order - a.order,
    )
    .slice(0, FACTS_IN_LINE)
    .sort((a, b) => a.order - b.order)
    .map((f) => f.fact);
}

/**
 * A key's words that name something, its head always: a loose parse leaves a verb or a word of how before it ("runs price",
 * "raising furnace price", "cold price"), which a line has no use for. A word WordNet lacks (a name) stays.
 */
function namingKey(key: string): string {
  const all = key.split(/\s+/);
  const names = (w: string) => {
    const lower = w.toLowerCase();
    const nouns = nounSenses(lower);
    return !isKnown(lower) || (nouns > 0 && nouns >= verbSenses(lower) && nouns >= adjectiveSenses(lower));
  };
  return all.filter((w, i) => i === all.length - 1 || names(w)).join(" ");
}

/** "paint supplier Harlow Coatings", "changed launch date to April 14", "agent suggested a deposit of 25%": subject and value, no quote. */
function gistOf(extracted: ExtractedFact): string {
  const fact = { ...extracted, key: namingKey(extracted.key) };
  // A changed value is told by what is new: "scrap X, Y instead" changed it to Y.
  const old = fact.replacedText?.toLowerCase() ?? "";
  const key = fact.key.toLowerCase();
  // The line's head already names the page ("Workshop Van: Lou quoted $640" gives no value "Van").
  const said = [old, key, fact.page.toLowerCase()];
  const found = valuesOf(fact.text).filter((v) => !said.some((text) => text.includes(v.toLowerCase())));
  // The values of the fact's own kind first: a delivery date said with its price is told by its date.
  const ofKind = found.filter((v) => facetOf(v) === fact.facet);
  const values = [...ofKind, ...found.filter((v) => !ofKind.includes(v))].slice(0, 2).join(", ");
  // A key that is only a kind of value ("price", "date") says less than the values and, when they are of another kind, misleads.
  const bare = values !== "" && isKindOnly(key);
  if (fact.speaker === "agent") return bare ? `the agent suggested ${values}` : `the agent suggested ${fact.key}${values ? ` (${values})` : ""}`;
  if (fact.replaces) return values ? `the owner changed ${fact.key} to ${values}` : `the owner changed ${fact.key}`;
  if (bare) return values;
  return values ? `${fact.key} ${values}` : fact.key;
}

/** Where the main topic ended up, judged on the owner's own facts there: a decision elsewhere in the stretch does not settle it. */
function statusOf(messages: readonly PassMessage[], facts: readonly ExtractedFact[]): string {
  const said = facts.filter((f) => f.speaker === "owner").map((f) => f.text).join(" ");
  if (!said) return "left open";
  if (isDone(said)) return "done";
  if (isDecided(said) || facts.some((f) => f.replaces !== null)) return "decided";
  if (isTentative(said)) return "left open";
  const last = messages.findLast((m) => m.speaker === "owner");
  return last && sentences(last.text).some(isQuestion) ? "asked" : "noted";
}

/** Phrases of the setting a line names, and the words each may take. */
const SETTING_PHRASES = 2;
const SETTING_WORDS = 3;

/** A phrase's words without the verbs a loose parse left at its end: "produce guy keeps" is the produce guy. */
function withoutTrailingVerbs(words: readonly string[]): string[] {
  const kept = [...words];
  while (kept.length > 1 && verbSenses(kept.at(-1)!) > nounSenses(kept.at(-1)!)) kept.pop();
  return kept;
}

/**
 * What the owner said just before the page's first fact, when the agent's
 * reply asked about it and it filed nothing elsewhere: the scene the fact was
 * given in ("the health department called about our inspection", "When is
 * it?", "the inspector comes September 18"). Its things, less the
 * page's own, say what the stretch was about in words a later question may
 * use. Without the agent's question the message before may be about anything.
 */
function settingOf(messages: readonly PassMessage[], facts: readonly ExtractedFact[], page: string): string[] {
  const onPage = facts.filter((f) => f.page === page);
  const first = Math.min(...onPage.map((f) => f.messageSeq));
  const setup = messages.findLast((m) => m.speaker === "owner" && m.seq < first);
  if (!setup || facts.some((f) => f.messageSeq === setup.seq && f.page !== page)) return [];
  // Only the agent spoke between them, the setup being the owner's last message before the fact.
  const reply = messages.findLast((m) => m.seq > setup.seq && m.seq < first);
  if (!reply || !sentences(reply.text).some(isQuestion)) return [];
  const named = new Set([...terms(page), ...onPage.flatMap((f) => terms(f.key))]);
  const phrases = sentences(setup.text)
    .map(stripLeadIn)
    .flatMap(nounPhrases)
    .filter((p) => !p.valueOnly)
    .map((p) => [...p.names, ...withoutTrailingVerbs(p.words)].slice(-SETTING_WORDS).join(" "))
    .filter((text) => terms(text).some((t) => !named.has(t)));
  return [...new Set(phrases)].slice(0, SETTING_PHRASES);
}

/** "Head gist and gist; status." with as many gists as fit under the word limit, the first one clipped if need be. */
function fitLine(head: string, gists: readonly string[], status: string): string {
  for (let n = gists.length; n >= 1; n--) {
    const line = `${head} ${gists.slice(0, n).join("; ")}; ${status}.`;
    if (countWords(line) <= MAX_WORDS) return line;
  }
  const room = Math.max(1, MAX_WORDS - countWords(head) - countWords(`${status}.`));
  return `${head} ${clipWords(gists[0], room)}; ${status}.`;
}

const THIRD_PERSON: Record<string, string> = {
  i: "the owner", we: "the owner", me: "the owner", us: "the owner", my: "the", our: "the", mine: "the owner's", ours: "the owner's",
  "i'm": "the owner is", "we're": "the owner is", "i've": "the owner has", "we've": "the owner has",
  "i'll": "the owner will", "we'll": "the owner will", "i'd": "the owner would", "we'd": "the owner would",
};

/** The owner's words retold about the owner: "start our catering line" → "start the catering line". */
export function thirdPerson(text: string): string {
  return text
    .replace(/[’]/g, "'")
    .replace(/(?<![\p{L}\p{N}'])(?:i'm|we're|i've|we've|i'll|we'll|i'd|we'd|i|we|me|us|my|our|mine|ours)(?![\p{L}\p{N}'])/giu, (w) => THIRD_PERSON[w.toLowerCase()]);
}

const PURPOSE = /\b(?:want|wanna|need|planning|plan|looking|trying|hoping|going|thinking about|about to|ready)(?: to)?\s+(.+)$/i;

/**
 * What the thread was started for, from the owner's first messages: the aim
 * they state ("want to add a catering line"), in their words' subject and
 * retold in the third person; else the main page.
 */
function purposeOf(messages: readonly PassMessage[], page: string | null): string | null {
  for (const message of messages.filter((m) => m.speaker === "owner").slice(0, 2)) {
    for (const sentence of sentences(message.text).map(stripLeadIn)) {
      const aim = PURPOSE.exec(sentence.replace(/[’]/g, "'"));
      if (!aim || isQuestion(sentence)) continue;
      const clause = trimEndPunctuation(aim[1].split(/[,;:]|\b(?:and|but|so|because)\b/i)[0]);
      if (words(clause).length >= 2) return clipWords(thirdPerson(clause), PURPOSE_WORDS).replace(/…$/, "");
    }
  }
  return page ? `work on ${page.toLowerCase()}` : null;
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

/** A stretch that filed nothing: what the owner asked or talked about, by its subject, or nothing at all for small talk. */
function conversationEpisode(messages: readonly PassMessage[]): string {
  const said = messages
    .filter((m) => m.speaker === "owner")
    .flatMap((m) => sentences(m.text))
    .map(stripLeadIn)
    .filter((s) => !isSmallTalk(s));
  const asked = said.filter(isQuestion);
  const subjects = [...new Set((asked.length > 0 ? asked : said).map((s) => subjectPhrase(s)).filter((p) => p !== null))].slice(0, 2);
  if (subjects.length === 0) return "";
  const about = subjects.join(" and ");
  return asked.length > 0 ? `The owner asked about ${about}; ${answerStatus(messages)}.` : `The owner talked about ${about}; nothing filed.`;
}

export function episodeLine(messages: readonly PassMessage[], facts: readonly ExtractedFact[], { opening = false } = {}): string {
  const trusted = messages.filter((m) => m.speaker !== "customer");
  const page = facts.length > 0 ? mainPage(facts) : null;
  const purpose = opening ? purposeOf(trusted, page) : null;
  if (!page) {
    const talk = conversationEpisode(trusted);
    const line = purpose && talk ? `${THREAD_OPENING} ${purpose}; ${talk.charAt(0).toLowerCase()}${talk.slice(1)}` : talk;
    return clipChars(clipWords(line, MAX_WORDS), MAX_CHARS);
  }
  const onPage = facts.filter((f) => f.page === page);
  const gists = keyFacts(onPage, page).map(gistOf);
  const setting = settingOf(trusted, facts, page);
  if (setting.length > 0) gists.push(`about ${thirdPerson(setting.join(", "))}`);
  // Gists that name their own speaker ("the owner changed …") need no "the owner gave" in front.
  const given = gists[0].startsWith("the ") ? "" : " the owner gave";
  const head = purpose ? `${THREAD_OPENING} ${purpose}; on ${page}:${given}` : `${page}:${given}`;
  return clipChars(fitLine(head, gists, statusOf(trusted, onPage)), MAX_CHARS);
}
