/**
 * Defaults of lib/env.ts that server/main.mjs needs before Next.js (and so any TypeScript) loads:
 * plain JavaScript, part of the configuration layer (types: env-defaults.d.mts).
 */

/** PGLITE_DATA_DIR when it is not set: where the embedded database keeps its files. */
export const DEFAULT_PGLITE_DATA_DIR = './.data/pglite';
