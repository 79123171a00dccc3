import { readdirSync, statSync } from "node:fs";
import path from "node:path";

/** Every .ts and .tsx file under `dir`, Prisma's generated client left out. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === "generated") return [];
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}
