import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The package stands on its own: its code imports its own files and the
// packages it declares, nothing of an app that uses it (no "@/" alias, no
// path out of the package), so anyone can install it without the app.

const root = path.resolve(import.meta.dirname, "..");
const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { peerDependencies: Record<string, string>; dependencies?: Record<string, string> };
const declared = new Set([...Object.keys(manifest.peerDependencies), ...Object.keys(manifest.dependencies ?? {})]);

const sources = readdirSync(path.join(root, "src"), { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"));
const specifiers = (text: string) => [...text.matchAll(/(?:from|import)\s*\(?\s*"([^"]+)"/g)].map((m) => m[1]);

/** Why `specifier`, imported by `file`, is not the package's own or a declared dependency; null when it is. */
function foreignImport(file: string, specifier: string): string | null {
  if (specifier.startsWith(".")) {
    const target = path.resolve(path.dirname(path.join(root, "src", file)), specifier);
    return target.startsWith(path.join(root, "src") + path.sep) ? null : `${file} imports ${specifier}, outside the package`;
  }
  if (specifier.startsWith("node:")) return null;
  const name = specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : specifier.split("/")[0];
  return declared.has(name) ? null : `${file} imports ${specifier}, which the package does not declare`;
}

describe("the package", () => {
  it("imports nothing but its own files and the packages it declares", () => {
    expect(sources.length).toBeGreaterThan(5);
    const foreign = sources.flatMap((file) => specifiers(readFileSync(path.join(root, "src", file), "utf8")).flatMap((s) => foreignImport(file, s) ?? []));
    expect(foreign).toEqual([]);
  });

  it("would notice an import of the app", () => {
    expect(specifiers('import { x } from "@/lib/guard/scan";\nconst y = await import("../../lib/db");')).toEqual(["@/lib/guard/scan", "../../lib/db"]);
    expect(foreignImport("render.ts", "@/lib/guard/scan")).toMatch(/does not declare/);
    expect(foreignImport("render.ts", "../../../lib/guard/scan.ts")).toMatch(/outside the package/);
    expect(foreignImport("render.ts", "next/server")).toMatch(/does not declare/);
    expect(foreignImport("render.ts", "./text.ts")).toBeNull();
  });
});
