import type { CalibrationTrade } from "@/tests/unit/models/calibration/cases";

// The tuning set: the line-following rules and thresholds were chosen on
// these. The last five trades were the first held-out set; once its figure
// was reported it was folded in here, and a new held-out set was written
// before anything changed again. Lines are written both the way the offline
// memory pass words them ("Page: the owner gave …; noted.") and the way a
// language model would.

export const TUNING: CalibrationTrade[] = [
  {
    trade: "landscaping",
    lines: [
      { page: "Spring Season", gist: "The owner opened the thread to plan the spring season; on Spring Season: the owner gave 3 crews; noted." },
      { page: "Dump Truck", gist: "Dump Truck: the owner gave lease $1,150 a month; noted." },
      { page: "Mulch", gist: "Mulch: the owner gave hardwood mulch from Greenleaf Yard $34 a yard; decided." },
      { page: "Irrigation", gist: "The owner priced sprinkler repairs at $95 an hour and a startup visit at $79." },
      { page: "Crew Lead", gist: "Crew Lead: the owner gave name Tobias Kerr, $24 an hour; decided." },
    ],
    cases: [
      { question: "What does the vehicle that hauls dirt cost us each month?", expect: { open: "Dump Truck" } },
      { question: "Who runs the guys in the field now?", expect: { open: "Crew Lead" } },
      { question: "What do we charge to fix the watering system?", expect: { open: "Irrigation" } },
      {
        question: "How much is the wood chip stuff per yard?",
        recalled: [{ page: "Mulch", text: "We buy hardwood mulch from Greenleaf Yard at $34 a yard" }],
        expect: { answer: "$34" },
      },
      { question: "What did the accountant say about the quarterly taxes?", expect: { search: true } },
    ],
  },
  {
    trade: "bicycle repair",
    lines: [
      { page: "Shop Goals", gist: "The owner opened the thread to grow the repair side; on Shop Goals: the owner gave 2 mechanics; noted." },
      { page: "Tune-Up", gist: "Tune-Up: the owner changed tune-up price to $85; decided." },
      { page: "Inner Tubes", gist: "Inner Tubes: the owner gave tubes from Spoke Supply $4.20 each; noted." },
      { page: "Truing Stand", gist: "The owner wants a new truing stand for wheels, quoted at $340." },
      { page: "Delivery Van", gist: "Delivery Van: the owner gave insurance $96 a month; noted." },
    ],
    cases: [
      { question: "How much was the tool for straightening wheels?", expect: { open: "Truing Stand" } },
      { question: "What do we pay to insure the vehicle we deliver bikes in?", expect: { open: "Delivery Van" } },
      {
        question: "What do the rubber tubes cost us apiece?",
        recalled: [
          { page: "Inner Tubes", text: "We get inner tubes from Spoke Supply at $4.20 each" },
          { page: "Shop Goals", text: "We have 2 mechanics and want to grow the repair side" },
        ],
        expect: { answer: "$4.20" },
      },
      {
        question: "What's a basic service going for now?",
        recalled: [{ page: "Shop Goals", text: "We have 2 mechanics and want to grow the repair side" }],
        expect: { open: "Tune-Up" },
      },
    ],
  },
  {
    trade: "plumbing",
    lines: [
      { page: "Service Area", gist: "The owner opened the thread to set up the service area; on Service Area: the owner gave 20 miles; noted." },
      { page: "Water Heaters", gist: "Water Heaters: the owner gave 50-gallon tank installs $1,450; noted." },
      { page: "Apprentice", gist: "Apprentice: the owner gave name Lena Ortiz, starts May 5; decided." },
      { page: "Drain Camera", gist: "Drain Camera: the owner gave inspection camera $2,100 from Pipeline Tools; decided." },
      { page: "Emergency Calls", gist: "Emergency Calls: the owner gave after-hours fee $150; noted." },
    ],
    cases: [
      { question: "Who is the trainee joining the team?", expect: { open: "Apprentice" } },
      { question: "What did we pay for the scope we push down pipes?", expect: { open: "Drain Camera" } },
      { question: "How much extra for a call in the middle of the night?", expect: { open: "Emergency Calls" } },
      {
        question: "What do we charge to put in a new hot water tank?",
        recalled: [{ page: "Water Heaters", text: "A 50-gallon tank install is $1,450 with haul-away" }],
        expect: { answer: "$1,450" },
      },
    ],
  },
  {
    trade: "florist",
    lines: [
      { page: "Storefront", gist: "The owner opened the thread to get the storefront ready for spring; nothing filed." },
      { page: "Roses", gist: "Roses: the owner gave wholesale roses from Bloomfield Farms $1.10 a stem; noted." },
      { page: "Cooler", gist: "The owner decided on a walk-in cooler from Frostline for $6,800." },
      { page: "Weddings", gist: "Weddings: the owner gave bridal bouquet $180; centerpieces $65; noted." },
      { page: "Delivery", gist: "Delivery: the owner gave delivery fee $12 within town; noted." },
    ],
    cases: [
      { question: "How much was the refrigerated room we bought?", expect: { open: "Cooler" } },
      { question: "What does the bride's bunch of flowers cost?", expect: { open: "Weddings" } },
      {
        question: "What do we charge to bring an order to someone's door?",
        recalled: [{ page: "Delivery", text: "Our delivery fee is $12 within town" }],
        expect: { answer: "$12" },
      },
      { question: "Did the landlord fix the back door lock?", expect: { search: true } },
    ],
  },
  {
    trade: "auto body",
    lines: [
      { page: "Shop Plan", gist: "The owner opened the thread to plan the second paint bay; on Shop Plan: the owner gave 2 bays; noted." },
      { page: "Paint Booth", gist: "Paint Booth: the owner gave downdraft booth $38,000; left open." },
      { page: "Insurance Claims", gist: "Insurance Claims: the owner gave name Claimwise, 4% fee; decided." },
      { page: "Painter", gist: "Painter: the owner gave name Desmond Hale, $31 an hour; decided." },
      { page: "Tow Truck", gist: "The owner leased a flatbed tow truck at $1,320 a month." },
    ],
    cases: [
      { question: "Who did we hire to spray the cars?", expect: { open: "Painter" } },
      { question: "What does the flatbed we pull wrecks with run us monthly?", expect: { open: "Tow Truck" } },
      {
        question: "Which company handles the paperwork with insurers?",
        recalled: [
          { page: "Insurance Claims", text: "Claimwise handles our insurance claims for a 4% fee" },
          { page: "Painter", text: "We hired Desmond Hale as our painter at $31 an hour" },
        ],
        expect: { answer: "Claimwise" },
      },
    ],
  },
  {
    trade: "yoga studio",
    lines: [
      { page: "Studio Launch", gist: "The owner opened the thread to open a second studio room; on Studio Launch: the owner gave 18 mats; noted." },
      { page: "Memberships", gist: "Memberships: the owner gave unlimited monthly $129; noted." },
      { page: "Instructors", gist: "Instructors: the owner gave name Priyanka Sol, teaches Tuesday evenings; decided." },
      { page: "Heaters", gist: "The owner ordered infrared heaters for the hot room at $2,400." },
    ],
    cases: [
      { question: "What did the warming panels for the hot class cost?", expect: { open: "Heaters" } },
      { question: "Who teaches on Tuesday nights?", expect: { open: "Instructors" } },
      {
        question: "How much is the all-you-can-attend plan each month?",
        recalled: [{ page: "Memberships", text: "The unlimited monthly membership is $129" }],
        expect: { answer: "$129" },
      },
    ],
  },
  {
    trade: "print shop",
    lines: [
      { page: "Shop Goals", gist: "The owner opened the thread to take on more business cards; nothing filed." },
      { page: "Printer Lease", gist: "Printer Lease: the owner gave wide-format printer lease $410 a month; noted." },
      { page: "Paper", gist: "Paper: the owner gave cardstock from Mill Row Paper $52 a case; decided." },
      { page: "Designer", gist: "The owner brought on Ivy Marsh as a part-time designer at $26 an hour." },
    ],
    cases: [
      { question: "What are we paying monthly for the big machine that does banners?", expect: { open: "Printer Lease" } },
      { question: "Who does our layouts now?", expect: { open: "Designer" } },
      { question: "When is the health inspector coming?", expect: { search: true } },
    ],
  },
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
