// Measures the frozen injection scan on the sets gathered after its rules were
// frozen (tests/fixtures/injection/measured/: published corpora, each line with
// its source, and ordinary business messages) and prints the figures per set
// and per style, with what the scan costs beside the machine's load. Writes
// tests/fixtures/injection/scan-report.json, which the README quotes and a
// test holds to the scan as it is.
//
// The freeze is a commit whose message starts "Injection rules frozen". The
// script refuses to measure when the scan or its tuning set changed since
// that commit, or when no freeze preceded the measured sets: a figure is only
// worth quoting on text the scan was not shaped on. A fault found after the
// sets were added (an owner's self-correction read as an override) is fixed
// on the tuning lines alone and frozen again; the report then names both
// freezes, the one the sets came after and the one measured.
//   npm run scan:report
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { scanForInjection } from "@/lib/guard/scan";
import { ATTACK_FAMILIES, CORPUS_DIR, measuredSets, tuningLines, type CorpusLine } from "@/scripts/scan-corpora";

/** How a commit that froze the rules is named: the first words of its message. */
export const FREEZE_MESSAGE = "Injection rules frozen";
/**
 * What the freeze covers: the scan's code and rules, its classifier and weights, and the lines they were tuned on.
 * The rest of lib/guard (the screen, fact vetting, the customer's reply check) calls the scan but does not change
 * what it flags. The training script is not listed: a unit test holds it to the frozen weights.
 */
export const FROZEN_PATHS = [
  "lib/guard/scan.ts",
  "lib/guard/normalise.ts",
  "lib/guard/classifier.ts",
  "lib/guard/classifier-weights.json",
  "lib/guard/rules",
  "tests/fixtures/injection/tuning",
];
const ROOT = path.join(CORPUS_DIR, "..", "..", "..");

/** A frozen path's files, relative to the repository: itself when it is a file, everything under it when a folder. */
const frozenFiles = (relative: string): string[] =>
  statSync(path.join(ROOT, relative)).isFile()
    ? [relative]
    : readdirSync(path.join(ROOT, relative), { withFileTypes: true, recursive: true })
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)));

/**
 * A hash of every frozen file, path and content, in path order: the report records it, and a test compares it with
 * the files in the tree, so a figure can never be quoted for a scan other than the one that earned it, with or
 * without the repository's history at hand.
 */
export function frozenFingerprint(): string {
  const hash = createHash("sha256");
  const files = FROZEN_PATHS.flatMap(frozenFiles).sort();
  for (const file of files) hash.update(`${file}\0`).update(readFileSync(path.join(ROOT, file))).update("\0");
  return hash.digest("hex");
}

export type Protocol = {
  /** The commit that froze the scan as measured, and when. */
  frozenAt: string;
  frozenOn: string;
  /**
   * The newest freeze that held none of the measured sets, and when: every set was added after it. It is frozenAt
   * unless the scan was frozen again since, changed on its tuning lines with the sets kept out of them.
   */
  setsAddedAfter: string;
  setsAddedAfterOn: string;
  /** The frozen files as measured (frozenFingerprint). */
  fingerprint: string;
};

const git = (...args: string[]) => execFileSync("git", args, { encoding: "utf8", cwd: ROOT }).trim();

/** The freeze commits, newest first, checked: nothing the newest froze has changed since, and a freeze preceded every measured set. */
export function freezeProtocol(setNames: string[]): Protocol {
  const freezes = git("log", "--fixed-strings", `--grep=${FREEZE_MESSAGE}`, "--format=%H%x09%cI")
    .split("\n")
    .filter(Boolean)
    .map((line) => line.split("\t"));
  if (freezes.length === 0) throw new Error(`no commit whose message says "${FREEZE_MESSAGE}"`);
  const [frozenAt, frozenOn] = freezes[0];
  const changed = git("diff", "--name-only", frozenAt, "--", ...FROZEN_PATHS);
  if (changed) throw new Error(`changed since the freeze at ${frozenAt.slice(0, 12)}, so the measured sets no longer measure it:\n${changed}`);
  const setsIn = (commit: string) => {
    const files = git("ls-tree", "-r", "--name-only", commit, "--", "tests/fixtures/injection/measured").split("\n");
    return setNames.filter((name) => files.includes(`tests/fixtures/injection/measured/${name}.jsonl`));
  };
  const before = freezes.find(([commit]) => setsIn(commit).length === 0);
  if (!before) throw new Error(`measured sets already present at every freeze: ${setsIn(freezes[freezes.length - 1][0]).join(", ")}`);
  return { frozenAt, frozenOn, setsAddedAfter: before[0], setsAddedAfterOn: before[1], fingerprint: frozenFingerprint() };
}

export const REPORT_FILE = path.join(CORPUS_DIR, "scan-report.json");
export const README_FILE = path.join(import.meta.dirname, "..", "README.md");
export const README_START = "<!-- scan:start -->";
export const README_END = "<!-- scan:end -->";

type Tally = { flagged: number; total: number };
export type SetFigures = {
  name: string;
  kind: "attack" | "benign";
  /** Where its lines come from: "owner/repository:path", or who wrote them. */
  sources: string[];
  flagged: number;
  total: number;
  byStyle: Record<string, Tally>;
};

const percent = ({ flagged, total }: Tally) => (total === 0 ? "-" : `${((100 * flagged) / total).toFixed(1)}%`);

/** What the scan flags in each measured set: attacks it caught, or ordinary messages it flagged. */
export function measureSets(): SetFigures[] {
  return measuredSets().map(({ name, lines }) => {
    const kinds = new Set(lines.map((l) => l.kind));
    if (kinds.size !== 1) throw new Error(`${name}: a measured set holds attacks or ordinary messages, not both`);
    const unnamed = lines.filter((l) => l.kind === "attack" && !l.family);
    if (unnamed.length > 0) throw new Error(`${name}: ${unnamed.length} attack lines name no family`);
    const byStyle: Record<string, Tally> = {};
    let flagged = 0;
    for (const line of lines) {
      const hit = scanForInjection(line.text).flagged;
      const tally = (byStyle[line.style] ??= { flagged: 0, total: 0 });
      tally.total += 1;
      if (hit) {
        tally.flagged += 1;
        flagged += 1;
      }
    }
    return { name, kind: lines[0].kind, sources: [...new Set(lines.map((l) => l.source))], flagged, total: lines.length, byStyle };
  });
}

/** Attacks caught by family, across every measured set. */
export function byFamily(): Record<string, Tally> {
  const tallies: Record<string, Tally> = {};
  for (const line of measuredSets().flatMap((set) => set.lines)) {
    if (line.kind !== "attack" || !line.family) continue;
    const tally = (tallies[line.family] ??= { flagged: 0, total: 0 });
    tally.total += 1;
    if (scanForInjection(line.text).flagged) tally.flagged += 1;
  }
  return Object.fromEntries(ATTACK_FAMILIES.filter((family) => tallies[family]).map((family) => [family, tallies[family]]));
}

/** All attacks together and all ordinary messages together. */
export function totals(sets: SetFigures[]) {
  const sum = (kind: SetFigures["kind"]) =>
    sets.filter((s) => s.kind === kind).reduce((t, s) => ({ flagged: t.flagged + s.flagged, total: t.total + s.total }), { flagged: 0, total: 0 });
  return { attacksCaught: sum("attack"), benignFlagged: sum("benign") };
}

function cpuMicros(run: () => void): number {
  const start = process.cpuUsage();
  run();
  const used = process.cpuUsage(start);
  return used.user + used.system;
}

/** What a scan costs: per stored line on average, and for long texts, repetitive and not, once the rules are warm. */
function measureCost(lines: CorpusLine[]) {
  const texts = lines.map((l) => l.text);
  texts.forEach((t) => scanForInjection(`${t} `));
  const perLine = cpuMicros(() => texts.forEach((t) => scanForInjection(t))) / texts.length;
  let prose = "";
  for (let i = 0; prose.length < 18_000; i++) prose += `Order ${i} of ${i % 7} crates ships on day ${i % 28} to the ${["north", "east", "river", "mill"][i % 4]} depot. `;
  const long = {
    "one word 5,000 times (35 KB)": "ignore ".repeat(5000),
    "one sentence 300 times (17 KB)": "Our supplier for milk sells at $4.20 a gallon. ".repeat(300),
    "one letter 20,000 times": "a".repeat(20_000),
    "varied business prose (18 KB)": prose,
  };
  const longMs = Object.fromEntries(
    Object.entries(long).map(([name, text]) => {
      for (let i = 0; i < 3; i++) scanForInjection(`${text}${i}`);
      return [name, cpuMicros(() => [3, 4, 5, 6, 7].forEach((i) => scanForInjection(`${text}${i}`))) / 5 / 1000];
    }),
  );
  return { microsPerLine: perLine, lines: texts.length, longTextMs: longMs, loadAverage: loadavg() };
}

export type ScanReport = {
  protocol: Protocol;
  sets: SetFigures[];
  families: Record<string, Tally>;
  totals: ReturnType<typeof totals>;
  cost: ReturnType<typeof measureCost>;
};

/** The README's figures, from a report: a table a set a row, then the cost. */
export function readmeSection(report: ScanReport): string {
  const rows = report.sets.map((set) => {
    const styles = Object.entries(set.byStyle)
      .map(([style, tally]) => `${style} ${tally.flagged}/${tally.total}`)
      .join("; ");
    return `| ${set.name} | ${set.sources.map((source) => `\`${source}\``).join(", ")} | ${set.kind === "attack" ? "caught" : "flagged"} ${set.flagged}/${set.total} (${percent(set)}) | ${styles} |`;
  });
  const { attacksCaught, benignFlagged } = report.totals;
  const long = Object.entries(report.cost.longTextMs).map(([name, ms]) => `${name} ${ms.toFixed(1)} ms`);
  const { frozenAt, frozenOn, setsAddedAfter, setsAddedAfterOn } = report.protocol;
  const commit = (hash: string, on: string) => `commit \`${hash.slice(0, 12)}\` (${on.slice(0, 10)})`;
  return [
    README_START,
    "<!-- Written by `npm run scan:report`; edits here are overwritten. -->",
    setsAddedAfter === frozenAt
      ? `Rules frozen at ${commit(frozenAt, frozenOn)}; every set below was added after that commit.`
      : `Rules frozen at ${commit(frozenAt, frozenOn)}; every set below was added after the earlier freeze at ${commit(setsAddedAfter, setsAddedAfterOn)}, and the scan was changed since on its tuning lines only, none of the sets among them.`,
    "",
    "| Set | Source | Result | By style |",
    "| --- | --- | --- | --- |",
    ...rows,
    "",
    `By family: ${Object.entries(report.families)
      .map(([family, tally]) => `${family} ${tally.flagged}/${tally.total} (${percent(tally)})`)
      .join("; ")}.`,
    "",
    `Published attacks caught: **${attacksCaught.flagged} of ${attacksCaught.total} (${percent(attacksCaught)})**; ordinary business messages flagged: **${benignFlagged.flagged} of ${benignFlagged.total} (${percent(benignFlagged)})**.`,
    `Cost: ${report.cost.microsPerLine.toFixed(0)} µs of CPU a line on average over ${report.cost.lines} lines (load average ${report.cost.loadAverage.map((l) => l.toFixed(2)).join(", ")}); long texts: ${long.join(", ")}.`,
    README_END,
  ].join("\n");
}

/** The README with its scan section replaced by the one this report gives. */
export function readmeWith(readme: string, report: ScanReport): string {
  const start = readme.indexOf(README_START);
  const end = readme.indexOf(README_END);
  if (start < 0 || end < start) throw new Error(`README.md has no ${README_START} … ${README_END} section`);
  return readme.slice(0, start) + readmeSection(report) + readme.slice(end + README_END.length);
}

if (process.argv[1]?.endsWith("scan-report.ts")) {
  const sets = measureSets();
  const protocol = freezeProtocol(sets.map((set) => set.name));
  console.log(`rules frozen at ${protocol.frozenAt.slice(0, 12)} (${protocol.frozenOn}); measured sets added after the freeze at ${protocol.setsAddedAfter.slice(0, 12)}`);
  const { attacksCaught, benignFlagged } = totals(sets);
  const families = byFamily();
  const cost = measureCost([...tuningLines(), ...measuredSets().flatMap((s) => s.lines)]);
  for (const set of sets) {
    console.log(`${set.name} (${set.kind === "attack" ? "caught" : "flagged"} ${set.flagged}/${set.total}, ${percent(set)}) from ${set.sources.join(", ")}`);
    for (const [style, tally] of Object.entries(set.byStyle)) console.log(`  ${style}: ${tally.flagged}/${tally.total} ${percent(tally)}`);
  }
  for (const [family, tally] of Object.entries(families)) console.log(`family ${family}: ${tally.flagged}/${tally.total} ${percent(tally)}`);
  console.log(`published attacks caught: ${attacksCaught.flagged}/${attacksCaught.total} (${percent(attacksCaught)})`);
  console.log(`ordinary business messages flagged: ${benignFlagged.flagged}/${benignFlagged.total} (${percent(benignFlagged)})`);
  console.log(`cost: ${cost.microsPerLine.toFixed(0)} µs CPU a line over ${cost.lines} lines; load average ${cost.loadAverage.map((l) => l.toFixed(2)).join(" ")}`);
  for (const [name, ms] of Object.entries(cost.longTextMs)) console.log(`  ${name}: ${ms.toFixed(1)} ms CPU`);
  const report: ScanReport = { protocol, sets, families, totals: { attacksCaught, benignFlagged }, cost };
  writeFileSync(REPORT_FILE, `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(README_FILE, readmeWith(readFileSync(README_FILE, "utf8"), report));
  console.log(`wrote ${path.relative(process.cwd(), REPORT_FILE)} and the README's scan figures`);
}
