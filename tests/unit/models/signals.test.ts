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

describe("what a sentence is", () => {
  it("tells questions from statements", () => {
    expect(isQuestion("which kayak rack did we like?")).toBe(true);
    expect(isQuestion("Remind me what the budget was")).toBe(true);
    expect(isQuestion("We like the steel kayak rack.")).toBe(false);
  });

  it("reads a question typed without its mark: an apostrophe-less opening, or the asking words after the thing asked about", () => {
    expect(isQuestion("whats the name of our contact over at Brisco & Lund")).toBe(true);
    expect(isQuestion("kilnwise is how much a month again")).toBe(true);
    expect(isQuestion("the deposit was how much")).toBe(true);
    expect(isQuestion("the glaze order is when it arrives that matters.")).toBe(false);
    expect(isQuestion("the deposit is what we agreed")).toBe(false);
  });

  it("reads an asking clause after what it asks about, but not a clause that says who someone is", () => {
    expect(isQuestion("the walk-in freezer is rattling again, who's the repair company we used before")).toBe(true);
    expect(isQuestion("drawing a blank on the new glazier's full name, what is it")).toBe(true);
    expect(isQuestion("Hired Ines Varga, who's the best welder around.")).toBe(false);
    expect(isQuestion("we bought the edger, which is great")).toBe(false);
  });

  it("recognises small talk only when nothing else is said", () => {
    expect(isSmallTalk("Thanks Miles, have a good weekend!")).toBe(true);
    expect(isSmallTalk("Thanks, the deposit is $75.")).toBe(false);
  });

  it("tells a request for ideas from a question about a past one", () => {
    expect(isSuggestionRequest("Any ideas for the flyer?")).toBe(true);
    expect(isSuggestionRequest("what do you suggest?")).toBe(true);
    expect(isSuggestionRequest("what did you suggest for the flyer?")).toBe(false);
    expect(isSuggestionRequest("what was the promo idea?")).toBe(false);
  });

  it("finds names after the sentence start, but not dates or 'I'", () => {
    expect(nameRuns("Got quotes from Riverbend Outfitters and Cole Marine on Monday, I think.")).toEqual(["Riverbend Outfitters", "Cole Marine"]);
    expect(nameRuns("Greta's cousin Anders fixed it on Sundays.")).toEqual(["Anders"]);
  });

  it("starts a name at the sentence's first word when a name follows it and the word cannot open a sentence alone", () => {
    expect(nameRuns("Juniper Ridge Feed is our new hay supplier.")).toEqual(["Juniper Ridge Feed"]);
    expect(nameRuns("Ask Tern Hollow Farm about Friday drops.")).toEqual(["Tern Hollow Farm"]);
    expect(nameRuns("Yesterday Anselm called about the dock.")).toEqual(["Anselm"]);
    expect(nameRuns("The Millbrook shop opens late.")).toEqual(["Millbrook"]);
  });
});

describe("durable facts", () => {
  it("needs a concrete value, a decision or a preference", () => {
    expect(carriesFact("The dock seems sturdy.")).toBe(false);
    expect(carriesFact("The dock builder is Halvard Moen.")).toBe(true);
    expect(carriesFact("Deposit is $75 a group.")).toBe(true);
    expect(carriesFact("They deliver on Mondays.")).toBe(true);
    expect(carriesFact("What's the deposit? It's $75?")).toBe(false);
  });

  it("takes from the agent only concrete proposals that do not cite memory", () => {
    expect(isDurable("You said your deposit is $75.", "agent")).toBe(false);
    expect(isDurable("I suggest a 2-week promo at 10% off.", "agent")).toBe(true);
    expect(isDurable("From pages/Tours: I suggest a 2-week promo at 10% off.", "agent")).toBe(false);
    expect(isDurable("Let's go with Ingrid.", "owner")).toBe(true);
  });

  it("ranks a decision above the numbers in it", () => {
    expect(facetOf("We signed the trailer lease at $640/mo.")).toBe("choice");
    expect(facetOf("I suggest 2 free rentals for groups.")).toBe("proposal");
    expect(facetOf("Opening day is May 1st.")).toBe("date");
    expect(facetOf("The quote is $1,150.")).toBe("money");
  });

  it("takes the number a period qualifies as the value, and a deadline or a bare period as a date", () => {
    expect(facetOf("Resin costs rose 9% this month.")).toBe("money");
    expect(facetOf("We book about 40 tours every week.")).toBe("quantity");
    expect(facetOf("The kiln needs servicing by Thursday.")).toBe("date");
    expect(facetOf("The gallery wants 12 prints by March 3.")).toBe("date");
    expect(facetOf("The landlord raises the rent next year.")).toBe("date");
  });
});
