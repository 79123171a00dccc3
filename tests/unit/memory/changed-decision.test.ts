import { describe, expect, it } from "vitest";
import { changedDecisions, type JustFiled, type LiveFact } from "@/lib/memory/changed-decision";

const filed = (key: string, text: string, pageTitle: string, more: Partial<JustFiled["fact"]> & { superseded?: string[] } = {}): JustFiled => ({
  fact: { id: "new", key, text, status: "CONFIRMED", heldReason: null, ...more },
  pageTitle,
  superseded: more.superseded ?? [],
});

const live = (id: string, key: string, text: string, page: string, status: LiveFact["status"] = "confirmed"): LiveFact => ({ id, key, text, page, status });

const offered = (newFact: JustFiled, existing: LiveFact[]) => changedDecisions([newFact], existing).map((o) => o.oldFactId);

describe("changedDecisions: a changed decision under another key or page is offered", () => {
  it.each([
    {
      trade: "café: a latte's price moved to another page under another key",
      newFact: filed("latte price", "A 12 oz latte is now $5.75.", "Menu"),
      old: live("old", "12 oz latte", "We charge $5.50 for a 12 oz latte.", "Pricing"),
    },
    {
      trade: "café: on the page Latte, the menu price after the price",
      newFact: filed("menu price", "A 12 oz latte is now $5.75 on the menu.", "Latte"),
      old: live("old", "price", "We charge $5.50 for a 12 oz latte.", "Latte"),
    },
    {
      trade: "bike shop: on one page a service's rate under a longer key",
      newFact: filed("tune-up labour rate", "Tune-up labour is $70 an hour now.", "Workshop"),
      old: live("old", "tune-up rate", "Tune-ups are $60 an hour.", "Workshop"),
    },
    {
      trade: "plumber: the call-out fee changed, filed under a longer key",
      newFact: filed("call-out fee", "Call-out fee goes up to 95 dollars from March.", "Rates"),
      old: live("old", "call-out fee price", "Our call-out fee is $85.", "Rates"),
    },
    {
      trade: "landscaper: the mowing day moved",
      newFact: filed("mowing day", "We mow the Oak Street lawns on Thursdays now.", "Schedule"),
      old: live("old", "mowing schedule", "Mowing the Oak Street lawns is on Tuesday.", "Clients"),
    },
    {
      trade: "florist: another wholesaler",
      newFact: filed("rose supplier", "Roses now come from Valley Farms.", "Suppliers"),
      old: live("old", "rose suppliers", "We buy our roses from Bloomfield Nursery.", "Flowers"),
    },
    {
      trade: "dental clinic: a later opening hour",
      newFact: filed("saturday opening", "On Saturdays we open at 9 am.", "Hours"),
      old: live("old", "saturday opening time", "Saturday opening is 8:30 am.", "Clinic"),
    },
    {
      trade: "gym: a bigger discount",
      newFact: filed("student discount", "Students get 20% off.", "Memberships"),
      old: live("old", "student discount rate", "The student discount is 15 percent.", "Pricing"),
    },
  ])("$trade", ({ newFact, old }) => {
    const [offer] = changedDecisions([newFact], [old]);
    expect(offer).toMatchObject({ oldFactId: "old", newFactId: "new" });
    expect(offer.reason).toContain(newFact.fact.key);
  });

  it("the reason names the pages when the new value sits on another one", () => {
    const [offer] = changedDecisions([filed("latte price", "A latte is $5.75.", "Menu")], [live("old", "latte", "A latte is $5.50.", "Pricing")]);
    expect(offer.reason).toBe('"latte price" and "latte" name the same subject with another amount (on Pricing, now on Menu)');
  });
});

describe("changedDecisions: nothing is offered", () => {
  it.each([
    {
      why: "two subjects that share a kind of value (a delivery fee and a card fee)",
      newFact: filed("delivery fee", "Delivery costs $6.", "Pricing"),
      old: live("old", "card fee", "Card payments cost $2 extra.", "Pricing"),
    },
    {
      why: "on two pages, a thing the other key lacks (a butter croissant is not a plain one)",
      newFact: filed("butter croissant price", "Butter croissants are $3.75.", "Pastries"),
      old: live("old", "croissant price", "A croissant is $3.25.", "Menu"),
    },
    {
      why: "on one page, keys stating different kinds of value (a price and a card fee)",
      newFact: filed("card fee", "Card payments cost $2 extra.", "Latte"),
      old: live("old", "price", "A latte is $5.50.", "Latte"),
    },
    {
      why: "the same value restated on another page",
      newFact: filed("van choice", "We are buying the white Ford van for $24,000.", "Vehicles"),
      old: live("old", "van", "The Ford van costs $24,000.", "Budget"),
    },
    {
      why: "values of different kinds (a price then a delivery day), so nothing contradicts",
      newFact: filed("bread order", "The bread order comes on Mondays.", "Suppliers"),
      old: live("old", "bread order", "The weekly bread order is $140.", "Costs"),
    },
    {
      why: "an old fact that is only pending",
      newFact: filed("latte price", "A latte is $5.75.", "Menu"),
      old: live("old", "latte", "A latte is $5.50.", "Pricing", "unconfirmed"),
    },
    {
      why: "a new fact only the agent said (pending until the owner confirms it)",
      newFact: filed("latte price", "A latte is $5.75.", "Menu", { status: "PENDING" }),
      old: live("old", "latte", "A latte is $5.50.", "Pricing"),
    },
    {
      why: "a new fact held for review because it reads like an instruction",
      newFact: filed("latte price", "A latte is $5.75.", "Menu", { heldReason: "reads like an instruction" }),
      old: live("old", "latte", "A latte is $5.50.", "Pricing"),
    },
    {
      why: "a fact the filing already replaced",
      newFact: filed("latte price", "A latte is $5.75.", "Menu", { superseded: ["old"] }),
      old: live("old", "latte", "A latte is $5.50.", "Pricing"),
    },
    {
      why: "a key that names no thing, only a kind of value",
      newFact: filed("price", "It is $40.", "Pricing"),
      old: live("old", "price", "It is $30.", "Quotes"),
    },
    {
      why: "the size in a key is part of the subject, not a changed value",
      newFact: filed("12 oz latte", "A 12 oz latte is $5.50.", "Menu"),
      old: live("old", "latte price", "Lattes are $5.50.", "Pricing"),
    },
  ])("$why", ({ newFact, old }) => {
    expect(offered(newFact, [old])).toEqual([]);
  });

  it("a fact filed in the same pass is never offered against itself or its neighbour", () => {
    const a = filed("latte price", "A latte is $5.75.", "Menu");
    expect(changedDecisions([a], [live("new", "latte", "A latte is $5.75.", "Menu")])).toEqual([]);
  });

  it("offers each confirmed fact of the subject that disagrees, and only those", () => {
    const existing = [
      live("a", "latte", "A latte is $5.50.", "Pricing"),
      live("b", "latte price", "Lattes cost $5.25.", "Menu"),
      live("c", "latte price", "A latte is $5.75 from now on.", "Old menu"),
      live("d", "mocha price", "A mocha is $5.95.", "Menu"),
    ];
    expect(offered(filed("latte price", "A latte is $5.75.", "Menu"), existing)).toEqual(["a", "b"]);
  });
});
