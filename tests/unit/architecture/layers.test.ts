import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "@/tests/unit/architecture/source-files";

// The layers of lib/, bottom to top (docs/ARCHITECTURE.md draws them). A
// module may import its own layer and the ones below, never one above; the
// contracts import nothing but each other; the offline model reads its prompt
// through the contracts alone.
const LAYERS: string[][] = [
  ["config", "errors", "recently-used", "contracts", "guard", "db"],
  ["models", "episodes", "history", "pages", "questions", "threads", "traces", "auth", "customers", "limits"],
  ["memory", "buffer"],
  ["context", "jobs"],
  ["agent"],
  ["eval", "http", "workspaces"],
];

const root = path.resolve(__dirname, "../../..");
const layerOf = new Map(LAYERS.flatMap((modules, layer) => modules.map((m) => [m, layer] as const)));


const files = sourceFiles(path.join(root, "lib")).map((file) => path.relative(root, file).replace(/\.tsx?$/, ""));
const importsOf = new Map(
  files.map((file) => {
    const text = readFileSync(path.join(root, `${file}${existsAs(file)}`), "utf8");
    return [file, [...text.matchAll(/from "@\/(lib\/[^"]+)"/g)].map((m) => m[1].replace(/\.tsx?$/, ""))] as const;
  }),
);
// "@/lib/models" is the folder's index file.
for (const [file, targets] of importsOf) {
  importsOf.set(file, targets.map((t) => (importsOf.has(t) || !importsOf.has(`${t}/index`) ? t : `${t}/index`)));
}

function existsAs(file: string): string {
  try {
    statSync(path.join(root, `${file}.ts`));
    return ".ts";
  } catch {
    return ".tsx";
  }
}

const moduleOf = (file: string) => file.split("/")[1].replace(/\.tsx?$/, "");

describe("the layers of lib/", () => {
  it("name every module", () => {
    expect(files.map(moduleOf).filter((m) => !layerOf.has(m))).toEqual([]);
  });

  it("import only their own layer and the ones below", () => {
    const upward = files.flatMap((file) =>
      (importsOf.get(file) ?? [])
        .filter((target) => target !== "lib/db/generated/client" && !target.startsWith("lib/db/generated"))
        .filter((target) => (layerOf.get(moduleOf(target)) ?? 0) > (layerOf.get(moduleOf(file)) ?? 0))
        .map((target) => `${file} -> ${target}`),
    );
    expect(upward).toEqual([]);
  });

  it("keep lib/agent/ to the agent and the drivers above it", () => {
    const users = files.filter((file) => (importsOf.get(file) ?? []).some((t) => t.startsWith("lib/agent/")));
    expect(users.map(moduleOf).filter((m) => !["agent", "eval", "http", "workspaces"].includes(m))).toEqual([]);
  });

  it("keep the contracts self-contained and the offline model on them alone", () => {
    const contractImports = files.filter((f) => moduleOf(f) === "contracts").flatMap((f) => importsOf.get(f) ?? []);
    expect(contractImports.filter((t) => moduleOf(t) !== "contracts")).toEqual([]);
    const offlineImports = files.filter((f) => f.startsWith("lib/models/offline/")).flatMap((f) => importsOf.get(f) ?? []);
    expect(offlineImports.filter((t) => !t.startsWith("lib/contracts/") && !t.startsWith("lib/models/"))).toEqual([]);
  });

  it("have no import cycle between files", () => {
    const state = new Map<string, "visiting" | "done">();
    const cycles: string[] = [];
    const visit = (file: string, trail: string[]) => {
      if (state.get(file) === "done") return;
      if (state.get(file) === "visiting") {
        cycles.push([...trail.slice(trail.indexOf(file)), file].join(" -> "));
        return;
      }
      state.set(file, "visiting");
      for (const target of importsOf.get(file) ?? []) if (importsOf.has(target)) visit(target, [...trail, file]);
      state.set(file, "done");
    };
    for (const file of files) visit(file, []);
    expect(cycles).toEqual([]);
  });
});
