/**
 * Login benchmark: how close does a full sign-in through POST /api/auth/login get to the raw
 * argon2id verification rate that bounds it?
 *
 *   npx tsx bench/login.ts            (BENCH_SECONDS=5 BENCH_CONCURRENCY=4 by default)
 *
 * Opens its own in-memory PGlite database, creates a tenant with its administrator, then measures
 * for BENCH_SECONDS each: (a) verifySecret() against the user's hash, (b) the login route handler
 * called in process with a real NextRequest. Prints a table and writes bench/results/login.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { measure, printTable, watchdog } from './_stats';

// The configuration must be in place before any lib module reads it.
process.env.PGLITE_DATA_DIR = 'memory://';
process.env.LOGIN_RATE_LIMIT_MAX = '1000000';
// the route-class rate limits have their own benchmark (bench/rate-limit.ts); here they must not bite
for (const cls of ['DEFAULT', 'LOGIN', 'REGISTRATION', 'WEBHOOKS', 'CARD']) process.env[`RATE_LIMIT_${cls}_MAX`] = '1000000';
process.env.LOG_LEVEL = 'silent';
process.env.SEED_DEMO = 'false';
delete process.env.DATABASE_URL;

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const PASSWORD = 'Correct-Horse-9-Battery';
// A hard bound on the whole run, whatever happens.
watchdog('bench/login.ts', SECONDS * 2 + 60);

async function main(): Promise<void> {
  const [{ NextRequest }, { getDb, closeDatabase }, { registerTenant }, { verifySecret }, loginRoute, { users }, { and, eq }] = await Promise.all([
    import('next/server'),
    import('@/lib/db/client'),
    import('@/lib/services/tenants/register-tenant'),
    import('@/lib/services/identity/passwords'),
    import('@/app/api/auth/login/route'),
    import('@/lib/db/schema'),
    import('drizzle-orm'),
  ]);

  const setupStarted = performance.now();
  const db = await getDb();
  const tenant = await registerTenant(db, {
    name: `Bench ${Date.now().toString(36)}`,
    admin: { username: 'bench-admin', email: 'bench-admin@bench.example', password: PASSWORD },
  });
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(and(eq(users.tenantId, tenant.tenantId), eq(users.id, tenant.userId)));
  const passwordHash = user!.passwordHash;
  const setupSeconds = (performance.now() - setupStarted) / 1000;

  const body = JSON.stringify({ email: 'bench-admin@bench.example', password: PASSWORD, tenantId: tenant.tenantId });
  let n = 0;
  const login = async (): Promise<boolean> => {
    n += 1;
    const req = new NextRequest(new URL('/api/auth/login', 'http://localhost:3000'), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'X-Tenant-ID': tenant.tenantId,
        // a different end-user IP per request, as from many clients
        'X-Forwarded-For': `198.18.${(n >> 8) & 255}.${n & 255}`,
        'X-Forwarded-From': 'bench',
        platform: 'web',
        deviceId: `bench-${n}`,
        'User-Agent': 'bench/login.ts',
      },
      body,
    });
    const res = await loginRoute.POST(req, { params: Promise.resolve({}) });
    const json = (await res.json()) as { accessToken?: string };
    return res.status === 200 && typeof json.accessToken === 'string';
  };
  const verify = () => verifySecret(passwordHash, PASSWORD);

  // sanity and warm-up (JIT, module caches, the signing key)
  if (!(await login())) throw new Error('the login route did not answer 200 for the bench user');
  if (!(await verify())) throw new Error('verifySecret did not accept the bench password');
  await measure('warm-up', 0.5, CONCURRENCY, verify);
  await measure('warm-up', 0.5, CONCURRENCY, login);

  const verifies = await measure('argon2id verify (verifySecret)', SECONDS, CONCURRENCY, verify);
  const logins = await measure('POST /api/auth/login (in process)', SECONDS, CONCURRENCY, login);
  const ratio = Math.round((logins.opsPerSecond / verifies.opsPerSecond) * 1000) / 1000;

  const rows = [verifies, logins];
  console.log(`\nlogin benchmark: ${SECONDS}s per measurement, concurrency ${CONCURRENCY}, ${os.cpus().length} CPUs, node ${process.version}, PGlite in memory`);
  printTable(rows);
  console.log(`\nlogins/s ÷ verifies/s = ${ratio}`);

  const results = {
    benchmark: 'login',
    date: new Date().toISOString(),
    environment: {
      node: process.version,
      platform: `${process.platform}-${process.arch}`,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      uvThreadpoolSize: Number(process.env.UV_THREADPOOL_SIZE ?? 4),
      database: 'pglite (memory://)',
    },
    parameters: { secondsPerMeasurement: SECONDS, concurrency: CONCURRENCY, argon2: { algorithm: 'argon2id', memoryCost: 19456, timeCost: 2, parallelism: 1 } },
    setupSeconds: Math.round(setupSeconds * 100) / 100,
    verify: verifies,
    login: logins,
    loginsPerVerify: ratio,
  };
  const dir = path.join(process.cwd(), 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'login.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log(`written ${path.relative(process.cwd(), path.join(dir, 'login.json'))}`);
  await closeDatabase();
}

main()
  .then(() => process.exit(0))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
