/**
 * Transfers benchmark: transfers/s on PGlite and on PostgreSQL, against a baseline measured in the
 * same run on the same database (a wallet read, GET /wallets/{id}'s service).
 *
 *   npm run bench -- transfers        (BENCH_SECONDS=5 BENCH_CONCURRENCY=4 by default)
 *
 * Each driver gets its own database: PGlite in memory, and a fresh PostgreSQL database created next
 * to DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) and dropped afterwards. The
 * services are called in process (createTransfer with its Idempotency-Key, the same code path as
 * POST /api/v2.1/transfers minus HTTP parsing). Measured: the wallet read (baseline), transfers
 * that all hit ONE wallet (they serialize on its row lock), and transfers spread over one wallet
 * per worker. After each run the ledger must reconcile. Writes bench/results/transfers.json.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { round, summarize, watchdog, type Measurement } from './_stats';

process.env.PGLITE_DATA_DIR = 'memory://';
process.env.LOG_LEVEL = 'silent';
process.env.SEED_DEMO = 'false';
const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
delete process.env.DATABASE_URL;

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
watchdog('bench/transfers.ts', SECONDS * 8 + 120);

async function measure(name: string, seconds: number, concurrency: number, op: (worker: number) => Promise<boolean>): Promise<Measurement> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        const ok = await op(worker).catch(() => false);
        latencies.push(performance.now() - t0);
        if (!ok) errors += 1;
      }
    }),
  );
  return summarize(name, latencies, (performance.now() - started) / 1000, errors);
}

interface DriverResult {
  driver: string;
  baseline: Measurement;
  hotWallet: Measurement;
  spread: Measurement;
  transfersPerRead: number;
  reconciled: boolean;
}

async function runOn(driver: 'pglite' | 'postgres', url?: string): Promise<DriverResult> {
  const [{ openDatabase }, { registerTenant }, { customers, transferSettings }, wallets, beneficiaries, consents, transfers, { reconcile }] = await Promise.all([
    import('@/lib/db/client'),
    import('@/lib/services/tenants/register-tenant'),
    import('@/lib/db/schema'),
    import('@/lib/services/wallets/wallets'),
    import('@/lib/services/wallets/beneficiaries'),
    import('@/lib/services/wallets/payment-consents'),
    import('@/lib/services/wallets/transfers'),
    import('@/lib/services/ledger/reconcile'),
  ]);
  const database = await openDatabase(url ? { url, poolMax: CONCURRENCY * 2 } : { dataDir: 'memory://' });
  try {
    await database.migrate();
    const db = database.db;
    const tenant = await registerTenant(db, {
      name: `Bench ${Date.now().toString(36)}`,
      admin: { username: 'bench-admin', email: 'bench-admin@bench.example', password: 'Correct-Horse-9-Battery' },
    });
    const tenantId = tenant.tenantId;
    const actor = { userId: tenant.userId, customerId: null, roles: ['ADMIN_USER' as const] };
    await db.insert(transferSettings).values({ tenantId, fourEyesThreshold: null });
    const [customer] = await db.insert(customers).values({ tenantId, customerType: 'INDIVIDUAL', status: 'ACTIVE', displayName: 'Bench' }).returning();
    const beneficiary = await beneficiaries.createBeneficiary(db, tenantId, actor, { customerId: customer!.id, name: 'Payee', iban: 'DE89370400440532013000', country: 'DE' });
    const ready = async () => {
      const wallet = await wallets.openWallet(db, tenantId, actor, { customerId: customer!.id, currency: 'EUR' });
      await wallets.sandboxFund(db, tenantId, actor, wallet.id, { amount: '1000000000', currency: 'EUR' });
      const consent = await consents.createPaymentConsent(db, tenantId, actor, {
        walletId: wallet.id,
        scope: 'RECURRING_PAYMENTS',
        maxAmountPerPayment: '1000',
        currency: 'EUR',
        expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      });
      return { wallet, consent };
    };
    const hot = await ready();
    const spread = await Promise.all(Array.from({ length: CONCURRENCY }, ready));
    let n = 0;
    const pay = (target: Awaited<ReturnType<typeof ready>>) => async () => {
      const answer = await transfers.createTransfer(db, tenantId, actor, `bench-${driver}-${++n}`, {
        walletId: target.wallet.id,
        beneficiary: { id: beneficiary.id },
        amount: '0.01',
        currency: 'EUR',
        reference: 'bench',
        paymentConsentId: target.consent.id,
      });
      return answer.data.status === 'COMPLETED';
    };
    const read = async () => (await wallets.getWallet(db, tenantId, actor, hot.wallet.id)).status === 'ACTIVE';

    await measure('warm-up', 0.5, CONCURRENCY, read);
    await measure('warm-up', 0.5, CONCURRENCY, pay(hot));
    const baseline = await measure(`${driver}: wallet read (baseline)`, SECONDS, CONCURRENCY, read);
    const hotWallet = await measure(`${driver}: transfers, one wallet`, SECONDS, CONCURRENCY, pay(hot));
    const spreadM = await measure(`${driver}: transfers, wallet per worker`, SECONDS, CONCURRENCY, (w) => pay(spread[w]!)());
    const reconciliation = await reconcile(db, tenantId);
    return {
      driver,
      baseline,
      hotWallet,
      spread: spreadM,
      transfersPerRead: round(hotWallet.opsPerSecond / baseline.opsPerSecond),
      reconciled: reconciliation.balanced,
    };
  } finally {
    await database.close();
  }
}

/** A throw-away PostgreSQL database next to PG_URL; null when the server cannot be reached. */
async function withPostgres<T>(fn: (url: string) => Promise<T>): Promise<T | null> {
  const { Client } = await import('pg');
  const admin = new Client({ connectionString: PG_URL, connectionTimeoutMillis: 3_000 });
  try {
    await admin.connect();
  } catch (error) {
    console.warn(`PostgreSQL at ${PG_URL.replace(/\/\/[^@]*@/, '//')} unreachable, skipping: ${(error as Error).message}`);
    return null;
  }
  const name = `bench_transfers_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database "${name}"`);
  try {
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    return await fn(url.toString());
  } finally {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

async function main(): Promise<void> {
  const results: DriverResult[] = [await runOn('pglite')];
  const pg = await withPostgres((url) => runOn('postgres', url));
  if (pg) results.push(pg);

  const rows = results.flatMap((r) => [r.baseline, r.hotWallet, r.spread]);
  const header = ['measurement', 'ops', 'errors', 'ops/s', 'p50 ms', 'p99 ms', 'mean ms'];
  const cells = rows.map((r) => [r.name, String(r.ops), String(r.errors), r.opsPerSecond.toFixed(1), r.p50Ms.toFixed(1), r.p99Ms.toFixed(1), r.meanMs.toFixed(1)]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => c.map((v, i) => (i === 0 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!))).join('  ');
  console.log(`\ntransfers benchmark: ${SECONDS}s per measurement, concurrency ${CONCURRENCY}, ${os.cpus().length} CPUs, node ${process.version}`);
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const c of cells) console.log(line(c));
  for (const r of results) {
    console.log(`${r.driver}: transfers/s (one wallet) ÷ wallet reads/s = ${r.transfersPerRead}; ledger reconciled: ${r.reconciled}`);
  }
  const dir = path.join(process.cwd(), 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'transfers.json');
  writeFileSync(
    file,
    `${JSON.stringify(
      {
        benchmark: 'transfers',
        date: new Date().toISOString(),
        environment: { node: process.version, platform: `${process.platform}-${process.arch}`, cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? 'unknown' },
        parameters: { secondsPerMeasurement: SECONDS, concurrency: CONCURRENCY },
        results,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`written ${path.relative(process.cwd(), file)}`);
  if (results.some((r) => !r.reconciled)) throw new Error('the ledger did not reconcile after the benchmark');
}

main()
  .then(() => process.exit(0))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
