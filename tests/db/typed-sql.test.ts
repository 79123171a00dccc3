import { readFile } from "node:fs/promises";
import path from "node:path";
import { makeTypedQueryFactory } from "@prisma/client/runtime/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ARRAYS, ROOT, SCALARS, describeStatement, typedSqlModules } from "@/scripts/typed-sql";
import { openTestDb, type TestDb } from "@/tests/db/test-db";

// The statements of lib/<module>/sql are typed by what PostgreSQL says of
// them (scripts/typed-sql.ts): the committed modules must be what describing
// them now gives, and each type they may use must reach TypeScript as the
// generated types say, through the driver adapter of this database.

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(() => t.close());

const embedded = () => ("pglite" in t.queue ? t.queue.pglite : null);

/** A value of each type, sent as a parameter and read back as a column named after its type. */
const SAMPLES: Record<keyof typeof SCALARS, { cast: string; value: unknown; reads: unknown }> = {
  string: { cast: "text", value: "a", reads: "a" },
  int: { cast: "int4", value: 7, reads: 7 },
  bigint: { cast: "int8", value: 7n, reads: 7n },
  float: { cast: "float4", value: 1.5, reads: 1.5 },
  double: { cast: "float8", value: 0.1, reads: 0.1 },
  bool: { cast: "bool", value: true, reads: true },
  datetime: { cast: "timestamp(3)", value: new Date("2024-03-05T10:11:12.345Z"), reads: new Date("2024-03-05T10:11:12.345Z") },
  json: { cast: "jsonb", value: '[{"type":"text","text":"hi"}]', reads: [{ type: "text", text: "hi" }] },
};
const typs = Object.keys(SCALARS);
const arrays = typs.filter((typ) => ARRAYS.has(typ));
const probe = [
  ...typs.map((typ, i) => `-- @param $${i + 1}:${typ}`),
  ...arrays.map((typ, i) => `-- @param $${typs.length + i + 1}:${typ}s`),
  `SELECT ${[
    ...typs.map((typ, i) => `$${i + 1}::${SAMPLES[typ].cast} AS "${typ}"`),
    ...arrays.map((typ, i) => `$${typs.length + i + 1}::${SAMPLES[typ].cast}[] AS "${typ}-array"`),
  ].join(", ")}`,
].join("\n");

describe("typed SQL", () => {
  it.skipIf(process.env.TEST_DATABASE === "postgres")("the committed statement modules are what describing the statements gives now", async () => {
    const modules = await typedSqlModules(embedded()!);
    expect(modules.size).toBeGreaterThanOrEqual(6);
    for (const [file, text] of modules) {
      expect(await readFile(file, "utf8"), `${path.relative(ROOT, file)} is stale: run npm run db:typed-sql`).toBe(text);
    }
  });

  it("reads back each type a statement may use as the TypeScript type it is given", async () => {
    const values = [...typs.map((typ) => SAMPLES[typ].value), ...arrays.map((typ) => [SAMPLES[typ].value, null])];
    const [row] = await t.db.$queryRawTyped(makeTypedQueryFactory(probe)(...values));
    expect(row).toEqual({
      ...Object.fromEntries(typs.map((typ) => [typ, SAMPLES[typ].reads])),
      ...Object.fromEntries(arrays.map((typ) => [`${typ}-array`, [SAMPLES[typ].reads, null]])),
    });
    const pglite = embedded();
    if (!pglite) return;
    const described = await describeStatement(pglite, "probe", probe);
    expect(described.parameters.map((p) => [p.name, p.typ.name, p.typ.array])).toEqual([
      ...typs.map((typ) => [typ, typ, false]),
      ...arrays.map((typ) => [`${typ}s`, typ, true]),
    ]);
    expect(described.columns.map((c) => c.name)).toEqual(Object.keys(row as object));
    expect(described.columns.map((c) => c.typ.name)).toEqual([...typs, ...arrays]);
  });

  it.skipIf(process.env.TEST_DATABASE === "postgres")("types a column read from a NOT NULL table column as never null, any other as nullable", async () => {
    const described = await describeStatement(
      embedded()!,
      "columns",
      '-- @param $1:threadId\nSELECT m.seq, m.text, f."heldReason", count(*) OVER () AS n FROM "Message" m JOIN "Fact" f ON f."messageId" = m.id WHERE m."threadId" = $1',
    );
    expect(described.columns.map((c) => [c.name, c.typ.name, c.nullable])).toEqual([
      ["seq", "int", false],
      ["text", "string", false],
      ["heldReason", "string", true],
      ["n", "bigint", true],
    ]);
  });

  it.skipIf(process.env.TEST_DATABASE === "postgres")("refuses a statement whose types it cannot state honestly", async () => {
    const pglite = embedded()!;
    const refusal = (source: string) => describeStatement(pglite, "bad", source).then(() => "described", (error: Error) => error.message);
    expect(await refusal('SELECT m.id, f.id AS fact FROM "Message" m LEFT JOIN "Fact" f ON f."messageId" = m.id')).toMatch(/outer join/);
    expect(await refusal('SELECT id FROM "Message" WHERE "threadId" = $1')).toMatch(/\$1 has no "-- @param \$1:name" line/);
    expect(await refusal('-- @param $1:id\n-- @param $2:extra\nSELECT id FROM "Message" WHERE id = $1')).toMatch(/does not use/);
    expect(await refusal("SELECT make_interval(secs => 1) AS wait")).toMatch(/type interval has no TypeScript counterpart/);
    expect(await refusal('-- @param $1:statuses\nSELECT id FROM "Fact" WHERE status = ANY($1::"FactStatus"[])')).toMatch(/use text\[\] and cast it/);
    expect(await refusal('SELECT nothing FROM "Message"')).toMatch(/bad: column "nothing" does not exist/);
  });
});
