/**
 * Card API benchmark: what does the gateway cost on top of the processor?
 *
 *   npm run bench -- card            (BENCH_SECONDS=5 BENCH_CONCURRENCY=4 by default)
 *
 * One in-memory PGlite database, one tenant, one active card. For BENCH_SECONDS each, the same
 * `card/info` request:
 *   (a) the bare route handler POST /api/bench/envelope (a constant Envelope B; BENCH_ROUTES=true),
 *   (b) straight to the sandbox processor's HTTP server (lib/card-processor/server.ts) over a
 *       keep-alive connection, no gateway,
 *   (c) through the gateway route handler in process with the built-in sandbox (the default set-up),
 *   (d) through the gateway with CARD_PROCESSOR_URL pointing at the server of (b) (HTTP client path).
 * Prints a table with the ratios to (c) and writes bench/results/card.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { measure as measureOps, watchdog, type Measurement } from './_stats';

process.env.PGLITE_DATA_DIR = 'memory://';
process.env.LOGIN_RATE_LIMIT_MAX = '1000000';
// the route-class rate limits have their own benchmark (bench/rate-limit.ts); here they must not bite
for (const cls of ['DEFAULT', 'LOGIN', 'REGISTRATION', 'WEBHOOKS', 'CARD']) process.env[`RATE_LIMIT_${cls}_MAX`] = '1000000';
process.env.LOG_LEVEL = 'silent';
process.env.SEED_DEMO = 'false';
delete process.env.DATABASE_URL;
delete process.env.CARD_PROCESSOR_URL;
process.env.BENCH_ROUTES = 'true';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const PASSWORD = 'Correct-Horse-9-Battery';
watchdog('bench/card.ts', SECONDS * 4 + 90);

/** The shared runner of bench/_stats.ts with this benchmark's duration and concurrency. */
const measure = (name: string, op: () => Promise<boolean>, seconds = SECONDS): Promise<Measurement> => measureOps(name, seconds, CONCURRENCY, op);

async function main(): Promise<void> {
  const [{ NextRequest }, { getDb, closeDatabase }, { registerTenant }, loginRoute, cardRoute, schema, { createSandboxProcessor }, { serveCardProcessor }, cardProcessor, { resetEnvCache }, core, { Agent, request }, bareRoute] =
    await Promise.all([
      import('next/server'),
      import('@/lib/db/client'),
      import('@/lib/services/tenants/register-tenant'),
      import('@/app/api/auth/login/route'),
      import('@/app/api/v2.1/card/virtual/[...operation]/route'),
      import('@/lib/db/schema'),
      import('@/lib/card-processor/sandbox'),
      import('@/lib/card-processor/server'),
      import('@/lib/card-processor'),
      import('@/lib/env'),
      import('@/lib/card-processor/sandbox/core'),
      import('undici'),
      import('@/app/api/bench/envelope/route'),
    ]);

  // --- set-up: tenant, admin token, customer, cardholder, active card
  const db = await getDb();
  const tenant = await registerTenant(db, { name: `Bench ${Date.now().toString(36)}`, admin: { username: 'bench-admin', email: 'bench-admin@bench.example', password: PASSWORD } });
  const context = { 'X-Tenant-ID': tenant.tenantId, 'X-Forwarded-For': '198.18.0.1', 'X-Forwarded-From': 'bench', platform: 'web', deviceId: 'bench-1', 'User-Agent': 'bench/card.ts' };
  const loginRes = await loginRoute.POST(
    new NextRequest(new URL('/api/auth/login', 'http://localhost:3000'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...context },
      body: JSON.stringify({ email: 'bench-admin@bench.example', password: PASSWORD, tenantId: tenant.tenantId }),
    }),
    { params: Promise.resolve({}) },
  );
  const { accessToken } = (await loginRes.json()) as { accessToken: string };
  const [customer] = await db.insert(schema.customers).values({ tenantId: tenant.tenantId, customerType: 'INDIVIDUAL', status: 'ACTIVE', displayName: 'Bench' }).returning();
  const sandbox = createSandboxProcessor();
  const ctx = { tenantId: tenant.tenantId, userId: tenant.userId, requestId: 'bench', scope: { kind: 'tenant' as const } };
  const run = async (operation: string, body: Record<string, unknown>) => {
    const r = await sandbox.execute({ operation: operation as never, body, context: ctx });
    if (!r.ok) throw new Error(`${operation}: ${r.reason}`);
    return r.data as Record<string, string>;
  };
  const holder = await run('cardholder/create', {
    firstName: 'Bea',
    lastName: 'Bench',
    email: 'bea@bench.example',
    phone: '+4915112345679',
    dateOfBirth: '1990-01-01',
    billingAddress: { line1: 'Benchstr. 1', city: 'Berlin', postalCode: '10115', country: 'DE' },
    customerId: customer!.id,
    idempotencyKey: 'bench-holder',
  });
  const applied = await run('card/apply', { cardholderId: holder.cardholderId, currency: 'EUR', idempotencyKey: 'bench-card' });
  const [row] = await db.select().from(schema.cards).where((await import('drizzle-orm')).eq(schema.cards.id, applied.cardId!));
  const cardNo = core.decryptPan(await core.cardKeys(db), row!);
  await run('secure/otp/send', { cardNo, purpose: 'ACTIVATE' });
  await run('card/activate', { cardNo, otp: (await run('sandbox/otp/peek', { cardNo, purpose: 'ACTIVATE' })).otp });

  const body = JSON.stringify({ cardNo });
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${accessToken}`, ...context };
  const gatewayRequest = () => new NextRequest(new URL('/api/v2.1/card/virtual/card/info', 'http://localhost:3000'), { method: 'POST', headers, body });
  const params = { params: Promise.resolve({ operation: ['card', 'info'] }) };

  const served = await serveCardProcessor(sandbox);
  const agent = new Agent({ connections: CONCURRENCY, keepAliveTimeout: 30_000 });
  const direct = async () => {
    const res = await request(`${served.url}/operations/card/info`, {
      method: 'POST',
      dispatcher: agent,
      headers: { 'content-type': 'application/json', 'x-tenant-id': tenant.tenantId, 'x-user-id': tenant.userId, 'x-request-id': 'bench', 'x-card-scope': 'tenant' },
      body,
    });
    const json = (await res.body.json()) as { ok?: boolean };
    return res.statusCode === 200 && json.ok === true;
  };
  const viaGateway = async () => {
    const res = await cardRoute.POST(gatewayRequest(), params);
    const json = (await res.json()) as { success?: boolean };
    return res.status === 200 && json.success === true;
  };
  const viaBare = async () => {
    const res = await bareRoute.POST(new NextRequest(new URL('/api/bench/envelope', 'http://localhost:3000'), { method: 'POST', headers, body }), { params: Promise.resolve({}) });
    return res.status === 200 && ((await res.json()) as { success?: boolean }).success === true;
  };

  // sanity + warm-up
  for (const [name, op] of [['bare', viaBare], ['direct', direct], ['gateway', viaGateway]] as const) {
    if (!(await op())) throw new Error(`${name}: the first card/info did not succeed`);
    await measure('warm-up', op, 0.5);
  }
  const results: Measurement[] = [];
  results.push(await measure('(a) bare route /api/bench/envelope (constant B)', viaBare));
  results.push(await measure('(b) sandbox HTTP server directly (keep-alive)', direct));
  results.push(await measure('(c) gateway -> sandbox in process', viaGateway));
  process.env.CARD_PROCESSOR_URL = served.url;
  resetEnvCache();
  await cardProcessor.resetCardProcessor();
  if (!(await viaGateway())) throw new Error('gateway over HTTP: the first card/info did not succeed');
  await measure('warm-up', viaGateway, 0.5);
  results.push(await measure('(d) gateway -> HTTP client -> sandbox server', viaGateway));

  const gateway = results[2]!;
  const ratio = (m: Measurement) => Math.round((m.opsPerSecond / gateway.opsPerSecond) * 100) / 100;
  const header = ['measurement', 'ops', 'errors', 'ops/s', 'p50 ms', 'p99 ms', '÷ (c)'];
  const cells = results.map((r) => [r.name, String(r.ops), String(r.errors), r.opsPerSecond.toFixed(1), r.p50Ms.toFixed(2), r.p99Ms.toFixed(2), ratio(r).toFixed(2)]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => c.map((v, i) => (i === 0 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!))).join('  ');
  console.log(`\ncard benchmark: card/info, ${SECONDS}s per measurement, concurrency ${CONCURRENCY}, ${os.cpus().length} CPUs, node ${process.version}, PGlite in memory`);
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const c of cells) console.log(line(c));

  const out = {
    benchmark: 'card',
    date: new Date().toISOString(),
    environment: { node: process.version, platform: `${process.platform}-${process.arch}`, cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? 'unknown', database: 'pglite (memory://)' },
    parameters: { secondsPerMeasurement: SECONDS, concurrency: CONCURRENCY, operation: 'card/info' },
    measurements: results,
    ratios: {
      bareOverGateway: ratio(results[0]!),
      directProcessorOverGateway: ratio(results[1]!),
      gatewayOverHttpOverGateway: ratio(results[3]!),
    },
  };
  const dir = path.join(process.cwd(), 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'card.json'), `${JSON.stringify(out, null, 2)}\n`);
  await cardProcessor.resetCardProcessor();
  await agent.close();
  await served.close();
  await closeDatabase();
}

main()
  .then(() => process.exit(0))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
