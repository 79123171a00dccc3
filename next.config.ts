import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Separate build folders let a browser-test build run beside a dev server.
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
  // These load WASM, native addons, SQL plans and data files at run time; bundling them breaks their paths.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "@prisma/schema-engine-wasm", "node-llama-cpp", "pg-boss"],
};

export default nextConfig;
