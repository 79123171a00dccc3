import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // These load WASM and data files at run time; bundling them breaks their paths.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "@prisma/schema-engine-wasm"],
};

export default nextConfig;
