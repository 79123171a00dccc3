import { describe, expect, it } from "vitest";
import { askedType, carriesAnswer, type AnswerType } from "@/lib/models/offline/answer-type";

describe("askedType", () => {
  it.each<[string, AnswerType | null]>([
    ["Who's running the new shop?", "name"],
    ["Who do I send the receipts to now?", "name"],
    ["When do we open the doors?", "date"],
    ["What day is the inspector coming?", "date"],
    ["How much is the rent?", "money"],
    ["What's the monthly rent we ended up with?", "money"],
    ["How much do I quote them for breakfast?", "money"],
    ["What's the phone number of the landlord?", null],
    ["Where's the new shop going to be?", "place"],
    ["Which street is it on?", "place"],
    ["Where did we land in Houma?", "place"],
    ["Which supplier did we go with?", "decision"],
    ["What did we decide about the oven?", "decision"],
    ["which lease did we like?", "decision"],
    ["What did Dana say about the fridge?", null],
    ["Is the landlord fixing the AC?", null],
  ])("%s → %s", (question, expected) => {
    expect(askedType(question)).toBe(expected);
  });
});

describe("carriesAnswer", () => {
  it.each<[string, AnswerType, string, boolean]>([
    ["Our new manager is Dana Whitfield.", "name", "Who's running the new shop?", true],
    ["We need someone to run the Houma shop day to day.", "name", "Who will be in charge over in Houma?", false],
    ["The soft opening is October 14.", "date", "When do we open the doors?", true],
    ["The soft opening is coming up soon.", "date", "When do we open the doors?", false],
    ["Final rent for the storefront is $2,180 per month.", "money", "How much is the rent?", true],
    ["The rent feels fair for the area.", "money", "How much is the rent?", false],
    ["We got a spot at Southdown Market for the pop-up.", "place", "Where do I take the samples?", true],
    ["It's the corner spot on Barrow St.", "place", "Where's the new shop going to be?", true],
    ["Dana Whitfield starts Monday.", "place", "Where's the new shop going to be?", false],
    ["We drove past a few storefronts in Houma.", "place", "Where did we land in Houma?", false],
    ["We decided to go with Bayou Shield Insurance.", "decision", "Which insurer did we go with?", true],
    ["We're leaning to the Main St lease.", "decision", "which lease did we like?", true],
    ["We need two more dishwashers for weekends.", "decision", "Which insurer did we go with?", false],
  ])("%s (%s) → %s", (sentence, type, question, expected) => {
    expect(carriesAnswer(sentence, type, question)).toBe(expected);
  });
});
