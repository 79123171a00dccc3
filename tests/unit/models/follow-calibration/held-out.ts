import type { CalibrationTrade } from "@/tests/unit/models/follow-calibration/cases";

// The held-out set: written with the tuning set, before any threshold was
// chosen, and never looked at while choosing them. Its figure is the one
// that says how the calibration carries to trades it was not made on.

export const HELD_OUT: CalibrationTrade[] = [
  {
    trade: "roofing",
    lines: [
      { page: "Storm Season", gist: "The owner opened the thread to prepare for storm season; on Storm Season: the owner gave 2 crews; noted." },
      { page: "Shingles", gist: "Shingles: the owner gave architectural shingles from Ridgeline Supply $118 a square; decided." },
      { page: "Ladder Rack", gist: "The owner bought a ladder rack for the crew pickup for $640." },
      { page: "Estimator", gist: "Estimator: the owner gave name Colette Park, starts June 3; decided." },
      { page: "Warranty", gist: "Warranty: the owner gave workmanship warranty 10 years; noted." },
    ],
    cases: [
      { question: "Who's the person writing up our bids now?", expect: { open: "Estimator" } },
      { question: "How long do we guarantee our work for?", expect: { open: "Warranty" } },
      {
        question: "What are we paying for the roof covering per square?",
        recalled: [{ page: "Shingles", text: "We buy architectural shingles from Ridgeline Supply at $118 a square" }],
        expect: { answer: "$118" },
      },
      { question: "What did the city say about the noise complaint?", expect: { search: true } },
    ],
  },
  {
    trade: "music school",
    lines: [
      { page: "Fall Term", gist: "The owner opened the thread to plan the fall term; on Fall Term: the owner gave 60 students; noted." },
      { page: "Piano", gist: "Piano: the owner gave used upright from Keyworth Music $3,900; decided." },
      { page: "Guitar Teacher", gist: "Guitar Teacher: the owner gave name Rafael Ionescu, $35 a lesson; decided." },
      { page: "Recital Hall", gist: "The owner booked the community center hall for the winter recital at $300." },
      { page: "Lesson Rates", gist: "Lesson Rates: the owner changed half-hour lesson to $32; decided." },
    ],
    cases: [
      { question: "How much was the instrument with keys we bought?", expect: { open: "Piano" } },
      { question: "Where is the end-of-year concert being held?", expect: { open: "Recital Hall" } },
      {
        question: "Who teaches the six-string classes?",
        recalled: [{ page: "Fall Term", text: "We have 60 students for the fall term" }],
        expect: { open: "Guitar Teacher" },
      },
      {
        question: "What do we charge for a half-hour lesson now?",
        recalled: [{ page: "Lesson Rates", text: "A half-hour lesson is $32 now" }],
        expect: { answer: "$32" },
      },
    ],
  },
  {
    trade: "cleaning service",
    lines: [
      { page: "Growth", gist: "The owner opened the thread to add office contracts; nothing filed." },
      { page: "Van", gist: "Van: the owner gave cargo van payment $520 a month; noted." },
      { page: "Supplies", gist: "Supplies: the owner gave detergent from Brightway $19 a gallon; decided." },
      { page: "Carpet Machine", gist: "The owner bought a carpet extractor for deep cleans at $1,750." },
      { page: "Team Lead", gist: "Team Lead: the owner gave name Marta Quinn, $21 an hour; decided." },
    ],
    cases: [
      { question: "What did the machine for shampooing rugs cost?", expect: { open: "Carpet Machine" } },
      { question: "What's the monthly payment on the vehicle?", expect: { open: "Van" } },
      { question: "Who supervises the cleaners?", expect: { open: "Team Lead" } },
      {
        question: "What do we pay per gallon for the cleaning liquid?",
        recalled: [{ page: "Supplies", text: "We buy detergent from Brightway at $19 a gallon" }],
        expect: { answer: "$19" },
      },
    ],
  },
  {
    trade: "boat charter",
    lines: [
      { page: "Season", gist: "The owner opened the thread to plan the charter season; on Season: the owner gave 2 boats; noted." },
      { page: "Captain", gist: "Captain: the owner gave name Sorensen, $300 a day; decided." },
      { page: "Fuel", gist: "Fuel: the owner gave marina diesel $4.60 a gallon; noted." },
      { page: "Life Vests", gist: "The owner ordered 24 life vests from Harborline for $1,080." },
    ],
    cases: [
      { question: "Who skippers the boat on our trips?", expect: { open: "Captain" } },
      { question: "What did the flotation gear for passengers cost?", expect: { open: "Life Vests" } },
      { question: "Did the bank approve the overdraft?", expect: { search: true } },
    ],
  },
  {
    trade: "IT repair",
    lines: [
      { page: "Shop Plan", gist: "The owner opened the thread to add business support plans; nothing filed." },
      { page: "Support Plans", gist: "Support Plans: the owner gave small office plan $249 a month; noted." },
      { page: "Technician", gist: "Technician: the owner gave name Hugo Baptiste, starts Monday; decided." },
      { page: "Soldering Station", gist: "The owner bought a soldering station for board repairs at $420." },
      { page: "Parts Supplier", gist: "Parts Supplier: the owner gave name Voltway, ships in 2 days; decided." },
    ],
    cases: [
      { question: "Who did we bring on to fix computers?", expect: { open: "Technician" } },
      { question: "Which company sends us replacement components?", expect: { open: "Parts Supplier" } },
      {
        question: "What do we charge a small office each month for support?",
        recalled: [{ page: "Support Plans", text: "The small office support plan is $249 a month" }],
        expect: { answer: "$249" },
      },
    ],
  },
  {
    trade: "hair salon",
    lines: [
      { page: "Salon Goals", gist: "The owner opened the thread to fill the empty chairs; on Salon Goals: the owner gave 6 chairs; noted." },
      { page: "Chair Rental", gist: "Chair Rental: the owner gave booth rent $220 a week; noted." },
      { page: "Color Line", gist: "Color Line: the owner gave hair color from Lumiere Pro $9 a tube; decided." },
      { page: "Receptionist", gist: "The owner hired Dana Whitcombe to answer phones and book clients at $17 an hour." },
    ],
    cases: [
      { question: "Who did we get to handle the front desk?", expect: { open: "Receptionist" } },
      { question: "What do stylists pay us weekly for a station?", expect: { open: "Chair Rental" } },
      {
        question: "How much is each tube of dye?",
        recalled: [{ page: "Color Line", text: "We use hair color from Lumiere Pro at $9 a tube" }],
        expect: { answer: "$9" },
      },
    ],
  },
];
