import { z } from 'zod';

/**
 * Runs in the browser before the panel's own code (Next.js's client instrumentation hook).
 *
 * zod compiles a fast parser for each object schema with `new Function` when it may, and finds out
 * whether it may by trying it: under the pages' Content-Security-Policy (no 'unsafe-eval', proxy.ts)
 * the try is refused and reported as a violation on every screen, though zod catches it and parses
 * without. jitless skips both the compiled parser and the try; it must be set before any schema is
 * built (zod decides when a z.object is created), hence here. The server keeps the compiled parsers.
 */
z.config({ jitless: true });
