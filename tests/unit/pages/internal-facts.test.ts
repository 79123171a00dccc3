import { describe, expect, it } from "vitest";
import { internalKindOf, type InternalKind } from "@/lib/pages/internal-facts";

// Facts of many trades: what a business pays, owes and earns is its own; what
// it charges, offers and when it opens is for its customers.

const fact = (text: string, key = "note") => internalKindOf({ key, text });

describe("which facts look like the business's own affairs", () => {
  it.each<[string, InternalKind]>([
    ["We pay the flower wholesaler $1.10 a stem for roses", "supplier cost"],
    ["Copper fittings cost us $4 each from the distributor", "supplier cost"],
    ["The distributor quoted $380 for the water heater", "supplier cost"],
    ["Our food cost per serving for the curry is $2.40", "supplier cost"],
    ["The mill's invoice came to $1,200 for flour this month", "supplier cost"],
    ["The lumber yard gives us net 30 on every order", "supplier terms"],
    ["Exclusive contract with Northfield Dairy until March", "supplier terms"],
    ["We pay our groomers $18 an hour plus tips", "wages"],
    ["Tutor salaries go up to $52,000 next year", "wages"],
    ["We're paying the new apprentice $16 to start", "wages"],
    ["Our rent is $2,350 a month", "rent"],
    ["The lease on the shop runs out in June", "rent"],
    ["The landlord wants a three-year renewal", "rent"],
    ["Our margin on a cut and colour is about 40%", "margin"],
    ["Markup on parts is 35%", "margin"],
    ["Break-even is 60 lessons a week", "margin"],
    ["Our budget for the van is under $30,000", "finances"],
    ["Revenue was $46,300 in October", "finances"],
  ])("%s → %s", (text, kind) => {
    expect(fact(text)).toBe(kind);
  });

  it("reads the fact's key too: a bare figure filed under what it is", () => {
    expect(fact("$1,715 a month", "shop rent")).toBe("rent");
    expect(fact("$17 an hour", "driver wage")).toBe("wages");
  });

  it.each([
    "A full groom for a large dog is $85",
    "We're open 7am to 3pm on weekdays",
    "Drain cleaning starts at $149, and estimates are free",
    "You can rent a kayak for $40 a day",
    "Minimum order for delivery is $25",
    "We offer a 10% discount to non-profits",
    "Budget-friendly packages start at $99",
    "Wedding bouquets are $120 and include delivery",
    "We deliver within 10 miles for free",
    "Loaner bikes are available while yours is in the shop",
    "Our bread is baked fresh every morning",
    "Lessons are 45 minutes and cost $50",
  ])("leaves a customer's fact alone: %s", (text) => {
    expect(fact(text)).toBeNull();
  });
});
