import { describe, expect, it } from "vitest";
import {
  carriesFact,
  facetOf,
  isDurable,
  isQuestion,
  isSmallTalk,
  isSuggestionRequest,
  nameRuns,
} from "@/lib/models/offline/signals";
import { keyFor, placeSentence, subjectOf, topicOf } from "@/lib/models/offline/topics";

describe("what a sentence is", () => {
  it("tells questions from statements", () => {
    expect(isQuestion("which lease did we like?")).toBe(true);
    expect(isQuestion("Remind me what the budget was")).toBe(true);
    expect(isQuestion("We like the Main St lease.")).toBe(false);
  });

  it("recognises small talk only when nothing else is said", () => {
    expect(isSmallTalk("Thanks Miles, have a good weekend!")).toBe(true);
    expect(isSmallTalk("Thanks, the budget is $2,500.")).toBe(false);
  });

  it("tells a request for ideas from a question about a past one", () => {
    expect(isSuggestionRequest("Any ideas for the flyer?")).toBe(true);
    expect(isSuggestionRequest("what do you suggest?")).toBe(true);
    expect(isSuggestionRequest("what did you suggest for the flyer?")).toBe(false);
    expect(isSuggestionRequest("what was the promo idea?")).toBe(false);
  });

  it("finds names after the sentence start, but not dates or 'I'", () => {
    expect(nameRuns("Got quotes from Main St and Elm St on Monday, I think.")).toEqual(["Main St", "Elm St"]);
    expect(nameRuns("Dana's cousin Marco fixed it.")).toEqual(["Marco"]);
  });
});

describe("durable facts", () => {
  it("needs a concrete value, a decision or a preference", () => {
    expect(carriesFact("The landlord seems flexible.")).toBe(false);
    expect(carriesFact("The landlord is Pat Greene.")).toBe(true);
    expect(carriesFact("Budget is under $2,500/mo.")).toBe(true);
    expect(carriesFact("What's the budget? It's $2,500?")).toBe(false);
  });

  it("takes from the agent only concrete proposals that do not cite memory", () => {
    expect(isDurable("Noted — your budget is $2,500/mo.", "agent")).toBe(false);
    expect(isDurable("I suggest a 2-week promo at 10% off.", "agent")).toBe(true);
    expect(isDurable("From pages/Marketing: I suggest a 2-week promo at 10% off.", "agent")).toBe(false);
    expect(isDurable("Let's go with Dana.", "owner")).toBe(true);
  });

  it("ranks a decision above the numbers in it", () => {
    expect(facetOf("We signed the Main St lease at $2,150/mo.")).toBe("choice");
    expect(facetOf("I suggest 2 months free rent.")).toBe("proposal");
    expect(facetOf("Move-in is November 1st.")).toBe("date");
    expect(facetOf("The quote is $2,300/mo.")).toBe("money");
  });
});

describe("topics and keys", () => {
  it("maps sentences to topic pages by keyword", () => {
    expect(topicOf("The landlord wants a 3-year lease")?.page).toBe("Second Location");
    expect(topicOf("Post the flyer on Instagram")?.page).toBe("Marketing");
    expect(topicOf("Our marketing budget is $500")?.page).toBe("Marketing");
    expect(topicOf("Raise the budget to $2,800/mo")?.page).toBe("Second Location");
    expect(topicOf("Dana starts Monday")).toBeNull();
  });

  it("keeps a sentence that names no topic on the page the conversation was on", () => {
    expect(placeSentence("It's $2,300 a month.", [], "Second Location")).toMatchObject({ page: "Second Location", named: false });
    expect(placeSentence("It's $2,300 a month.", [], null)).toMatchObject({ page: "General", named: false });
  });

  it("gives the same subject the same key however it is phrased", () => {
    const key = (text: string) => {
      const { topic } = placeSentence(text, [], null);
      return keyFor(text, topic, facetOf(text), subjectOf(text, topic));
    };
    expect(key("Our rent budget is under $2,500/mo.")).toBe("monthly budget");
    expect(key("Let's raise the budget to $2,800.")).toBe("monthly budget");
    expect(key("We're leaning to the Main St lease.")).toBe("preferred lease");
    expect(key("We signed the Elm St lease!")).toBe("preferred lease");
    expect(key("The Main St lease quote is $2,300/mo.")).toBe("main st lease price");
    expect(key("The Main St landlord dropped the rent to $2,150.")).toBe("main st lease price");
    expect(key("We open the new location on Nov 1.")).toBe("opening date");
    expect(key("Croissants are $4 each.")).toBe("croissant price");
  });
});
