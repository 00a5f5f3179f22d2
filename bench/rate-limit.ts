/**
 * Rate-limit benchmark: what does the per-request limit cost, in process memory and in Redis?
 *
 *   npm run bench -- rate-limit     (BENCH_SECONDS=3 BENCH_CONCURRENCY=8; Redis at BENCH_REDIS_URL or 127.0.0.1:6379)
 *
 * Baseline in the same run: the catch-all 404 route handler (createRoute, no database) with the
 * memory limiter; then the same handler with REDIS_URL, and the limiter calls alone. Many client
 * IPs, as from many clients. Last, the limiter with a REDIS_URL where nothing listens: every
 * decision falls over to the in-memory insurance limiter (docs/edge.md "Faults"; the tests assert
 * that it does, this measures what it costs; the bound: 100 ms per decision). Writes
 * bench/results/rate-limit.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { measure, printTable, watchdog } from './_stats';

process.env.LOG_LEVEL = 'silent';
process.env.RATE_LIMIT_DEFAULT_MAX = '1000000';
process.env.RATE_LIMIT_KEY_PREFIX = `bp-bench-${process.pid}`;
delete process.env.REDIS_URL;

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
watchdog('bench/rate-limit.ts', SECONDS * 6 + 60);

async function main(): Promise<void> {
  const [{ NextRequest }, catchAll, { resetEnvCache }, { consumeRateLimit, resetRateLimits }, { PEER_HEADER }] = await Promise.all([
    import('next/server'),
    import('@/app/api/[[...slug]]/route'),
    import('@/lib/env'),
    import('@/lib/http/rate-limit'),
    import('@/lib/http/client-ip'),
  ]);
  let n = 0;
  const ip = () => `198.18.${((n += 1) >> 8) & 255}.${n & 255}`;
  const route = async () => {
    const req = new NextRequest(new URL('/api/bench-nothing', 'http://localhost:3000'), { headers: { [PEER_HEADER]: ip() } });
    const res = await catchAll.GET(req, { params: Promise.resolve({}) });
    await res.arrayBuffer();
    return res.status === 404 && res.headers.has('ratelimit');
  };
  const limiter = async () => (await consumeRateLimit('default', `-:ip:${ip()}`)).allowed;
  const selectStore = (redisUrl: string | null) => {
    if (redisUrl) process.env.REDIS_URL = redisUrl;
    else delete process.env.REDIS_URL;
    resetEnvCache();
    resetRateLimits();
  };

  selectStore(null);
  await measure('warm-up', 0.5, CONCURRENCY, route);
  const routeMemory = await measure('404 route, memory limiter', SECONDS, CONCURRENCY, route);
  const limiterMemory = await measure('limiter alone, memory', SECONDS, CONCURRENCY, limiter);
  selectStore(REDIS_URL);
  await measure('warm-up', 0.5, CONCURRENCY, limiter);
  const routeRedis = await measure('404 route, Redis limiter', SECONDS, CONCURRENCY, route);
  const limiterRedis = await measure('limiter alone, Redis', SECONDS, CONCURRENCY, limiter);
  selectStore(`redis://127.0.0.1:${await closedPort()}`);
  const limiterRedisDown = await measure('limiter alone, Redis down', SECONDS, CONCURRENCY, limiter);

  const rows = [routeMemory, limiterMemory, routeRedis, limiterRedis, limiterRedisDown];
  console.log(`\nrate-limit benchmark: ${SECONDS}s per measurement, concurrency ${CONCURRENCY}, ${os.cpus().length} CPUs, node ${process.version}`);
  printTable(rows);
  const ratio = Math.round((routeRedis.opsPerSecond / routeMemory.opsPerSecond) * 1000) / 1000;
  console.log(`\nroute with Redis ÷ route with memory = ${ratio}`);
  console.log(`fail-over decision with Redis down: p99 ${limiterRedisDown.p99Ms} ms (bound 100 ms: ${limiterRedisDown.p99Ms <= 100 ? 'met' : 'NOT met'})`);

  const dir = path.join(process.cwd(), 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const results = {
    benchmark: 'rate-limit',
    date: new Date().toISOString(),
    environment: { node: process.version, cpus: os.cpus().length, redis: REDIS_URL.replace(/\/\/[^@]*@/, '//') },
    parameters: { secondsPerMeasurement: SECONDS, concurrency: CONCURRENCY },
    routeMemory,
    limiterMemory,
    routeRedis,
    limiterRedis,
    limiterRedisDown,
    redisOverMemory: ratio,
  };
  writeFileSync(path.join(dir, 'rate-limit.json'), `${JSON.stringify(results, null, 2)}\n`);
}

/** A port on 127.0.0.1 where nothing listens (it was free a moment ago). */
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

main()
  .then(() => process.exit(0))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
