import { normaliseKey, sameSubject } from "@/lib/contracts/fact-subject";
import { MAX_FACTS_PER_PASS, type MemoryPassOutput, type StretchState } from "@/lib/contracts/memory-pass";
import type { MemoryInputFact } from "@/lib/contracts/prompt/memory-input";
import { episodeLine, type ExtractedFact } from "@/lib/models/offline/episode";
import { foldLine } from "@/lib/models/offline/fold";
import { adjectiveSenses, generalOf, isKindOf, isKnown, isValueWord, namesSomeone, nounSenses, verbSenses } from "@/lib/models/offline/meaning";
import type { MemoryView } from "@/lib/models/offline/prompt-reader";
import { FACET_WORDS, facetOf, hasMoney, isDecided, isDone, isDurable, isKindOnly, isQuestion, isReversal, isUpdate, nameRuns, SHARE_WORD, type Facet } from "@/lib/models/offline/signals";
import { hasVerb, headOf, isAbout, mainSubject, namesIn, nounPhrases, titleOf, valuesOf, type Phrase } from "@/lib/models/offline/subject";
import { clipChars, escapeRegExp, lowerFirstIfCommon, sentences, stripLeadIn, term, terms, trimEndPunctuation, words } from "@/lib/models/offline/text";
import { baseForms } from "@/lib/models/offline/wordnet";

// The memory pass: durable facts out of a stretch of messages, each on a
// topic page under a key naming its own subject, the live fact each one
// replaces when the owner changed a decision, and the stretch's episode line.

/** memoryPassOutputSchema's caps, and a fact short enough to read in a prompt line. */
const MAX_FACTS = MAX_FACTS_PER_PASS;
const MAX_PAGE_CHARS = 80;
const MAX_FACT_CHARS = 200;

const PRONOUN_START = /^(?:it|that|thats|this|they|theyre|those|these|there|his|her|their|its)\b/i;

/** "He", "she": the person just talked about, when the page before is someone's ("Studio Assistant", a name), never a thing's. */
const PERSON_START = /^(?:he|hes|she|shes)\b/i;

/**
 * "There" past a sentence's start for the place just named ("we keep an
 * account there", "their rep there is …"), not saying that something exists
 * ("I think there is a fee", "and there are two"); "with them" for the firm
 * just named ("we do about $900 a month of business with them").
 */
const POINTS_BACK = /\b(?:with|w\/?)\s+them\b|\S\s+there\b(?!\s+(?:is|are|was|were|isn't|aren't|will|'s|’s)\b)|(?<!\b(?:think|if|and|but|so|because|when|that|said|guess|hope|maybe|know)\s+)(?<=\S\s+)there\b/i;

/** A name of two words or more ending in a word of the language ("… Janitorial Supply", "… Construction"): a firm, not a person. */
function isFirmName(name: string): boolean {
  const all = words(name);
  return all.length >= 2 && nounSenses(all.at(-1)!.toLowerCase()) > 0;
}

/** Rent as what is paid, not "we rent out kayaks": after a determiner or a place's word, or opening the sentence. */
const SAYS_RENT = /\b(?:the|our|my|shop|studio|office|monthly|base|new)\s+rent\b|^rent\b(?!\s+(?:out|a|an)\b)|\bin\s+rent\b/i;

/**
 * A sentence that opens on what was done to the thing just named, by the owner or not: "replaced it with a Tern Hollow 2400,
 * $3,100 delivered", "we lease it thru Heron Point Fleet, $612 a month".
 */
function doneToIt(sentence: string): boolean {
  const all = words(sentence);
  const doer = /^(?:i|we|they)$/i.test(all[0] ?? "") ? 1 + Number(/^(?:just|finally|already|also|then)$/i.test(all[1] ?? "")) : 0;
  const [verb, object] = all.slice(doer);
  // After "we" a word that can be a verb is one ("we lease it"); opening the sentence, only one that must be ("replaced it").
  return object !== undefined && /^(?:it|them)$/i.test(object) && (doer > 0 ? verbSenses(verb.toLowerCase()) > 0 : hasVerb(verb.toLowerCase()));
}

/**
 * A sentence opening on who quoted or offered a value ("Lou at Midtown Auto
 * quoted $640 for both axles", "Ravi offered $90"): the one who spoke is no
 * subject; the value is for what was being talked about.
 */
const REPORTED_BY = /^\p{Lu}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*)?(?:\s+(?:at|from|of)\s+(?:the\s+)?\p{Lu}[\p{L}&'-]*(?:\s+\p{Lu}[\p{L}&'-]*)*)?\s+(?:quoted|offered|charged|bid|estimated|said|says|quotes|offers|charges)\b/u;

/**
 * Cleaned and self-contained: a sentence that leans on the one before it
 * ("It's 1,200 sq ft", "We're leaning to the cheaper one") gets what it is
 * about in front ("Space size: it's 1,200 sq ft"), so it reads, and matches
 * a question, on its own.
 */
function factText(sentence: string, about: string | null): string {
  const s = sentence.replace(/\s+/g, " ").trim().replace(/[;,]$/, ".");
  const standalone = about
    ? `${about.charAt(0).toUpperCase()}${about.slice(1)}: ${lowerFirstIfCommon(s)}`
    : s.charAt(0).toUpperCase() + s.slice(1);
  return clipChars(standalone, MAX_FACT_CHARS);
}

const sharesWord = (text: string, title: string) => {
  const ours = new Set(terms(text));
  return terms(title).some((t) => ours.has(t));
};

/**
 * The key names what the fact says about its page's thing: the sentence's
 * other noun phrase ("lease" on the van's page) with the kind of value it
 * holds ("lease price"), or only the kind ("price", "date") when the sentence
 * is about the page's thing alone. The same subject said again later yields
 * the same key, so the later statement replaces the earlier one.
 */
function keyOf(sentence: string, page: string, facet: Facet): string {
  const pageWords = new Set(terms(page));
  // The clause that states the value, without what follows it ("…is $75 now, parts went up"; "…to April 19 because of the race").
  const clauses = sentence.split(/[,;:]|\b(?:because|since|so|but|and then|if|when|unless|until|while)\b/i);
  const stated = clauses.find((c) => valuesOf(c).length > 0 && facetOf(c) === facet) ?? clauses.find((c) => valuesOf(c).length > 0) ?? sentence;
  // Who quoted the value says nothing of what it is for: "Lou … quoted $640 for both axles" is keyed by what follows.
  const reporter = REPORTED_BY.exec(stated.trim());
  const stating = reporter ? stated.trim().slice(reporter[0].length) : stated;
  const amounts = valuesOf(stated).filter(hasMoney);
  const kind = facet === "money" && amounts.length > 0 && amounts.every((v) => /%|percent/i.test(v)) ? SHARE_WORD : FACET_WORDS[facet];
  // The clause's own subject when it is another thing than the page's ("the lease is $745" on the van's page).
  const subject = mainSubject(stating);
  const other =
    (subject && !subject.valueOnly && !isAbout(subject, page) ? subject : null) ??
    nounPhrases(stating).find((p) => !p.valueOnly && !p.words.every((w) => pageWords.has(terms(w)[0] ?? w)));
  if (!other) return kind;
  // Words that say when or how much ("spring", "monthly") are the value's, not the subject's.
  const phrase = other.words.filter((w) => !pageWords.has(terms(w)[0] ?? w) && !isValueWord(w)).slice(-2).join(" ");
  if (!phrase) return kind;
  return facet === "detail" || facet === "name" ? phrase : `${phrase} ${kind}`;
}

/** The owner's sentence names the thing a live fact is about: "scrap Square" names the fact that chose Square. */
function namesFact(sentence: string, fact: MemoryInputFact): boolean {
  const text = fact.text.toLowerCase();
  return nameRuns(sentence).some((n) => text.includes(n.toLowerCase()));
}

/** The sentence itself says every word of the key, so the key is its subject and not a topic's catch-all. */
const namesKey = (sentence: string, key: string) => {
  const ours = new Set(terms(sentence));
  return terms(key).every((t) => ours.has(t));
};

const differsIn = (a: string, b: string) => {
  const values = valuesOf(a).map((v) => v.toLowerCase());
  return values.length > 0 && values.some((v) => !b.toLowerCase().includes(v));
};

/** A value a sentence says is no longer so: "$3,265 not $3,190", "from $22 to $24", "instead of $50". */
const OLD_VALUE = /\b(?:not|instead of|rather than|from)\s+(\$?\d+(?:,\d{3})*(?:\.\d+)?%?)(?!\d)/i;

function oldValueOf(sentence: string): string | null {
  const old = OLD_VALUE.exec(sentence)?.[1] ?? null;
  return old !== null && valuesOf(sentence).some((v) => !v.includes(old)) ? old : null;
}

/** Thousands separators go: "$6,500" and "$6500" are one amount. */
const withoutSeparators = (text: string) => text.replace(/(?<=\d),(?=\d{3}(?!\d))/g, "");

/**
 * Whether a text states the value, however either writes it: "more like $7,300 a month not 6500" says "$6,500" was wrong.
 * A value given in dollars is only ever a dollar amount ("$16" is not "the 16th").
 */
function states(text: string, value: string): boolean {
  const figure = escapeRegExp(withoutSeparators(value).replace(/^\$/, ""));
  const dollars = value.startsWith("$") ? "\\$" : "\\$?";
  return new RegExp(`(?<![\\d.,])${dollars}${figure}(?![\\d\\p{L}]|[.,]\\d)`, "u").test(withoutSeparators(text));
}

/** Of the facts, the one sharing most words with the sentence; the newest of equals. */
function closest(sentence: string, facts: readonly MemoryInputFact[]): MemoryInputFact | null {
  const ours = new Set(terms(sentence));
  const shared = (f: MemoryInputFact) => terms(f.text).filter((t) => ours.has(t)).length;
  return facts.reduce<MemoryInputFact | null>((best, f) => (best === null || shared(f) >= shared(best) ? f : best), null);
}

/**
 * The live fact an owner's sentence replaces. A reversal ("scrap X",
 * "instead", "moved to") replaces the newest live fact on the same subject,
 * or the one it names; an update ("actually", "now") or a plain restatement
 * replaces only the same subject holding the same kind of value; one that
 * `corrects` ("correction on the gutter price — …") may also replace a
 * statement on another page (correctedElsewhere). Agent proposals replace
 * nothing here.
 */
function replacedFact(fact: ExtractedFact, sentence: string, live: readonly MemoryInputFact[], { corrects = false } = {}): MemoryInputFact | null {
  if (fact.speaker !== "owner") return null;
  const reversing = isReversal(sentence);
  const changing = reversing || isUpdate(sentence);
  const candidates = live.filter((f) => f.status === "confirmed" || f.source === "agent");
  // "actually it's $3,265 not $3,190", "went up from $22 to $24": the value it says was wrong names the fact it replaces.
  const named = oldValueOf(sentence);
  const stating = named === null ? undefined : candidates.findLast((f) => states(f.text, named));
  if (stating) return stating;
  const samePage = candidates.filter((f) => f.page.toLowerCase() === fact.page.toLowerCase());
  // The same key on another page: the sentence lacked the words that placed the first one ("pricing"), not a new subject. A key
  // that is only a kind of value ("price") says it of its page's thing: "price" on "Tune-Up" is the "tune-up price" a heading's
  // page ("Pricing") holds.
  const fullKey = isKindOnly(normaliseKey(fact.key)) ? normaliseKey(`${fact.page.toLowerCase()} ${fact.key}`) : normaliseKey(fact.key);
  const elsewhere = candidates.filter((f) => !samePage.includes(f) && normaliseKey(f.key) === fullKey);
  const sameKey = [...elsewhere, ...samePage.filter((f) => normaliseKey(f.key) === normaliseKey(fact.key))];
  // Without a change cue, only a restatement counts: the same key and the same kind of value ("$2,700" for "$2,500"), since
  // a coarse key can cover two things ("space size" for the floor area and the seating share). Of several, the one that
  // shares most of the sentence's words ("the wheel throwing class is $330 now" replaces the wheel throwing class's price).
  const restated = closest(
    sentence,
    sameKey.filter((f) => differsIn(sentence, f.text) && (changing || (facetOf(f.text) === fact.facet && namesKey(sentence, f.key)))),
  );
  if (restated) return restated;
  if (!changing) return null;
  // Only the same subject, or the very thing the owner names, is replaced: sharing a few words ("new patient") is not enough.
  // An update ("actually", "now") must also be the same kind of value; a reversal ("instead", "scrap") may change its kind.
  // A new count of what a statement on the page counted ("we're at 10 seasonal pickers now" after "we have 7 seasonal
  // pickers") is about the same thing, whatever words the two keys were given.
  const counted = countedWords(sentence);
  const sameThing = closest(
    sentence,
    samePage.filter((f) => (sameSubject(f.key, fact.key) || recounts(counted, f.text)) && differsIn(sentence, f.text) && (reversing || facetOf(f.text) === fact.facet)),
  );
  if (sameThing) return sameThing;
  const reversed = reversing ? candidates.findLast((f) => namesFact(sentence, f)) : undefined;
  return reversed ?? (corrects ? correctedElsewhere(sentence, fact, candidates) : null);
}

/** What a text counts: the word after each number ("7 seasonal pickers" counts pickers), in its base form. */
function countedWords(text: string): Map<string, string> {
  const counted = new Map<string, string>();
  for (const [, number, first, second] of withoutSeparators(text).matchAll(/(?<![\d$.])(\d+)\s+(\p{L}+)(?:\s+(\p{L}+))?/gu)) {
    for (const word of [first, second]) if (word) counted.set(baseForms(word.toLowerCase(), "n")[0] ?? word.toLowerCase(), number);
  }
  return counted;
}

/** Whether a sentence's counts (countedWords) give another number of a thing the statement counted. */
function recounts(counted: ReadonlyMap<string, string>, statement: string): boolean {
  const before = countedWords(statement);
  return [...counted].some(([word, number]) => before.has(word) && before.get(word) !== number && nounSenses(word) > 0);
}

/** Words of a correction that say two statements are about one thing: "gutter" and "two-story", not just "price". */
const MIN_SHARED_TERMS = 2;

/**
 * "Correction on the gutter price — two-story is $210 now": a correction
 * whose page holds nothing it changes, filed on what its words named first,
 * replaces the owner's statement elsewhere that gives one value of the same
 * kind and shares at least two of its words beyond the value's kind. A
 * statement giving several such values ("chairs $6.75, rounds $11") is not
 * replaced by a change to one of them, and a change that does not say it
 * corrects ("the large chai went up again") is left to the owner as an offer.
 */
function correctedElsewhere(sentence: string, fact: ExtractedFact, candidates: readonly MemoryInputFact[]): MemoryInputFact | null {
  const ours = new Set(terms(sentence).filter((t) => !isValueWord(t)));
  const shared = (f: MemoryInputFact) => new Set(terms(f.text).filter((t) => ours.has(t))).size;
  const oneValue = (f: MemoryInputFact) => valuesOf(f.text).filter((v) => facetOf(v) === fact.facet).length === 1;
  const fits = candidates.filter((f) => f.source === "owner" && differsIn(sentence, f.text) && oneValue(f) && shared(f) >= MIN_SHARED_TERMS);
  return fits.reduce<MemoryInputFact | null>((best, f) => (best === null || shared(f) >= shared(best) ? f : best), null);
}

type KnownPage = { title: string; texts: string[] };

/** A page whose title is a name its facts use ("I run Crux Bouldering, …"). */
const isNamePage = (page: KnownPage) => page.texts.some((t) => nameRuns(t).some((run) => run.toLowerCase() === page.title.toLowerCase()));

/**
 * The page a sentence goes on. Owners file things under what they are: the
 * page of a name the sentence mentions ("Brightline ships on Fridays" goes
 * where Brightline was filed), else the page of the thing it is about, when one
 * exists ("the van's brakes" on the delivery van's page), else the page of
 * the sentence before when this one names nothing of its own ("They ship on
 * Fridays"), else a new page named for its subject ("Cutting Table").
 */
function pageFor(sentence: string, facet: Facet, subject: Phrase | null, pages: readonly KnownPage[], previous: string | null, heading: string | null = null): string | null {
  // A name filed on one page only says where the sentence belongs; one all over the memory (the town the business is in) says nothing.
  const holding = (name: string) => {
    const said = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(name)}(?![\\p{L}\\p{N}])`, "iu");
    return pages.filter((p) => said.test(p.title) || p.texts.some((t) => said.test(t)));
  };
  // A name's page when it has exactly one, else the name itself as a new page's title.
  const filedUnder = (name: string) => {
    const found = holding(name);
    return found.length === 1 ? found[0].title : name;
  };
  const names = namesIn(sentence);
  const filed = names.map((name) => ({ name, pages: holding(name) })).find((n) => n.pages.length === 1);
  const byName = filed?.pages[0];
  // "We order from Brannock Auto Parts and stick w them": a name said before "them" in the sentence is what it points back at.
  const back = POINTS_BACK.exec(sentence);
  const pointsBack = back !== null && !names.some((name) => sentence.indexOf(name) < back.index);
  const previousIsSomeone = previous !== null && (namesSomeone(headOf(previous)) || pages.some((p) => p.title === previous && isNamePage(p)));
  const leans = PRONOUN_START.test(sentence) || (PERSON_START.test(sentence) && previousIsSomeone) || pointsBack || doneToIt(sentence);
  const reported = REPORTED_BY.test(sentence);
  // "A new guy", "the new person": someone no page is named for; the name the sentence gives is.
  const namesNoOne = subject?.words.length === 1 && generalOf(subject.words[0]) !== null && namesSomeone(subject.words[0]) && names.length > 0 && !["money", "date"].includes(facet);
  // "Our main vendor is Millbrook Janitorial Supply": a firm given a role is filed under its own name, as its dealings are; a
  // person given one ("my contractor is Ada Brisk") under the role.
  const firm = names.find((name) => isFirmName(name) && new RegExp(`\\b(?:is|are|was)\\s+${escapeRegExp(name)}`, "i").test(sentence));
  if (firm && !leans) return filedUnder(firm);
  // "The front desk runs on an app called Tallybook": a thing brought up by its name is filed under it, as the owner will call it;
  // someone brought up so ("a woman named Odalys Fenwick") is filed under their role, as above.
  const introduced = names.find((name) => introducedAs(sentence, name));
  if (introduced && !leans) return filedUnder(introduced);
  // "gave Odalys Fenwick 10% off", "charging Juniper Ridge Farm $85 a visit": what is given or charged to someone named is theirs.
  const recipient = names.find((name) => givenTo(sentence, name));
  if (recipient && !leans) return filedUnder(recipient);
  // "Rent for the unit runs $1,380", "the landlord is bumping our rent to $2,850": what is paid for a place is filed as its rent, under
  // the place's word when the owner says it with the rent ("Shop rent is …"), which a later correction may leave out.
  if (facet === "money" && SAYS_RENT.test(sentence)) {
    const named = subject && subject.words.length > 1 && headOf(subject.words.join(" ")) === "rent" ? titleOf(subject) : "Rent";
    return pages.find((p) => headOf(p.title) === "rent")?.title ?? named;
  }
  // "We buy all our foam from Millbrook Foam Co": who supplies it, when the sentence states no price or day of its own.
  const supplier = facet === "name" ? names.find((name) => suppliedBy(sentence, name)) : undefined;
  if (supplier && !leans) return filedUnder(supplier);
  // "We schedule everything in RouteBee, $89 a month for the team plan": what the business works with is filed under its name,
  // with what it costs, whatever plan or seats the price is given for.
  const tool = names.find((name) => workedWith(sentence, name));
  if (tool && !leans) return filedUnder(tool);
  if (subject && !subject.valueOnly && !namesNoOne) {
    // A page filed under a name ("Kiln & Clay Studio") is that business or person, not every studio the owner mentions.
    const about = pages.findLast((p) => !isNamePage(p) && isAbout(subject, p.title));
    if (about) return about.title;
    if (reported && previous) return previous;
    // The name leads when it is what the sentence is about ("Harlow raised the minimum order"), not when it only comes up
    // after the subject ("Our roofer is Ada Brisk, she did the Millport job").
    const at = (text: string) => sentence.toLowerCase().indexOf(text.toLowerCase());
    if (byName && filed && !leans && at(filed.name) < at(subject.words[0])) return byName.title;
    // "Tobias Wrenfield, he's 19, just finished the program", "Odalys Fenwick starts Thursday on the front desk": a name set apart at
    // the start, or one that does what the sentence says, is what it is about; "Ada Brisk is our roofer" says what Ada is.
    // "Mira is full time now": what is said of someone named, when it is no role ("… is our roofer"), is theirs too.
    const saidOf = (name: string) => new RegExp(`^${escapeRegExp(name)}(?:\\s+is|\\s+was|'s)\\b`, "i").test(sentence) && !namesSomeone(headOf(subject.words.join(" ")));
    const opening = names.find((name) => sentence.startsWith(`${name},`) || actsFirst(sentence, name) || saidOf(name));
    if (opening && !leans) return byName && filed?.name === opening ? byName.title : opening;
    if (leans && previous) return previous;
    // "Software. we moved our booking to …": the message's heading, not a thing of its sentence, is what it is filed under.
    return heading ?? titleOf(subject);
  }
  if (byName) return byName.title;
  if (reported && previous) return previous;
  // Under a heading ("Scanner." then "we got the Loomway X200, financed it …"), a name the sentence gives is what the thing is called.
  if (heading && !leans) return heading;
  // A sentence about something it only names ("we order Tyvek from Brightline") is filed under that name, unless it leans on the one before.
  const [named] = names;
  // A sentence that leans on nothing said before ("its leased through Heron Point Fleet, 36 months") is about the name it gives.
  if (named && (!leans || !previous)) return named;
  if (previous) return previous;
  return subject ? titleOf(subject) : null;
}

/**
 * A verb of getting goods or a service as a habit, then who from: "we order our fittings from …", "we get our aprons through
 * …", "all our foam comes from …". One purchase ("we bought a cutting table from …") is about the thing bought.
 */
const suppliedBy = (sentence: string, name: string) =>
  new RegExp(`\\b(?:buy|order|get|source|purchase|rent|come)s?\\b.*\\b(?:from|through|thru|via)\\s+(?:the\\s+)?${escapeRegExp(name)}`, "i").test(sentence);

/** A name a thing is brought up by: "an app called Tallybook", "a firm named Tern Hollow Linen"; not someone ("a woman named Odalys Fenwick"). */
function introducedAs(sentence: string, name: string): boolean {
  const thing = new RegExp(`(\\p{L}+)\\s+(?:called|named)\\s+${escapeRegExp(name)}`, "iu").exec(sentence)?.[1].toLowerCase();
  // A word WordNet lacks ("app") may name the thing too; a pronoun or an adverb ("we called …", "just called …") does not.
  return thing !== undefined && term(thing) !== null && (nounSenses(thing) > 0 || !isKnown(thing)) && !isKindOf(thing, ["person"]);
}

const GIVING = "(?:give|gives|gave|giving|offer|offers|offered|offering|charge|charges|charged|charging)";

/** A verb of giving or charging, then whom, then the value: "gave Odalys Fenwick 10% off", "charging Juniper Ridge Farm $85". */
const givenTo = (sentence: string, name: string) => new RegExp(`\\b${GIVING}\\s+${escapeRegExp(name)}\\s+(?:an?\\s+)?[$\\d]`, "i").test(sentence);

/** The same, to "him" or "her": "i'm giving him 18% off the rest of it". */
const GIVEN_BACK = new RegExp(`\\b${GIVING}\\s+(?:him|her)\\s+(?:an?\\s+)?[$\\d]`, "i");

/**
 * "One more thing, Hollis Drummond, … i'm giving him 18% off": what is given to "him" or "her" is theirs, the person the
 * message named before it, when it named one person.
 */
function givenBackTo(sentence: string, before: readonly string[]): string | null {
  if (!GIVEN_BACK.test(sentence)) return null;
  const people = [...new Set(before.flatMap(namesIn))].filter((name) => words(name).length > 1 && !isFirmName(name));
  return people.length === 1 ? people[0] : null;
}

/**
 * A verb of working with something, or of taking it up, then its name: "we use Rehearsly", "we switched to FieldLoop",
 * "everything runs through Tallybook".
 */
const workedWith = (sentence: string, name: string) =>
  new RegExp(
    `\\b(?:(?:use|uses|using|used|switched|switching|moved|moving|changed|went|run|runs|running|do|does|book|books|schedule|schedules)\\s+(?:\\w+\\s+)?(?:to|in|on|through|thru|with|via)|use|uses|using|used)\\s+(?:the\\s+)?${escapeRegExp(name)}\\b`,
    "i",
  ).test(sentence);

/** Forms of "be": a name before one is given a role ("… is our roofer"), which the role's page holds. */
const BE = new Set(["is", "are", "was", "were", "be", "'s", "’s"]);

/** A clause that opens a sentence to say when: "When we close, …". */
const OPENING_WHEN = /^(?:when|whenever|once|after|before|if)\b[^,]*,\s*/i;

/** A name that opens a sentence, or its main clause, and does its verb: "Tern Hollow Linen collects the aprons", "When we close, …". */
function actsFirst(sentence: string, name: string): boolean {
  const main = sentence.replace(OPENING_WHEN, "");
  if (!main.startsWith(`${name} `)) return false;
  const [next] = words(main.slice(name.length));
  return next !== undefined && !BE.has(next.toLowerCase()) && hasVerb(next);
}

/** A sentence that only announces that something follows: "first thing.", "ok other thing.", "next one:". */
const ANNOUNCES = /^(?:(?:first|other|next|another|last|one more|second|third|new)\s+)?(?:thing|item|topic|one)s?\W*$/i;

/** The message's heading and the sentence it is (past announcements), and whether it is all the message says. */
function announcedHeading(said: readonly string[]): { heading: string | null; at: number; alone: boolean } {
  const at = said.findIndex((s) => !ANNOUNCES.test(s));
  const heading = at < 0 ? null : messageHeading(said[at]);
  return { heading, at, alone: heading !== null && said.every((s, i) => i === at || ANNOUNCES.test(s)) };
}

/** A message that opens on a thing named alone ("Software.", "Pricing.", "Towels!"): the heading of what follows in it. */
function messageHeading(sentence: string): string | null {
  const all = words(sentence);
  if (all.length > HEADING_WORDS || all.some((w, i) => hasVerb(i === 0 ? w.toLowerCase() : w))) return null;
  const [phrase, ...more] = nounPhrases(sentence);
  if (!phrase || more.length > 0 || phrase.valueOnly) return null;
  // The thing named is all there is: "Started pricing trailers." is no heading.
  // "The new tent": a word that only describes it is part of naming it.
  const describes = (w: string) => adjectiveSenses(w.toLowerCase()) > 0 && verbSenses(w.toLowerCase()) === 0;
  const named = (w: string) => phrase.words.includes(w.toLowerCase()) || phrase.names.includes(w) || /^(?:the|our|my|a|an)$/i.test(w) || describes(w);
  return all.every(named) ? titleOf(phrase) : null;
}
const HEADING_WORDS = 3;

/** Whether a phrase names something that happens: a show, a fair, an inspection. */
const isEvent = (phrase: Phrase) => [headOf(phrase.words.join(" ")), phrase.words.at(-1)!].some((head) => isKindOf(head, ["event"]));

/** A correction that names what it corrects first: "scratch that on the trailer, …", "quick update on the van —". */
const CORRECTED = /^(?:(?:ok(?:ay)?|actually|oh|so|and|also|wait)[,!]?\s+)*(?:scratch that|(?:(?:a|one|quick|small)\s+)?(?:correction|update|change))\s+(?:on|about|for|re|to)\s+([^,;:—–]+?)\s*(?:[,;:—–]|\s-+\s)/i;

/** What a message that opens on a correction corrects ("correction on the tent btw, …"), read before its lead-in is dropped. */
function correctedTopic(sentence: string): Phrase | null {
  const corrected = CORRECTED.exec(sentence.trim())?.[1];
  return (corrected && nounPhrases(corrected).find((p) => !p.valueOnly)) || null;
}

/** Words that open a subordinate clause, which says why or when, not what the day is of. */
const SUBORDINATE = /\b(?:because|since|so|after|before|until|when|while|if)\b/i;

/** The rest of a list after a comma: a bare noun or two, then "and" or "or" ("underlayment and drip edge …"). */
const LIST_GOES_ON = /^\s*\p{Ll}[\p{L}-]*(?:\s+\p{Ll}[\p{L}-]*)?\s+(?:and|or)\s/u;

/** A clause of a sentence's own, as a comma or semicolon sets it apart. */
const CLAUSES = /[,;]\s+/;

/**
 * What a fact is about: the sentence's subject, unless its value sits in a
 * later clause about another thing ("Mosquito season starts in May, we do
 * yard fogging for $75 a visit") or in one that points back at the last
 * thing named ("the treatment needs the propane heater, we bought it for
 * $3,900"). What is paid for or owned of the subject ("…, the lease is $745
 * a month") and a count of things ("a set of 30 is $460") stay with it.
 */
function factSubject(sentence: string, facet: Facet): Phrase | null {
  const subject = mainSubject(sentence);
  // A day is when something happens: "a table at the county craft fair on May 9" is filed under the fair.
  if (facet === "date" && subject && !isEvent(subject)) {
    // Only what comes before the day, in the sentence's own clause: "moved the open house to April 19 because of the marathon".
    const day = valuesOf(sentence)[0];
    const before = day ? sentence.slice(0, sentence.indexOf(day)) : sentence;
    const event = nounPhrases(before.split(SUBORDINATE)[0]).find((p) => !p.valueOnly && isEvent(p));
    if (event) return event;
  }
  const clauses = sentence.split(CLAUSES);
  const at = clauses.findIndex((c) => valuesOf(c).length > 0);
  if (at <= 0) return subject;
  const stating = clauses[at];
  // A clause that opens on "it" ("…, it was $640 with the hoses") is about what came before, unless it says what it is for.
  if (/^\s*(?:it|it's|it’s|its|that|that's|that’s|thats|this)\b/i.test(stating) && !/\bfor\s+(?:the\s+|our\s+|a\s+|an\s+)?(?!(?:up|each|every|all|both)\b)\p{L}/iu.test(stating)) return subject;
  // A list the comma only separates ("our shingles, underlayment and drip edge from …") is no clause of its own.
  if (LIST_GOES_ON.test(stating)) return subject;
  const own = mainSubject(stating);
  if (own) {
    const head = own.words.at(-1)!;
    const counted = new RegExp(`\\b${head}\\s+of\\b`, "i").test(stating);
    return own.valueOnly || counted || isKindOf(head, ["possession"]) ? subject : own;
  }
  // An object pronoun ("we bought it") points back at the last thing named.
  if (/\s(?:it|them)\b/i.test(stating) && !/^\s*(?:it|they)\b/i.test(stating)) {
    return nounPhrases(clauses.slice(0, at).join(", ")).filter((p) => !p.valueOnly).at(-1) ?? subject;
  }
  return subject;
}

/** A sentence that opens on its verb, its subject being the thing just talked about: "Should help with …", "Will need …". */
const ELIDED_SUBJECT = /^(?:should|could|would|will|might|can|must|may|gonna)\b/i;

/** Three things or more and nothing else: "clay, glazes, tools, basically everything". */
const isBareList = (sentence: string) => {
  // A comma inside a number ("$3,150") parts no items.
  const items = trimEndPunctuation(sentence).split(/\s*,\s+(?:and\s+|or\s+)?/);
  return items.length >= 3 && items.every((item) => words(item).length <= 3);
};

/** A value and what it paid for doing to the thing just named: "$1,180 to rebuild it …". */
const VALUE_FOR_IT = /^\$\d[\d,.]*\s+to\s+\p{L}+\s+(?:it|them)\b/iu;

/** A value a sentence opens on, with what it says of the thing ("$38,500 used", "$900 installed"): no verb of a clause. */
const VALUE_AND_PARTICIPLE = /^\$?\d[\d,.]*(?:\s+\p{L}+ed\b)?/u;

/** What a value is for, named: "for the new sign", "for our van" (not "for 36 months"). */
const NAMES_ITS_USE = /\bfor\s+(?:the|a|an|our|my|their|his|her|each|every)\b/i;

/** A sentence that opens on a value ("$38,500 used") or a name ("Granite Ridge Mutual, $5,280 …"). */
const opensOnValueOrName = (sentence: string) => /^[$\d]/.test(sentence) || nameRuns(sentence).some((run) => sentence.startsWith(run));

/**
 * Walks the stretch sentence by sentence. A sentence that names nothing of
 * its own continues the one before it: same page ("Ravi quoted $90 for both
 * four" after the truck needed tires). Customer lines are never memory. A
 * later fact with the same page and key in one pass replaces the earlier
 * one; across passes, the live facts shown decide.
 */
export function extractFacts(view: Pick<MemoryView, "pages" | "facts" | "messages"> & Partial<Pick<MemoryView, "before" | "earlier">>): ExtractedFact[] {
  const latest = new Map<string, ExtractedFact>();
  // In title order, so where a fact goes never depends on the order the pages were listed in.
  const known = (): KnownPage[] => {
    const titles = [...new Set([...view.pages, ...view.facts.map((f) => f.page), ...[...latest.values()].map((f) => f.page)])].sort();
    return titles.map((title) => ({
      title,
      texts: [...view.facts.filter((f) => f.page === title), ...[...latest.values()].filter((f) => f.page === title)].map((f) => f.text),
    }));
  };
  let previous: string | null = null;
  // A heading the owner sent alone ("ok other thing. scanner."): what their next message is filed under, past the agent's reply.
  let carried: string | null = null;
  // The open stretch's earlier messages, or the last ones before a stretch that starts fresh, set the scene: a pass that starts
  // with "They ship on Fridays" continues their page. They are walked as the new ones are, their facts already filed.
  const scene = [...(view.before ?? []), ...(view.earlier ?? [])];
  const walked = [...scene.map((message) => ({ message, scene: true })), ...view.messages.map((message) => ({ message, scene: false }))];
  for (const { message, scene } of walked) {
    if (message.speaker === "customer") continue;
    const said = sentences(message.text);
    const stripped = said.map(stripLeadIn);
    const own = announcedHeading(stripped);
    const fromBefore = own.heading === null ? carried : null;
    let heading = own.heading ?? fromBefore;
    if (message.speaker === "owner") carried = own.alone ? own.heading : null;
    for (const [i, sentence] of stripped.entries()) {
      const facet = facetOf(sentence);
      // "Scratch that on the trailer, the dealer rang and …": what is corrected is what the message is about.
      const corrected = i === 0 ? correctedTopic(said[0]) : null;
      const subject = corrected ?? factSubject(sentence, facet);
      // "… bought a spider lift. $38,500 used, from a dealer.": a fragment that opens on its value or a name adds to the sentence before.
      // So does a message that opens on a value and says nothing it is for: "$285/mo for 36 months thru Quarry Bank" after the
      // station was named ("$40 for the new sign" is about the sign).
      // So does one that opens on a value for what was done to "it": "$1,180 to rebuild it at the dealer, ouch".
      const fragment = (opensOnValueOrName(sentence) && !hasVerb(sentence.replace(VALUE_AND_PARTICIPLE, ""))) || VALUE_FOR_IT.test(sentence);
      const adds = previous !== null && fragment && (i > 0 || (/^[$\d]/.test(sentence) && !NAMES_ITS_USE.test(sentence)));
      // A heading sent alone names what the next message is about when it gives only a name ("we got the Loomway X200 …"), not
      // when it says which thing ("finally bought the auto scrubber …" after "Equipment first.").
      const headed = i > own.at ? heading : fromBefore !== null && (subject === null || subject.words.length === 0) ? fromBefore : null;
      // A sentence whose subject goes unsaid ("Should help with foam-board posters.") or a list with no verb ("drugs, syringes,
      // gauze") says more of the thing before.
      const continues = previous !== null && (ELIDED_SUBJECT.test(sentence) || (i > 0 && isBareList(sentence)));
      const givenBack = message.speaker === "owner" ? givenBackTo(sentence, said.slice(0, i)) : null;
      const placed = adds || continues ? previous : (givenBack ?? pageFor(sentence, facet, subject, known(), previous, headed));
      if (corrected && placed) heading = existingSpelling(placed, known());
      if (!isDurable(sentence, message.speaker)) {
        // What the agent says in passing ("Any luck with the bank?", "I searched this thread for …") is about the owner's subject;
        // it does not change it.
        if (placed && subject && !subject.valueOnly && message.speaker === "owner" && !continues) previous = existingSpelling(placed, known());
        continue;
      }
      if (!placed) continue;
      const page = existingSpelling(placed, known());
      previous = page;
      if (scene) continue;
      const key = keyOf(sentence, page, facet);
      // A sentence that does not name its page's thing ("It's $2,300 a month") gets the page in front, so it reads on its own.
      const namesPage = terms(page).some((t) => terms(sentence).includes(t));
      const fact: ExtractedFact = {
        page: page.slice(0, MAX_PAGE_CHARS),
        key,
        text: factText(sentence, namesPage ? null : page),
        messageSeq: message.seq,
        facet,
        speaker: message.speaker,
        replaces: null,
        replacedText: null,
      };
      // A value this pass filed and the owner now says was wrong is replaced here, on its page: it was never live.
      const wrong = message.speaker === "owner" ? oldValueOf(sentence) : null;
      const filedWrong = wrong === null ? undefined : [...latest.values()].findLast((f) => f.speaker === "owner" && states(f.text, wrong));
      if (filedWrong) {
        latest.delete(`${filedWrong.page.toLowerCase()}|${filedWrong.key}`);
        fact.page = filedWrong.page;
        fact.key = filedWrong.key;
        if (!sharesWord(fact.text, fact.page)) fact.text = factText(sentence, fact.page);
      }
      const replaced = replacedFact(fact, sentence, view.facts, { corrects: corrected !== null });
      if (replaced) {
        // The changed decision is filed where the one it replaces lives, under its subject.
        fact.page = replaced.page;
        fact.replaces = replaced.id;
        fact.replacedText = replaced.text;
        if (!sameSubject(replaced.key, fact.key)) fact.key = replaced.key;
        if (!sharesWord(fact.text, fact.page)) fact.text = factText(sentence, fact.page);
      }
      const id = `${fact.page.toLowerCase()}|${fact.key}`;
      // "We raised it to $193 last week. $158 was the old price from 2021": the value a change this pass filed replaced, said again, is
      // its history, not a change back.
      const changed = latest.get(id);
      const recallsOld = changed?.replacedText != null && valuesOf(sentence).some((v) => states(changed.replacedText!, v) && !states(changed.text, v));
      if (recallsOld) continue;
      latest.delete(id);
      latest.set(id, fact);
    }
  }
  return [...latest.values()].slice(-MAX_FACTS);
}

/** A title with each word in its singular form, so "Chiavaris" and "Chiavari", "Booking Apps" and "Booking App" are one page. */
const singularTitle = (title: string) =>
  words(title.toLowerCase())
    .map((w) => baseForms(w, "n")[0] ?? w.replace(/(?<=[^s])s$/, ""))
    .join(" ");

/**
 * An existing page's own spelling wins, so facts land on the page the owner
 * already has; so does the one page named in full for someone or something
 * the owner now calls by the first word of that name ("Rowan's at $17.60
 * now" after "Rowan Kessler is my lead", "charging Pellman" after "Pellman
 * Plumbing & Heating").
 */
function existingSpelling(page: string, pages: readonly KnownPage[]): string {
  const same = pages.find((p) => p.title.toLowerCase() === page.toLowerCase()) ?? pages.find((p) => singularTitle(p.title) === singularTitle(page));
  if (same) return same.title;
  if (/\s/.test(page)) return page;
  const inFull = pages.filter((p) => isNamePage(p) && p.title.toLowerCase().startsWith(`${page.toLowerCase()} `));
  return inFull.length === 1 ? inFull[0].title : page;
}

/**
 * Whether the stretch is still going: a new subject when the new messages'
 * facts land on pages the open stretch's earlier messages did not touch; an
 * end when the owner decided or finished something.
 */
function stretchState(view: MemoryView, facts: readonly ExtractedFact[]): StretchState {
  const owner = view.messages.filter((m) => m.speaker === "owner").map((m) => m.text).join(" ");
  if (view.earlier.length > 0 && facts.length > 0) {
    const before = extractFacts({ pages: view.pages, facts: [], messages: view.earlier });
    const earlierPages = new Set(before.map((f) => f.page.toLowerCase()));
    const shifted = facts.every((f) => !earlierPages.has(f.page.toLowerCase()));
    if (shifted && earlierPages.size > 0) return "new-subject";
  }
  return isDecided(owner) || isDone(owner) ? "ends" : "continues";
}

export function offlineMemoryPass(view: MemoryView): MemoryPassOutput {
  const facts = extractFacts(view);
  const stretch = stretchState(view, facts);
  const shown = stretch === "new-subject" ? view.messages : [...view.earlier, ...view.messages];
  const earlierFacts = stretch === "new-subject" ? [] : extractFacts({ pages: view.pages, facts: [], messages: view.earlier });
  const opening = view.earlier.length === 0 && view.messages[0]?.seq === 1;
  return {
    facts: facts.map(({ page, key, text, messageSeq, replaces }) => ({ page, key, text, messageSeq, replaces })),
    episode: episodeLine(shown, [...earlierFacts, ...facts], { opening: opening || (view.earlier[0]?.seq === 1 && stretch !== "new-subject") }),
    stretch,
    fold: foldLine(view.fold),
  };
}
