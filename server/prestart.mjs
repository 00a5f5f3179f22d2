import { prestartPglite } from '../lib/db/pglite-prestart.mjs';

/**
 * The embedded database's thread, started as this module is evaluated: server/main.mjs imports it
 * first, so the thread starts before pino, the edge server and Next.js are loaded (their loading
 * happens as they are evaluated, after this one), about a tenth of a second sooner than from
 * main.mjs's own body. PGlite's start is what the first answer waits for (docs/performance.md,
 * "Start-up").
 */
prestartPglite(new URL('../lib/db/pglite-thread.mjs', import.meta.url));
