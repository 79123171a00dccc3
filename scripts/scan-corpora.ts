// The injection scan's corpora, read from tests/fixtures/injection as data:
// one JSON object a line, each carrying whether it is an attack, the family
// (or style) it was written in, and where it came from.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

export const CORPUS_DIR = path.join(import.meta.dirname, "..", "tests", "fixtures", "injection");

/**
 * The families the scan is measured by: jailbreaks (a new persona or mode without rules), hijacking (the task or
 * rules overridden), extraction (the prompt or secrets asked for), tasks injected into a document or email,
 * attacks in other languages, and encoded payloads.
 */
export const ATTACK_FAMILIES = ["jailbreak", "hijacking", "extraction", "injected-task", "multilingual", "encoded"] as const;

const corpusLine = z
  .object({
    kind: z.enum(["attack", "benign"]),
    /** How the line is written, in its source's own words: the corpus's category, or a kind of ordinary message. */
    style: z.string().min(1),
    /** Which family of attack the line belongs to, across sources; the measured sets name one for every attack. */
    family: z.enum(ATTACK_FAMILIES).optional(),
    text: z.string().min(1),
    /** Who wrote it: the team, or a published corpus as "owner/repository:path". */
    source: z.string().min(1),
    /** Where the line was before it joined the tuning set, when it was once measured or kept out. */
    history: z.string().min(1).optional(),
  })
  .strict();

export type CorpusLine = z.infer<typeof corpusLine>;

/** Every line of one JSONL file, validated; a bad line names its file and number. */
export function readCorpus(file: string): CorpusLine[] {
  const lines = readFileSync(path.join(CORPUS_DIR, file), "utf8").split("\n");
  return lines.flatMap((line, i) => {
    if (!line.trim()) return [];
    const parsed = corpusLine.safeParse(JSON.parse(line));
    if (!parsed.success) throw new Error(`${file}:${i + 1}: ${parsed.error.issues.map((issue) => issue.message).join("; ")}`);
    return [parsed.data];
  });
}

/** The JSONL files of one folder of the corpus, in name order. */
const filesIn = (folder: string) =>
  readdirSync(path.join(CORPUS_DIR, folder))
    .filter((name) => name.endsWith(".jsonl"))
    .sort();

/** The lines the rules and the classifier were shaped on: every file under tuning/, one a source. */
export const tuningLines = () => filesIn("tuning").flatMap((name) => readCorpus(path.join("tuning", name)));

/** The sets gathered after the rules were frozen, one file each: published corpora, and ordinary business messages. */
export function measuredSets(): { name: string; lines: CorpusLine[] }[] {
  return filesIn("measured").map((name) => ({ name: name.replace(/\.jsonl$/, ""), lines: readCorpus(path.join("measured", name)) }));
}
