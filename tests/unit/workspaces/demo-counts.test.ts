import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { currentReadmeSection } from "@/lib/eval/readme";
import { DEMO_THREADS, DEMO_TURNS } from "@/lib/workspaces/demo-story";
import { FIRST_RUN_MARKERS, FIRST_RUN_SAMPLE, firstRunReadmeSection, firstRunReportSchema } from "@/scripts/first-run-report";

// The demo's counts are the story's: wherever the READMEs say how many
// threads are filed or how long the long thread is, the numbers are derived
// from lib/workspaces/demo-story.ts here, so a change to the story that the
// docs do not follow fails. The quick start's times come from the committed
// first-run report, written by `npm run demo:readme`, never by hand.

const ROOT = path.join(import.meta.dirname, "../../..");
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");
const [readme, e2eReadme] = [read("README.md"), read("e2e/README.md")];

const long = DEMO_THREADS.find((t) => t.title === DEMO_TURNS.thread)!;
const others = DEMO_THREADS.filter((t) => t !== long);
const afterSeed = long.messages.length + 2 * DEMO_TURNS.questions.length;
const filed = DEMO_THREADS.reduce((sum, t) => sum + t.messages.length, 0);

describe("the demo's counts in the READMEs", () => {
  it("say how many threads the seed files and how long they are", () => {
    expect(readme).toContain(`files its ${DEMO_THREADS.length} owner threads into memory with the memory pass (${filed} messages: ${long.messages.length} in the long`);
    expect(readme).toContain(`thread, ${others[0].messages.length} in the pricing one) and asks the long thread ${DEMO_TURNS.questions.length} questions through the agent, which take it to ${afterSeed}`);
    expect(readme).toContain(`"filing demo thread ${DEMO_THREADS.length} of ${DEMO_THREADS.length} into memory (message`);
    expect(readme).toContain(`of ${long.messages.length})")`);
    expect(readme).toContain(`holds a ${long.messages.length}-message owner thread`);
    expect(readme).toContain(`(${afterSeed} once the seed's ${DEMO_TURNS.questions.length} questions are answered`);
    expect(e2eReadme).toContain(`thread of ${long.messages.length} messages, which the seed's ${DEMO_TURNS.questions.length} questions through the agent take to ${afterSeed}`);
    expect(e2eReadme).toContain(`"${others[0].title}" (${others[0].messages.length} messages)`);
  });

  it('never say "about 190" or "3 of 3" again', () => {
    expect(`${readme}\n${e2eReadme}`).not.toMatch(/about 190 messages|thread 3 of 3/);
  });
});

describe("the quick start's times", () => {
  it("are what `npm run demo:readme` writes from the committed first-run report", () => {
    const report = firstRunReportSchema.parse(JSON.parse(read(FIRST_RUN_SAMPLE)));
    expect(currentReadmeSection(readme, FIRST_RUN_MARKERS)).toBe(firstRunReadmeSection(report, FIRST_RUN_SAMPLE));
  });
});
