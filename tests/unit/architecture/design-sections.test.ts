import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Comments cite the design by section ("§06.3"): every section cited in the
// code must be a heading of docs/DESIGN.md, so a reader can follow it.
const root = path.resolve(__dirname, "../../..");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === "generated" || name === "node_modules" || name === "dist") return [];
    if (statSync(full).isDirectory()) return sources(full);
    return /\.(tsx?|md)$/.test(name) ? [full] : [];
  });
}

const design = readFileSync(path.join(root, "docs/DESIGN.md"), "utf8");
const headings = new Set([...design.matchAll(/^#{2,3} §(\d\d(?:\.\d)?) /gm)].map((m) => m[1]));
const cited = new Map<string, string>();
for (const dir of ["lib", "components", "app", "scripts", "e2e", "tests", "docs", "packages"]) {
  for (const file of sources(path.join(root, dir))) {
    for (const match of readFileSync(file, "utf8").matchAll(/§(\d\d(?:\.\d)?)/g)) cited.set(match[1], path.relative(root, file));
  }
}

describe("docs/DESIGN.md", () => {
  it("has a heading for every section of the design", () => {
    expect([...headings].filter((h) => !h.includes("."))).toEqual(["01", "02", "03", "04", "05", "06", "07", "08", "09", "10"]);
  });

  it("has every section the code cites", () => {
    expect(cited.size).toBeGreaterThan(3);
    expect([...cited].filter(([section]) => !headings.has(section)).map(([section, file]) => `§${section} (${file})`)).toEqual([]);
  });
});
