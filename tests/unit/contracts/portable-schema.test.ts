import { asSchema } from "ai";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { checkProposedFact, memoryPassOutput } from "@/lib/contracts/memory-pass";
import { portableSchema, schemaProblems } from "@/lib/contracts/portable-schema";
import { readPageInput, searchHistoryInput, searchLimit } from "@/lib/contracts/tools";

const sent = async (schema: Parameters<typeof asSchema>[0]) => asSchema(schema).jsonSchema;

describe("the JSON schemas the app sends a model", () => {
  it.each([
    ["the memory pass's output", memoryPassOutput],
    ["read_page's input", readPageInput],
    ["search_chat_history's input", searchHistoryInput],
  ])("%s holds only what every provider accepts and every engine enforces", async (_, schema) => {
    expect(schemaProblems(await sent(schema))).toEqual([]);
  });

  it("refuses the constraints grammars ignore and strict mode rejects", async () => {
    const loose = portableSchema(
      z.object({ seq: z.number().int().positive(), name: z.string().min(1).max(80), note: z.string().optional(), tags: z.array(z.string()) }),
    );
    const problems = schemaProblems(await sent(loose));
    expect(problems.some((p) => p.includes('$.seq: keyword "exclusiveMinimum"') || p.includes('$.seq: keyword "minimum"'))).toBe(true);
    expect(problems).toContain('$.name: keyword "minLength" is not supported');
    expect(problems).toContain('$.name: keyword "maxLength" is not supported');
    expect(problems).toContain('$.note: every property must be required (use null for "not given")');
  });

  it("refuses an object open to extra keys", () => {
    expect(schemaProblems({ type: "object", properties: { a: { type: "string" } }, required: ["a"] })).toEqual([
      "$: objects must set additionalProperties: false",
    ]);
  });

  it("still validates what comes back with the zod schema", async () => {
    const result = await asSchema(searchHistoryInput).validate!({ query: "lease" });
    expect(result.success).toBe(false);
    const ok = await asSchema(searchHistoryInput).validate!({ query: " lease ", limit: null });
    expect(ok).toEqual({ success: true, value: { query: "lease", limit: null } });
  });
});

describe("range checks done in code", () => {
  const fact = { page: "Suppliers", key: "produce", text: "Signed with a produce supplier", messageSeq: 3, replaces: null };

  it("keeps a good fact, trimmed", () => {
    expect(checkProposedFact({ ...fact, page: "  Suppliers " })).toEqual({ fact });
  });

  it.each([0, -2])("drops a fact citing #%i", (messageSeq) => {
    expect(checkProposedFact({ ...fact, messageSeq })).toEqual({ reason: `cites #${messageSeq}, not a message number` });
  });

  it("drops a fact with an empty field", () => {
    expect(checkProposedFact({ ...fact, key: "  " })).toEqual({ reason: "empty key" });
  });

  it("clips overlong fields instead of failing", () => {
    const checked = checkProposedFact({ ...fact, page: "P".repeat(300), text: "t".repeat(1000) });
    expect("fact" in checked && [checked.fact.page.length, checked.fact.text.length]).toEqual([80, 400]);
  });

  it("holds a search limit to its range, null meaning the default", () => {
    expect([searchLimit(null), searchLimit(0), searchLimit(5), searchLimit(500)]).toEqual([undefined, 1, 5, 20]);
  });
});
