import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Separate build folders let a browser-test build run beside a dev server.
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
  // These load WASM and data files at run time; bundling them breaks their paths.
  // pg-boss is left to Node too: it loads its SQL plans and driver at run time.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "@prisma/schema-engine-wasm", "pg-boss"],
};

export default nextConfig;
