// The planted-fact case file: a thread, one question at its end, and the
// answers that count. It is how users bring their own threads
// (`npm run eval -- --cases FILE`) and what the generator writes
// (`--write-cases FILE`), so generated and hand-written cases run through
// the same code path.

import { z } from "zod";
import { formatIssuePath } from "@/lib/eval/issue-path";

export const caseMessageSchema = z.strictObject({
  speaker: z.enum(["owner", "agent"]),
  text: z.string().min(1),
  /**
   * ISO 8601 date-time: with "Z", an offset such as "+02:00", or none
   * ("2026-09-02T09:00:00"), which is read as UTC, whatever the machine's
   * time zone, and written back with its "Z".
   */
  at: z.iso.datetime({ offset: true, local: true }).transform((at) => (/(?:Z|[+-]\d{2}:?\d{2})$/i.test(at) ? at : `${at}Z`)),
});

export const plantedCaseSchema = z.strictObject({
  id: z.string().min(1),
  /** Where the case's fact sits (e.g. "far-middle"); results are broken down by it. */
  group: z.string().min(1).optional(),
  messages: z.array(caseMessageSchema).min(1),
  question: z.string().min(1),
  /** Any of these, as whole words after normalising, makes the answer right. */
  accept: z.array(z.string().min(1)).min(1),
  /** Any of these makes it wrong: an outdated value, a same-page distractor. */
  reject: z.array(z.string().min(1)).optional(),
});

export const caseFileSchema = z
  .strictObject({ cases: z.array(plantedCaseSchema).min(1) })
  .superRefine((file, ctx) => {
    const seen = new Set<string>();
    file.cases.forEach((c, i) => {
      if (seen.has(c.id)) ctx.addIssue({ code: "custom", path: ["cases", i, "id"], message: `duplicate case id "${c.id}"` });
      seen.add(c.id);
      c.messages.forEach((m, j) => {
        const previous = c.messages[j - 1];
        if (previous && Date.parse(m.at) < Date.parse(previous.at)) {
          ctx.addIssue({ code: "custom", path: ["cases", i, "messages", j, "at"], message: "earlier than the message before it" });
        }
      });
    });
  });

export type PlantedCase = z.infer<typeof plantedCaseSchema>;
export type CaseFile = z.infer<typeof caseFileSchema>;

export class CaseFileError extends Error {
  override name = "CaseFileError";
}

/** Validates a parsed case file; every problem is named by its path, e.g. "cases[2].messages[5].at". */
export function parseCaseFile(json: unknown, label = "case file"): CaseFile {
  const result = caseFileSchema.safeParse(json);
  if (result.success) return result.data;
  const problems = result.error.issues.slice(0, 20).map((issue) => `${formatIssuePath(issue.path) || "(root)"}: ${issue.message}`);
  const more = result.error.issues.length > 20 ? `\n  … and ${result.error.issues.length - 20} more` : "";
  throw new CaseFileError(`${label} is not a valid case file:\n  ${problems.join("\n  ")}${more}`);
}

/** The text of a case file: JSON first, so a syntax error is reported as one. */
export function readCaseFileText(text: string, label: string): CaseFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new CaseFileError(`${label} is not JSON: ${(error as Error).message}`);
  }
  return parseCaseFile(json, label);
}

export function caseFileText(file: CaseFile): string {
  return `${JSON.stringify(caseFileSchema.parse(file), null, 2)}\n`;
}

/** The format as JSON Schema, for editors and for users writing their own files. */
export function caseFileJsonSchema(): unknown {
  return z.toJSONSchema(caseFileSchema, { io: "input" });
}
