/**
 * The embedded database's thread started at the very start of the server's process
 * (server/main.mjs), before Next.js loads. PGlite takes about a second to start (its WebAssembly,
 * its data directory); started by the start-up hook, as before, that second came after Next.js had
 * loaded and left the server's thread idle, waiting for it, before any request was answered. Now it
 * overlaps Next.js's own loading, and lib/db/pglite-remote.ts takes the running thread over when it
 * opens the same directory: the same thread, the same messages, nothing else changes. Scripts and
 * tests never prestart: for them RemotePGlite.open starts its thread itself.
 *
 * Plain JavaScript, so that `node server/main.mjs` needs no build step (types: pglite-prestart.d.mts).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { DEFAULT_PGLITE_DATA_DIR } from '../env-defaults.mjs';

const HANDOFF = Symbol.for('business-platform.pglite-prestart');

/**
 * The first thing a database thread does, as a value that never rejects: its first message
 * (`ready`, or `failed` with a message), an error, or its end. Listening at once matters: a
 * Worker's message that nobody listens for is lost.
 */
export function firstEvent(worker) {
  return new Promise((resolve) => {
    worker.once('message', (message) => resolve({ kind: 'message', message }));
    worker.once('error', (error) => resolve({ kind: 'error', error }));
    worker.once('exit', (code) => resolve({ kind: 'exit', code }));
  });
}

/** The directory a PGLITE_DATA_DIR value names: null for memory, else the absolute path. */
export function pgliteDirectory(setting) {
  return setting === 'memory://' || setting === ':memory:' ? null : path.resolve(setting);
}

/** Whether initdb has run in the directory (PG_VERSION is there); a new one is created by a thread of its own. */
export function pgliteCreated(dataDir) {
  return existsSync(path.join(dataDir, 'PG_VERSION'));
}

/**
 * Starts the database thread now when the environment asks for the embedded database in its thread
 * (no DATABASE_URL; PGLITE_THREAD unset or `true`) on a directory that exists already (a new one is
 * created by a thread of its own first: RemotePGlite.open). Any other case, and a configuration that
 * start-up will refuse, is left to the start-up as before. Returns whether a thread was started.
 */
export function prestartPglite(script, env = process.env) {
  if (env.DATABASE_URL || (env.PGLITE_THREAD ?? 'true') !== 'true') return false;
  const dataDir = pgliteDirectory(env.PGLITE_DATA_DIR || DEFAULT_PGLITE_DATA_DIR);
  if (dataDir && !pgliteCreated(dataDir)) return false;
  const worker = new Worker(script, { workerData: { dataDir } });
  globalThis[HANDOFF] = { dataDir, worker, first: firstEvent(worker) };
  return true;
}

/**
 * The prestarted thread, once, when it serves `dataDir`; a thread started for another directory
 * (the configuration cannot change in between, but a caller may open another database) is ended.
 */
export function takePrestarted(dataDir) {
  const prestarted = globalThis[HANDOFF];
  if (!prestarted) return undefined;
  delete globalThis[HANDOFF];
  if (prestarted.dataDir === dataDir) return prestarted;
  void prestarted.worker.terminate();
  return undefined;
}
