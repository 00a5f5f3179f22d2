/**
 * The embedded database's own thread (lib/db/pglite-remote.ts starts it): PGlite, the PostgreSQL
 * server compiled to WebAssembly, runs here, so that parsing, planning and executing a statement
 * never hold the HTTP server's thread. It executes raw protocol messages in the order they arrive
 * and answers the raw bytes PostgreSQL wrote, as written (transferred, not copied); the server's thread serializes the messages, keeps
 * the locks, and parses the answers. Plain JavaScript, so that it runs without a build step under
 * `next start`, `next dev` and the tests alike.
 *
 *   in:  { id, op: 'exec', data: Uint8Array }   answer: { id, chunks: Uint8Array[] } or { id, error }
 *        { id, op: 'close' }                     answer: { id }, then the thread ends
 *   out: { type: 'ready' } once PGlite has started, or { type: 'failed', message }
 *
 * With `workerData.initOnly` it only creates the database directory (initdb), closes PGlite, says
 * ready and ends (lib/db/pglite-remote.ts, initialize). With `workerData.loadDataDir` (a tarball's
 * path, in memory only) the database starts from that data directory instead of initdb (the tests'
 * migrated snapshot).
 */
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pgliteStartParams } from '../env-defaults.mjs';

const port = parentPort;
if (!port) throw new Error('lib/db/pglite-thread.mjs runs as a worker thread');

const dataDir = workerData?.dataDir;

let db;

try {
  const loadDataDir = workerData?.loadDataDir;
  // PGLITE_SETTINGS (lib/env-defaults.mjs): the memory PostgreSQL may fill in the WebAssembly heap
  const options = { startParams: pgliteStartParams(PGlite.defaultStartParams) };
  db = dataDir ? new PGlite(dataDir, options) : new PGlite(loadDataDir ? { ...options, loadDataDir: new Blob([readFileSync(loadDataDir)]) } : options);
  await db.waitReady;
  if (workerData?.initOnly) {
    await db.close();
    db = undefined;
  }
  port.postMessage({ type: 'ready' });
  if (!db) port.close();
} catch (error) {
  port.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  port.close();
}

if (db) {
  port.on('message', (message) => {
    if (message.op === 'exec') {
      const chunks = [];
      // synchronous inside (one call into WebAssembly): messages run strictly in arrival order
      db.execProtocolRawStream(message.data, { syncToFs: false, onRawData: (bytes) => chunks.push(bytes.slice()) }).then(
        () =>
          port.postMessage(
            { id: message.id, chunks },
            chunks.map((chunk) => chunk.buffer),
          ),
        (error) => port.postMessage({ id: message.id, error: { message: error instanceof Error ? error.message : String(error) } }),
      );
    } else if (message.op === 'close') {
      db.close().then(
        () => {
          port.postMessage({ id: message.id });
          port.close();
        },
        (error) => port.postMessage({ id: message.id, error: { message: error instanceof Error ? error.message : String(error) } }),
      );
    }
  });
}
