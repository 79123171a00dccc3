import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { allQuestions } from "@/lib/eval/questions";

// The evaluation's questions are held out: if the offline model's rules, or
// the tests that shape them, quote a question, the offline figures measure
// that tuning instead of what each arm showed the model.

const ROOT = path.join(import.meta.dirname, "../../..");
const GUARDED = ["lib/models/offline", "tests/unit/models"];
const WINDOW = 6;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

/** Lower case, apostrophes kept, everything else that is not a letter or digit a space: quoting survives re-punctuation. */
const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[^\p{L}\p{N}']+/gu, " ")
    .trim()
    .split(" ")
    .filter(Boolean);

/** Every run of WINDOW words of a question, or the whole question when it is shorter. */
function windows(question: string): string[] {
  const w = words(question);
  if (w.length <= WINDOW) return [w.join(" ")];
  return Array.from({ length: w.length - WINDOW + 1 }, (_, i) => w.slice(i, i + WINDOW).join(" "));
}

const guardedText = GUARDED.flatMap((dir) => filesUnder(path.join(ROOT, dir))).map((file) => ({
  file: path.relative(ROOT, file),
  text: ` ${words(readFileSync(file, "utf8")).join(" ")} `,
}));

describe("the evaluation's questions are held out", () => {
  it("guards real files", () => {
    expect(guardedText.length).toBeGreaterThan(5);
    expect(allQuestions().length).toBeGreaterThan(20);
  });

  it("finds a quoted window even when punctuation differs", () => {
    const question = "Which street is our new storefront on, again?";
    const file = ` ${words("// e.g. which street: is OUR new storefront on").join(" ")} `;
    expect(windows(question).some((w) => file.includes(` ${w} `))).toBe(true);
  });

  it.each(allQuestions())("no offline rule, comment or test quotes %j", (question) => {
    const quoted = guardedText.flatMap(({ file, text }) => windows(question).filter((w) => text.includes(` ${w} `)).map((w) => `${file}: "${w}"`));
    expect(quoted).toEqual([]);
  });
});
