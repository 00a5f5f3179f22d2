import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { timingSafeEqual } from 'node:crypto';
import { cardOperation } from '@/lib/contract/card-operations';
import { parseScopeHeader } from './http-client';
import { PROCESSOR_HEADERS, type CardProcessor } from '@/lib/contract/card-processor';

/**
 * Serves a CardProcessor (the sandbox) over the wire protocol of ./http-client.ts, so the gateway
 * can reach it the way it reaches a real processor: tests, the benchmark and
 * `npm run card-processor` use it. It validates the body with the operation's schema itself.
 */
export interface ServedProcessor {
  url: string;
  server: Server;
  close(): Promise<void>;
}

const MAX_BODY = 1024 * 1024;

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

async function readBody(req: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function keyMatches(presented: string | undefined, expected: string): boolean {
  const a = Buffer.from(presented ?? '');
  const b = Buffer.from(`Bearer ${expected}`);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function cardProcessorRequestListener(processor: CardProcessor, options: { apiKey?: string } = {}) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    try {
      const url = new URL(req.url ?? '/', 'http://processor');
      const match = /^\/operations\/(.+)$/.exec(url.pathname);
      if (req.method !== 'POST' || !match) return send(res, 404, { error: 'NOT_FOUND' });
      if (options.apiKey && !keyMatches(req.headers.authorization, options.apiKey)) return send(res, 401, { error: 'UNAUTHORIZED' });
      const found = cardOperation(match[1]!);
      if (!found || (found.spec.sandboxOnly && processor.kind !== 'sandbox')) return send(res, 404, { error: 'UNKNOWN_OPERATION' });
      const tenantId = req.headers[PROCESSOR_HEADERS.tenant];
      const userId = req.headers[PROCESSOR_HEADERS.user];
      const scope = parseScopeHeader((req.headers[PROCESSOR_HEADERS.scope] as string | undefined) ?? null);
      if (typeof tenantId !== 'string' || typeof userId !== 'string' || !scope) return send(res, 400, { error: 'MISSING_CONTEXT' });
      const text = await readBody(req);
      if (text === null) return send(res, 413, { error: 'PAYLOAD_TOO_LARGE' });
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        return send(res, 400, { error: 'MALFORMED_JSON' });
      }
      const body = found.spec.body.safeParse(json);
      if (!body.success) {
        return send(res, 400, { error: 'VALIDATION_FAILED', errors: body.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })) });
      }
      const idempotencyKey = req.headers[PROCESSOR_HEADERS.idempotencyKey];
      const result = await processor.execute({
        operation: found.name,
        body: body.data as Record<string, unknown>,
        context: {
          tenantId,
          userId,
          requestId: String(req.headers[PROCESSOR_HEADERS.requestId] ?? ''),
          scope,
          idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : undefined,
        },
      });
      send(res, 200, result);
    } catch {
      // nothing internal leaves the processor
      if (!res.headersSent) send(res, 500, { error: 'INTERNAL_ERROR' });
    }
  };
}

/** Starts an HTTP server for the processor on host:port (port 0: any free port). */
export async function serveCardProcessor(processor: CardProcessor, options: { host?: string; port?: number; apiKey?: string } = {}): Promise<ServedProcessor> {
  const server = createServer(cardProcessorRequestListener(processor, { apiKey: options.apiKey }));
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${address.address.includes(':') ? `[${address.address}]` : address.address}:${address.port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
