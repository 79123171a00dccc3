import path from "node:path";
import { defineConfig } from "vitest/config";

// Unit tests are pure (no database, no model). Database tests run once on
// embedded PGlite and, when DATABASE_URL is set, again on PostgreSQL.
const root = path.dirname(new URL(import.meta.url).pathname);
const alias = { "@": root };
const dbProject = (name: "pglite" | "postgres") => ({
  resolve: { alias },
  test: {
    name: `db:${name}`,
    include: ["tests/db/**/*.test.ts"],
    env: { TEST_DATABASE: name },
    globalSetup: ["tests/db/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: name === "postgres",
  },
});

export default defineConfig({
  test: {
    projects: [
      // The tokenizer's first load takes seconds on a busy two-core machine.
      { resolve: { alias }, test: { name: "unit", include: ["tests/unit/**/*.test.ts", "evaluation/**/*.test.ts"], testTimeout: 30_000 } },
      dbProject("pglite"),
      ...(process.env.DATABASE_URL ? [dbProject("postgres")] : []),
    ],
  },
});
