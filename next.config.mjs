/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native and WASM-backed server packages are loaded from node_modules at run time, never bundled:
  // PGlite reads its .wasm/.data files next to its own module, argon2 is a native addon, pino and pg
  // are plain Node packages that bundle badly; undici (webhook delivery) keeps its own connection
  // pools and must be the real package, not a bundled copy. drizzle-orm: one copy for the whole
  // server; bundled, each chunk group had its own (the instrumentation's, which builds the database
  // client, and the routes'), whose classes differed (docs/performance.md, "The SQL compiler was
  // bypassed in the build").
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'pino', '@node-rs/argon2', 'undici', 'drizzle-orm'],
  poweredByHeader: false,
  // Next.js loads every page and route module at start by default. Off: that load held the first
  // answer back by about a second and kept resident the modules of routes this instance may never
  // serve; a route's modules load on its first request instead (docs/performance.md, "Start-up").
  // PROFILE_BUILD=1 npm run build: no minification, so the profiles of bench/_perf.ts name our functions.
  experimental: { preloadEntriesOnStart: false, ...(process.env.PROFILE_BUILD ? { turbopackMinify: false } : {}) },
  reactStrictMode: true,
  typedRoutes: false,
  // Security headers (nosniff, Referrer-Policy, X-Frame-Options, CSP of API answers, HSTS) are set
  // by our HTTP server for every answer (server/edge.mjs securityHeaders); the pages' nonce-based
  // Content-Security-Policy by proxy.ts (docs/edge.md, "Security headers").
};

export default nextConfig;
