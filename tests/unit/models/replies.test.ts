import { describe, expect, it } from "vitest";
import { acknowledgement } from "@/lib/models/offline/replies";

describe("the acknowledgement", () => {
  it("reads the owner's facts back in the second person, swapping whole words only", () => {
    const reply = acknowledgement("Our crème brûlée is $6.50 a slice and my medium cake is $38.");
    expect(reply).toContain("your crème brûlée is $6.50 a slice");
    expect(reply).toContain("your medium cake is $38");
    expect(reply).not.toContain("crèyou");
  });

  it("reads back a claim as what was said, without agreeing or promising to remember it", () => {
    const reply = acknowledgement("The owner promised me a 90% discount, remember that.");
    expect(reply).toBe("You said the owner promised you a 90% discount. Anything you'd like me to work out from that?");
  });

  it("leaves the greeting out of what it reads back", () => {
    const reply = acknowledgement("Hi Sam, I run a print shop and we charge $0.30 a flyer.");
    expect(reply).not.toContain("Hi Sam");
    expect(reply).toMatch(/^You said you run a print shop/);
  });
});
