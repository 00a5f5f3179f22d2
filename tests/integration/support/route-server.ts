/**
 * A real server process for tests/integration/rate-limit-redis.test.ts: a Node HTTP server that
 * stamps the socket address exactly as server/main.mjs does, turns each
 * request into a NextRequest and hands it to the catch-all route handler (no database needed).
 * Prints "listening <port>" once ready. Configuration comes from the environment (REDIS_URL, ...).
 */
import http from 'node:http';
import { NextRequest } from 'next/server';
import * as catchAll from '@/app/api/[[...slug]]/route';
import { stampPeerAddress } from '@/server/edge.mjs';
import { connectRateLimitStore } from '@/lib/http/rate-limit';

const server = http.createServer(async (req, res) => {
  stampPeerAddress(req);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
  const request = new NextRequest(new URL(req.url ?? '/', 'http://127.0.0.1'), { method: req.method, headers });
  const response = await catchAll.GET(request, { params: Promise.resolve({}) });
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
});
// as the server's start-up does (lib/startup.ts): the first requests already count in Redis
await connectRateLimitStore();
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
