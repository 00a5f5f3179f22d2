// first: it starts the embedded database's thread before the rest loads (server/prestart.mjs)
import './prestart.mjs';
import path from 'node:path';
import pino from 'pino';
import { DEFAULT_IDLE_COLLECT_MS } from '../lib/env-defaults.mjs';
import { answerAtEdge, edgeRoute, loadApiRouteTable } from './api-edge.mjs';
import { createEdgeServer, peerHeaderName } from './edge.mjs';
import { collectWhenIdle, idleCollectMs } from './idle-collect.mjs';

/**
 * The HTTP server of `npm run dev` (`--dev`) and `npm start`: Node's http server around Next.js's
 * request handler, so that what Next.js and Node's parser would answer on their own (an
 * undecodable path: 500 text/plain; an over-size head: 431 with no body) gets our envelope, an
 * X-Request-ID and a log line, and a plain API path whose route has loaded skips Next.js's routing
 * pass and route runtime for the route's own handler (server/api-edge.mjs). Everything else is
 * Next.js unchanged. See docs/edge.md.
 */
const dev = process.argv.includes('--dev');
// as `next dev` / `next start` do
process.env.NODE_ENV = dev ? 'development' : 'production';
const { default: next } = await import('next');
const port = Number(process.env.PORT || 3000);
const hostname = process.env.HOSTNAME || undefined;
// next-auth warns on every start without NEXTAUTH_URL and falls back to port 3000: in development, this server's address
if (dev && !process.env.NEXTAUTH_URL) process.env.NEXTAUTH_URL = `http://localhost:${port}`;
// fixed before Next.js loads any route, which reads it (lib/http/client-ip.ts)
peerHeaderName();

// a bad LOG_LEVEL is reported by the environment check (one line) once Next.js has started: not here
const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const log = pino({
  level: LEVELS.includes(process.env.LOG_LEVEL) ? process.env.LOG_LEVEL : 'info',
  base: { service: 'business-platform' },
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
});

// Next.js's request handler once prepared; the server exists first, for next({ httpServer }). Requests
// that arrive while Next.js prepares wait for it, as under `next start`; later ones go straight in.
let handler;
// a quiet server gives its heap's garbage back (server/idle-collect.mjs); each request is counted
const activity = collectWhenIdle({ idleMs: idleCollectMs(process.env.IDLE_COLLECT_MS, DEFAULT_IDLE_COLLECT_MS), log });
// the start-up (lib/startup.ts) starts its background work once the first answer has gone out
let firstAnswered;
globalThis[Symbol.for('business-platform.first-answer')] = new Promise((resolve) => (firstAnswered = resolve));
// In production, the build's route table (server/api-edge.mjs): a plain API path is answered by its
// route's own handler once the route's module has loaded (a path no route serves: the catch-all's),
// without Next.js's routing pass and route runtime.
let apiRoutes = null;
let NextRequest;
const origin = `http://${hostname ?? 'localhost'}:${port}`;
const server = createEdgeServer({
  log,
  handle: (req, res) => {
    if (activity.requests++ === 0) res.once('close', firstAnswered);
    if (!handler) return ready.then((h) => h(req, res));
    const atEdge = edgeRoute(req.method, req.url, apiRoutes);
    return atEdge ? answerAtEdge({ ...atEdge, NextRequest, req, res, origin }) : handler(req, res);
  },
});

const app = next({ dev, hostname: hostname ?? 'localhost', port, httpServer: server });
const ready = app.prepare().then(async () => {
  if (!dev) {
    const { table, reason } = loadApiRouteTable(path.resolve('.next'));
    if (table) ({ NextRequest } = await import('next/server.js'));
    else log.warn({ reason }, 'every API request goes through Next.js routing');
    apiRoutes = table;
  }
  return (handler = app.getRequestHandler());
});
ready.catch((err) => {
  console.error(`Start-up failed: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
  process.exit(1);
});

server.listen(port, hostname, () => {
  console.log(`▲ Next.js ${dev ? 'development' : 'production'} server (server/main.mjs) on http://${hostname ?? 'localhost'}:${port}`);
});

// A clean stop: no new connections, Next.js closed, then the start-up's shutdown (lib/startup.ts:
// the background work, then the database, so that PGlite shuts down cleanly); at most 5 s.
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.once(signal, () => {
    server.close();
    const shutdown = globalThis[Symbol.for('business-platform.shutdown')];
    void app
      .close()
      .then(() => shutdown?.())
      .catch((err) => log.error({ err }, 'shutdown'))
      .finally(() => process.exit(0));
    setTimeout(() => process.exit(0), 5_000).unref();
  });
}
