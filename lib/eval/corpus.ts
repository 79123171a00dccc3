// The words of the planted-fact threads: a bakery-café owner in Thibodaux
// opening a second shop in Houma, talking to their agent over several weeks.
// Pure data; lib/eval/generator.ts decides what goes where.

export type FactKind = "price" | "name" | "date" | "place" | "decision";

export const FACT_KINDS: readonly FactKind[] = ["price", "name", "date", "place", "decision"];

/** One owner message and the agent's reply to it. */
export type Exchange = { owner: string; agent: string };

export type FactTemplate = {
  /** Unique label, e.g. "second location rent". */
  topic: string;
  kind: FactKind;
  /** The memory page the fact belongs on. */
  page: string;
  /** Lowercase words or phrases that name the topic; every askWithoutTopic question avoids all of them. */
  topicWords: string[];
  /** The planted value as written, plus shorter forms an answer may use (a surname, a name without "Insurance"). */
  values: Array<{ value: string; alsoAccept?: string[] }>;
  /** Sets the scene before the fact; never contains a value. */
  openers: Exchange[];
  /** Owner lines with a "{value}" placeholder. */
  statements: string[];
  /** Agent replies to the statement; they confirm the filing without repeating the value. */
  acks: string[];
  followUps: Exchange[];
};

/**
 * A filler exchange. "{slot}" placeholders are filled from `slots`, the same
 * pick in the owner's line and the agent's, so the pair stays consistent.
 */
export type FillerBeat = Exchange & { slots?: Record<string, readonly string[]> };

/** Small talk about one page's subject, with concrete details of its own. */
export type FillerTopic = { page: string; openers: FillerBeat[]; beats: FillerBeat[] };

export const FACT_TEMPLATES: readonly FactTemplate[] = [
  {
    topic: "second location rent",
    kind: "price",
    page: "Second Location",
    topicWords: ["rent", "lease", "location", "landlord", "storefront", "main st", "houma"],
    values: [{ value: "$2,350" }, { value: "$2,180" }, { value: "$2,425" }, { value: "$1,975" }, { value: "$2,260" }],
    openers: [
      {
        owner: "Back to the second location: I want rent under $2,600 a month, all in.",
        agent: "Got it, $2,600 a month is the ceiling for the second location. I'll hold every listing to that.",
      },
      {
        owner: "I met the landlord of the Main St storefront in Houma this morning.",
        agent: "Good. Did you get to talk terms, or was it just the walkthrough?",
      },
    ],
    statements: [
      "The Main St lease came back at {value} a month, utilities not included.",
      "We agreed on {value} a month for the Main St space, three-year term.",
      "Final rent for the Main St storefront is {value} per month.",
    ],
    acks: [
      "Filed under Second Location. Want me to draft questions for the landlord about utilities and repairs?",
      "Noted on the Second Location page. I'll compare it with the other listings when you're ready.",
    ],
    followUps: [
      { owner: "Yes, and ask who fixes the AC if it breaks.", agent: "Added: who pays for AC repairs. I'll keep the landlord questions together." },
      { owner: "Also ask if they'd give us two months free for the build-out.", agent: "I'll ask about two free months during the build-out." },
    ],
  },
  {
    topic: "catering tray price",
    kind: "price",
    page: "Pricing",
    topicWords: ["catering", "tray", "price", "pricing", "charge", "menu"],
    values: [{ value: "$145" }, { value: "$165" }, { value: "$128" }, { value: "$152" }, { value: "$138" }],
    openers: [
      {
        owner: "People keep asking for catering, so let's put a big tray on the menu.",
        agent: "Good idea. What would be on it: pastries, kolaches, or a mix?",
      },
      {
        owner: "The office park asked for a quote on a breakfast tray for 20 people.",
        agent: "Got it, breakfast for 20. Do you want a standard price we can reuse?",
      },
    ],
    statements: [
      "Let's price the large catering tray at {value}.",
      "Large catering tray will be {value}, delivery extra.",
      "We'll charge {value} for the large catering tray.",
    ],
    acks: [
      "Filed on the Pricing page. I'll use it for the office park quote too.",
      "Noted under Pricing. Should the small tray be priced off the same margin?",
    ],
    followUps: [
      { owner: "Small tray can wait until we see how the large one sells.", agent: "Okay, the small tray waits for sales numbers on the large one." },
      { owner: "Delivery within 10 miles is $15.", agent: "Noted: $15 delivery within 10 miles." },
    ],
  },
  {
    topic: "bank loan amount",
    kind: "price",
    page: "Financing",
    topicWords: ["loan", "bank", "financing", "approved", "lender", "borrow"],
    values: [{ value: "$48,000" }, { value: "$52,500" }, { value: "$45,000" }, { value: "$57,000" }, { value: "$60,000" }],
    openers: [
      {
        owner: "Had the meeting at First Bayou Bank about financing the build-out.",
        agent: "How did it go? Did they say what they need from us?",
      },
      {
        owner: "The loan officer finally called back about the expansion.",
        agent: "Good news or more paperwork?",
      },
    ],
    statements: [
      "They approved the loan for {value} over five years.",
      "Approved for {value} at 8.5%, five-year term.",
      "The bank signed off on {value} for the build-out.",
    ],
    acks: [
      "Filed under Financing. I'll remind you to send them the signed documents.",
      "Noted on the Financing page. Want a repayment schedule drafted?",
    ],
    followUps: [
      { owner: "Yes, monthly payments please.", agent: "I'll draft a monthly repayment schedule." },
      { owner: "First payment isn't due until the Houma shop is open.", agent: "Noted: first payment deferred until the Houma shop opens." },
    ],
  },
  {
    topic: "new store manager",
    kind: "name",
    page: "Hiring",
    topicWords: ["manager", "manage", "hire", "hired", "hiring", "job", "interview"],
    values: [
      { value: "Dana Whitfield", alsoAccept: ["Whitfield"] },
      { value: "Marcus Thibodeaux", alsoAccept: ["Thibodeaux"] },
      { value: "Renee Okafor", alsoAccept: ["Okafor"] },
      { value: "Luis Castellanos", alsoAccept: ["Castellanos"] },
      { value: "Priya Raman", alsoAccept: ["Raman"] },
    ],
    openers: [
      {
        owner: "I finished the last round of interviews for the Houma manager job.",
        agent: "How did the finalists compare?",
      },
      {
        owner: "We need someone to run the Houma shop day to day.",
        agent: "Agreed. Do you want to promote from within or hire from outside?",
      },
    ],
    statements: [
      "Our new manager for the Houma shop is {value}.",
      "I offered the manager job to {value} and they said yes.",
      "{value} is going to manage the Houma store.",
    ],
    acks: [
      "Filed under Hiring. Want me to put together a first-week onboarding checklist?",
      "Noted on the Hiring page. I'll prepare the offer letter details.",
    ],
    followUps: [
      { owner: "Start date is the first of the month.", agent: "Noted: starting on the first of the month." },
      { owner: "They'll train at this shop for two weeks first.", agent: "Two weeks of training here first; I'll add it to the onboarding plan." },
    ],
  },
  {
    topic: "bookkeeper",
    kind: "name",
    page: "Financing",
    topicWords: ["bookkeeper", "bookkeeping", "books", "accountant", "accounting"],
    values: [
      { value: "Gail Fontenot", alsoAccept: ["Fontenot"] },
      { value: "Harold Chiasson", alsoAccept: ["Chiasson"] },
      { value: "Nadia Karimi", alsoAccept: ["Karimi"] },
      { value: "Bernard Leblanc", alsoAccept: ["Leblanc"] },
      { value: "Yvonne Doucet", alsoAccept: ["Doucet"] },
    ],
    openers: [
      {
        owner: "I can't keep doing the books myself at night.",
        agent: "Understood. Do you want a part-time bookkeeper or an accounting firm?",
      },
      {
        owner: "The books have been a mess since we started planning the second shop.",
        agent: "Want to bring someone in to handle them monthly?",
      },
    ],
    statements: [
      "We're going with {value} as our bookkeeper, starting next month.",
      "{value} will do our bookkeeping from now on.",
      "I hired {value} to keep the books.",
    ],
    acks: [
      "Filed under Financing. I'll list what they'll need: bank logins, receipts and payroll reports.",
      "Noted on the Financing page. Want me to set up a shared folder for receipts?",
    ],
    followUps: [
      { owner: "They charge a flat monthly fee, which I like.", agent: "Noted: a flat monthly fee." },
      { owner: "Send them last quarter's statements first.", agent: "I'll start with last quarter's statements." },
    ],
  },
  {
    topic: "logo designer",
    kind: "name",
    page: "Marketing",
    topicWords: ["logo", "designer", "design", "rebrand", "branding", "marketing"],
    values: [
      { value: "Sofia Marchetti", alsoAccept: ["Marchetti"] },
      { value: "Theo Landry", alsoAccept: ["Landry"] },
      { value: "Imani Brooks", alsoAccept: ["Brooks"] },
      { value: "Caleb Guidry", alsoAccept: ["Guidry"] },
      { value: "Mei Tanaka", alsoAccept: ["Tanaka"] },
    ],
    openers: [
      {
        owner: "Our logo looks dated next to the plans for the new storefront.",
        agent: "Want to get a refresh done before the second shop opens?",
      },
      {
        owner: "I went through designer portfolios last night for the rebrand.",
        agent: "Any favourites?",
      },
    ],
    statements: [
      "We're bringing in {value} to redo the logo.",
      "{value} is going to design the new logo and menu boards.",
      "I picked {value} for the logo work.",
    ],
    acks: [
      "Filed under Marketing. I'll collect our current logo files to send over.",
      "Noted on the Marketing page. Want me to write up the brief for the logo?",
    ],
    followUps: [
      { owner: "Keep the pelican, lose the script font.", agent: "Noted for the brief: keep the pelican, drop the script font." },
      { owner: "First drafts in two weeks.", agent: "I'll check in on drafts in two weeks." },
    ],
  },
  {
    topic: "soft opening date",
    kind: "date",
    page: "Second Location",
    topicWords: ["opening", "open", "launch", "soft", "date"],
    values: [{ value: "October 14" }, { value: "November 3" }, { value: "September 27" }, { value: "October 21" }, { value: "November 8" }],
    openers: [
      {
        owner: "Contractor says the Houma build-out is ahead of schedule.",
        agent: "Great news. Does that move the opening up?",
      },
      {
        owner: "Let's pick a date for the soft opening in Houma.",
        agent: "Sure. A weekday would keep the first day manageable.",
      },
    ],
    statements: [
      "The soft opening is {value}.",
      "We're doing the soft opening on {value}, friends and family only.",
      "Soft opening is set for {value}.",
    ],
    acks: [
      "Filed under Second Location. I'll work backwards from it for the staff schedule.",
      "Noted on the Second Location page. Want a checklist for the week before?",
    ],
    followUps: [
      { owner: "Invite the neighbors on the block too.", agent: "I'll add the neighboring businesses to the invite list." },
      { owner: "Keep the menu small that day.", agent: "Noted: a short menu for the soft opening." },
    ],
  },
  {
    topic: "health inspection date",
    kind: "date",
    page: "Permits",
    topicWords: ["inspection", "inspector", "health", "permit", "permits"],
    values: [{ value: "September 18" }, { value: "October 2" }, { value: "October 9" }, { value: "September 30" }, { value: "October 23" }],
    openers: [
      {
        owner: "The parish health department finally called about our inspection.",
        agent: "Did they give you a date?",
      },
      {
        owner: "We can't open Houma until the health inspection passes.",
        agent: "Right. Do you want me to track what they check?",
      },
    ],
    statements: [
      "The health inspection is booked for {value}.",
      "Inspector is coming {value}, morning slot.",
      "Health inspection is on {value}.",
    ],
    acks: [
      "Filed under Permits. I'll put together the pre-inspection checklist.",
      "Noted on the Permits page. Want reminders the week before?",
    ],
    followUps: [
      { owner: "Make sure the hand sink signs are up.", agent: "Added hand sink signs to the checklist." },
      { owner: "Thermometers in every fridge too.", agent: "Noted: a thermometer in every fridge." },
    ],
  },
  {
    topic: "walk-in cooler delivery",
    kind: "date",
    page: "Equipment",
    topicWords: ["cooler", "walk-in", "delivery", "delivered", "equipment", "fridge"],
    values: [{ value: "August 29" }, { value: "September 12" }, { value: "September 5" }, { value: "October 6" }, { value: "September 19" }],
    openers: [
      {
        owner: "Ordered the walk-in cooler for Houma today.",
        agent: "Nice. Did they give a delivery window?",
      },
      {
        owner: "The cooler company finally confirmed our order.",
        agent: "Good. Do we need an electrician there for the install?",
      },
    ],
    statements: [
      "The walk-in cooler gets delivered {value}.",
      "Cooler delivery is {value}, they need the back door clear.",
      "They're dropping off the walk-in on {value}.",
    ],
    acks: [
      "Filed under Equipment. I'll remind you to book the electrician for that day.",
      "Noted on the Equipment page. Want me to tell the contractor?",
    ],
    followUps: [
      { owner: "Yes, the contractor needs to know.", agent: "I'll send the contractor a heads-up." },
      { owner: "We need two people there to sign for it.", agent: "Noted: two people on site to sign." },
    ],
  },
  {
    topic: "second location street",
    kind: "place",
    page: "Second Location",
    topicWords: ["location", "storefront", "street", "space", "lease", "site"],
    values: [{ value: "Main St" }, { value: "Barrow St" }, { value: "Park Ave" }, { value: "Grand Caillou Rd" }, { value: "Tunnel Blvd" }],
    openers: [
      {
        owner: "We toured four storefronts in Houma this week.",
        agent: "Which ones stood out?",
      },
      {
        owner: "I've narrowed the Houma search down and made a call.",
        agent: "Great, which way did you go?",
      },
    ],
    statements: [
      "We picked the Houma storefront on {value}.",
      "It's the corner spot on {value} in Houma.",
      "We're going with the space on {value}.",
    ],
    acks: [
      "Filed under Second Location. I'll start a move-in checklist for it.",
      "Noted on the Second Location page. Want me to draft the lease questions?",
    ],
    followUps: [
      { owner: "Parking out back is what sold me.", agent: "Noted: parking out back was the deciding factor." },
      { owner: "Let's measure for the counters next week.", agent: "I'll remind you to measure for the counters next week." },
    ],
  },
  {
    topic: "pop-up event spot",
    kind: "place",
    page: "Marketing",
    topicWords: ["pop-up", "booth", "event", "marketing"],
    values: [{ value: "Courthouse Square" }, { value: "Southdown Market" }, { value: "Bayou Country Plaza" }, { value: "Mulberry Park" }, { value: "Civic Center" }],
    openers: [
      {
        owner: "I want to do a pop-up in Houma before we open, to get the word out.",
        agent: "Good idea. Any spots in mind?",
      },
      {
        owner: "The tourism office offered us a booth at the Saturday event.",
        agent: "Nice. Did they say where it's being held?",
      },
    ],
    statements: [
      "The pop-up will be at {value}.",
      "We're setting up the booth at {value}.",
      "We got a spot at {value} for the pop-up.",
    ],
    acks: [
      "Filed under Marketing. I'll make a packing list for the booth.",
      "Noted on the Marketing page. Want me to draft a post announcing it?",
    ],
    followUps: [
      { owner: "Bring samples, not full-size items.", agent: "Noted: samples only at the pop-up." },
      { owner: "We need a tent and two tables.", agent: "Added a tent and two tables to the list." },
    ],
  },
  {
    topic: "storage for old equipment",
    kind: "place",
    page: "Equipment",
    topicWords: ["storage", "store", "storing", "unit", "equipment"],
    values: [
      { value: "Bayou Self Storage" },
      { value: "Delta Lockers" },
      { value: "Gray Mini Storage" },
      { value: "Coteau Road Storage" },
      { value: "Southland Storage" },
    ],
    openers: [
      {
        owner: "We need somewhere to put the old fryers and the spare display case.",
        agent: "Do you want to keep them or sell them?",
      },
      {
        owner: "The back room is full of equipment we don't use.",
        agent: "Want me to list what's there so we can decide what to keep?",
      },
    ],
    statements: [
      "We're renting a unit at {value} for the old equipment.",
      "The spare equipment is going to {value}.",
      "I got a 10x10 unit at {value}.",
    ],
    acks: [
      "Filed under Equipment. I'll keep an inventory of what goes into the unit.",
      "Noted on the Equipment page. Want a reminder when the first month's bill is due?",
    ],
    followUps: [
      { owner: "Keep the old fryers, sell the rest.", agent: "Noted: keep the fryers, list the rest for sale." },
      { owner: "I'll move everything on Sunday with my brother's truck.", agent: "Got it, moving day is Sunday with your brother's truck." },
    ],
  },
  {
    topic: "produce supplier",
    kind: "decision",
    page: "Suppliers",
    topicWords: ["produce", "supplier", "suppliers", "vendor", "strawberries"],
    values: [
      { value: "Gulf Coast Produce", alsoAccept: ["Gulf Coast"] },
      { value: "Bayou Fresh Farms", alsoAccept: ["Bayou Fresh"] },
      { value: "Terrebonne Growers" },
      { value: "Delta Green Wholesale", alsoAccept: ["Delta Green"] },
      { value: "Cypress Valley Produce", alsoAccept: ["Cypress Valley"] },
    ],
    openers: [
      {
        owner: "I compared three produce suppliers for both shops.",
        agent: "What mattered most: price, quality or delivery days?",
      },
      {
        owner: "Our current produce guy keeps shorting the strawberries.",
        agent: "That's the third time. Time to switch?",
      },
    ],
    statements: [
      "We decided to go with {value} as our produce supplier.",
      "Going with {value} for produce from next week.",
      "{value} is our new produce supplier.",
    ],
    acks: [
      "Filed under Suppliers. I'll note the old supplier as ending.",
      "Noted on the Suppliers page. Want me to set up the first order?",
    ],
    followUps: [
      { owner: "They deliver Monday and Thursday mornings.", agent: "Noted: Monday and Thursday morning deliveries." },
      { owner: "Cancel the old standing order after this week.", agent: "I'll remind you to cancel the old standing order after this week." },
    ],
  },
  {
    topic: "insurance carrier",
    kind: "decision",
    page: "Insurance",
    topicWords: ["insurance", "insurer", "policy", "coverage", "liability", "quote", "quotes"],
    values: [
      { value: "Pelican State Mutual", alsoAccept: ["Pelican State"] },
      { value: "Bayou Shield Insurance", alsoAccept: ["Bayou Shield"] },
      { value: "Crescent Underwriters" },
      { value: "Magnolia Casualty" },
      { value: "Gulf South Assurance", alsoAccept: ["Gulf South"] },
    ],
    openers: [
      {
        owner: "Got three quotes for business insurance covering both locations.",
        agent: "How far apart were they?",
      },
      {
        owner: "Our liability policy is up for renewal and I shopped around.",
        agent: "Find anything better than what we have?",
      },
    ],
    statements: [
      "We decided to go with {value} for the business insurance.",
      "{value} is our insurer starting next month.",
      "Switching our coverage to {value}.",
    ],
    acks: [
      "Filed under Insurance. I'll remind you to cancel the old policy once the new one starts.",
      "Noted on the Insurance page. Want me to list the documents they asked for?",
    ],
    followUps: [
      { owner: "It includes the catering van.", agent: "Noted: the catering van is included." },
      { owner: "Premium is paid quarterly.", agent: "Got it, quarterly premium payments." },
    ],
  },
  {
    topic: "print shop",
    kind: "decision",
    page: "Marketing",
    topicWords: ["print", "printer", "printing", "menus", "signs", "marketing"],
    values: [
      { value: "Houma Print Works" },
      { value: "Cajun Press" },
      { value: "Lafourche Graphics" },
      { value: "Bayou Sign & Print" },
      { value: "Terrebonne Printing" },
    ],
    openers: [
      {
        owner: "We need new menus and window signs for both shops.",
        agent: "Want me to get quotes from local printers?",
      },
      {
        owner: "The menu printer we used last year closed.",
        agent: "Sorry to hear it. Want me to look for a replacement?",
      },
    ],
    statements: [
      "We decided on {value} for the menus and signs.",
      "Going with {value} to print everything.",
      "{value} is doing our printing from now on.",
    ],
    acks: [
      "Filed under Marketing. I'll send them the current menu files.",
      "Noted on the Marketing page. Want me to ask them for a proof schedule?",
    ],
    followUps: [
      { owner: "Matte finish on the menus, not glossy.", agent: "Noted: matte menus." },
      { owner: "Window decals too, if they do them.", agent: "I'll ask whether they do window decals." },
    ],
  },
];

const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"];

export const FILLER_TOPICS: readonly FillerTopic[] = [
  {
    page: "Second Location",
    openers: [
      {
        owner: "Drove past a few empty storefronts in Houma on the way back from {town}.",
        agent: "Noted. Want me to start a list with address, size and asking rent for each?",
        slots: { town: ["Raceland", "Gray", "Schriever", "Chauvin"] },
      },
      {
        owner: "Second location again: I want at least {sqft} square feet.",
        agent: "Got it, {sqft} sq ft minimum. I'll use that as the first filter.",
        slots: { sqft: ["1,200", "1,400", "1,600"] },
      },
      {
        owner: "Got the Houma demographic report from the {source}.",
        agent: "Good. Want me to pull out household income and daytime traffic?",
        slots: { source: ["chamber of commerce", "parish economic office", "small business center"] },
      },
    ],
    beats: [
      {
        owner: "The broker, {broker}, says parking is the main problem with most of them.",
        agent: "I'll add a parking column and note {broker} as the broker contact.",
        slots: { broker: ["Janelle Pitre", "Curtis Naquin", "Shonda Bergeron"] },
      },
      {
        owner: "One of them needs a new hood vent, about ${cost} to install.",
        agent: "I'll flag that one with the ${cost} vent so we compare move-in cost, not just rent.",
        slots: { cost: ["6,500", "7,200", "8,900"] },
      },
      {
        owner: "The build-out can't take more than {weeks} weeks.",
        agent: "Noted: {weeks} weeks at most for the build-out. I'll check contractor timelines against it.",
        slots: { weeks: ["six", "eight", "ten"] },
      },
      {
        owner: "Foot traffic matters more to me than rent, within reason.",
        agent: "Understood. I'll rank by foot traffic and treat rent as a cap.",
      },
      {
        owner: "Zoning on the {listing} allows a bakery, I checked.",
        agent: "Good, one less risk for the {listing}. I'll mark zoning as cleared.",
        slots: { listing: ["old pharmacy", "strip-mall end cap", "former bank branch"] },
      },
      {
        owner: "Remind me to call about the {listing} on {day}.",
        agent: "Reminder set for {day}: call about the {listing}.",
        slots: { listing: ["old pharmacy", "strip-mall end cap", "former bank branch"], day: WEEKDAYS },
      },
      {
        owner: "I'd want a {term}-year lease with an option to renew.",
        agent: "Noted: a {term}-year term with a renewal option.",
        slots: { term: ["three", "five"] },
      },
      {
        owner: "The contractor I trust for the build-out is {contractor}.",
        agent: "Saved {contractor} as the preferred build-out contractor.",
        slots: { contractor: ["Boudreaux Builders", "Lirette Construction", "Ledet & Sons"] },
      },
    ],
  },
  {
    page: "Hiring",
    openers: [
      {
        owner: "We need two more {role} for weekends.",
        agent: "Got it, two weekend {role}. Should I draft the job post?",
        slots: { role: ["counter staff", "bakers", "dishwashers"] },
      },
      {
        owner: "Let's sort out the holiday staffing before it sneaks up on us.",
        agent: "Sure. Roles and hours first, then pay?",
      },
      {
        owner: "{employee} gave notice; their last day is {day}.",
        agent: "Sorry to lose them. I'll note {day} as the last day and start a replacement post.",
        slots: { employee: ["Ashley", "Brandon", "Keisha"], day: WEEKDAYS },
      },
    ],
    beats: [
      {
        owner: "Starting pay is ${wage} an hour.",
        agent: "Noted: ${wage} an hour to start. I'll put it in the post.",
        slots: { wage: ["14", "15.50", "16.50"] },
      },
      {
        owner: "{candidate} did a trial shift today and was great with customers.",
        agent: "Good to hear. I'll note that {candidate}'s trial shift went well.",
        slots: { candidate: ["Tasha Broussard", "Kevin Le", "Maria Gautreaux", "Jordan Hebert"] },
      },
      {
        owner: "Post the job on {board} and the community board at the library.",
        agent: "Will do: {board} plus the library board.",
        slots: { board: ["Indeed", "Facebook Jobs", "the Nicholls State job board"] },
      },
      {
        owner: "Interviews on {day} afternoons only.",
        agent: "Okay, I'll only offer {day} afternoon slots.",
        slots: { day: WEEKDAYS },
      },
      {
        owner: "Food handler cards are required; we'll reimburse the ${fee}.",
        agent: "Noted: card required, ${fee} reimbursed.",
        slots: { fee: ["12", "18", "22"] },
      },
      {
        owner: "Staff who refer a hire get a ${bonus} bonus after 90 days.",
        agent: "Noted: ${bonus} referral bonus, paid after 90 days.",
        slots: { bonus: ["50", "75", "100"] },
      },
      {
        owner: "Schedules go out every {day} from now on.",
        agent: "Got it, schedules every {day}.",
        slots: { day: WEEKDAYS },
      },
      {
        owner: "Uniform is a black apron and a {color} shirt.",
        agent: "Noted: black apron, {color} shirt.",
        slots: { color: ["navy", "green", "maroon"] },
      },
    ],
  },
  {
    page: "Suppliers",
    openers: [
      {
        owner: "Flour went up again, {pct}% this month.",
        agent: "That hurts. I'll note the {pct}% increase; want me to compare other mills?",
        slots: { pct: ["8", "11", "13"] },
      },
      {
        owner: "The {item} delivery was late twice this week.",
        agent: "Logged: two late {item} deliveries this week, for the next supplier call.",
        slots: { item: ["dairy", "egg", "coffee"] },
      },
      {
        owner: "Our coffee roaster wants to raise prices in {month}.",
        agent: "Noted. Want me to find a couple of other roasters to compare before {month}?",
        slots: { month: ["January", "March"] },
      },
    ],
    beats: [
      {
        owner: "Ask {vendor} if they can do Tuesday and Friday drops.",
        agent: "I'll ask {vendor} about Tuesday and Friday deliveries.",
        slots: { vendor: ["Bayou Dairy", "Acadiana Coffee Roasters", "Lafourche Mills"] },
      },
      {
        owner: "The new mill's minimum order is ${min}, which is fine.",
        agent: "Noted: ${min} minimum order.",
        slots: { min: ["250", "300", "400"] },
      },
      {
        owner: "Our dairy supplier is on net {days} terms.",
        agent: "Got it, net {days}. I'll track their invoices against it.",
        slots: { days: ["15", "30"] },
      },
      {
        owner: "Keep the backup butter supplier on file, just in case.",
        agent: "Okay, the backup butter supplier stays on file.",
      },
      {
        owner: "A sample case of {product} arrives {day}.",
        agent: "Noted: {product} samples on {day}. I'll remind you to taste them.",
        slots: { product: ["oat milk", "almond flour", "local honey"], day: WEEKDAYS },
      },
      {
        owner: "Eggs are ${price} a case now.",
        agent: "Noted: ${price} a case for eggs.",
        slots: { price: ["42", "47", "51"] },
      },
      {
        owner: "Ask about a discount if we order for both shops.",
        agent: "I'll ask about a two-shop volume discount.",
      },
      {
        owner: "Sugar comes from {vendor} through the end of the year.",
        agent: "Noted: sugar from {vendor} through year end.",
        slots: { vendor: ["Sysco", "the Lula Westfield mill"] },
      },
    ],
  },
  {
    page: "Marketing",
    openers: [
      {
        owner: "Instagram posts are getting around {likes} likes now.",
        agent: "Nice, about {likes} a post. I'll note which ones did best.",
        slots: { likes: ["120", "180", "240"] },
      },
      {
        owner: "Let's plan the {season} promo.",
        agent: "Sure, the {season} promo. Budget and channels first?",
        slots: { season: ["fall", "holiday", "Mardi Gras"] },
      },
      {
        owner: "A food writer from {outlet} wants to visit.",
        agent: "Great exposure. Want me to suggest a few quiet days?",
        slots: { outlet: ["Houma Today", "Bayou Eats", "the Daily Comet"] },
      },
    ],
    beats: [
      {
        owner: "Budget is ${budget} for the month.",
        agent: "Got it, ${budget} this month.",
        slots: { budget: ["600", "750", "900"] },
      },
      {
        owner: "Run the ad on {channel} for {weeks} weeks.",
        agent: "Noted: {channel}, {weeks} weeks.",
        slots: { channel: ["KJIN radio", "Facebook", "the Houma Courier"], weeks: ["two", "three", "four"] },
      },
      {
        owner: "The offer is a free {freebie} with any dozen.",
        agent: "Okay, a free {freebie} with a dozen. I'll draft the copy.",
        slots: { freebie: ["coffee", "kolache", "cookie"] },
      },
      {
        owner: "Loyalty cards: every {nth} coffee free.",
        agent: "Noted: every {nth} coffee free on the loyalty card.",
        slots: { nth: ["8th", "10th", "12th"] },
      },
      {
        owner: "Ask the {school} boosters about a fundraiser night.",
        agent: "I'll reach out to the {school} boosters about a fundraiser night.",
        slots: { school: ["Terrebonne High", "Vandebilt Catholic", "H.L. Bourgeois"] },
      },
      {
        owner: "Post the new kolache photos on {day}.",
        agent: "Scheduled the kolache photos for {day}.",
        slots: { day: WEEKDAYS },
      },
      {
        owner: "Google reviews are at {rating} stars; let's ask happy regulars for more.",
        agent: "Noted: {rating} stars. I'll draft a short ask for the counter.",
        slots: { rating: ["4.6", "4.7", "4.8"] },
      },
      {
        owner: "Put the {hashtag} hashtag on everything we post.",
        agent: "Noted: {hashtag} on every post.",
        slots: { hashtag: ["#HoumaEats", "#BayouBakes"] },
      },
    ],
  },
  {
    page: "Equipment",
    openers: [
      {
        owner: "The {machine} is making that noise again.",
        agent: "Sorry to hear it. I'll log it; want me to find the service contact?",
        slots: { machine: ["mixer", "espresso grinder", "dishwasher"] },
      },
      {
        owner: "Let's go over equipment needs for the next six months.",
        agent: "Sure. Repairs first, or new purchases?",
      },
      {
        owner: "The {machine} in the back finally died.",
        agent: "Ugh. Repair or replace?",
        slots: { machine: ["old proofer", "chest freezer", "bread slicer"] },
      },
    ],
    beats: [
      {
        owner: "The repair tech quoted ${cost}.",
        agent: "Noted: ${cost} repair quote.",
        slots: { cost: ["340", "420", "575"] },
      },
      {
        owner: "The warranty on the {machine} runs out in {month}.",
        agent: "I'll remind you before the {machine} warranty ends in {month}.",
        slots: { machine: ["proofer", "ice machine", "convection oven"], month: ["March", "April", "June"] },
      },
      {
        owner: "Get a second quote from {company}.",
        agent: "I'll ask {company} for a second quote.",
        slots: { company: ["Cajun Kitchen Repair", "Bayou Restaurant Supply"] },
      },
      {
        owner: "We could use another sheet pan rack, {shelves} shelves.",
        agent: "Added a {shelves}-shelf sheet pan rack to the wish list.",
        slots: { shelves: ["12", "18", "20"] },
      },
      {
        owner: "Descale the espresso machine every {weeks} weeks from now on.",
        agent: "Noted: descale every {weeks} weeks. I'll add it to the cleaning schedule.",
        slots: { weeks: ["two", "three"] },
      },
      {
        owner: "A used {item} is listed for ${price} on the restaurant auction site.",
        agent: "Noted: a used {item} for ${price}. Want me to check its age and model?",
        slots: { item: ["deck oven", "dough sheeter", "three-door reach-in"], price: ["1,100", "1,850", "2,700"] },
      },
      {
        owner: "Replace the water filter every {months} months.",
        agent: "Noted: a new water filter every {months} months.",
        slots: { months: ["three", "six"] },
      },
      {
        owner: "The ice machine needs its own circuit.",
        agent: "I'll add a dedicated circuit to the electrician's list.",
      },
    ],
  },
  {
    page: "Pricing",
    openers: [
      {
        owner: "Thinking about raising the price of the {item}.",
        agent: "What's driving it, ingredient costs?",
        slots: { item: ["latte", "king cake", "croissant"] },
      },
      {
        owner: "Costs are up everywhere; let's look at the menu prices.",
        agent: "Sure. Start with the best sellers?",
      },
      {
        owner: "A customer said our {item} costs more than the place down the road.",
        agent: "Useful. Want me to list competitor prices for our top five items?",
        slots: { item: ["iced coffee", "boudin kolache", "cinnamon roll"] },
      },
    ],
    beats: [
      {
        owner: "I'd move {change}.",
        agent: "Noted: {change}. I'll update the price sheet once you confirm.",
        slots: { change: ["the latte from $4.25 to $4.75", "the croissant from $3.50 to $3.95", "a king cake slice from $5.00 to $5.50"] },
      },
      {
        owner: "Food cost on our best seller is about {pct}% right now.",
        agent: "Got it, about {pct}% food cost.",
        slots: { pct: ["28", "31", "34"] },
      },
      {
        owner: "Maybe add a {size} size instead of raising prices.",
        agent: "Worth testing. I'll note a {size} size as an option.",
        slots: { size: ["small", "large", "family"] },
      },
      {
        owner: "Keep the senior discount at {pct}%.",
        agent: "Noted: senior discount stays at {pct}%.",
        slots: { pct: ["10", "15"] },
      },
      {
        owner: "The menu board needs updating by {day}.",
        agent: "I'll remind you {day} morning to update the board.",
        slots: { day: WEEKDAYS },
      },
      {
        owner: "Round everything to the nearest {step} cents.",
        agent: "Noted: prices rounded to the nearest {step} cents.",
        slots: { step: ["5", "25"] },
      },
      {
        owner: "Bundle a coffee and a pastry for ${bundle}.",
        agent: "Noted: coffee and pastry bundle at ${bundle}.",
        slots: { bundle: ["6.50", "7.00", "7.25"] },
      },
      {
        owner: "Wholesale customers get {pct}% off retail.",
        agent: "Noted: wholesale at {pct}% off retail.",
        slots: { pct: ["20", "25", "30"] },
      },
    ],
  },
  {
    page: "Financing",
    openers: [
      {
        owner: "Cash flow was tight in {month}.",
        agent: "Want to go through what drove it?",
        slots: { month: ["January", "February", "July"] },
      },
      {
        owner: "Let's go over the numbers for the quarter.",
        agent: "Sure. Revenue first?",
      },
      {
        owner: "Payroll for the {period} was bigger than I expected.",
        agent: "Want me to break it down by role?",
        slots: { period: ["last two weeks", "holiday weeks"] },
      },
    ],
    beats: [
      {
        owner: "Revenue came in at ${revenue} for the month.",
        agent: "Noted: ${revenue} in revenue.",
        slots: { revenue: ["38,400", "41,250", "36,900"] },
      },
      {
        owner: "The line of credit has ${available} available.",
        agent: "Got it, ${available} available on the line of credit.",
        slots: { available: ["12,000", "15,000", "9,500"] },
      },
      {
        owner: "Card processing fees are running {pct}%.",
        agent: "Noted: {pct}% in card fees. Want me to compare processors later?",
        slots: { pct: ["2.6", "2.9", "3.1"] },
      },
      {
        owner: "Move ${transfer} into savings this week.",
        agent: "I'll remind you to move ${transfer} into savings.",
        slots: { transfer: ["2,000", "3,000", "5,000"] },
      },
      {
        owner: "Sales tax filing is due {day}.",
        agent: "Reminder set for {day}: sales tax filing.",
        slots: { day: WEEKDAYS },
      },
      {
        owner: "Rent at the Thibodaux shop goes up ${raise} in the new year.",
        agent: "Noted: a ${raise} rent increase at Thibodaux in the new year.",
        slots: { raise: ["75", "120", "150"] },
      },
      {
        owner: "The tax preparer needs the {doc} by {day}.",
        agent: "I'll remind you {day} to send the {doc}.",
        slots: { doc: ["1099s", "payroll summary", "equipment receipts"], day: WEEKDAYS },
      },
      {
        owner: "Card deposits are landing {lag} days after the sale.",
        agent: "Noted: a {lag}-day lag on card deposits.",
        slots: { lag: ["two", "three"] },
      },
    ],
  },
  {
    page: "Permits",
    openers: [
      {
        owner: "The city wants a {permit} for the new sign.",
        agent: "Do you know what they need for the application?",
        slots: { permit: ["sign permit", "variance", "zoning review"] },
      },
      {
        owner: "Fire marshal came by, one note about {issue}.",
        agent: "Got it. I'll log the {issue} note and track the fix.",
        slots: { issue: ["the exit sign", "extension cords", "the extinguisher tags"] },
      },
      {
        owner: "The parish sent a letter about our {subject}.",
        agent: "What do they want us to do about the {subject}?",
        slots: { subject: ["grease trap", "dumpster enclosure", "sidewalk sign"] },
      },
    ],
    beats: [
      {
        owner: "The permit fee is ${fee}.",
        agent: "Noted: ${fee} permit fee.",
        slots: { fee: ["85", "150", "225"] },
      },
      {
        owner: "Our contact at the parish office is {contact}.",
        agent: "Saved {contact} as the parish office contact.",
        slots: { contact: ["Ms. Arceneaux", "Mr. Dupre", "Ms. Verdin"] },
      },
      {
        owner: "The food permit renewal is due by the end of {month}.",
        agent: "I'll remind you two weeks before the end of {month}.",
        slots: { month: ["March", "May", "August"] },
      },
      {
        owner: "Occupancy sign says {people} people max.",
        agent: "Noted: occupancy {people}.",
        slots: { people: ["42", "49", "64"] },
      },
      {
        owner: "Extinguishers need tagging once a year.",
        agent: "Added yearly extinguisher tagging to the calendar.",
      },
      {
        owner: "The grease trap has to be pumped every {days} days.",
        agent: "Noted: pumping every {days} days. I'll set a recurring reminder.",
        slots: { days: ["60", "90"] },
      },
      {
        owner: "We need a {license} for the Saturday market too.",
        agent: "I'll look up how to get a {license} for the market.",
        slots: { license: ["temporary food permit", "vendor license"] },
      },
      {
        owner: "Signs have to be under {sqft} square feet.",
        agent: "Noted: signs under {sqft} sq ft.",
        slots: { sqft: ["24", "32"] },
      },
    ],
  },
  {
    page: "Insurance",
    openers: [
      {
        owner: "The renewal notice came in {pct}% higher.",
        agent: "That's steep. Want me to list what changed?",
        slots: { pct: ["9", "14", "17"] },
      },
      {
        owner: "Do we need extra coverage for catering events?",
        agent: "Possibly. Want me to gather what the current policy covers?",
      },
      {
        owner: "A customer slipped near the door {when}; nobody was hurt.",
        agent: "Glad they're okay. I'll log what happened in case a claim comes later.",
        slots: { when: ["this morning", "yesterday"] },
      },
    ],
    beats: [
      {
        owner: "The deductible is ${deductible}.",
        agent: "Noted: ${deductible} deductible.",
        slots: { deductible: ["1,000", "2,000", "5,000"] },
      },
      {
        owner: "Our insurance agent is {agentName}.",
        agent: "Saved {agentName} as our contact.",
        slots: { agentName: ["Rhonda Matherne", "Phil Cenac", "Tran Nguyen"] },
      },
      {
        owner: "The workers' comp audit is in {month}.",
        agent: "I'll remind you a month before the audit in {month}.",
        slots: { month: ["February", "April", "July"] },
      },
      {
        owner: "Add the new {machine} to the equipment schedule.",
        agent: "Noted: the {machine} goes on the equipment schedule.",
        slots: { machine: ["oven", "display case", "espresso machine"] },
      },
      {
        owner: "Ask about a {rider} rider.",
        agent: "I'll ask about a {rider} rider.",
        slots: { rider: ["flood", "spoilage", "business interruption"] },
      },
      {
        owner: "Cyber coverage would be ${premium} a year extra.",
        agent: "Noted: ${premium} a year for cyber coverage.",
        slots: { premium: ["240", "310", "450"] },
      },
      {
        owner: "Get a certificate of insurance for the {venue}.",
        agent: "I'll request a certificate for the {venue}.",
        slots: { venue: ["church fair", "school fundraiser", "wedding expo"] },
      },
      {
        owner: "The van is only covered for {use}.",
        agent: "Noted: the van's policy only covers {use}.",
        slots: { use: ["business use", "deliveries within the parish"] },
      },
    ],
  },
];

/**
 * How an owner restates a fact that changed: "{statement}" is one of the
 * template's statements with the new value. The question then asks for the
 * latest value and the earlier one counts against an answer.
 */
export const REVISIONS: readonly string[] = [
  "Change of plans on this. {statement}",
  "Scratch what I told you before: {statement}",
  "Update, it moved. {statement}",
  "Small correction to what we had. {statement}",
];
