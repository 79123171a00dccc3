import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readConversations } from "@/evaluation/conversations/conversation";
import { FACT_TEMPLATES, FILLER_TOPICS, PLANTED_BUSINESS, REVISIONS, type FillerBeat } from "@/evaluation/planted/corpus";
import { QUESTIONS } from "@/evaluation/planted/questions";
import { DEMO_THREADS } from "@/lib/workspaces/demo-story";

// The evaluation's material is held out. If the offline model's rules or
// data, or a test anywhere outside evaluation/, held a corpus sentence, one
// of its names or values, or a question, the offline figures would measure
// that tuning instead of what each arm showed the model. The offline model
// also holds nothing of the demo story or of the hand-written conversations
// it is measured on; tests of the demo may of course name the demo's things.

const ROOT = path.join(import.meta.dirname, "../../..");
const RUN = 5;

function filesUnder(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir)).flatMap((name) => {
    const relative = path.join(dir, name);
    return statSync(path.join(ROOT, relative)).isDirectory() ? filesUnder(relative) : [relative];
  });
}

/** Lower case, apostrophes kept, anything else that is not a letter or digit a space: quoting survives re-punctuation. */
const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[^\p{L}\p{N}'$]+/gu, " ")
    .trim()
    .split(" ")
    .filter(Boolean);

/** Every run of RUN words, placeholders ("{value}") breaking a run. */
function runsOf(text: string): string[] {
  return text.split(/\{\w+\}/).flatMap((part) => {
    const w = wordsOf(part);
    return Array.from({ length: Math.max(0, w.length - RUN + 1) }, (_, i) => w.slice(i, i + RUN).join(" "));
  });
}

const CALENDAR = /^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|mon|tue|wed|thu|fri|sat|sun)/i;

/** Capitalised runs after a sentence's first word ("Main St", "Terrebonne Growers"): the names a text uses. */
function namesOf(text: string): string[] {
  return text.split(/(?<=[.!?:;])\s+|\n+/).flatMap((sentence) => {
    const tokens = sentence.match(/[\p{L}\p{N}][\p{L}\p{N}'’&.-]*/gu) ?? [];
    const runs: string[][] = [[]];
    tokens.forEach((token, i) => {
      const word = token.replace(/['’]s$/, "").replace(/[.]$/, "");
      const named = i > 0 && /^\p{Lu}/u.test(word) && word !== "I" && !CALENDAR.test(word);
      if (named) runs[runs.length - 1].push(word);
      else if (runs[runs.length - 1].length > 0) runs.push([]);
    });
    return runs.filter((r) => r.length > 0).map((r) => r.join(" "));
  });
}

const MONEY = /\$\s?\d[\d,]*(?:\.\d+)?k?/g;
/** A value with three significant digits or more ("$2,180", "$145", not "$300"): a round figure turns up anywhere by chance. */
const isDistinctive = (value: string) => value.replace(/\D/g, "").replace(/0+$/, "").length >= 3;
const moneyOf = (text: string) => [...text.matchAll(MONEY)].map((m) => m[0].replace(/\s/g, "").replace(/[,.]$/, "")).filter(isDistinctive);

/** Every text a filler beat can produce: each slot option in place. */
function fillings(beat: FillerBeat): string[] {
  let texts = [beat.owner, beat.agent];
  for (const [name, options] of Object.entries(beat.slots ?? {})) {
    texts = texts.flatMap((text) => options.map((option) => text.replaceAll(`{${name}}`, option)));
  }
  return texts;
}

type Material = { runs: Set<string>; names: Set<string>; money: Set<string> };

/** A single capitalised word is a name only when the material never uses it as a common word ("How", "Square", "St"). */
function materialOf(texts: readonly string[], names: readonly string[] = []): Material {
  const common = new Set(texts.flatMap((t) => t.match(/(?<![\p{L}'’])\p{Ll}[\p{L}'’]*/gu) ?? []));
  const isName = (name: string) => name.includes(" ") || (name.length >= 3 && !common.has(name.toLowerCase()) && !/^I['’]/.test(name));
  return {
    runs: new Set(texts.flatMap(runsOf)),
    names: new Set([...texts.flatMap(namesOf).filter(isName), ...names]),
    money: new Set(texts.flatMap(moneyOf)),
  };
}

const plantedTexts = [
  PLANTED_BUSINESS,
  ...REVISIONS,
  ...FACT_TEMPLATES.flatMap((t) => [
    ...[...t.openers, ...t.followUps].flatMap((e) => [e.owner, e.agent]),
    ...t.acks,
    ...t.statements.flatMap((s) => t.values.map((v) => s.replace("{value}", v.value))),
  ]),
  ...FILLER_TOPICS.flatMap((topic) => [...topic.openers, ...topic.beats].flatMap(fillings)),
  ...Object.values(QUESTIONS).flatMap((set) => [...set.namingTopic, ...set.withoutTopic]),
];
const plantedValues = FACT_TEMPLATES.flatMap((t) => t.values.flatMap((v) => [v.value, ...(v.alsoAccept ?? [])]));
/** Page titles ("Pricing", "Second Location") name topics, not people or places; the runs still guard the sentences around them. */
const pageTitles = new Set([...FACT_TEMPLATES, ...FILLER_TOPICS].map((t) => t.page));
const plantedNames = FACT_TEMPLATES.flatMap((t) => (t.kind === "name" || t.kind === "place" ? t.values.flatMap((v) => [v.value, ...(v.alsoAccept ?? [])]) : []));
const planted = materialOf(plantedTexts, plantedNames);
for (const title of pageTitles) planted.names.delete(title);
for (const value of plantedValues.filter((v) => v.startsWith("$"))) planted.money.add(value);

const demo = materialOf(DEMO_THREADS.flatMap((thread) => [thread.title, ...thread.messages.map((m) => m.text)]));
/**
 * The corpus grew from the same case study as the demo story (design §09), so
 * they share a few names and values ("Main St"). Those are the demo's own, and
 * tests of the demo name them; the rest of the corpus stays out of every test.
 */
const plantedNotDemo: Material = {
  runs: new Set([...planted.runs].filter((run) => !demo.runs.has(run))),
  names: new Set([...planted.names].filter((name) => !demo.names.has(name))),
  money: new Set([...planted.money].filter((value) => !demo.money.has(value))),
};
const conversations = materialOf(
  readConversations().flatMap(({ conversation: c }) => [c.business, c.title, ...c.owner, ...c.questions.map((q) => q.ask), ...c.facts.map((f) => f.value)]),
);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** What of the material a file holds: quoted runs, names as whole words (case kept), money values not followed by more digits. */
function quoted(text: string, material: Material): string[] {
  const flat = ` ${wordsOf(text).join(" ")} `;
  return [
    ...[...material.runs].filter((run) => flat.includes(` ${run} `)).map((run) => `"${run}"`),
    ...[...material.names].filter((name) => new RegExp(`(?<![\\p{L}\\p{N}])${escape(name)}(?![\\p{L}\\p{N}])`, "u").test(text)).map((n) => `name ${n}`),
    ...[...material.money].filter((value) => new RegExp(`${escape(value)}(?![.,]?\\d)`).test(text)).map((v) => `value ${v}`),
  ];
}

const isSource = (file: string) => /\.(?:ts|tsx|json|md|txt)$/.test(file);
const offlineModel = filesUnder("lib/models/offline").filter(isSource);
/**
 * Every test outside evaluation/, but for this file and the injection scan's
 * line sets and their test: those measure the scan, not the evaluation, and
 * shape no rule of the offline model.
 */
const NOT_GUARDED = ["tests/unit/eval/quarantine.test.ts", "tests/fixtures/injection/", "tests/unit/guard/"];
const testsOutside = [...filesUnder("tests"), ...filesUnder("e2e")].filter((file) => isSource(file) && !NOT_GUARDED.some((p) => file.startsWith(p)));

function findings(files: readonly string[], material: Material): string[] {
  return files.flatMap((file) => quoted(readFileSync(path.join(ROOT, file), "utf8"), material).map((what) => `${file}: ${what}`));
}

describe("the evaluation's material is held out", () => {
  it("is imported by nothing the app runs", () => {
    const appFiles = ["app", "components", "lib"].flatMap(filesUnder).filter((file) => /\.tsx?$/.test(file));
    expect(appFiles.filter((file) => /from "@\/evaluation\//.test(readFileSync(path.join(ROOT, file), "utf8")))).toEqual([]);
  });

  it("has material to guard and files to guard it in", () => {
    expect(planted.runs.size).toBeGreaterThan(1000);
    expect(planted.names.size).toBeGreaterThan(20);
    expect(planted.money.size).toBeGreaterThan(20);
    expect(offlineModel.length).toBeGreaterThan(5);
    expect(testsOutside.length).toBeGreaterThan(50);
  });

  it("finds a quoted run, a name and a value however the quote is punctuated", () => {
    const material = materialOf(["Got the quote from Harbor Glass: $1,275 for the front window, installed."]);
    expect(quoted("// e.g. the QUOTE from harbor glass, we said", material)).toEqual(['"the quote from harbor glass"']);
    expect(quoted("the bill was $1,275 in the end", material)).toEqual(["value $1,275"]);
    expect(quoted("const supplier = 'Harbor Glass';", material)).toEqual(["name Harbor Glass"]);
    expect(quoted("costs $1,2750 or $1,275.50", material)).toEqual([]);
  });

  it("is quoted nowhere in the offline model", () => {
    expect(findings(offlineModel, planted)).toEqual([]);
  });

  it("is quoted in no test outside evaluation/", () => {
    expect(findings(testsOutside, plantedNotDemo)).toEqual([]);
  });

  it("nor is the demo story, or the conversations the model is measured on, in the offline model", () => {
    expect([...findings(offlineModel, demo), ...findings(offlineModel, conversations)]).toEqual([]);
  });
});
