import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Playwright authors find every test id in e2e/README.md: each one written
// in components/ or app/ (data-testid="…", or a testId="…" prop a component
// passes on) must be listed there, in backquotes.
const root = path.resolve(__dirname, "../../..");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

const ids = new Map<string, string>();
for (const file of [...sources(path.join(root, "components")), ...sources(path.join(root, "app"))]) {
  const text = readFileSync(file, "utf8");
  for (const match of text.matchAll(/(?:data-testid|testId)=(?:"([^"]+)"|\{"([^"]+)"\})/g)) ids.set(match[1] ?? match[2], path.relative(root, file));
}
const readme = readFileSync(path.join(root, "e2e/README.md"), "utf8");
const listed = new Set([...readme.matchAll(/`([a-z0-9-]+)`/g)].map((m) => m[1]));

describe("e2e/README.md", () => {
  it("finds test ids in the code", () => {
    expect(ids.size).toBeGreaterThan(50);
  });

  it("lists every test id the components and pages set", () => {
    const missing = [...ids].filter(([id]) => !listed.has(id)).map(([id, file]) => `${id} (${file})`);
    expect(missing).toEqual([]);
  });
});
