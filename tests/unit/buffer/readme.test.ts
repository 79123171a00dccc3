import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The README's "Add the buffer to your agent" shows the code the package's
// README shows, which the package's own test holds to its example script.

const root = path.resolve(import.meta.dirname, "../../..");
const firstTsBlock = (text: string) => /```ts\n([\s\S]*?)\n```/.exec(text)?.[1];

describe("the README's \"Add the buffer to your agent\"", () => {
  it("shows the package's example code as the package's README does", () => {
    const readme = readFileSync(path.join(root, "README.md"), "utf8");
    const section = readme.slice(readme.indexOf("## Add the buffer to your agent"));
    const shown = firstTsBlock(section);
    expect(shown).toContain("episodicBufferMiddleware");
    expect(shown).toBe(firstTsBlock(readFileSync(path.join(root, "packages/episodic-buffer/README.md"), "utf8")));
  });
});
