/**
 * The bench's bare Next.js app (bench/_anchor.ts): one route handler, built with the repository's
 * own `next` (resolved from its node_modules) into .next here (gitignored), never the app's build.
 */
/** @type {import('next').NextConfig} */
const nextConfig = { poweredByHeader: false };

export default nextConfig;
