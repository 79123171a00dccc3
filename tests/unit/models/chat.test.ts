import { describe, expect, it } from "vitest";
import { READ_PAGE, SEARCH_HISTORY, decideChat, readQuestion, searchQuery } from "@/lib/models/offline/chat";
import type { ChatView, KnownFact, ToolRound } from "@/lib/models/offline/prompt-reader";
import { SECOND_LOCATION_PAGE, pageFact } from "@/tests/unit/models/fixtures";

const BOTH = new Set([READ_PAGE, SEARCH_HISTORY]);
const NONE = new Set<string>();

const CASE_STUDY_LINES: ChatView["buffer"] = [
  { day: "2026-10-02", gist: "Owner wants a second location in Houma; budget under $2,500/mo", pages: ["Second Location"] },
  { day: "2026-10-11", gist: "Compared two lease quotes; leaning to the Main St one", pages: ["Second Location", "Budget"] },
];

function view(question: string, parts: Partial<ChatView> = {}): ChatView {
  return { question, recalled: [], buffer: [], window: [], rounds: [], ...parts };
}

function textOf(decision: ReturnType<typeof decideChat>): string {
  if (decision.type !== "text") throw new Error(`expected text, got a ${decision.toolName} call`);
  return decision.text;
}

const budgetFact: KnownFact = {
  page: "Second Location",
  text: "Budget under $2,500/mo for the Houma location",
  confirmed: true,
  source: "owner",
  day: "2026-10-02",
};

describe("questions answered from what the prompt shows", () => {
  it("answers from a recalled fact, naming its page and day", () => {
    const answer = textOf(decideChat(view("What's our budget for Houma?", { recalled: [budgetFact], buffer: CASE_STUDY_LINES }), BOTH));
    expect(answer).toBe("From pages/Second Location: Budget under $2,500/mo for the Houma location (you said this on 2026-10-02).");
  });

  it("says a pending fact is unconfirmed", () => {
    const pending: KnownFact = { page: "Marketing", text: "I suggest a 2-week Instagram promo", confirmed: false, source: "agent", day: "2026-10-05" };
    const answer = textOf(decideChat(view("what was the instagram promo idea?", { recalled: [budgetFact, pending] }), BOTH));
    expect(answer).toContain("pages/Marketing");
    expect(answer).toContain("unconfirmed");
  });

  it("answers from a statement in the window, not from an earlier question", () => {
    const window: ChatView["window"] = [
      { speaker: "user", text: "The landlord is Pat Greene, she owns 3 buildings on Main St." },
      { speaker: "assistant", text: "Noted." },
      { speaker: "user", text: "Who is the landlord?" },
    ];
    const answer = textOf(decideChat(view("remind me who the landlord is?", { window }), BOTH));
    expect(answer).toBe('You told me earlier in this conversation: "The landlord is Pat Greene, she owns 3 buildings on Main St."');
  });
});

describe("questions the prompt only points at", () => {
  it("does not answer from a statement about another topic that shares a word", () => {
    const window: ChatView["window"] = [{ speaker: "user", text: "Our flyer budget is $200 this month." }];
    const decision = decideChat(view("what's our rent budget?", { window, buffer: CASE_STUDY_LINES }), BOTH);
    expect(decision).toEqual({ type: "tool-call", toolName: READ_PAGE, input: { title: "Second Location" } });
  });


  it("opens the page a buffer line points at (§09: which lease did we like?)", () => {
    expect(decideChat(view("which lease did we like?", { buffer: CASE_STUDY_LINES }), BOTH)).toEqual({
      type: "tool-call",
      toolName: READ_PAGE,
      input: { title: "Second Location" },
    });
  });

  it("searches when read_page is not offered", () => {
    const decision = decideChat(view("which lease did we like?", { buffer: CASE_STUDY_LINES }), new Set([SEARCH_HISTORY]));
    expect(decision).toEqual({ type: "tool-call", toolName: SEARCH_HISTORY, input: { query: "lease", limit: null } });
  });

  it("never states a buffer line's number when it cannot open the page", () => {
    const answer = textOf(decideChat(view("What's our budget for Houma?", { buffer: CASE_STUDY_LINES }), NONE));
    expect(answer).not.toMatch(/2,500|\$/);
    expect(answer).toContain("2026-10-02");
    expect(answer).toContain("could you remind me?");
  });

  it("searches the thread with the question's distinctive words when nothing covers it", () => {
    const decision = decideChat(view("What did Dana say about the walk-in fridge?", { buffer: CASE_STUDY_LINES }), BOTH);
    expect(decision).toEqual({ type: "tool-call", toolName: SEARCH_HISTORY, input: { query: "dana walk fridge", limit: null } });
  });

  it("asks the owner when nothing covers it and no tool is offered", () => {
    expect(textOf(decideChat(view("What did Dana say about the fridge?"), NONE))).toBe(
      "I don't see that in this conversation — could you remind me?",
    );
  });
});

describe("answering after tool calls", () => {
  const readRound = (output: unknown): ToolRound => ({ toolName: READ_PAGE, input: { title: "Second Location" }, output });
  const searchRound = (output: unknown): ToolRound => ({ toolName: SEARCH_HISTORY, input: { query: "lease" }, output });

  it("answers from the live fact that best matches, ignoring superseded and rejected ones", () => {
    const answer = textOf(decideChat(view("how much is the Main St lease?", { rounds: [readRound(SECOND_LOCATION_PAGE)] }), BOTH));
    expect(answer).toContain("$2,150/mo");
    expect(answer).not.toContain("$2,300");
    expect(answer).not.toContain("Elm St");
  });

  it("tries the other tool once when the page has nothing", () => {
    const decision = decideChat(view("which lease did we like?", { rounds: [readRound({ title: "Second Location", found: false, facts: [] })] }), BOTH);
    expect(decision).toEqual({ type: "tool-call", toolName: SEARCH_HISTORY, input: { query: "lease", limit: null } });
  });

  it("gives up after two rounds, saying what it tried", () => {
    const rounds = [readRound({ title: "Second Location", found: false, facts: [] }), searchRound({ query: "lease", matches: [], total: 0 })];
    expect(textOf(decideChat(view("which lease did we like?", { rounds }), BOTH))).toBe(
      'I opened pages/Second Location and searched this thread for "lease" but couldn\'t find it — could you remind me?',
    );
  });

  it("answers from a search match, citing message and day, and skips an earlier asking of the same question", () => {
    const output = {
      query: "lease",
      total: 2,
      matches: [
        { seq: 30, day: "2026-11-02", speaker: "OWNER", snippet: "which lease did we like?", matchedWords: ["lease"] },
        { seq: 14, day: "2026-10-11", speaker: "OWNER", snippet: "We're leaning to the Main St lease at $2,300/mo.", matchedWords: ["lease"] },
      ],
      note: "Best matches hold the word (lease).",
    };
    expect(textOf(decideChat(view("which lease did we like?", { rounds: [searchRound(output)] }), BOTH))).toBe(
      'I found it in message #14 on 2026-10-11: you said "We\'re leaning to the Main St lease at $2,300/mo."',
    );
  });

  it("treats a failed tool call as nothing found", () => {
    const decision = decideChat(view("which lease did we like?", { rounds: [readRound(null)] }), BOTH);
    expect(decision).toMatchObject({ type: "tool-call", toolName: SEARCH_HISTORY });
  });
});

describe("questions that share few words with their answer: the kind of value asked for", () => {
  const said = (...texts: string[]): ChatView["window"] =>
    texts.flatMap((text) => [
      { speaker: "user" as const, text },
      { speaker: "assistant" as const, text: "Noted." },
    ]);

  it.each<[string, ChatView["window"], string]>([
    [
      "Who will be in charge over in Houma day to day?",
      said(
        "We need someone to run the Houma shop day to day.",
        "Priya Raman is going to manage the Houma store.",
        "Uniform is a black apron and a navy shirt.",
      ),
      "Priya Raman",
    ],
    [
      "How much do we pay each month for the new premises?",
      said("Final rent for the Main St storefront is $2,180 per month.", "Staff who refer a hire get a $50 bonus after 90 days."),
      "$2,180",
    ],
    ["When do we open the doors?", said("The soft opening is October 14.", "Schedules go out every Friday."), "October 14"],
    [
      "Where's the new location going to be?",
      said("We're going with the space on Barrow St.", "Parking out back is what sold me."),
      "Barrow St",
    ],
    [
      "Which vendor did we go with?",
      said("We decided to go with Terrebonne Growers as our produce supplier.", "Flour went up again, 8% this month."),
      "Terrebonne Growers",
    ],
  ])("answers %s from the window without a tool", (question, window, value) => {
    expect(textOf(decideChat(view(question, { window }), BOTH))).toContain(value);
  });

  it("prefers a visible statement holding the value to a recalled fact that only shares words", () => {
    const scene: KnownFact = { ...budgetFact, page: "Hiring", text: "We need someone to run the Houma shop day to day" };
    const window = said("Priya Raman is going to manage the Houma store.");
    expect(textOf(decideChat(view("Who will be in charge over in Houma day to day?", { recalled: [scene], window }), BOTH))).toContain(
      "Priya Raman",
    );
  });

  it("searches when nothing visible holds the asked-for value, even if a statement shares the words", () => {
    const window = said("We need someone to run the Houma shop day to day.");
    expect(decideChat(view("Who will be in charge over in Houma day to day?", { window }), BOTH)).toMatchObject({
      type: "tool-call",
      toolName: SEARCH_HISTORY,
    });
  });

  it("falls back to the owner's latest statement holding the value once the tools found nothing", () => {
    const window = said("Nadia Karimi will do our bookkeeping from now on.", "Parking out back is what sold me.");
    expect(decideChat(view("Who's handling our numbers every month?", { window }), BOTH)).toMatchObject({ toolName: SEARCH_HISTORY });
    const query = "handling numbers month";
    const rounds: ToolRound[] = [{ toolName: SEARCH_HISTORY, input: { query }, output: { query, matches: [], total: 0 } }];
    expect(textOf(decideChat(view("Who's handling our numbers every month?", { window, rounds }), new Set([SEARCH_HISTORY])))).toBe(
      'You told me earlier in this conversation: "Nadia Karimi will do our bookkeeping from now on."',
    );
  });

  const lines: ChatView["buffer"] = [
    { day: "2026-10-02", gist: "New shop manager hired, Dana Whitfield", pages: ["Hiring"] },
    { day: "2026-10-09", gist: "New shop floor plan and counters measured", pages: ["Second Location"] },
  ];

  it("opens the page of the buffer line holding the asked-for value, not just the newest match", () => {
    expect(decideChat(view("Who's running the new shop?", { buffer: lines }), BOTH)).toEqual({
      type: "tool-call",
      toolName: READ_PAGE,
      input: { title: "Hiring" },
    });
    expect(decideChat(view("What's happening with the new shop?", { buffer: lines }), BOTH)).toEqual({
      type: "tool-call",
      toolName: READ_PAGE,
      input: { title: "Second Location" },
    });
  });

  it("uses a buffer line's value only to pick the page to open, never as the answer", () => {
    const buffer: ChatView["buffer"] = [
      { day: "2026-10-11", gist: "Rent for the new spot settled at $2,180/mo", pages: ["Second Location"] },
    ];
    const question = "How much is the monthly rent at the new spot?";
    expect(decideChat(view(question, { buffer }), BOTH)).toMatchObject({ toolName: READ_PAGE, input: { title: "Second Location" } });
    expect(decideChat(view(question, { buffer }), new Set([SEARCH_HISTORY]))).toMatchObject({ toolName: SEARCH_HISTORY });
    const answer = textOf(decideChat(view(question, { buffer }), NONE));
    expect(answer).not.toMatch(/2,180|\$/);
    expect(answer).toContain("2026-10-11");
  });

  it("answers from the page fact holding the value over a newer one that only shares more words", () => {
    const page = {
      title: "Hiring",
      found: true,
      facts: [
        pageFact("Priya Raman is going to manage the new store", { day: "2026-10-02" }),
        pageFact("We need more shifts covered on the new shop's weekends", { day: "2026-10-09" }),
      ],
    };
    const rounds: ToolRound[] = [{ toolName: READ_PAGE, input: { title: "Hiring" }, output: page }];
    expect(textOf(decideChat(view("Who's running the new shop?", { rounds }), BOTH))).toContain("Priya Raman");
  });
});

describe("statements, ideas and small talk", () => {
  it("reads back the concrete things said, without claiming to have filed them", () => {
    const answer = textOf(decideChat(view("Our budget for the new location is under $2,500 a month. I want it in Houma."), BOTH));
    expect(answer).toBe("Noted — your budget for the new location is under $2,500 a month; you want it in Houma. I'll keep that in mind.");
  });

  it("proposes something concrete on the topic asked about", () => {
    const answer = textOf(decideChat(view("Any ideas for marketing?"), BOTH));
    expect(answer).toMatch(/^I suggest .*\d/);
    expect(answer).toContain("Instagram");
  });

  it("falls back to the topic the owner was last on", () => {
    const window: ChatView["window"] = [{ speaker: "user", text: "We need to hire a manager soon." }];
    expect(textOf(decideChat(view("what do you suggest?", { window }), BOTH))).toContain("$17/hr");
  });

  it("treats 'what did you suggest' as a question about the past", () => {
    expect(decideChat(view("what did you suggest for the flyer?"), BOTH)).toMatchObject({ type: "tool-call", toolName: SEARCH_HISTORY });
  });

  it("replies briefly to small talk", () => {
    expect(textOf(decideChat(view("thanks Miles!"), BOTH))).toBe("You're welcome! Anything else on your mind?");
    expect(textOf(decideChat(view("hi"), BOTH))).toBe("Hi! What are we working on today?");
  });
});

describe("searchQuery", () => {
  it("uses at most three lowercase words, names first", () => {
    expect(searchQuery(readQuestion("Did Dana send the invoice for the croissants to Gulf Mills?"))).toBe("dana gulf mills");
  });
});
