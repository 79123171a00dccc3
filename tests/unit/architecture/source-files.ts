import { readdirSync, statSync } from "node:fs";
import path from "node:path";

/** Every .ts and .tsx file under `dir` (or every file whose name `pattern` matches), Prisma's generated client left out. */
export function sourceFiles(dir: string, pattern = /\.tsx?$/): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === "generated") return [];
    if (statSync(full).isDirectory()) return sourceFiles(full, pattern);
    return pattern.test(name) ? [full] : [];
  });
}
