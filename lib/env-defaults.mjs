/**
 * Defaults of lib/env.ts that server/main.mjs needs before Next.js (and so any TypeScript) loads:
 * plain JavaScript, part of the configuration layer (types: env-defaults.d.mts).
 */

/** PGLITE_DATA_DIR when it is not set: where the embedded database keeps its files. */
export const DEFAULT_PGLITE_DATA_DIR = './.data/pglite';

/**
 * PGLITE_SETTINGS when it is not set: PostgreSQL settings of the embedded database, `name=value`
 * separated by spaces. Its WebAssembly heap grows and never shrinks, so a busy server keeps for good
 * whatever PostgreSQL once filled: a shared buffer pool of 128 MB (PostgreSQL's default) cost about
 * 130 MiB resident at idle. 32 MB holds a small deployment's hot data; the rest comes from the data
 * directory through the operating system's page cache (docs/performance.md).
 */
export const DEFAULT_PGLITE_SETTINGS = 'shared_buffers=32MB maintenance_work_mem=16MB';

/** PGlite's start parameters with the settings (`-c name=value` each) after its own defaults. */
export function pgliteStartParams(defaults, settings = process.env.PGLITE_SETTINGS ?? DEFAULT_PGLITE_SETTINGS) {
  return [
    ...defaults,
    ...settings
      .split(/\s+/)
      .filter(Boolean)
      .flatMap((setting) => ['-c', setting]),
  ];
}

/**
 * IDLE_COLLECT_MS when it is not set: after this long without a new request, a server whose
 * JavaScript heap grew by at least IDLE_COLLECT_GROWTH_BYTES since its last collection collects it
 * once (server/idle-collect.mjs). 0 turns it off.
 */
export const DEFAULT_IDLE_COLLECT_MS = 1000;
