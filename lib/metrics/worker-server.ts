import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { databaseUnavailable, methodNotAllowed, routeNotFound, type ApiError } from '@/lib/contract/api-errors';
import { metricsRefusal } from './access';
import { renderMetrics } from './collect';

/**
 * The separate delivery worker (`npm run worker`) serves no application routes, yet its counters
 * (webhook delivery outcomes) live in its own process. With WORKER_METRICS_PORT set it listens for
 * GET /api/metrics only: the same path, token, envelopes and figures as an instance's route, so
 * Prometheus scrapes it like one more instance.
 */
export const METRICS_PATH = '/api/metrics';

function send(res: ServerResponse, error: ApiError): void {
  res.writeHead(error.status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...error.headers });
  res.end(JSON.stringify({ code: error.status, message: error.message, data: error.data }));
}

export function startWorkerMetricsServer(port: number, host: string): Promise<Server & { port: number }> {
  const server = createServer((req, res) => {
    const method = req.method ?? 'GET';
    const path = (req.url ?? '/').split('?')[0]!;
    if (path !== METRICS_PATH) return send(res, routeNotFound(method, path));
    if (method !== 'GET' && method !== 'HEAD') return send(res, methodNotAllowed(method, ['GET', 'HEAD']));
    const refusal = metricsRefusal(method, path, req.headers.authorization ?? null);
    if (refusal) return send(res, refusal);
    renderMetrics().then(
      ({ contentType, body }) => {
        res.writeHead(200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' });
        res.end(method === 'HEAD' ? undefined : body);
      },
      () => send(res, databaseUnavailable()),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(Object.assign(server, { port: (server.address() as AddressInfo).port })));
  });
}
