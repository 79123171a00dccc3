import { describe, expect, it } from "vitest";
import {
  clipWords,
  countWords,
  hashText,
  isGoodMatch,
  keywords,
  overlap,
  rarityAmong,
  sentences,
  stem,
  terms,
  wordChunks,
} from "@/lib/models/offline/text";

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
    expect(terms("Remind me: what's our $2,500 budget again?")).toEqual(["2500", "budget"]);
  });

  it("reads 2.5k and 2,500 as the same number", () => {
    expect(terms("2.5k")).toEqual(terms("2,500"));
  });
});

describe("sentences", () => {
  it("splits on sentence ends and semicolons but not inside 'Main St.' or '$2.5k'", () => {
    expect(sentences("We like the Main St. one. Budget is $2.5k; decided!\nOk?")).toEqual([
      "We like the Main St. one.",
      "Budget is $2.5k;",
      "decided!",
      "Ok?",
    ]);
  });
});

describe("overlap", () => {
  it("matches through the synonym table", () => {
    const found = overlap(terms("how much can we spend on rent?"), terms("budget under $2,500/mo"));
    expect(found).toMatchObject({ matched: 1, strong: 1, anchored: 1 });
  });

  it("never lets liking or deciding words carry a match alone", () => {
    const question = terms("what did we decide?");
    expect(isGoodMatch(overlap(question, terms("We decided on the Elm St space")), question)).toBe(false);
    const lease = terms("which lease did we like?");
    expect(isGoodMatch(overlap(lease, terms("leaning to the Main St lease")), lease)).toBe(true);
  });

  it("counts a match found only in the context (a page title) but does not anchor on it", () => {
    const question = terms("what about parking at the second location?");
    const found = overlap(question, terms("Budget under $2,500/mo"), terms("Second Location"));
    expect(found.matched).toBe(2);
    expect(isGoodMatch(found, question)).toBe(false);
  });

  it("weights a term by how few candidates hold it", () => {
    const candidates = [terms("Budget under $2,500"), terms("Main St lease quote $2,300"), terms("Preferred lease: Main St")];
    const rarity = rarityAmong(candidates);
    const question = terms("how much can we spend on rent?");
    const [budget, quote] = candidates.map((c) => overlap(question, c, [], rarity).weight);
    expect(budget).toBeGreaterThan(quote);
  });
});

describe("keywords", () => {
  it("picks numbers, names and business nouns, in the question's order", () => {
    expect(keywords("What did Dana say about the walk-in fridge?", 3)).toEqual(["Dana", "walk", "fridge"]);
    expect(keywords("what was the budget for the Houma location?", 3)).toEqual(["budget", "Houma", "location"]);
  });

  it("leaves out words about liking or deciding", () => {
    expect(keywords("which lease did we like?", 3)).toEqual(["lease"]);
  });
});

describe("small helpers", () => {
  it("chunks text into words that join back to it", () => {
    const text = "From pages/Second Location: Budget under $2,500/mo.";
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
