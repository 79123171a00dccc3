import type { CalibrationTrade } from "@/tests/unit/models/calibration/cases";

// The held-out set: written before the thresholds and rules were last
// changed, and never looked at while changing them. Its figure is the one
// that says how the calibration carries to trades it was not made on.

export const HELD_OUT: CalibrationTrade[] = [
  {
    trade: "veterinary clinic",
    lines: [
      { page: "Clinic Plans", gist: "The owner opened the thread to add weekend hours; on Clinic Plans: the owner gave 2 vets; noted." },
      { page: "X-Ray Machine", gist: "X-Ray Machine: the owner gave digital x-ray unit from Radiant Vet $22,500; decided." },
      { page: "Vet Tech", gist: "Vet Tech: the owner gave name Soraya Lindqvist, starts July 8; decided." },
      { page: "Vaccines", gist: "The owner priced the rabies vaccine at $28 and the distemper combo at $34." },
      { page: "Kennels", gist: "Kennels: the owner gave stainless kennels from Petwell $780 each; noted." },
    ],
    cases: [
      { question: "What did the machine for looking at bones cost?", expect: { open: "X-Ray Machine" } },
      { question: "Who's the new assistant helping the vets?", expect: { open: "Vet Tech" } },
      { question: "What do the cages for overnight patients cost each?", expect: { open: "Kennels" } },
      {
        question: "What do we charge for the shot against rabies?",
        recalled: [{ page: "Vaccines", text: "The rabies vaccine is $28 and the distemper combo is $34" }],
        expect: { answer: "$28" },
      },
      { question: "Did the plumber fix the leak in the break room?", expect: { search: true } },
    ],
  },
  {
    trade: "solar installer",
    lines: [
      { page: "Install Season", gist: "The owner opened the thread to plan the install season; on Install Season: the owner gave 40 roofs; noted." },
      { page: "Panels", gist: "Panels: the owner gave 400-watt panels from Sunvale $210 each; decided." },
      { page: "Inverters", gist: "The owner chose string inverters from Voltaic at $1,350 apiece." },
      { page: "Electrician", gist: "Electrician: the owner gave name Corwin Abara, $38 an hour; decided." },
      { page: "Boom Lift", gist: "Boom Lift: the owner gave rental $450 a day; noted." },
    ],
    cases: [
      { question: "What does the device that converts the current cost each?", expect: { open: "Inverters" } },
      { question: "Who wires up the systems for us?", expect: { open: "Electrician" } },
      { question: "What does it cost to rent the machine that lifts crews onto roofs?", expect: { open: "Boom Lift" } },
      {
        question: "What do we pay for each of the modules that catch sunlight?",
        recalled: [{ page: "Panels", text: "We buy 400-watt panels from Sunvale at $210 each" }],
        expect: { answer: "$210" },
      },
    ],
  },
  {
    trade: "daycare",
    lines: [
      { page: "Enrollment", gist: "The owner opened the thread to fill the toddler room; on Enrollment: the owner gave 24 children; noted." },
      { page: "Tuition", gist: "Tuition: the owner gave full-time toddler tuition $1,180 a month; noted." },
      { page: "Playground", gist: "The owner ordered a climbing structure for the yard from Kidscape at $6,400." },
      { page: "Lead Teacher", gist: "Lead Teacher: the owner gave name Beatrix Mwangi, starts August 19; decided." },
      { page: "Lunches", gist: "Lunches: the owner gave catered meals from Little Bites $4.25 a child; decided." },
    ],
    cases: [
      { question: "What did the jungle gym outside cost?", expect: { open: "Playground" } },
      { question: "Who will head up the classroom?", expect: { open: "Lead Teacher" } },
      {
        question: "What do we pay per kid for the food that gets delivered at noon?",
        recalled: [{ page: "Lunches", text: "Catered meals from Little Bites are $4.25 a child" }],
        expect: { answer: "$4.25" },
      },
      { question: "Did the state inspector send the report?", expect: { search: true } },
    ],
  },
  {
    trade: "screen printing",
    lines: [
      { page: "Shop Goals", gist: "The owner opened the thread to take on bigger team orders; nothing filed." },
      { page: "Carousel", gist: "Carousel: the owner gave six-color carousel press from Ryonet $8,900; decided." },
      { page: "Blank Shirts", gist: "Blank Shirts: the owner gave cotton tees from Threadline $2.85 each; noted." },
      { page: "Ink", gist: "The owner switched to plastisol ink from Inkwell at $64 a gallon." },
      { page: "Dryer", gist: "Dryer: the owner gave conveyor dryer $3,700; left open." },
    ],
    cases: [
      { question: "How much was the machine that prints the shirts?", expect: { open: "Carousel" } },
      { question: "What do we pay for the plain garments before printing?", expect: { open: "Blank Shirts" } },
      { question: "What does the belt oven that cures prints cost?", expect: { open: "Dryer" } },
      {
        question: "How much is a gallon of the paint we print with?",
        recalled: [{ page: "Ink", text: "We switched to plastisol ink from Inkwell at $64 a gallon" }],
        expect: { answer: "$64" },
      },
    ],
  },
  {
    trade: "honey farm",
    lines: [
      { page: "Season Plan", gist: "The owner opened the thread to grow the apiary; on Season Plan: the owner gave 60 hives; noted." },
      { page: "Extractor", gist: "Extractor: the owner gave 20-frame extractor from Hivecraft $2,600; decided." },
      { page: "Jars", gist: "Jars: the owner gave glass jars from Pantry Glass $0.90 each; noted." },
      { page: "Farmers Market", gist: "The owner signed up for the Saturday farmers market stall at $45 a week." },
      { page: "Queens", gist: "Queens: the owner gave mated queens $38 each; noted." },
    ],
    cases: [
      { question: "What did the machine that spins honey out of the combs cost?", expect: { open: "Extractor" } },
      { question: "What do the containers we sell honey in cost apiece?", expect: { open: "Jars" } },
      { question: "What do we pay each week for our table at the market?", expect: { open: "Farmers Market" } },
      { question: "How much do the female bees that lead a hive cost?", expect: { open: "Queens" } },
      { question: "Did the county approve the new sign?", expect: { search: true } },
    ],
  },
];
