import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "@/tests/unit/architecture/source-files";

// Each module owns its tables (docs/ARCHITECTURE.md): only the owner writes
// them, through Prisma (create, update, upsert, delete and their Many forms)
// or a statement of its own (INSERT, UPDATE, DELETE in lib/<module>/sql/*.sql,
// which only the module's files may import); everyone else calls the owner's
// functions. Reads are free. Every table of the schema is named here, so a
// new one must be given an owner or listed as not yet having one.

const OWNERS: Record<string, string> = {
  Thread: "threads",
  Message: "threads",
  ThreadImport: "threads",
  ServerInstance: "threads",
  Page: "pages",
  Fact: "pages",
  SupersessionOffer: "pages",
  Episode: "episodes",
  EpisodeFold: "episodes",
  EpisodeFact: "episodes",
  TurnTrace: "traces",
  UnansweredQuestion: "questions",
  RateLimitBucket: "limits",
  McpToken: "tokens",
};

/** Workspaces and accounts: written by lib/workspaces, Better Auth's adapter (lib/auth) and the import's staging workspace alike. */
const NOT_YET_OWNED = ["Workspace", "Membership", "User", "Session", "Account", "Verification"];

const root = path.resolve(__dirname, "../../..");
const models = [...readFileSync(path.join(root, "prisma/schema.prisma"), "utf8").matchAll(/^model (\w+) \{/gm)].map((m) => m[1]);
const delegateOf = (model: string) => model[0].toLowerCase() + model.slice(1);
const modelOfDelegate = new Map(models.map((m) => [delegateOf(m), m]));


const PRISMA_WRITE = /\.(\w+)\s*\.\s*(create|createMany|createManyAndReturn|update|updateMany|updateManyAndReturn|upsert|delete|deleteMany)\s*\(/g;
const SQL_WRITE = /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"(\w+)"/g;

type Write = { file: string; table: string };

/** The tables a file writes, by Prisma delegate or raw statement. */
function writesOf(file: string, text: string): Write[] {
  const prisma = [...text.matchAll(PRISMA_WRITE)].flatMap((m) => {
    const table = modelOfDelegate.get(m[1]);
    return table ? [{ file, table }] : [];
  });
  const sql = [...text.matchAll(SQL_WRITE)].filter((m) => models.includes(m[1])).map((m) => ({ file, table: m[1] }));
  return [...prisma, ...sql];
}

const files = [...["lib", "app"].flatMap((dir) => sourceFiles(path.join(root, dir))), ...sourceFiles(path.join(root, "lib"), /\.sql$/)].map(
  (full) => path.relative(root, full),
);
const writes = files.flatMap((file) => writesOf(file, readFileSync(path.join(root, file), "utf8")));
/** lib/<module>/…; a route handler or page under app/ belongs to no module and owns nothing. */
const moduleOf = (file: string) => (file.startsWith("lib/") ? file.split("/")[1].replace(/\.tsx?$/, "") : null);

describe("table ownership", () => {
  it("names every table of the schema: an owner, or not yet owned", () => {
    expect(models.filter((m) => !(m in OWNERS) && !NOT_YET_OWNED.includes(m))).toEqual([]);
    expect([...Object.keys(OWNERS), ...NOT_YET_OWNED].filter((m) => !models.includes(m))).toEqual([]);
  });

  it("sees a write however it is made", () => {
    expect(writesOf("f", "await tx.episodeFact.deleteMany({ where })")).toEqual([{ file: "f", table: "EpisodeFact" }]);
    expect(writesOf("f", 'db.$executeRaw`UPDATE "Thread" t SET x = 1`')).toEqual([{ file: "f", table: "Thread" }]);
    expect(writesOf("f", 'sql`INSERT INTO "Fact" (id) VALUES (1)`; sql`DELETE FROM "Page" WHERE true`')).toEqual([
      { file: "f", table: "Fact" },
      { file: "f", table: "Page" },
    ]);
    expect(writesOf("f", "db.thread.findMany({}); db.fact.count()")).toEqual([]);
    expect(writes.some((w) => w.file === "lib/episodes/store.ts" && w.table === "Episode")).toBe(true);
    expect(writes.some((w) => w.file === "lib/threads/sql/insertNextMessage.sql" && w.table === "Message")).toBe(true);
  });

  it("lets only a table's owner write it", () => {
    const trespass = writes.filter((w) => w.table in OWNERS && moduleOf(w.file) !== OWNERS[w.table]).map((w) => `${w.file} writes ${w.table}`);
    expect(trespass).toEqual([]);
  });

  it("keeps each module's statements its own: only its files import its sql folder", () => {
    const borrowed = files.flatMap((file) =>
      [...readFileSync(path.join(root, file), "utf8").matchAll(/from "@\/lib\/([\w-]+)\/sql"/g)]
        .filter((m) => moduleOf(file) !== m[1])
        .map((m) => `${file} imports lib/${m[1]}/sql`),
    );
    expect(borrowed).toEqual([]);
  });
});
