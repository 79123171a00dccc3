// Whether a fact reads as the business's own affairs rather than something
// for its customers: what it pays suppliers and on what terms, wages, rent,
// margins, its money. Publishing a page warns about such facts before a
// customer is told them; the owner decides. Words of any trade: a florist's
// wholesale stems, a plumber's parts from the distributor, a tutor's pay.

export type InternalKind = "supplier cost" | "supplier terms" | "wages" | "rent" | "margin" | "finances";

const RULES: readonly { kind: InternalKind; pattern: RegExp }[] = [
  {
    kind: "supplier terms",
    pattern: /\b(?:net[ -]?(?:15|30|45|60|90)|payment terms|(?:our|their) minimum order|moq|exclusive (?:contract|supplier|distributor)|(?:supply|vendor|distribution) (?:contract|agreement)|contract with (?:our |the )?(?:supplier|vendor|distributor|wholesaler|roaster|mill|farm)|(?:supplier|vendor|distributor|wholesaler)'?s? (?:terms|contract|discount|rebate|delivers|delivery schedule))\b/i,
  },
  {
    kind: "supplier cost",
    pattern: /\bwholesale cost|\b(?:our|we get a) wholesale (?:price|rate)|\b(?:cost|costs) us\b|\bwe (?:pay|paid|spend|spent|buy|bought|order|get)\b[^.]*\b(?:from|to) (?:our |the |a )?(?:supplier|vendor|distributor|wholesaler|roaster|mill|farm|manufacturer|factory|importer)|\b(?:supplier|vendor|distributor|wholesaler|manufacturer)s?\b[^.]*(?:\$|€|£|\bcharges?\b|\bquoted?\b|\binvoice)|\b(?:our|the) (?:unit|landed|ingredient|material|parts?|food) cost\b|\bcost per (?:unit|case|pound|lb|kg|bag|pallet|serving|cup)\b|\binvoice[sd]? (?:from|of|came)\b/i,
  },
  {
    kind: "wages",
    pattern: /\b(?:wages?|salar(?:y|ies)|payroll|hourly (?:pay|wage)|overtime pay|per diem)\b|\bwe(?: pay| paid| are paying|'re paying) (?:(?:our|the|each|every|new|part-time|full-time) )*(?:staff|employees?|workers?|crew|team|techs?|technicians?|baristas?|cooks?|drivers?|stylists?|groomers?|tutors?|teachers?|assistants?|apprentices?|helpers?|cleaners?|nurses?|hires?)\b|\b(?:her|his|their) (?:pay|rate) is\b|\bpay (?:her|him|them) \$/i,
  },
  {
    kind: "rent",
    pattern:
      /^rent\b|\b(?:our|the|monthly|shop'?s?|store'?s?|office|studio|kitchen|space) rent\b|\brent (?:is|was|goes|went|of \$|on the|for the (?:space|shop|store|unit|building|office|premises|kitchen|garage))\b|\b(?:our|the) lease\b|\blease (?:on|for) the (?:space|shop|store|unit|building|office|premises)\b|\b(?:landlord|mortgage|property tax|triple net|cam charges)\b/i,
  },
  {
    kind: "margin",
    pattern: /\b(?:margins?|mark-?ups?|(?<!non-)profits?|profitability|cost of goods|cogs|net income|break[- ]even|food cost percentage)\b/i,
  },
  {
    kind: "finances",
    pattern: /\b(?:our|the|my) budget\b|\bbudget (?:is|of|was|for the)\b|\b(?:bank loan|business loan|line of credit|investors?|our debt|cash flow|revenue|turnover|bank balance|overdraft|tax bill|payroll tax)\b/i,
  },
];

/** Why the fact looks like the business's own affairs, or null when it reads as something for customers. */
export function internalKindOf(fact: { key: string; text: string }): InternalKind | null {
  const said = `${fact.key}. ${fact.text}`.replace(/[’]/g, "'");
  return RULES.find((rule) => rule.pattern.test(said))?.kind ?? null;
}

/** The warning the owner reads beside such a fact. */
export function internalWarning(kind: InternalKind): string {
  switch (kind) {
    case "supplier cost":
      return "looks like what the business pays a supplier";
    case "supplier terms":
      return "looks like a supplier's terms";
    case "wages":
      return "looks like what staff are paid";
    case "rent":
      return "looks like rent or lease terms";
    case "margin":
      return "looks like a margin or profit figure";
    case "finances":
      return "looks like the business's own finances";
  }
}
