import { describe, expect, it } from "vitest";
import type { PlantedThread } from "@/evaluation/planted/generator";
import { answerTokens, normaliseAnswer, scoreAnswer, tokenF1 } from "@/lib/eval/score";

function fact(kind: PlantedThread["fact"]["kind"], value: string, alsoAccept: string[] = []): PlantedThread["fact"] {
  return { kind, value, accept: [value, ...alsoAccept], reject: [], statement: `It is ${value}.`, page: "Test" };
}

describe("normaliseAnswer", () => {
  it.each([
    ["$2,350", "2350"],
    ["2,350 dollars", "2350"],
    ["$2,350.00/mo", "2350 mo"],
    ["$1,234,567!", "1234567"],
    ["$2,350.50", "2350.50"],
    ["Oct 14", "october 14"],
    ["Oct. 14th", "october 14"],
    ["10/14", "october 14"],
    ["14 October", "october 14"],
    ["the 14th of Oct", "the october 14"],
    ["Sept 27, 2026", "september 27 2026"],
    ["Main St.", "main street"],
    ["Lantern Sign & Print", "lantern sign and print"],
    ["  Renée   O’Brien ", "renee o brien"],
    ["24/7", "24 7"],
  ])("%j → %j", (input, expected) => {
    expect(normaliseAnswer(input)).toBe(expected);
  });
});

describe("scoreAnswer", () => {
  it("accepts any way of writing the right price", () => {
    const rent = fact("price", "$2,350");
    for (const answer of ["It's $2,350 a month.", "2350 dollars", "about 2,350/month", "$2,350.00"]) {
      expect(scoreAnswer(answer, rent), answer).toBe(true);
    }
  });

  it("rejects a different number, even one with the same digits", () => {
    const rent = fact("price", "$2,350");
    for (const answer of ["$2,530 a month", "$23,500", "$2,350.50", "We set a ceiling of $2,600.", "$350", "12,350"]) {
      expect(scoreAnswer(answer, rent), answer).toBe(false);
    }
  });

  it("accepts any way of writing the right date and rejects near misses", () => {
    const opening = fact("date", "October 19");
    for (const answer of ["Oct 19", "10/19", "the 19th of October", "October 19th, 2026", "19 Oct."]) {
      expect(scoreAnswer(answer, opening), answer).toBe(true);
    }
    for (const answer of ["October 1", "October 9", "10/9", "November 19", "October 191"]) {
      expect(scoreAnswer(answer, opening), answer).toBe(false);
    }
  });

  it("accepts a surname when the fact lists it, but not a first name alone", () => {
    const manager = fact("name", "Rosalind Achebe", ["Achebe"]);
    expect(scoreAnswer("Rosalind Achebe is running it.", manager)).toBe(true);
    expect(scoreAnswer("achebe", manager)).toBe(true);
    expect(scoreAnswer("Rosalind", manager)).toBe(false);
    expect(scoreAnswer("Achebes' cousin", manager)).toBe(false);
  });

  it("matches places and names however they are abbreviated or punctuated", () => {
    expect(scoreAnswer("The one on Main Street.", fact("place", "Main St"))).toBe(true);
    expect(scoreAnswer("The one on Main.", fact("place", "Main St"))).toBe(false);
    expect(scoreAnswer("lantern sign and print", fact("decision", "Lantern Sign & Print"))).toBe(true);
  });

  it("never counts an empty accepted form", () => {
    expect(scoreAnswer("anything", { ...fact("name", "X"), accept: ["", "  ", "?"] })).toBe(false);
  });
});

describe("tokenF1 (LoCoMo's free-text scorer)", () => {
  it("drops case, punctuation and articles before comparing", () => {
    expect(answerTokens("The Boat, and a SAIL!")).toEqual(["boat", "sail"]);
    expect(tokenF1("The cat sat.", "cat sat")).toBe(1);
  });

  it("is the harmonic mean of token precision and recall", () => {
    expect(tokenF1("a red car", "the blue car")).toBeCloseTo(0.5, 12);
    // 2 of 4 answer tokens in the gold, 2 of 2 gold tokens in the answer: P = 0.5, R = 1.
    expect(tokenF1("she went to Paris", "went Paris")).toBeCloseTo(2 / 3, 12);
    expect(tokenF1("Paris Paris", "Paris")).toBeCloseTo(2 / 3, 12);
  });

  it("is 0 with nothing in common and for an empty answer", () => {
    expect(tokenF1("no idea", "La Chispa")).toBe(0);
    expect(tokenF1("", "La Chispa")).toBe(0);
  });
});
