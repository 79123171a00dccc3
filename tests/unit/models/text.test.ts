import { describe, expect, it } from "vitest";
import { clipWords, countWords, hashText, keywords, lowerFirstIfCommon, sentences, stem, stripLeadIn, terms, wordChunks } from "@/lib/models/offline/text";

describe("stem", () => {
  it("brings inflections of one word together", () => {
    expect(new Set(["hire", "hired", "hiring", "hires"].map(stem)).size).toBe(1);
    expect(new Set(["lease", "leases", "leasing", "leased"].map(stem)).size).toBe(1);
    expect(stem("shipping")).toBe(stem("ship"));
    expect(stem("business")).toBe("business");
  });
});

describe("terms", () => {
  it("drops stopwords and question framing, keeps subjects and numbers", () => {
    expect(terms("Remind me: what's our $1,500 budget again?")).toEqual(["1500", "budget"]);
  });

  it("reads 2.5k and 2,500 as the same number", () => {
    expect(terms("2.5k")).toEqual(terms("2,500"));
  });
});

describe("sentences", () => {
  it("splits on sentence ends and semicolons but not inside 'Elm St.' or '$2.5k'", () => {
    expect(sentences("We like the Elm St. one. Budget is $2.5k; decided!\nOk?")).toEqual([
      "We like the Elm St. one.",
      "Budget is $2.5k;",
      "decided!",
      "Ok?",
    ]);
  });

  it("ends a sentence at an abbreviation a name ends with when a word of the language opens the next, never after a title", () => {
    expect(sentences("Our paddles come from Juniper Ridge Outfitters on Millbrook Ave. We keep an account there.")).toHaveLength(2);
    expect(sentences("Mrs. Rose called about the deposit.")).toHaveLength(1);
  });
});

describe("stripLeadIn", () => {
  it("reads past what an owner calls their news, and keeps the topic of \"… stuff:\"", () => {
    expect(stripLeadIn("Hiring news, we just hired a deckhand.")).toBe("we just hired a deckhand.");
    expect(stripLeadIn("Trade show stuff: the boat expo is March 3.")).toBe("Trade show: the boat expo is March 3.");
    expect(stripLeadIn("Speaking of the dock — we finally bought a hoist.")).toBe("we finally bought a hoist.");
    expect(stripLeadIn("One-day rentals are $80.")).toBe("One-day rentals are $80.");
    expect(stripLeadIn("Software wise we use Tidewell for bookings.")).toBe("Software: we use Tidewell for bookings.");
    expect(stripLeadIn("Otherwise we're good.")).toBe("Otherwise we're good.");
  });
});

describe("lowerFirstIfCommon", () => {
  it("lowers a common first word, but not one a capitalised word follows, which is part of a name", () => {
    expect(lowerFirstIfCommon("The van is leased.")).toBe("the van is leased.");
    expect(lowerFirstIfCommon("Wren Adair starts Monday.")).toBe("Wren Adair starts Monday.");
  });
});

describe("keywords", () => {
  it("picks numbers, names and business nouns, in the question's order", () => {
    expect(keywords("What did Greta say about the paddle rack?", 3)).toEqual(["Greta", "paddle", "rack"]);
    expect(keywords("what was the budget for the Lakeport dock?", 3)).toEqual(["budget", "Lakeport", "dock"]);
  });

  it("leaves out the words it is told to", () => {
    expect(keywords("how much does the rack cost?", 3, new Set(["much", "cost"]))).toEqual(["rack"]);
  });
});

describe("small helpers", () => {
  it("chunks text into words that join back to it", () => {
    const text = "From pages/Trailer Truck: lease is $640/mo.";
    expect(wordChunks(text).join("")).toBe(text);
    expect(wordChunks(text)).toHaveLength(6);
  });

  it("clips to a word count", () => {
    expect(clipWords("a b c d e", 3)).toBe("a b c…");
    expect(countWords(clipWords("a b c d e", 3))).toBe(3);
  });

  it("hashes deterministically", () => {
    expect(hashText("same prompt")).toBe(hashText("same prompt"));
    expect(hashText("same prompt")).not.toBe(hashText("same prompt."));
  });
});
