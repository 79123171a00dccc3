import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EPISODE_SQL, EPISODE_TABLE_SQL } from "../src/postgres.ts";

// The README's code is the code that runs: its "Add the buffer to your agent"
// is the marked part of the example npm test runs, its SQL the statements the
// PostgreSQL store runs.

const root = path.resolve(import.meta.dirname, "..");
const readme = readFileSync(path.join(root, "README.md"), "utf8");
const example = readFileSync(path.join(root, "examples/agent.ts"), "utf8");
const blocks = (lang: string) => [...readme.matchAll(new RegExp("```" + lang + "\\n([\\s\\S]*?)\\n```", "g"))].map((m) => m[1]);
const singleLine = (sql: string) => sql.replace(/\s+/g, " ").trim();

describe("the README", () => {
  it("shows the example's buffer code as it runs", () => {
    const section = /\/\/ The buffer: the part of this file the README shows\.\n([\s\S]*?)\n+\/\/ The end of the part the README shows\./.exec(example)?.[1];
    expect(section).toBeDefined();
    const shown = blocks("ts")[0].split("\n");
    expect(shown[0]).toMatch(/^import \{ .* \} from "episodic-buffer";$/);
    expect(example).toContain(shown[0].replace(/^import \{ /, "import { BUFFER_HEADER, "));
    expect(shown.slice(2).join("\n")).toBe(section);
  });

  it("documents the SQL the PostgreSQL store runs", () => {
    const [table, statements] = blocks("sql");
    expect(table).toBe(EPISODE_TABLE_SQL);
    const documented = singleLine(statements.replace(/^--.*$/gm, ""));
    for (const sql of Object.values(EPISODE_SQL)) expect(documented).toContain(singleLine(sql));
  });
});
