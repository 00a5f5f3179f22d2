/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native and WASM-backed server packages are loaded from node_modules at run time, never bundled:
  // PGlite reads its .wasm/.data files next to its own module, argon2 is a native addon, pino and pg
  // are plain Node packages that bundle badly; undici (webhook delivery) keeps its own connection
  // pools and must be the real package, not a bundled copy.
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'pino', '@node-rs/argon2', 'undici'],
  poweredByHeader: false,
  reactStrictMode: true,
  typedRoutes: false,
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
          { key: 'X-Frame-Options', value: 'DENY' },
        ],
      },
      {
        // the review page shows a case's PDF inline in a frame of its own origin (last rule wins)
        source: '/api/v2.1/verifications/:verificationId/documents/:documentId/content',
        headers: [{ key: 'X-Frame-Options', value: 'SAMEORIGIN' }],
      },
    ];
  },
};

export default nextConfig;
