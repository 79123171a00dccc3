import { describe, expect, it } from "vitest";
import { READ_PAGE, SEARCH_HISTORY, decideChat, readQuestion, searchQuery, type ChatDecision } from "@/lib/models/offline/chat";
import type { ChatView, KnownFact, ToolRound } from "@/lib/models/offline/prompt-reader";
import { SHOP_LINES, TRAILER_TRUCK_PAGE, pageFact } from "@/tests/unit/models/fixtures";

// The chat turn of the offline model on a kayak rental shop's thread: what it
// answers from, which buffer line it follows and why, and when it searches or asks.

const BOTH = new Set([READ_PAGE, SEARCH_HISTORY]);
const NONE = new Set<string>();

function view(question: string, parts: Partial<ChatView> = {}): ChatView {
  return { customer: false, question, recalled: [], buffer: [], window: [], rounds: [], ...parts };
}

function textOf(decision: ChatDecision): string {
  if (decision.type !== "text") throw new Error(`expected text, got a ${decision.toolName} call`);
  return decision.text;
}

const truckLease: KnownFact = { page: "Trailer Truck", text: "The trailer truck lease is $640 a month now", confirmed: true, source: "owner", day: "2027-04-09" };

const said = (...texts: string[]): ChatView["window"] =>
  texts.flatMap((text) => [
    { speaker: "user" as const, text },
    { speaker: "assistant" as const, text: "Okay." },
  ]);

describe("a fact about the question that lacks what it asks for", () => {
  it("is no answer, though recall shows it on the page a line points at: the model searches instead", () => {
    const wanted: KnownFact = { page: "Trailer Truck", text: "We need a driver for the trailer truck on weekends", confirmed: true, source: "owner", day: "2027-04-09" };
    const decision = decideChat(view("Who drives the trailer truck on weekends?", { recalled: [wanted], buffer: SHOP_LINES }), BOTH);
    expect(decision).toMatchObject({ type: "tool-call" });
    expect(JSON.stringify(decision)).not.toContain("We need a driver");
  });
});

describe("questions the prompt already answers", () => {
  it("takes a request for a value (\"give me the …\") as a question about what was said", () => {
    const rack: KnownFact = { page: "Roof Rack", text: "The roof rack for the kayak trailer cost $420", confirmed: true, source: "owner", day: "2027-04-05" };
    expect(textOf(decideChat(view("Give me the price of the roof rack again.", { recalled: [rack] }), BOTH))).toContain("$420");
  });

  it("reads a word for an amount the question asks the value of as what it is about: \"the yearly cost of our coverage\"", () => {
    const insurance = { day: "2027-04-01", gist: "Insurance: the owner gave $3,480/yr, Millbrook Mutual; noted.", pages: ["Insurance"] };
    const van = { day: "2027-04-02", gist: "Trailer Truck: the owner gave $640 a month; noted.", pages: ["Trailer Truck"] };
    expect(decideChat(view("What's the yearly cost of our coverage?", { buffer: [insurance, van] }), BOTH)).toMatchObject({ type: "tool-call", toolName: READ_PAGE, input: { title: "Insurance" } });
  });

  it("reads a noun of the question as a noun: \"the building\" is not what a contractor does", () => {
    const licence = { day: "2027-04-01", gist: "Contractor Licence: the owner gave renewal date June 30; noted.", pages: ["Contractor Licence"] };
    const decision = decideChat(view("What does the building we work out of cost us monthly?", { buffer: [licence] }), BOTH);
    expect(decision).not.toMatchObject({ type: "tool-call", toolName: READ_PAGE });
  });

  it("links a word of a name by the same word only: a firm called \"… Works\" is no building", () => {
    const firm: KnownFact = { page: "Heron Point Linen Works", text: "Heron Point Linen Works: we spend about $2,335 a month with them", confirmed: true, source: "owner", day: "2027-04-06" };
    expect(JSON.stringify(decideChat(view("What do we pay each month for the building where the kayaks are stored?", { recalled: [firm] }), BOTH))).not.toContain("$2,335");
  });

  it("matches no fact on the kind of value asked for: \"the name of the woman who …\" is not about whatever was named", () => {
    const cat: KnownFact = { page: "Shop Cat", text: "The shop cat is named Biscuit", confirmed: true, source: "owner", day: "2027-04-06" };
    expect(decideChat(view("what's the name of the woman who does our payroll at the end of each month", { recalled: [cat] }), BOTH)).toMatchObject({ type: "tool-call" });
  });

  it("reads no name in a fact's page title before it: a fact without a name answers no question asking who", () => {
    const interviews: KnownFact = { page: "Night Crew", text: "Night Crew: I finished the last interviews for the lead guide job", confirmed: true, source: "owner", day: "2027-04-06" };
    expect(decideChat(view("Who got the lead guide job?", { recalled: [interviews] }), BOTH)).toMatchObject({ type: "tool-call" });
  });

  it("answers with what the owner said later on the same page, which replaces what they said before", () => {
    const before: KnownFact = { page: "Flyer Printer", text: "We're going with Dockside Copyworks for the flyers", confirmed: true, source: "owner", day: "2027-03-01" };
    const after: KnownFact = { page: "Flyer Printer", text: "Change of plans: the flyers go to Inkwell Printworks instead of the other shop, they're faster", confirmed: true, source: "owner", day: "2027-04-02" };
    for (const recalled of [[before, after], [after, before]]) {
      const answer = textOf(decideChat(view("Which printer handles the flyers now?", { recalled }), BOTH));
      expect(answer).toContain("Inkwell Printworks");
      expect(answer).not.toContain("Dockside");
    }
  });

  it("answers from a recalled fact, naming its page and day, and opens nothing though a line points at it", () => {
    const decision = decideChat(view("How much is the trailer truck lease?", { recalled: [truckLease], buffer: SHOP_LINES }), BOTH);
    expect(textOf(decision)).toBe("From pages/Trailer Truck: The trailer truck lease is $640 a month now (you said this on 2027-04-09).");
    expect(decision.reasoning).toMatch(/already shows/);
  });

  it("answers a question that names a place only with what is about that place", () => {
    const slip: KnownFact = { page: "Boat Slips", text: "A slip at Heron Point is $300 a month", confirmed: true, source: "owner", day: "2027-04-11" };
    expect(textOf(decideChat(view("How much is a slip at Heron Point?", { recalled: [slip] }), BOTH))).toContain("$300");
    expect(decideChat(view("How much is a slip at Pelican Cove?", { recalled: [slip] }), BOTH)).toMatchObject({ type: "tool-call", toolName: SEARCH_HISTORY });
  });

  it("answers a question that describes its topic from a recalled fact that is about it by meaning", () => {
    const answer = textOf(decideChat(view("What do we pay each month for the vehicle that tows the boats?", { recalled: [truckLease], buffer: SHOP_LINES }), BOTH));
    expect(answer).toContain("$640");
  });

  it("answers a question that names only a kind of value (\"What's our rent?\") from the fact about that value", () => {
    const rent: KnownFact = { page: "Boathouse", text: "Rent on the boathouse is $1,900 a month", confirmed: true, source: "owner", day: "2027-04-02" };
    const lease: KnownFact = { page: "Trailer Truck", text: "We lease the trailer truck from Heron Point Motors", confirmed: true, source: "owner", day: "2027-04-03" };
    expect(textOf(decideChat(view("What's our rent?", { recalled: [lease, rent] }), BOTH))).toContain("$1,900");
  });

  it("reads a page's recalled facts together when the one holding the value only points back at whom it is about", () => {
    const supplier: KnownFact = { page: "Paddles", text: "Our paddles come from Juniper Ridge Outfitters, carbon and aluminum", confirmed: true, source: "owner", day: "2027-04-02" };
    const spend: KnownFact = { page: "Paddles", text: "Paddles: usually around $700 a month with them", confirmed: true, source: "owner", day: "2027-04-02" };
    const answer = textOf(decideChat(view("How much do we spend with Juniper Ridge Outfitters each month?", { recalled: [supplier, spend] }), BOTH));
    expect(answer).toContain("$700");
  });

  it("reads a page's recalled facts together when one says what the question describes and another holds the value", () => {
    const deal: KnownFact = { page: "Fleet Deal", text: "We have a fleet deal now with Pellory Bakeworks, their 4 delivery vans", confirmed: true, source: "owner", day: "2027-04-02" };
    const share: KnownFact = { page: "Fleet Deal", text: "Fleet Deal: giving them 14% off every service", confirmed: true, source: "owner", day: "2027-04-02" };
    const other: KnownFact = { page: "Winter Special", text: "Winter special: tire rotation and wiper check for $59", confirmed: true, source: "owner", day: "2027-04-03" };
    const answer = textOf(decideChat(view("how much off are we giving the bread company on their delivery vans?", { recalled: [deal, share, other] }), BOTH));
    expect(answer).toContain("14%");
  });

  it("does not read a page's facts together when the one holding the value names a subject of its own", () => {
    const use: KnownFact = { page: "Crew", text: "The crew uses the infrared scanner to find heat behind drywall", confirmed: true, source: "owner", day: "2027-04-02" };
    const wage: KnownFact = { page: "Crew", text: "We took on another installer, Bram Ostler, he starts May 4 at $27/hr", confirmed: true, source: "owner", day: "2027-04-02" };
    const answer = textOf(decideChat(view("How much is the device that finds heat behind drywall?", { recalled: [use, wage] }), NONE));
    expect(answer).not.toContain("$27");
  });

  it("reads facts that share a name the question gives together, wherever they were filed", () => {
    const plan: KnownFact = { page: "Membership", text: "We're starting a membership this year, we call it the Heron Club", confirmed: true, source: "owner", day: "2027-04-02" };
    const price: KnownFact = { page: "Heron", text: "Heron Club runs $12 a month, billed by card", confirmed: true, source: "owner", day: "2027-04-03" };
    const answer = textOf(decideChat(view("How much is the Heron Club membership per month?", { recalled: [price, plan] }), BOTH));
    expect(answer).toContain("$12");
  });

  it("answers from what recall shows about a woman's work, not from a line about any kind of person", () => {
    const inspector: KnownFact = { page: "Odalys Fenwick", text: "Odalys Fenwick: she charges $140 a visit to inspect the hoists", confirmed: true, source: "owner", day: "2027-04-02" };
    const buffer = [{ day: "2027-04-05", gist: "Instructor: the owner gave choice; decided.", pages: ["Instructor"] }];
    const decision = decideChat(view("What does the woman who inspects the hoists charge each time she comes?", { recalled: [inspector], buffer }), BOTH);
    expect(textOf(decision)).toContain("$140");
  });

  it("says a pending fact is unconfirmed", () => {
    const pending: KnownFact = { page: "Life Jackets", text: "I suggest ordering 10 more life jackets", confirmed: false, source: "agent", day: "2027-04-12" };
    const answer = textOf(decideChat(view("what was the idea about the life jackets?", { recalled: [pending] }), BOTH));
    expect(answer).toContain("pages/Life Jackets");
    expect(answer).toContain("unconfirmed");
  });

  it("answers from a statement in the window, not from an earlier asking", () => {
    const window = said("The guide for the sunset tours is Ingrid Solberg.", "Who leads the sunset tours?");
    expect(textOf(decideChat(view("remind me who leads the sunset tours?", { window }), BOTH))).toBe(
      'You told me earlier in this conversation: "The guide for the sunset tours is Ingrid Solberg."',
    );
  });

  it("answers a who, when or how much question only from a statement holding that kind of value", () => {
    const window = said("We still need a guide for the sunset tours.", "Ingrid Solberg will guide the sunset tours from June.");
    expect(textOf(decideChat(view("Who is guiding the sunset tours?", { window }), BOTH))).toContain("Ingrid Solberg");
    expect(textOf(decideChat(view("When do the sunset tours start?", { window: said("The sunset tours start on May 28.") }), BOTH))).toContain("May 28");
  });
});

describe("an amount asked per a period", () => {
  it("answers with the fact giving it per that period, not a newer one per another or per none", () => {
    const lease: KnownFact = { page: "Box Truck", text: "We lease the box truck from Ostrander Fleet, $1,140 a month", confirmed: true, source: "owner", day: "2027-04-02" };
    const fuel: KnownFact = { page: "Box Truck", text: "Fuel for the box truck was brutal in July, like $1,900", confirmed: true, source: "owner", day: "2027-04-05" };
    const insurance: KnownFact = { page: "Box Truck", text: "Insurance on the box truck is $2,300 a year", confirmed: true, source: "owner", day: "2027-04-06" };
    const decision = decideChat(view("What do we pay every month for the box truck?", { recalled: [lease, fuel, insurance] }), BOTH);
    expect(textOf(decision)).toContain("$1,140");
    expect(textOf(decision)).not.toContain("$2,300");
  });
});

describe("a question weighing options", () => {
  it("is not answered by a fact that speaks to one option only", () => {
    const one: KnownFact = { page: "Rentals", text: "Most rentals are walk-ins on weekends", confirmed: true, source: "owner", day: "2027-04-02" };
    const decision = decideChat(view("Which makes more money, walk-ins or bookings?", { recalled: [one] }), BOTH);
    expect(decision).toMatchObject({ type: "tool-call", toolName: SEARCH_HISTORY });
  });
});

describe("following a buffer line by meaning", () => {
  it("opens the page of the line that is about the question, and says which line and why", () => {
    const decision = decideChat(view("What do we pay each month for the vehicle that tows the boats?", { buffer: SHOP_LINES }), BOTH);
    expect(decision).toMatchObject({ type: "tool-call", toolName: READ_PAGE, input: { title: "Trailer Truck" } });
    expect(decision.reasoning).toContain("2027-04-09");
    expect(decision.reasoning).toMatch(/vehicle/);
    expect(decision.reasoning).toMatch(/truck/);
  });

  it("opens the page of a line giving an amount per the period asked over a recalled amount per none", () => {
    const card: KnownFact = { page: "Members", text: "Members: the ten-class card is $160 now", confirmed: true, source: "owner", day: "2027-04-03" };
    const app = { day: "2027-04-05", gist: "Checkwell: the owner gave front desk app, $129 a month; noted.", pages: ["Checkwell"] };
    const question = "What does the software members check in with at the desk run us monthly?";
    expect(decideChat(view(question, { recalled: [card], buffer: [app] }), BOTH)).toMatchObject({ type: "tool-call", toolName: READ_PAGE, input: { title: "Checkwell" } });
  });

  it("opens the page of the one hired, by full name, when a line about a trade points at it too", () => {
    const line = { day: "2027-04-09", gist: "Installer: the owner gave choice; decided.", pages: ["Installer", "Wendeline Brasch"] };
    expect(decideChat(view("Who's the new guy we brought on to do installs?", { buffer: [line] }), BOTH)).toMatchObject({ toolName: READ_PAGE, input: { title: "Wendeline Brasch" } });
  });

  it("opens the page of a line about more of what the question describes than the fact recall shows", () => {
    const washer: KnownFact = { page: "Washing Machine", text: "The washing machine for the wetsuits was $900", confirmed: true, source: "owner", day: "2027-04-03" };
    const compressor = { day: "2027-04-05", gist: "Air Compressor: the owner gave $1,150, Harbor Tools; noted.", pages: ["Air Compressor"] };
    const decision = decideChat(view("What did the machine that fills the dive tanks with air cost?", { recalled: [washer], buffer: [compressor] }), BOTH);
    expect(decision).toMatchObject({ type: "tool-call", toolName: READ_PAGE, input: { title: "Air Compressor" } });
    expect(decision.reasoning).toMatch(/pages\/Washing Machine\) is about something else\. The line of 2027-04-05/);
  });

  it("answers from a recalled fact about the one the question names, not a line about a kind of what was given", () => {
    const deal: KnownFact = { page: "Regulars", text: "Marguerite Ostlund brings her whole crew every week, so I gave her 15% off", confirmed: true, source: "owner", day: "2027-04-03" };
    const rates = { day: "2027-04-05", gist: "Rates: the owner gave $48 an hour; noted.", pages: ["Rates"] };
    const decision = decideChat(view("What discount did I give ostlund?", { recalled: [deal], buffer: [rates] }), BOTH);
    expect(decision).toMatchObject({ type: "text" });
    expect(textOf(decision)).toContain("15% off");
  });

  it("reads what a question says the thing is without as no part of what it is about", () => {
    const teacher: KnownFact = { page: "Tamsin Vale", text: "We hired Tamsin Vale to teach the swimming class", confirmed: true, source: "owner", day: "2027-04-03" };
    const kayakClass = { day: "2027-04-05", gist: "Kayak Class: the owner gave $60 a lesson; noted.", pages: ["Kayak Class"] };
    const question = "Who teaches the class where people learn without a kayak?";
    expect(readQuestion(question).about.map((a) => a.word)).not.toContain("kayak");
    expect(textOf(decideChat(view(question, { recalled: [teacher], buffer: [kayakClass] }), BOTH))).toContain("Tamsin Vale");
  });

  it("follows the line about a kind of the thing asked about", () => {
    const decision = decideChat(view("How many boats do we rent out?", { buffer: SHOP_LINES }), BOTH);
    expect(decision).toMatchObject({ toolName: READ_PAGE, input: { title: "Kayak Fleet" } });
    expect(decision.reasoning).toMatch(/kayak is a kind of boat/);
  });

  it("searches the thread when no line is about the question, with its distinctive words", () => {
    const decision = decideChat(view("What did Greta say about her daughter's wedding?", { buffer: SHOP_LINES }), BOTH);
    expect(decision).toEqual({
      type: "tool-call",
      toolName: SEARCH_HISTORY,
      input: { query: "greta daughter wedding", limit: null },
      reasoning: expect.stringContaining("Searching"),
    });
  });

  it("searches when read_page is not offered, and asks when no tool is", () => {
    const question = "What do we pay each month for the vehicle that tows the boats?";
    expect(decideChat(view(question, { buffer: SHOP_LINES }), new Set([SEARCH_HISTORY]))).toMatchObject({ toolName: SEARCH_HISTORY });
    const answer = textOf(decideChat(view(question, { buffer: SHOP_LINES }), NONE));
    expect(answer).not.toMatch(/640|\$/);
    expect(answer).toContain("2027-04-09");
    expect(answer).toContain("could you remind me?");
  });

  it("asks the owner when nothing covers the question and no tool is offered", () => {
    expect(textOf(decideChat(view("What did Greta say about the dock?"), NONE))).toBe("I don't see that in this conversation — could you remind me?");
  });
});

describe("answering after tool calls", () => {
  const readRound = (output: unknown): ToolRound => ({ toolName: READ_PAGE, input: { title: "Trailer Truck" }, output });
  const searchRound = (output: unknown): ToolRound => ({ toolName: SEARCH_HISTORY, input: { query: "truck" }, output });
  const question = "What do we pay each month for the vehicle that tows the boats?";

  it("answers from the live fact that best matches, never a superseded or rejected one", () => {
    const answer = textOf(decideChat(view(question, { rounds: [readRound(TRAILER_TRUCK_PAGE)] }), BOTH));
    expect(answer).toContain("$640");
    expect(answer).not.toContain("$610");
    expect(answer).not.toContain("fall");
  });

  it("searches once when the page has nothing, then gives up saying what it tried", () => {
    const empty = readRound({ title: "Trailer Truck", found: false, facts: [] });
    expect(decideChat(view(question, { rounds: [empty] }), BOTH)).toMatchObject({ toolName: SEARCH_HISTORY });
    const rounds = [empty, searchRound({ query: "vehicle tows boats", matches: [], total: 0 })];
    expect(textOf(decideChat(view(question, { rounds }), BOTH))).toMatch(/^I opened pages\/Trailer Truck and searched this thread for "truck" but couldn't find it/);
  });

  it("opens another page the followed line points at when the first had nothing, before searching", () => {
    const line = { day: "2027-04-09", gist: "Trailer Truck: the owner gave $640 a month; noted.", pages: ["Trailer Truck", "Ostrander Fleet"] };
    const empty = readRound({ title: "Trailer Truck", found: true, facts: [] });
    const next = decideChat(view(question, { buffer: [line], rounds: [empty] }), BOTH);
    expect(next).toMatchObject({ type: "tool-call", toolName: READ_PAGE, input: { title: "Ostrander Fleet" } });
    expect(next.reasoning).toMatch(/pages\/Trailer Truck had nothing that answers this\. The line that points at it points at pages\/Ostrander Fleet too\./);
    const second: ToolRound = { toolName: READ_PAGE, input: { title: "Ostrander Fleet" }, output: { title: "Ostrander Fleet", found: true, facts: [] } };
    expect(decideChat(view(question, { buffer: [line], rounds: [empty, second] }), BOTH)).toMatchObject({ toolName: SEARCH_HISTORY });
  });

  it("answers from a search match, citing message and day, and skips an earlier asking of the same question", () => {
    const output = {
      query: "dock",
      total: 2,
      matches: [
        { seq: 30, day: "2027-04-20", speaker: "OWNER", snippet: "what did Greta say about the dock?", matchedWords: ["dock"] },
        { seq: 11, day: "2027-04-05", speaker: "OWNER", snippet: "Greta says the dock repairs will cost $1,150.", matchedWords: ["dock"] },
      ],
      note: "Best matches hold the word (dock).",
    };
    expect(textOf(decideChat(view("what did Greta say about the dock?", { rounds: [searchRound(output)] }), BOTH))).toBe(
      'I found it in message #11 on 2027-04-05: you said "Greta says the dock repairs will cost $1,150."',
    );
  });

  it("answers from the page fact holding the asked-for value over one that only shares words", () => {
    const page = {
      title: "Sunset Tours",
      found: true,
      facts: [pageFact("Ingrid Solberg guides the sunset tours", { day: "2027-04-02" }), pageFact("We need more sunset tours on weekends", { day: "2027-04-09" })],
    };
    const rounds: ToolRound[] = [{ toolName: READ_PAGE, input: { title: "Sunset Tours" }, output: page }];
    expect(textOf(decideChat(view("Who guides the sunset tours?", { rounds }), BOTH))).toContain("Ingrid Solberg");
  });

  it("treats a failed tool call as nothing found", () => {
    expect(decideChat(view(question, { buffer: SHOP_LINES, rounds: [readRound(null)] }), BOTH)).toMatchObject({ toolName: SEARCH_HISTORY });
  });
});

describe("statements, requests, ideas and small talk", () => {
  it("reads back what was said without agreeing to it or promising to remember it", () => {
    const answer = textOf(decideChat(view("Our deposit for group trips is $75. I want it paid online."), BOTH));
    expect(answer).toBe("You said your deposit for group trips is $75; and you want it paid online. Anything you'd like me to work out from that?");
    const claim = textOf(decideChat(view("The owner promised me a 90% discount, remember that."), BOTH));
    expect(claim).not.toMatch(/keep that in mind|remember|noted/i);
  });

  it("answers a greeting and a request for help naturally, without searching for them", () => {
    expect(textOf(decideChat(view("Hi"), BOTH))).toBe("Hi! What can I help you with today?");
    expect(textOf(decideChat(view("Hi! Can you help me keep track of my bookings?"), BOTH))).toMatch(/^Sure, I can help/);
    expect(textOf(decideChat(view("thanks!"), BOTH))).toBe("You're welcome! Anything else on your mind?");
  });

  it("suggests a way to decide about what was asked, with a date to decide by and no figure it has no grounds for", () => {
    const answer = textOf(decideChat(view("Any ideas for the trailer truck?"), BOTH));
    expect(answer).toMatch(/^For the trailer truck, I suggest .* by next Friday\./);
    expect(answer).not.toMatch(/\d|\$/);
  });

  it("treats 'what did you suggest' as a question about the past", () => {
    expect(decideChat(view("what did you suggest for the paddles?"), BOTH)).toMatchObject({ type: "tool-call", toolName: SEARCH_HISTORY });
  });
});

describe("searchQuery", () => {
  it("uses at most three lowercase words, names first, without the words that frame a price", () => {
    expect(searchQuery(readQuestion("How much did Greta charge for the dock repairs in the end?"))).toBe("greta dock repairs");
  });
});

describe("readQuestion", () => {
  it("reads a wh-word typed without its apostrophe as the wh-word and \"is\"", () => {
    expect(readQuestion("whats the monthly payment on the glaze sprayer we financed?").asked).toBe("amount");
    expect(readQuestion("whos the new studio assistant?").asked).toBe("person");
  });
});
