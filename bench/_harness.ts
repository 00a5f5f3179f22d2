/**
 * The harness of the HTTP benchmarks (bench/http.ts): a production build, `npm start` started on a
 * port of the bench's range with every rate limit raised, the time to its first 200 and its resident
 * memory, autocannon against it, medians of three runs, a throw-away PostgreSQL database.
 * Not a benchmark itself (bench/run.ts skips files that start with an underscore).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { round } from './_stats';

export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Ports the bench may listen on (BENCH_PORTS=4100-4199 by default). */
const [PORT_LOW, PORT_HIGH] = (process.env.BENCH_PORTS ?? '4100-4199').split('-').map(Number) as [number, number];

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * What must not outlive the bench, however it ends (an error, the watchdog, Ctrl-C, a timeout's
 * SIGTERM): the servers it started and its PostgreSQL database. Synchronous, as on 'exit'.
 */
const cleanups = new Set<() => void>();
process.on('exit', () => cleanups.forEach((c) => c()));
/** Runs `fn` (synchronous) when the process ends, unless the returned function is called first. */
export function onExit(fn: () => void): () => void {
  cleanups.add(fn);
  return () => void cleanups.delete(fn);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

/** The first port of the range nobody listens on (and that no earlier call handed out). */
const handedOut = new Set<number>();
export async function benchPort(): Promise<number> {
  const free = (port: number) =>
    new Promise<boolean>((resolve) => {
      const probe = net.createServer().once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
  for (let port = PORT_LOW; port <= PORT_HIGH; port++) {
    if (!handedOut.has(port) && (await free(port))) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error(`no free port in ${PORT_LOW}-${PORT_HIGH}`);
}

/** Newest modification time under `p` (files and directories, recursively). */
function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const stat = statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(p).map((f) => newestMtime(path.join(p, f))));
}

/** Runs `npm run build` when .next is missing or older than a source the build reads. */
export function ensureBuild(): void {
  const built = path.join(REPO_ROOT, '.next', 'BUILD_ID');
  const sources = ['app', 'lib', 'components', 'proxy.ts', 'instrumentation.ts', 'next.config.mjs', 'package-lock.json'];
  const newest = Math.max(...sources.map((s) => newestMtime(path.join(REPO_ROOT, s))));
  if (existsSync(built) && (statSync(built).mtimeMs > newest || process.env.BENCH_SKIP_BUILD === 'true')) return;
  console.log(existsSync(built) ? 'the production build is older than the sources: npm run build' : 'no production build: npm run build');
  const result = spawnSync('npm', ['run', 'build'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run build failed');
}

/** Every rate limit of lib/env.ts out of the way: the bench measures the routes, not the throttles. */
export const RAISED_RATE_LIMITS: Record<string, string> = Object.fromEntries(
  ['LOGIN_RATE_LIMIT_MAX', 'REGISTRATION_RATE_LIMIT_MAX', ...['DEFAULT', 'LOGIN', 'REGISTRATION', 'WEBHOOKS', 'CARD'].map((c) => `RATE_LIMIT_${c}_MAX`)].map((k) => [k, '1000000']),
);

export interface Server {
  url: string;
  pid: number;
  /** milliseconds from spawning the process until it is ready (the first 200 of /api/health) */
  startMs: number;
  /** resident memory of the process in MiB, read from /proc/<pid>/status */
  rssMiB: () => number;
  stop: () => Promise<void>;
}

/** Resident memory of a process in MiB (VmRSS of /proc/<pid>/status). */
export function rssMiB(pid: number): number {
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return line ? round(Number(line[1]) / 1024) : NaN;
}

/**
 * Spawns `args` (node with a script) with exactly `env` on top of PATH and HOME, and waits until
 * `ready` (default: the first 200 of GET /api/health). The process's output is kept for the error when it dies.
 */
export async function startServer(
  name: string,
  args: string[],
  env: Record<string, string>,
  port: number,
  {
    ready = (url: string) =>
      fetch(`${url}/api/health`).then(
        (r) => r.arrayBuffer().then(() => r.status === 200),
        () => false,
      ),
  }: { ready?: (url: string) => Promise<boolean> } = {},
): Promise<Server> {
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (d: Buffer) => (output = (output + d.toString('utf8')).slice(-4000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const kill = () => void child.kill('SIGKILL');
  cleanups.add(kill);
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  void exited.then(() => cleanups.delete(kill));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  const deadline = started + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode} before answering:\n${output}`);
    if (await ready(url)) break;
    if (performance.now() > deadline) {
      await stop();
      throw new Error(`${name} did not answer 200 within 120 s:\n${output}`);
    }
    await sleep(25);
  }
  return { url, pid: child.pid!, startMs: Math.round(performance.now() - started), rssMiB: () => rssMiB(child.pid!), stop };
}

/** One autocannon run, reduced to what the report needs. */
export interface Load {
  /** expected answers (2xx, or 4xx for a load that expects them: `expect`) per second */
  rps: number;
  requests: number;
  /** answers other than the expected class (`expect`) */
  non2xx: number;
  status5xx: number;
  errors: number;
  p50Ms: number;
  p99Ms: number;
  seconds: number;
  /** bytes read per answer, status line and headers included */
  bytesPerAnswer: number;
}

export interface LoadOptions {
  path: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** a fresh request per call (autocannon's setupRequest): body and headers that must differ */
  next?: () => { headers?: Record<string, string>; body?: string };
  connections?: number;
  /** seconds (default BENCH_SECONDS, 5), unless `amount` requests are given */
  seconds?: number;
  amount?: number;
  /** the class of answer counted in `rps` (default 2xx; 4xx for the 404 envelope) */
  expect?: '2xx' | '4xx';
}

/** A payer of the payout loads: a funded wallet and the payment consent its payouts name. */
export interface Payer {
  walletId: string;
  consentId: string;
}

/** A wallet of `customerId` funded with `amount` EUR, and a recurring payment consent on it (payouts of at most 10). */
export async function fundedPayer(post: <T>(path: string, data: unknown) => Promise<T>, customerId: string, name: string, amount: string): Promise<Payer> {
  const wallet = await post<{ id: string }>('/api/v2.1/wallets', { customerId, currency: 'EUR', name });
  await post(`/api/v2.1/wallets/${wallet.id}/sandbox/fund`, { amount, currency: 'EUR' });
  const consent = await post<{ id: string }>('/api/v2.1/payment-consents', {
    walletId: wallet.id,
    scope: 'RECURRING_PAYMENTS',
    maxAmountPerPayment: '10',
    currency: 'EUR',
    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
  });
  return { walletId: wallet.id, consentId: consent.id };
}

/**
 * The payout loads' request: POST /transfers of 1.00 EUR to the beneficiary from the payer `pick`
 * gives for the `next()` number, under a fresh Idempotency-Key (`<keyPrefix>-<number>`) each.
 */
export function payoutLoad(headers: Record<string, string>, beneficiaryId: string, next: () => number, keyPrefix: string, pick: (i: number) => Payer): Omit<LoadOptions, 'connections'> {
  return {
    path: '/api/v2.1/transfers',
    method: 'POST',
    headers,
    next: () => {
      const i = next();
      const payer = pick(i);
      const body = { walletId: payer.walletId, beneficiary: { id: beneficiaryId }, amount: '1.00', currency: 'EUR', reference: `bench ${i}`, paymentConsentId: payer.consentId };
      return { headers: { 'idempotency-key': `${keyPrefix}-${i}` }, body: JSON.stringify(body) };
    },
  };
}

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
export const CONNECTIONS = 10;

/** Runs autocannon once against `base`. */
export async function load(base: string, o: LoadOptions): Promise<Load> {
  const started = performance.now();
  // the time of the last answer: autocannon ends a run on its one-second tick, so a run of a fixed
  // number of requests measured by its own end reads 200 in 1.2 s as 200 in 2 s (100/s)
  let lastAnswer = started;
  const result = await autocannon({
    url: base,
    connections: o.connections ?? CONNECTIONS,
    ...(o.amount ? { amount: o.amount } : { duration: o.seconds ?? SECONDS }),
    timeout: 30,
    requests: [
      {
        method: o.method ?? 'GET',
        path: o.path,
        headers: { ...(o.body || o.next ? { 'content-type': 'application/json' } : {}), ...o.headers },
        body: o.body,
        onResponse: () => {
          lastAnswer = performance.now();
        },
        ...(o.next
          ? {
              setupRequest: (req: autocannon.Request) => {
                const fresh = o.next!();
                return { ...req, headers: { ...req.headers, ...fresh.headers }, body: fresh.body ?? req.body };
              },
            }
          : {}),
      },
    ],
  });
  const seconds = ((o.amount ? lastAnswer : performance.now()) - started) / 1000;
  const expected = o.expect === '4xx' ? result['4xx'] : result['2xx'];
  return {
    rps: round(expected / seconds),
    requests: result.requests.total,
    non2xx: o.expect === '4xx' ? result.requests.total - result['4xx'] : result.non2xx,
    status5xx: result['5xx'],
    errors: result.errors,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    seconds: round(seconds),
    bytesPerAnswer: result.requests.total ? Math.round(result.throughput.total / result.requests.total) : 0,
  };
}

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const MS_PER_TICK = 1000 / 100;

/** utime + stime in ms of a /proc/<pid>[/task/<tid>]/stat file. Linux only. */
export function cpuMs(statPath: string): number {
  const fields = readFileSync(statPath, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
}

/** Busy ms of all CPUs together since boot (user, nice, system, irq, softirq), from /proc/stat. */
export function machineBusyMs(): number {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.split(/\s+/).map(Number);
  return (ticks[0]! + ticks[1]! + ticks[2]! + ticks[5]! + ticks[6]!) * MS_PER_TICK;
}

/** CPU ms of every PostgreSQL process on this machine (postmaster, backends, background workers), from /proc. Linux only. */
export function postgresCpuMs(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.includes('(postgres)')) total += cpuMs(`/proc/${entry}/stat`);
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

/** Runs `fn` and reports the machine's busy CPU ms meanwhile (every process, this one included). */
export async function withMachineCpu<T>(fn: () => Promise<T>): Promise<{ value: T; busyMs: number }> {
  const before = machineBusyMs();
  const value = await fn();
  return { value, busyMs: machineBusyMs() - before };
}

/** The median run of several (by rate), and every run's rate. */
export function medianLoad(runs: Load[]): Load & { runs: number[]; totalNon2xx: number; total5xx: number } {
  const sorted = [...runs].sort((a, b) => a.rps - b.rps);
  const mid = sorted[Math.floor(sorted.length / 2)]!;
  return {
    ...mid,
    runs: runs.map((r) => r.rps),
    totalNon2xx: runs.reduce((a, r) => a + r.non2xx + r.errors, 0),
    total5xx: runs.reduce((a, r) => a + r.status5xx, 0),
  };
}

/** `ops` from `concurrency` workers for `seconds`, in this process: operations per second. */
export async function inProcessRate(seconds: number, concurrency: number, op: () => Promise<boolean>): Promise<number> {
  let done = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) if (await op()) done += 1;
    }),
  );
  return round(done / ((performance.now() - started) / 1000));
}

/** Runs `fn` on many items with at most `limit` in flight. */
export async function inParallel<T, R>(items: T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!, i);
      }
    }),
  );
  return out;
}

/** A fresh PostgreSQL database next to `adminUrl` for `fn`, dropped afterwards whatever happens. */
export async function withFreshPostgres<T>(adminUrl: string, fn: (url: string, stats: () => Promise<number>) => Promise<T>): Promise<T> {
  const { Client } = await import('pg');
  const admin = new Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
  await admin.connect();
  const name = `bench_http_${process.pid}_${Date.now().toString(36)}`;
  await admin.query(`create database "${name}"`);
  const dropSql = `drop database if exists "${name}" with (force)`;
  const dropOnExit = () => void spawnSync('psql', [adminUrl, '-qc', dropSql], { stdio: 'ignore' });
  cleanups.add(dropOnExit);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    // committed + rolled-back transactions of the bench database so far (PostgreSQL's statistics)
    const stats = async () => {
      await admin.query('select pg_stat_clear_snapshot()');
      const { rows } = await admin.query<{ n: string }>('select (xact_commit + xact_rollback)::text as n from pg_stat_database where datname = $1', [name]);
      return Number(rows[0]?.n ?? NaN);
    };
    return await fn(url.toString(), stats);
  } finally {
    cleanups.delete(dropOnExit);
    await admin.query(dropSql);
    await admin.end();
  }
}

/** The server environment of `npm start` for the benchmarks: production, the e2e secrets, no throttles. */
export async function serverEnv(port: number, dbEnv: Record<string, string>): Promise<Record<string, string>> {
  const { E2E_PLATFORM_KEY, E2E_PRODUCTION_SECRETS } = await import('../tests/e2e/fixtures');
  return {
    NODE_ENV: 'production',
    PORT: String(port),
    HOSTNAME: '127.0.0.1',
    NEXTAUTH_URL: `http://127.0.0.1:${port}`,
    ...E2E_PRODUCTION_SECRETS,
    PLATFORM_ADMIN_KEY: E2E_PLATFORM_KEY,
    SEED_DEMO: 'false',
    // request logs at info would measure pino and this process reading them
    LOG_LEVEL: 'warn',
    SANDBOX_FUNDING: 'true',
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    ...RAISED_RATE_LIMITS,
    // DATABASE_STATEMENT_CACHE=0 measures without statements prepared once (docs/performance.md)
    ...(process.env.DATABASE_STATEMENT_CACHE ? { DATABASE_STATEMENT_CACHE: process.env.DATABASE_STATEMENT_CACHE } : {}),
    // PGLITE_THREAD=false measures the embedded database in the server's thread (docs/performance.md)
    ...(process.env.PGLITE_THREAD ? { PGLITE_THREAD: process.env.PGLITE_THREAD } : {}),
    ...dbEnv,
  };
}
