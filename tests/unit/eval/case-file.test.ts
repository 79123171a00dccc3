import { describe, expect, it } from "vitest";
import { CaseFileError, caseFileJsonSchema, caseFileText, parseCaseFile, readCaseFileText } from "@/lib/eval/case-file";

const good = {
  cases: [
    {
      id: "rent-1",
      group: "far-middle",
      messages: [
        { speaker: "owner", text: "Rent is $2,100.", at: "2026-10-01T09:00:00Z" },
        { speaker: "agent", text: "Noted.", at: "2026-10-01T11:00:30+02:00" },
      ],
      question: "What's the rent?",
      accept: ["$2,100"],
      reject: ["$1,900"],
    },
    { id: "rent-2", messages: [{ speaker: "owner", text: "Hi", at: "2026-10-01T09:00:00.000Z" }], question: "Q?", accept: ["x"] },
  ],
};

const problems = (value: unknown) => {
  try {
    parseCaseFile(value, "cases.json");
  } catch (error) {
    expect(error).toBeInstanceOf(CaseFileError);
    return (error as Error).message;
  }
  throw new Error("expected the file to be refused");
};

describe("the case file", () => {
  it("accepts dates with or without an offset, and leaves group and reject optional", () => {
    expect(parseCaseFile(good).cases).toHaveLength(2);
  });

  it("reads a date-time without an offset as UTC, whatever the machine's time zone, and writes it back with its Z", () => {
    const local = structuredClone(good) as { cases: Array<{ messages: Array<{ at: string }> }> };
    local.cases[0].messages[0].at = "2026-09-02T09:00:00";
    const [message] = parseCaseFile(local).cases[0].messages;
    expect(message.at).toBe("2026-09-02T09:00:00Z");
    expect(new Date(message.at).toISOString()).toBe("2026-09-02T09:00:00.000Z");
  });

  it("round-trips through the text it writes", () => {
    expect(readCaseFileText(caseFileText(parseCaseFile(good)), "x")).toEqual(parseCaseFile(good));
  });

  it("names the path of each problem", () => {
    const bad = structuredClone(good) as { cases: Array<Record<string, unknown>> };
    (bad.cases[0].messages as Array<Record<string, unknown>>)[1].speaker = "customer";
    (bad.cases[0].messages as Array<Record<string, unknown>>)[0].at = "yesterday";
    bad.cases[1].accept = [];
    const message = problems(bad);
    expect(message).toContain("cases.json");
    expect(message).toContain("cases[0].messages[1].speaker");
    expect(message).toContain("cases[0].messages[0].at");
    expect(message).toContain("cases[1].accept");
  });

  it("refuses unknown fields, duplicate ids, time running backwards, and text that is not JSON", () => {
    expect(problems({ cases: [{ ...good.cases[1], answer: "x" }] })).toMatch(/cases\[0\].*answer/);
    expect(problems({ cases: [good.cases[1], good.cases[1]] })).toContain('cases[1].id: duplicate case id "rent-2"');
    const backwards = structuredClone(good);
    backwards.cases[0].messages[1].at = "2026-09-30T09:00:00Z";
    expect(problems(backwards)).toContain("cases[0].messages[1].at: earlier than the message before it");
    expect(() => readCaseFileText("{ nope", "cases.json")).toThrow(/cases\.json is not JSON/);
    expect(problems({ cases: [] })).toContain("cases");
  });

  it("describes the same format as JSON Schema", () => {
    const schema = JSON.stringify(caseFileJsonSchema());
    for (const field of ["id", "group", "messages", "speaker", "text", "at", "question", "accept", "reject"]) expect(schema).toContain(`"${field}"`);
  });
});
