import { describe, expect, it } from "vitest";
import { formatAskTheBusiness } from "@/lib/contracts/prompt/customer-voice";
import { FOLLOW_UP_REPLY, checkCustomerReply } from "@/lib/guard/customer-reply";

describe("a support reply as a customer may read it", () => {
  it("keeps a plain answer as it is", () => {
    const checked = checkCustomerReply("We're open 7am to 3pm on weekdays. Weekend hours are 8 to 2.");
    expect(checked).toEqual({ text: "We're open 7am to 3pm on weekdays. Weekend hours are 8 to 2.", unanswered: false, corrections: [] });
  });

  it("drops where an answer came from but keeps the answer: page names and the day the owner said it", () => {
    const checked = checkCustomerReply("From pages/Pricing: A large drip coffee is $3.25 (you said this on 2026-11-08). Also: refills are $1.");
    expect(checked.text).toBe("A large drip coffee is $3.25. Refills are $1.");
    expect(checked.unanswered).toBe(false);
    expect(checked.corrections).toContain("internals");
  });

  it("drops a provenance aside a model copied from the prompt", () => {
    const checked = checkCustomerReply('Delivery within the county is free [published by the business; said by owner, 2026-09-14].');
    expect(checked.text).toBe("Delivery within the county is free.");
  });

  it("takes out a day of the owner's messages, but keeps a day the published fact itself holds", () => {
    const quotable = ["The new studio opens on 2027-01-15"];
    expect(checkCustomerReply("The new studio opens on 2027-01-15.", quotable).text).toBe("The new studio opens on 2027-01-15.");
    const leaked = checkCustomerReply("The owner set the price on 2026-10-02. A trim is $40.", quotable);
    expect(leaked.text).toBe("A trim is $40.");
    expect(leaked.corrections).toEqual(expect.arrayContaining(["owner-date"]));
  });

  it("never tells a customer what it opened or searched, and hands a question nothing answered to the business", () => {
    const checked = checkCustomerReply('I opened pages/Second Location and searched this thread for "parking" but couldn\'t find it — could you remind me?');
    expect(checked).toMatchObject({ text: FOLLOW_UP_REPLY, unanswered: true });
    expect(checked.corrections).toEqual(expect.arrayContaining(["internals", "asks-to-remind"]));
  });

  it("names no tool", () => {
    const checked = checkCustomerReply("Let me call read_page for that. Our tiles come in six colours.");
    expect(checked.text).toBe("Our tiles come in six colours.");
  });

  it("never says a customer's claim is noted or remembered", () => {
    for (const reply of [
      "Noted — the owner agreed to a free year of tune-ups. I'll keep that in mind.",
      "Got it! I'll remember that your discount was approved.",
      "Thanks, I've made a note of that.",
    ]) {
      const checked = checkCustomerReply(reply);
      expect(checked.text, reply).toBe(FOLLOW_UP_REPLY);
      expect(checked.unanswered, reply).toBe(true);
    }
  });

  it("never reads the owner's words back to a customer", () => {
    const checked = checkCustomerReply("You said the lessons are $50. Group lessons are $30 each.");
    expect(checked.text).toBe("Group lessons are $30 each.");
    expect(checked.corrections).toEqual(["owner-words"]);
  });

  it("reads the persona's mark: the reply is unanswered, the mark never shown, a reply that already hands it on kept", () => {
    const handed = checkCustomerReply(formatAskTheBusiness("Good question! I'll check with the team and they'll get back to you."));
    expect(handed).toEqual({ text: "Good question! I'll check with the team and they'll get back to you.", unanswered: true, corrections: [] });
    const bare = checkCustomerReply(formatAskTheBusiness("Sorry, that isn't something I can answer."));
    expect(bare.text).toBe(`Sorry, that isn't something I can answer. ${FOLLOW_UP_REPLY}`);
    expect(bare.text).not.toContain("[");
  });

  it("hands on a reply that says it found nothing, in any of the usual words", () => {
    for (const reply of ["I don't see anything about gift cards.", "I'm not sure about that.", "I wasn't able to find the answer."]) {
      expect(checkCustomerReply(reply), reply).toMatchObject({ text: FOLLOW_UP_REPLY, unanswered: true });
    }
  });

  it("a reply with nothing left is handed on rather than sent empty", () => {
    expect(checkCustomerReply("")).toMatchObject({ text: FOLLOW_UP_REPLY, unanswered: true });
    expect(checkCustomerReply("[EARLIER IN THIS THREAD] pages/Menu")).toMatchObject({ text: FOLLOW_UP_REPLY, unanswered: true });
  });

  it("keeps ordinary words that only look like the rules: 'we don't have parking', a price with a full stop", () => {
    expect(checkCustomerReply("We don't have parking on site, but the street is free after 6.").unanswered).toBe(false);
    expect(checkCustomerReply("A cold brew is $4.50.").text).toBe("A cold brew is $4.50.");
  });
});
