import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "@/tests/unit/architecture/source-files";

// The layers of lib/, bottom to top (docs/ARCHITECTURE.md draws them). A
// module may import its own layer and the ones below, never one above; the
// contracts import nothing of the app but each other; the offline model reads its prompt through the contracts alone. Below them
// all, the package (packages/episodic-buffer) imports nothing of the app.
const LAYERS: string[][] = [
  ["config", "errors", "recently-used", "contracts", "guard", "db"],
  ["models", "episodes", "history", "pages", "questions", "threads", "traces", "auth", "customers", "limits", "tokens"],
  ["memory", "buffer"],
  ["context", "jobs"],
  ["agent"],
  ["eval", "http", "mcp", "workspaces"],
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

/** The design's core as a package of its own: the floor under every layer, so anything may import it and it imports nothing of the app. */
const PACKAGE = "episodic-buffer";
const packageDir = path.join(root, "packages", PACKAGE);

/** Every module specifier a file imports, statically or dynamically. */
const specifiersOf = (text: string) => [...text.matchAll(/(?:from|import)\s*\(?\s*"([^"]+)"/g)].map((m) => m[1]);
/** The npm packages a file imports ("@scope/name" or "name"), the "@/" alias and relative paths left out. */
const packagesOf = (text: string) =>
  specifiersOf(text)
    .filter((s) => !s.startsWith(".") && !s.startsWith("@/") && !s.startsWith("node:"))
    .map((s) => (s.startsWith("@") ? s.split("/").slice(0, 2).join("/") : s.split("/")[0]));

/** An import of the package's file that reaches into the app: the "@/" alias, or a path that leaves the package. */
function appImport(file: string, specifier: string): boolean {
  if (specifier.startsWith("@/")) return true;
  if (!specifier.startsWith(".")) return false;
  return !path.resolve(path.dirname(file), specifier).startsWith(packageDir + path.sep);
}

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

describe("the episodic-buffer package, the ground floor", () => {
  // Its code and its example; its tests hold app paths as data, to check it would notice one.
  const packageFiles = ["src", "examples"].flatMap((dir) =>
    readdirSync(path.join(packageDir, dir), { recursive: true, encoding: "utf8" })
      .filter((f) => /\.tsx?$/.test(f))
      .map((f) => path.join(packageDir, dir, f)),
  );

  it("imports nothing of the app", () => {
    expect(packageFiles.length).toBeGreaterThan(5);
    const reaching = packageFiles.flatMap((file) =>
      specifiersOf(readFileSync(file, "utf8"))
        .filter((s) => appImport(file, s))
        .map((s) => `${path.relative(root, file)} -> ${s}`),
    );
    expect(reaching).toEqual([]);
  });

  it("would notice an import of the app", () => {
    const file = path.join(packageDir, "src", "render.ts");
    expect(specifiersOf('import { neutralise } from "@/lib/guard/scan";')).toEqual(["@/lib/guard/scan"]);
    expect(appImport(file, "@/lib/guard/scan")).toBe(true);
    expect(appImport(file, "../../../lib/guard/scan.ts")).toBe(true);
    expect(appImport(file, "./text.ts")).toBe(false);
    expect(appImport(file, "zod")).toBe(false);
  });

  it("is what lib/ uses for the design's core: no second copy of the read path, the block's format or the episode line", () => {
    const users = files.filter((file) => packagesOf(readFileSync(path.join(root, `${file}${existsAs(file)}`), "utf8")).includes(PACKAGE));
    expect(users).toEqual(expect.arrayContaining(["lib/buffer/read", "lib/contracts/prompt/buffer-block", "lib/contracts/memory-pass", "lib/memory/vet", "lib/memory/commit"]));
    expect(files.filter((f) => /^lib\/buffer\/(select|render)$/.test(f))).toEqual([]);
  });
});
