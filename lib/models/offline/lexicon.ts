// The offline model's business vocabulary, as plain data. Kept modest and
// generic on purpose: it stands in for the world knowledge a real model has,
// and every entry is a rule someone has to be able to read.

/** What kind of value a sentence carries; it picks the key of a fact within a subject. */
export type Facet = "choice" | "proposal" | "date" | "money" | "quantity" | "name" | "detail";

export type SubjectEntry = {
  /** Words or short phrases ("sq ft") that name the subject. */
  words: readonly string[];
  /** The fact key: one label, or one per facet so e.g. a lease's price and the chosen lease stay separate facts. */
  key: string | (Partial<Record<Facet, string>> & { default: string });
  /** The subject only applies when the sentence carries a date ("open on Nov 1", not "open a second location"). */
  needsDate?: boolean;
};

export type TopicEntry = {
  page: string;
  words: readonly string[];
  /** Words that place a sentence here only when no topic is named outright ("raise the budget to $2,800"). */
  hints?: readonly string[];
  /** Checked in order: the first subject named in a sentence gives its key. */
  subjects: readonly SubjectEntry[];
  /** What the agent proposes when asked for ideas on this topic: concrete, so it can be filed as a pending fact. */
  suggestion: string;
};

export const GENERAL_PAGE = "General";

export const GENERAL_SUGGESTION =
  "I suggest picking one concrete goal for this month, like 20 new regular customers, and reviewing it on the last Friday of the month.";

export const TOPICS: readonly TopicEntry[] = [
  {
    page: "Second Location",
    words: [
      "lease", "rent", "landlord", "location", "storefront", "sq ft", "square feet", "sqft", "site",
      "second location", "new location", "premises", "neighborhood", "build-out", "move-in",
    ],
    hints: ["budget", "afford"],
    subjects: [
      { words: ["budget", "afford", "spend", "max", "maximum"], key: "monthly budget" },
      {
        words: ["lease", "landlord", "quote", "rent"],
        key: { choice: "preferred lease", money: "lease price", date: "lease date", default: "lease terms" },
      },
      { words: ["sq ft", "square feet", "sqft", "size"], key: "space size" },
      { words: ["open", "opening", "launch", "move-in"], key: "opening date", needsDate: true },
      { words: ["location", "area", "neighborhood", "town", "site", "storefront"], key: "location area" },
    ],
    suggestion:
      "I suggest visiting both sites at your busiest hour before signing, and asking each landlord for 2 months of free rent on a 3-year lease.",
  },
  {
    page: "Hiring",
    words: [
      "hire", "hiring", "hired", "staff", "manager", "wage", "payroll", "shift", "employee", "recruit",
      "interview", "candidate", "barista", "cashier", "part-time", "full-time", "onboarding",
    ],
    subjects: [
      { words: ["manager"], key: { money: "manager wage", date: "manager start date", default: "manager hire" } },
      { words: ["wage", "pay", "salary", "payroll"], key: "wage" },
      { words: ["shift", "schedule", "hours"], key: "shift schedule" },
      {
        words: ["hire", "hiring", "recruit", "candidate", "interview", "staff", "employee"],
        key: { money: "staff wage", date: "hiring date", default: "staff hire" },
      },
    ],
    suggestion: "I suggest posting the role at $17/hr with a paid 2-shift trial before you make an offer.",
  },
  {
    page: "Marketing",
    words: [
      "marketing", "ad", "ads", "advert", "advertising", "instagram", "facebook", "tiktok", "flyer", "campaign",
      "promo", "promotion", "newsletter", "social media", "website", "seo",
    ],
    subjects: [
      { words: ["budget", "spend"], key: "marketing budget" },
      { words: ["instagram", "facebook", "tiktok", "social media"], key: "social media plan" },
      { words: ["flyer"], key: "flyer plan" },
      { words: ["promo", "promotion", "discount", "campaign"], key: "promo plan" },
    ],
    suggestion: "I suggest a 2-week Instagram promo with 10% off first orders, plus 200 flyers near the new location.",
  },
  {
    page: "Suppliers",
    words: ["supplier", "vendor", "inventory", "order", "wholesale", "wholesaler", "delivery", "deliver", "distributor", "shipment"],
    subjects: [
      { words: ["delivery", "deliver", "shipment"], key: "delivery schedule" },
      {
        words: ["supplier", "vendor", "wholesaler", "wholesale", "distributor"],
        key: { money: "supplier price", date: "delivery schedule", default: "supplier choice" },
      },
      { words: ["order", "inventory", "stock"], key: "standing order" },
    ],
    suggestion: "I suggest getting quotes from 2 more wholesale suppliers and asking each for net-30 payment terms.",
  },
  {
    page: "Pricing",
    words: ["price", "pricing", "menu", "charge", "discount", "markup", "margin"],
    subjects: [
      { words: ["discount"], key: "discount" },
      { words: ["menu"], key: "menu pricing" },
    ],
    suggestion: "I suggest raising prices 5% on your 3 best sellers and watching sales for 2 weeks before changing anything else.",
  },
  {
    page: "Finances",
    words: ["loan", "bank", "financing", "cash flow", "revenue", "tax", "taxes", "profit", "accountant", "bookkeeping", "invoice", "expenses"],
    subjects: [
      { words: ["loan", "financing", "lender", "bank"], key: { money: "loan amount", date: "loan date", default: "loan terms" } },
      { words: ["revenue", "sales"], key: "revenue" },
      { words: ["tax", "taxes"], key: "taxes" },
      { words: ["cash flow"], key: "cash flow" },
      { words: ["accountant", "bookkeeping", "bookkeeper"], key: "accountant" },
    ],
    suggestion: "I suggest keeping 3 months of expenses in reserve before you take on a new loan.",
  },
  {
    page: "Legal & Permits",
    words: ["insurance", "permit", "license", "licence", "contract", "legal", "lawyer", "inspection", "zoning", "llc"],
    subjects: [
      { words: ["insurance"], key: "insurance" },
      { words: ["permit", "license", "licence", "inspection", "zoning"], key: { date: "permit date", default: "permit" } },
      { words: ["contract", "lawyer", "legal", "llc"], key: "contract" },
    ],
    suggestion: "I suggest checking the permit timeline with the city before you sign anything; it often takes 4 to 6 weeks.",
  },
  {
    page: "Equipment",
    words: ["equipment", "oven", "pos", "fridge", "freezer", "mixer", "espresso machine", "register", "printer"],
    subjects: [
      { words: ["oven"], key: { money: "oven price", default: "oven choice" } },
      { words: ["fridge", "freezer"], key: { money: "fridge price", default: "fridge choice" } },
      { words: ["pos", "register"], key: { money: "pos price", default: "pos choice" } },
      { words: ["espresso machine"], key: { money: "espresso machine price", default: "espresso machine choice" } },
      { words: ["mixer"], key: { money: "mixer price", default: "mixer choice" } },
    ],
    suggestion: "I suggest leasing the equipment first, with a buyout option after 12 months.",
  },
];

/**
 * Words that mean the same thing when an owner asks about something, so
 * "how much can we spend on rent?" finds a line about the budget and the lease.
 */
export const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ["budget", "spend", "spending", "afford", "cap", "limit", "max", "maximum", "allowance"],
  ["lease", "rent", "rental", "landlord", "tenancy"],
  ["location", "site", "storefront", "premises", "space", "place"],
  ["hire", "hiring", "recruit", "employ", "employee", "staff", "manager", "worker", "candidate", "team"],
  ["wage", "pay", "salary", "payroll", "hourly"],
  ["price", "cost", "charge", "fee", "pricing", "quote"],
  ["open", "opening", "launch", "start"],
  ["marketing", "ad", "ads", "advert", "advertising", "promo", "promotion", "campaign", "flyer"],
  ["supplier", "vendor", "wholesaler", "distributor", "wholesale"],
  ["loan", "financing", "finance", "lender", "bank", "credit"],
  ["permit", "license", "licence", "inspection"],
  ["revenue", "sales", "income", "turnover"],
];

/**
 * Words about liking or deciding. They match each other, but a match on them
 * alone says nothing about the subject, so they never carry a match by themselves.
 */
export const WEAK_GROUP: readonly string[] = [
  "like", "prefer", "preferred", "favor", "favour", "favorite", "lean", "leaning", "pick", "picked",
  "choose", "chose", "chosen", "choice", "want", "decide", "decided", "decision",
];
