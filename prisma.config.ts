import { defineConfig } from "prisma/config";

// `prisma generate` never runs the schema engine, but the CLI tries to download
// the native one unless this points at a file. Migrations go through the WASM
// engine instead (scripts/db-migrate.ts).
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= "/bin/false";

export default defineConfig({
  schema: "prisma/schema.prisma",
});
