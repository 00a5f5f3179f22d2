/**
 * Webhook delivery benchmark: how close does delivery through the outbox and the worker get to
 * raw HTTP POSTs against the same local receiver?
 *
 *   npx tsx bench/webhooks.ts        (BENCH_SECONDS=5 per phase, BENCH_CONCURRENCY=16; ~30 s in all)
 *
 * Opens its own database (in-memory PGlite; BENCH_DATABASE_URL for a PostgreSQL database the
 * bench may write into), a receiver on 127.0.0.1 that answers 200, and an in-process worker. Then,
 * in turn:
 *   1. baseline (BENCH_SECONDS): raw delivery-sized POSTs to the receiver (undici, keep-alive,
 *      BENCH_CONCURRENCY in flight);
 *   2. capacity: a backlog of BENCH_BACKLOG committed events drained by the worker
 *      (BENCH_CONCURRENCY in flight): the sustained deliveries/s;
 *   3. saturation (BENCH_SECONDS): producers commit as fast as they can while the worker delivers,
 *      in the same process: deliveries/s and latency from commit to receipt under that load;
 *   4. steady load (BENCH_SECONDS): events committed at half the rate of 3: latency from commit to
 *      receipt without a backlog.
 * Prints a table and writes bench/results/webhooks.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { round, summarize, watchdog, type Measurement } from './_stats';

// The configuration must be in place before any lib module reads it.
const BENCH_DB = process.env.BENCH_DATABASE_URL;
if (BENCH_DB) process.env.DATABASE_URL = BENCH_DB;
else {
  delete process.env.DATABASE_URL;
  process.env.PGLITE_DATA_DIR = 'memory://';
}
process.env.LOG_LEVEL = 'silent';
process.env.SEED_DEMO = 'false';
process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = 'true';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const PRODUCERS = 4;
watchdog('bench/webhooks.ts', SECONDS * 3 + 60);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  const [{ getDb, database, closeDatabase }, { registerTenant }, { emitEvent }, { createSubscription }, { updateWebhookSettings }, { WebhookWorker }, { closeWebhookAgents }, undici] =
    await Promise.all([
      import('@/lib/db/client'),
      import('@/lib/services/tenants/register-tenant'),
      import('@/lib/services/events/emit'),
      import('@/lib/services/webhooks/subscriptions'),
      import('@/lib/services/webhooks/settings'),
      import('@/lib/services/webhooks/worker'),
      import('@/lib/services/webhooks/http'),
      import('undici'),
    ]);

  // the receiver: answers 200 at once, notes when each webhook-id arrived
  const receivedAt = new Map<string, number>();
  let received = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const id = req.headers['webhook-id'];
      if (typeof id === 'string' && !receivedAt.has(id)) receivedAt.set(id, performance.now());
      received += 1;
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;

  const setupStarted = performance.now();
  const db = await getDb();
  const tenant = await registerTenant(db, {
    name: `Bench ${Date.now().toString(36)}`,
    admin: { username: 'bench-admin', email: 'bench-admin@bench.example', password: 'Correct-Horse-9-Battery' },
  });
  await updateWebhookSettings(db, tenant.tenantId, { allowHttpEndpoints: true });
  const sub = await createSubscription(db, tenant.tenantId, null, { endpointUrl: url, subscribedEvents: ['webhook.test'] } as never);
  const message = 'x'.repeat(160);
  const emit = () => db.transaction((tx) => emitEvent(tx, tenant.tenantId, 'webhook.test', { subscriptionId: sub.id, message }));
  const setupSeconds = (performance.now() - setupStarted) / 1000;

  // 1. baseline: raw POSTs of a delivery-sized body with delivery-like headers
  const sample = JSON.stringify({ id: crypto.randomUUID(), type: 'webhook.test', tenantId: tenant.tenantId, createdAt: new Date().toISOString(), data: { subscriptionId: sub.id, message } });
  const agent = new undici.Agent({ connections: CONCURRENCY, keepAliveTimeout: 4_000 });
  const post = async () => {
    const res = await undici.request(url, {
      method: 'POST',
      dispatcher: agent,
      body: sample,
      headers: { 'content-type': 'application/json', 'webhook-id': 'baseline', 'webhook-timestamp': '0', 'webhook-signature': 'v1,' + 'A'.repeat(44) },
    });
    await res.body.dump();
    return res.statusCode === 200;
  };
  const measureBaseline = async (seconds: number) => {
    const latencies: number[] = [];
    let errors = 0;
    const started = performance.now();
    const deadline = started + seconds * 1000;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (performance.now() < deadline) {
          const t0 = performance.now();
          const ok = await post().catch(() => false);
          latencies.push(performance.now() - t0);
          if (!ok) errors += 1;
        }
      }),
    );
    return summarize('baseline: raw HTTP POST to the receiver', latencies, (performance.now() - started) / 1000, errors);
  };
  await measureBaseline(0.5); // warm-up
  const baseline = await measureBaseline(SECONDS);
  await agent.close();

  // 2-4: through the outbox and the worker
  let worker = new WebhookWorker(await database(), { concurrency: CONCURRENCY, pollIntervalMs: 500 });
  await worker.start();
  const committedAt = new Map<string, number>();
  let emitErrors = 0;
  const emitOne = async () => {
    try {
      const event = await emit();
      committedAt.set(event.id, performance.now());
    } catch {
      emitErrors += 1;
    }
  };
  const drain = async (ids: string[], timeoutMs: number) => {
    const deadline = performance.now() + timeoutMs;
    while (ids.some((id) => !receivedAt.has(id)) && performance.now() < deadline) await sleep(20);
  };
  const latenciesOf = (ids: string[]) => ids.filter((id) => receivedAt.has(id)).map((id) => receivedAt.get(id)! - committedAt.get(id)!);

  // warm-up of the delivery path
  for (let i = 0; i < 50; i++) await emitOne();
  await drain([...committedAt.keys()], 10_000);
  committedAt.clear();

  // 2. delivery capacity: a backlog committed while the worker is paused, then drained
  await worker.stop();
  const BACKLOG = Number(process.env.BENCH_BACKLOG ?? (BENCH_DB ? 2000 : 600));
  for (let i = 0; i < BACKLOG; i += 100) {
    await db.transaction(async (tx) => {
      for (let j = i; j < Math.min(BACKLOG, i + 100); j++) committedAt.set((await emitEvent(tx, tenant.tenantId, 'webhook.test', { subscriptionId: sub.id, message })).id, 0);
    });
  }
  const backlogIds = [...committedAt.keys()];
  const drainStarted = performance.now();
  for (const id of backlogIds) committedAt.set(id, drainStarted);
  const drainWorker = new WebhookWorker(await database(), { concurrency: CONCURRENCY, pollIntervalMs: 500 });
  await drainWorker.start();
  await drain(backlogIds, 60_000);
  const drainSeconds = (performance.now() - drainStarted) / 1000;
  await drainWorker.stop();
  const capacity = summarize(`outbox + worker, draining a backlog of ${BACKLOG}: start -> receipt`, latenciesOf(backlogIds), drainSeconds);
  capacity.errors = backlogIds.length - latenciesOf(backlogIds).length;
  committedAt.clear();
  worker = new WebhookWorker(await database(), { concurrency: CONCURRENCY, pollIntervalMs: 500 });
  await worker.start();

  // 2. saturation: producers commit as fast as they can for SECONDS; deliveries are counted in the same window
  const windowStart = performance.now();
  const windowEnd = windowStart + SECONDS * 1000;
  const receivedBefore = received;
  await Promise.all(
    Array.from({ length: PRODUCERS }, async () => {
      while (performance.now() < windowEnd) {
        await emitOne();
        // like requests arriving over the network: let I/O run between commits (an embedded PGlite
        // answers without ever leaving the microtask queue)
        await new Promise((resolve) => setImmediate(resolve));
      }
    }),
  );
  const deliveredInWindow = received - receivedBefore;
  const saturationIds = [...committedAt.keys()];
  const committedPerSecond = saturationIds.length / SECONDS;
  await drain(saturationIds, 30_000);
  const saturationLatency = summarize(`outbox + worker with ${PRODUCERS} producers committing flat out: commit -> receipt`, latenciesOf(saturationIds), SECONDS);
  const sustained = round(deliveredInWindow / SECONDS);
  const saturation: Measurement = { ...saturationLatency, ops: deliveredInWindow, opsPerSecond: sustained, errors: emitErrors + saturationIds.length - latenciesOf(saturationIds).length };
  committedAt.clear();

  // 3. steady load at half the sustained rate: latency without a backlog
  const rate = Math.max(1, Math.floor(Math.min(sustained, committedPerSecond) / 2));
  const steadyStart = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; performance.now() - steadyStart < SECONDS * 1000; i++) {
    const due = steadyStart + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    pending.push(emitOne());
  }
  await Promise.all(pending);
  const steadyIds = [...committedAt.keys()];
  await drain(steadyIds, 30_000);
  const steady = summarize(`outbox + worker at ${rate}/s: commit -> receipt`, latenciesOf(steadyIds), (performance.now() - steadyStart) / 1000);
  steady.errors = steadyIds.length - latenciesOf(steadyIds).length;
  await worker.stop();

  const rows = [baseline, capacity, saturation, steady];
  const header = ['measurement', 'ops', 'errors', 'ops/s', 'p50 ms', 'p99 ms', 'mean ms'];
  const cells = rows.map((r) => [r.name, String(r.ops), String(r.errors), r.opsPerSecond.toFixed(1), r.p50Ms.toFixed(1), r.p99Ms.toFixed(1), r.meanMs.toFixed(1)]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => c.map((v, i) => (i === 0 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!))).join('  ');
  const dbName = BENCH_DB ? 'PostgreSQL (BENCH_DATABASE_URL)' : 'PGlite in memory';
  console.log(`\nwebhook benchmark: ${SECONDS}s per phase, ${CONCURRENCY} in flight, ${PRODUCERS} producers, ${os.cpus().length} CPUs, node ${process.version}, ${dbName}`);
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const c of cells) console.log(line(c));
  const ratio = round(capacity.opsPerSecond / baseline.opsPerSecond);
  console.log(
    `\nsustained deliveries/s: ${capacity.opsPerSecond} draining a backlog (${ratio} of the raw POST rate); ${sustained} while ${PRODUCERS} producers commit ${round(committedPerSecond)} events/s in the same process`,
  );
  console.log('latency of a delivery = from the commit of the event to its arrival at the receiver');

  const results = {
    benchmark: 'webhooks',
    date: new Date().toISOString(),
    environment: {
      node: process.version,
      platform: `${process.platform}-${process.arch}`,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      database: BENCH_DB ? 'postgres' : 'pglite (memory://)',
    },
    parameters: { secondsPerPhase: SECONDS, concurrency: CONCURRENCY, producers: PRODUCERS, payloadBytes: Buffer.byteLength(sample) },
    setupSeconds: round(setupSeconds),
    baseline,
    capacity: { ...capacity, backlog: BACKLOG },
    saturation: { ...saturation, committedPerSecond: round(committedPerSecond) },
    steady: { ...steady, ratePerSecond: rate },
    sustainedDeliveriesPerSecond: capacity.opsPerSecond,
    deliveriesPerSecondWhileProducing: sustained,
    deliveriesPerRawPost: ratio,
  };
  const dir = path.join(process.cwd(), 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'webhooks.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log(`written ${path.relative(process.cwd(), path.join(dir, 'webhooks.json'))}`);

  await closeWebhookAgents();
  server.closeAllConnections();
  server.close();
  await closeDatabase();
}

main()
  .then(() => process.exit(0))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
