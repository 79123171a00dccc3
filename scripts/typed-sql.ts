// Typed SQL without a native engine. Prisma's `prisma generate --sql` asks the
// native schema engine to describe each statement; the WASM engine cannot
// (its introspectSql through a driver adapter overflows the stack). This asks PostgreSQL
// itself, over the wire protocol of a migrated PGlite: Parse and Describe give
// each parameter's and each column's type, and a column's table of origin
// says whether it can be null. It writes what Prisma's generator writes for a
// statement: a `makeTypedQueryFactory` function for `$queryRawTyped`, with
// its Parameters and Result types.
//
// A module keeps its statements in lib/<module>/sql/<name>.sql, named like
// the function they become; `-- @param $1:name` lines name the parameters.
// The generated lib/<module>/sql/index.ts is committed: a reviewer reads the
// types a change gives, and tests/db/typed-sql.test.ts fails when one is stale.

import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { messages, type PGlite } from "@electric-sql/pglite";

export const ROOT = path.join(import.meta.dirname, "..");

/** What a parameter or column holds, in the names Prisma's TypedSQL uses ("string", "datetime", an enum's name…). */
type Typ = { name: string; enumName?: string; array: boolean };

/**
 * How each type crosses into TypeScript: what a caller passes (`in`) and what
 * a row holds (`out`). tests/db/typed-sql.test.ts sends and reads a value of
 * each through both driver adapters.
 */
export const SCALARS: Record<string, { in: string; out: string }> = {
  string: { in: "string", out: "string" },
  int: { in: "number", out: "number" },
  bigint: { in: "number | bigint", out: "bigint" },
  float: { in: "number", out: "number" },
  double: { in: "number", out: "number" },
  bool: { in: "boolean", out: "boolean" },
  datetime: { in: "Date", out: "Date" },
  // A JSON parameter is passed as its text: the adapters send an array as a PostgreSQL array, not as JSON.
  json: { in: "string", out: "$runtime.JsonValue" },
};

const SCALAR_OF_PG: Record<string, string> = {
  text: "string",
  varchar: "string",
  bpchar: "string",
  name: "string",
  int2: "int",
  int4: "int",
  int8: "bigint",
  float4: "float",
  float8: "double",
  bool: "bool",
  timestamp: "datetime",
  timestamptz: "datetime",
  json: "json",
  jsonb: "json",
};

/** Array types the adapters pass and return faithfully (a timestamp array, for one, comes back as strings). */
export const ARRAYS = new Set(["string", "int", "bigint", "float", "double", "bool"]);

export type Parameter = { name: string; typ: Typ; doc: string };
export type Column = { name: string; typ: Typ; nullable: boolean };
export type DescribedStatement = { name: string; source: string; doc: string; parameters: Parameter[]; columns: Column[] };

const PARAM = /^--\s*@param\s+\$(\d+):(\w+)(?:\s+(.*))?$/;

/** The statement folders of lib/: each module's own. */
export async function statementFolders(): Promise<string[]> {
  const modules = await readdir(path.join(ROOT, "lib"), { withFileTypes: true });
  const folders = await Promise.all(
    modules
      .filter((m) => m.isDirectory())
      .map(async (m) => {
        const dir = path.join(ROOT, "lib", m.name, "sql");
        const files = await readdir(dir).catch(() => []);
        return files.some((f) => f.endsWith(".sql")) ? [dir] : [];
      }),
  );
  return folders.flat().sort();
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** A frontend message: its type byte, its length (itself included), its body. */
function frame(code: string, parts: Uint8Array[]): Uint8Array {
  const body = concat(parts);
  const head = new Uint8Array(5);
  head[0] = code.charCodeAt(0);
  new DataView(head.buffer).setInt32(1, 4 + body.length);
  return concat([head, body]);
}

const cString = (text: string) => new TextEncoder().encode(`${text}\0`);

/** Parse (the unnamed statement, no parameter type given, so the server infers each), Describe it, Sync. */
async function describeOnServer(pglite: PGlite, source: string) {
  const wire = concat([frame("P", [cString(""), cString(source), new Uint8Array(2)]), frame("D", [cString("S")]), frame("S", [])]);
  // Unlike a query, the wire protocol does not wait for a database still opening.
  await pglite.waitReady;
  const { messages: replies } = await pglite.runExclusive(() => pglite.execProtocol(wire, {}));
  const parameters = replies.find((m): m is messages.ParameterDescriptionMessage => m instanceof messages.ParameterDescriptionMessage);
  const row = replies.find((m): m is messages.RowDescriptionMessage => m instanceof messages.RowDescriptionMessage);
  return { parameterTypes: parameters?.dataTypeIDs ?? [], fields: row?.fields ?? [] };
}

type PgType = { oid: number; typname: string; typtype: string; elemname: string | null; elemtype: string | null };

async function typesOf(pglite: PGlite, oids: number[]): Promise<Map<number, PgType>> {
  const { rows } = await pglite.query<PgType>(
    `SELECT t.oid::int AS oid, t.typname, t.typtype, e.typname AS elemname, e.typtype AS elemtype
     FROM pg_type t LEFT JOIN pg_type e ON t.typcategory = 'A' AND e.oid = t.typelem WHERE t.oid = ANY($1::oid[])`,
    [oids],
  );
  return new Map(rows.map((r) => [r.oid, r]));
}

function typOf(type: PgType | undefined, where: string): Typ {
  if (!type) throw new Error(`${where}: unknown type`);
  const array = type.elemname !== null;
  const [name, kind] = array ? [type.elemname!, type.elemtype] : [type.typname, type.typtype];
  if (kind === "e") {
    // PGlite sends an array parameter of an enum as text it cannot read: pass a text[] and cast it in the statement.
    if (array) throw new Error(`${where}: an array of the enum ${name} is not supported; use text[] and cast it (text[]::"${name}"[])`);
    return { name: "enum", enumName: name, array };
  }
  const scalar = SCALAR_OF_PG[name];
  if (!scalar || (array && !ARRAYS.has(scalar))) {
    throw new Error(`${where}: type ${type.typname} has no TypeScript counterpart here; cast it to one that has (text, int, float8, timestamp, jsonb…)`);
  }
  return { name: scalar, array };
}

/** Columns read straight from a NOT NULL table column cannot be null; any other expression can. */
async function notNullColumns(pglite: PGlite, fields: readonly messages.Field[]): Promise<Set<string>> {
  const origins = fields.filter((f) => f.tableID !== 0);
  if (origins.length === 0) return new Set();
  const { rows } = await pglite.query<{ origin: string }>(
    `SELECT attrelid::int || ':' || attnum AS origin FROM pg_attribute
     WHERE attnotnull AND (attrelid::int, attnum) IN (SELECT * FROM unnest($1::int[], $2::int2[]))`,
    [origins.map((f) => f.tableID), origins.map((f) => f.columnID)],
  );
  return new Set(rows.map((r) => r.origin));
}

/** A statement's parameters, named by its `-- @param` lines, and its columns, typed by the server. */
export async function describeStatement(pglite: PGlite, name: string, source: string): Promise<DescribedStatement> {
  if (/\b(LEFT|RIGHT|FULL)\s+(OUTER\s+)?JOIN\b/i.test(source)) {
    // The outer side of such a join is null where nothing matched, whatever its column says: its types would lie.
    throw new Error(`${name}: an outer join makes NOT NULL columns nullable, which describing it does not show`);
  }
  const lines = source.split("\n");
  const annotations = new Map(
    lines.flatMap((line) => {
      const m = PARAM.exec(line.trim());
      return m ? [[Number(m[1]), { name: m[2], doc: m[3] ?? "" }] as const] : [];
    }),
  );
  const header = lines.slice(0, Math.max(0, lines.findIndex((line) => !line.startsWith("--"))));
  const doc = header
    .filter((line) => !PARAM.test(line.trim()))
    .map((line) => line.replace(/^--\s?/, ""))
    .join("\n");
  const described = await describeOnServer(pglite, source).catch((error: Error) => {
    throw new Error(`${name}: ${error.message}`);
  });
  const types = await typesOf(pglite, [...described.parameterTypes, ...described.fields.map((f) => f.dataTypeID)]);
  const parameters = described.parameterTypes.map((oid, i) => {
    const named = annotations.get(i + 1);
    if (!named) throw new Error(`${name}: $${i + 1} has no "-- @param $${i + 1}:name" line`);
    return { ...named, typ: typOf(types.get(oid), `${name} $${i + 1}`) };
  });
  const extra = [...annotations.keys()].filter((n) => n > parameters.length);
  if (extra.length > 0) throw new Error(`${name}: @param names $${extra.join(", $")}, which the statement does not use`);
  const notNull = await notNullColumns(pglite, described.fields);
  const columns = described.fields.map((f) => ({
    name: f.name,
    typ: typOf(types.get(f.dataTypeID), `${name} column ${f.name}`),
    nullable: !notNull.has(`${f.tableID}:${f.columnID}`),
  }));
  return { name, source, doc, parameters, columns };
}

function tsType(typ: Typ, side: "in" | "out"): string {
  const scalar = typ.enumName ? `$DbEnums.${typ.enumName}` : SCALARS[typ.name][side];
  if (!typ.array) return scalar;
  // A PostgreSQL array may hold NULL elements: a caller may pass them.
  return side === "in" ? `(${scalar} | null)[]` : scalar.includes(" ") ? `(${scalar})[]` : `${scalar}[]`;
}

const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));

function renderStatement(s: DescribedStatement): string {
  const params = s.parameters.map((p) => `${p.name}: ${tsType(p.typ, "in")}`).join(", ");
  const docLines = [...s.doc.split("\n").filter(Boolean), ...s.parameters.map((p) => `@param ${p.name}${p.doc ? ` ${p.doc}` : ""}`)];
  const columns = s.columns.map((c) => `    ${key(c.name)}: ${tsType(c.typ, "out")}${c.nullable ? " | null" : ""};`);
  return [
    "/**",
    ...docLines.map((l) => ` * ${l}`.trimEnd()),
    " */",
    `export const ${s.name} = $runtime.makeTypedQueryFactory(${JSON.stringify(s.source)}) as (`,
    `  ${params}`,
    `) => $runtime.TypedSql<${s.name}.Parameters, ${s.name}.Result>;`,
    "",
    `export declare namespace ${s.name} {`,
    `  export type Parameters = [${params}];`,
    columns.length === 0 ? "  export type Result = Record<string, never>;" : `  export type Result = {\n${columns.join("\n")}\n  };`,
    "}",
  ].join("\n");
}

/** The module a folder's statements become. */
export function renderModule(folder: string, statements: DescribedStatement[]): string {
  const usesEnums = statements.some((s) => [...s.parameters, ...s.columns].some((x) => x.typ.enumName));
  return [
    `// The statements of ${path.relative(ROOT, path.dirname(folder))}, typed by PostgreSQL: generated by \`npm run db:typed-sql\``,
    "// from the .sql files beside this one. Do not edit; change a statement and run it again.",
    'import * as $runtime from "@prisma/client/runtime/client";',
    ...(usesEnums ? ['import type * as $DbEnums from "@/lib/db/generated/enums";'] : []),
    "",
    statements.map(renderStatement).join("\n\n"),
    "",
  ].join("\n");
}

/** Every statement folder's module, keyed by its path, described on `pglite` (a database at the committed migrations). */
export async function typedSqlModules(pglite: PGlite): Promise<Map<string, string>> {
  const modules = new Map<string, string>();
  for (const folder of await statementFolders()) {
    const files = (await readdir(folder)).filter((f) => f.endsWith(".sql")).sort();
    const statements = [];
    for (const file of files) {
      const name = file.replace(/\.sql$/, "");
      if (!/^[a-z][A-Za-z0-9]*$/.test(name)) throw new Error(`${file}: a statement's file is named like its function (camelCase)`);
      statements.push(await describeStatement(pglite, name, (await readFile(path.join(folder, file), "utf8")).trim()));
    }
    modules.set(path.join(folder, "index.ts"), renderModule(folder, statements));
  }
  return modules;
}
