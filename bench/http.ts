/**
 * The platform over HTTP against `npm start` (issue 18): every figure a ratio to GET /api/health
 * measured in the same run, autocannon with 10 connections, medians of three runs, every rate limit
 * raised, on PGlite and (with BENCH_DATABASE_URL or DATABASE_URL) on a fresh PostgreSQL database.
 *
 *   npm run bench -- http      (BENCH_SECONDS=5 per run; a production build is made when stale)
 *
 * Per database: three starts of the server (time to the first 200, resident memory at idle; the
 * first on an empty database), a world built through the API (tests/e2e/money-world.ts: a tenant,
 * an ACTIVE customer, a funded wallet, an ACTIVE card; then 201 funded wallets with consents), then
 * the reads (beside the anchor's bare route and, on PostgreSQL, its read of one round trip: the
 * reads' ceiling), card/info, sign-in against argon2id verify in this process, payouts spread and from one
 * hot wallet (with the machine's CPU per spread payout and, on PostgreSQL, its processes' share: the
 * ceilings they put on payouts against health), the ledger's checks afterwards. On PostgreSQL also the gateway against the sandbox
 * processor served by its own process, and database transactions per request (pg_stat_database).
 * Prints the issue's table and its goals; writes bench/results/http-<database>.json.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  CONNECTIONS,
  REPO_ROOT,
  SECONDS,
  benchPort,
  ensureBuild,
  inParallel,
  fundedPayer,
  payoutLoad,
  type Payer,
  inProcessRate,
  load,
  median,
  medianLoad,
  onExit,
  serverEnv,
  sleep,
  startServer,
  withFreshPostgres,
  withMachineCpu,
  postgresCpuMs,
  machineBusyMs,
  type Load,
  type LoadOptions,
  type Server,
} from './_harness';
import { NOT_FOUND_PATH, startAnchors, type Anchors } from './_anchor';
import { round, watchdog } from './_stats';

// about 10 minutes for both databases on an otherwise idle 2-core machine
watchdog('bench/http.ts', Number(process.env.BENCH_LIMIT_MINUTES ?? 40) * 60);

const RUNS = 3;
const WARM_SECONDS = 3;
const PASSWORD = 'Correct-Horse-9-Battery'; // STRONG_PASSWORD of the e2e fixtures: the owner's
const SPREAD_WALLETS = 200;
/**
 * Payouts run for SECONDS like every other load, after a warm-up of their own: a count of 200 hot
 * payouts took 1-2 s, and with no warm-up its first run carried the route's first loading and JIT,
 * so the rate moved by half between runs. Funded for far more than 2 cores can pay in the time.
 */
const SPREAD_FUNDS = 1_000;
const HOT_FUNDS = 100_000;
/** BENCH_DB=pglite or postgres: one of the two only */
const ONLY = process.env.BENCH_DB;
const PAYOUT_CONNECTIONS = 20;
const SIGN_IN_CONNECTIONS = 2 * os.cpus().length;
/** PostgreSQL's statistics reach pg_stat_database at the latest 10 s after a backend went idle */
const STATS_SETTLE_MS = 11_000;
const PG_ADMIN_URL = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL;
/**
 * GET /api/health when issue 18 set its goals (its own table), on the machine of that day. Payouts
 * per second are absolute goals: scaled by this run's health rate over that one, they say what the
 * same goal asks of a faster or slower machine (printed beside the goal, not instead of it).
 */
const ISSUE_HEALTH_RPS: Record<Db, number> = { postgres: 791, pglite: 734 };

type Db = 'pglite' | 'postgres';
type Ms = ReturnType<typeof medianLoad>;

interface DbResult {
  db: Db;
  startMs: number[];
  idleRssMiB: number[];
  /** resident memory of the server the moment the last payout answered */
  rssLoadedMiB: number;
  /** and 3 s later, idle (as the idle figure at start is read) */
  rssAfterMiB: number;
  loads: Record<string, Ms>;
  ratios: Record<string, number>;
  argon2VerifyPerSecond: number[];
  /**
   * the machine's busy CPU (every process) per sign-in over HTTP and per raw verify, and per payout
   * spread over the wallets (of it PostgreSQL's processes, on PostgreSQL), medians of the runs
   */
  cpuMs: { signIn: number; verify: number; payout: number; payoutPostgres?: number };
  /**
   * The most two goals can reach on this machine, from this run's own figures: sign-in / verify if
   * the sign-ins kept every core busy (cores x 1000 / cpuMs.signIn over the verify rate), and the
   * gateway / processor if the gateway cost no more than GET /api/health does; payouts / health if
   * the payouts kept every core busy (cores x 1000 / cpuMs.payout over health's rate), and on
   * PostgreSQL the same if PostgreSQL's processes were all that ran (cpuMs.payoutPostgres): what
   * no change to our server alone can pass.
   */
  ceilings: { signInPerVerify: number; gatewayPerProcessor?: number; payoutsPerHealth: number; payoutsPerHealthPostgres?: number };
  ledger: { balanced: boolean; overdrawn: number; conserved: boolean; status5xx: number };
  transactionsPerRequest?: Record<string, number>;
}

async function main(): Promise<void> {
  const loadBefore = os.loadavg();
  ensureBuild();
  // the e2e world builders read the server's address from E2E_PORT when first imported
  const port = await benchPort();
  process.env.E2E_PORT = String(port);
  const results: DbResult[] = [];
  // the anchor (issue 28): a bare Next.js route and raw node:http, loaded in the same rounds as health
  // with PostgreSQL, the bare app's read of one round trip: the ceiling of our reads' ratio to health
  const anchors = await startAnchors({ databaseUrl: ONLY === 'pglite' ? undefined : PG_ADMIN_URL });
  const cancelAnchors = onExit(() => void anchors.stop());
  try {
    await bothDatabases(port, anchors, results);
  } finally {
    cancelAnchors();
    await anchors.stop();
  }
  writeResults(results, loadBefore, os.loadavg());
}

async function bothDatabases(port: number, anchors: Anchors, results: DbResult[]): Promise<void> {
  if (ONLY !== 'postgres') {
    const scratch = mkdtempSync(path.join(os.tmpdir(), 'bench-http-'));
    const removeScratch = () => rmSync(scratch, { recursive: true, force: true });
    const cancelRemoval = onExit(removeScratch);
    try {
      results.push(await runOn('pglite', port, anchors, { PGLITE_DATA_DIR: path.join(scratch, 'pglite') }));
    } finally {
      cancelRemoval();
      removeScratch();
    }
  }
  if (ONLY === 'pglite') console.log('\nPostgreSQL skipped (BENCH_DB=pglite)');
  else if (PG_ADMIN_URL) results.push(await withFreshPostgres(PG_ADMIN_URL, (url, stats) => runOn('postgres', port, anchors, { DATABASE_URL: url, WEBHOOK_WORKER: 'false' }, stats)));
  else console.log('\nPostgreSQL skipped: set BENCH_DATABASE_URL (or DATABASE_URL) to a server the bench may create a database on');
}

function writeResults(results: DbResult[], loadBefore: number[], loadAfter: number[]): void {
  report(results, loadBefore, loadAfter);
  const out = {
    benchmark: 'http',
    date: new Date().toISOString(),
    environment: {
      node: process.version,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      memoryGiB: round(os.totalmem() / 2 ** 30),
      loadAverageBefore: loadBefore.map(round),
      loadAverageAfter: loadAfter.map(round),
    },
    parameters: {
      secondsPerRun: SECONDS,
      runs: RUNS,
      connections: CONNECTIONS,
      signInConnections: 2,
      payouts: { secondsPerRun: SECONDS, warmSeconds: WARM_SECONDS, wallets: SPREAD_WALLETS, connections: PAYOUT_CONNECTIONS },
    },
    results,
    goals: [...goals(results), ...requestPathGoals(results)],
  };
  const dir = path.join(REPO_ROOT, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  // one file per database, so that a run of one (BENCH_DB) keeps the other's latest figures
  for (const r of results) {
    writeFileSync(path.join(dir, `http-${r.db}.json`), `${JSON.stringify({ ...out, results: [r], goals: out.goals.filter((g) => g.db === r.db) }, null, 2)}\n`);
    console.log(`written bench/results/http-${r.db}.json`);
  }
  if (results.some((r) => !r.ledger.balanced || r.ledger.overdrawn || !r.ledger.conserved || r.ledger.status5xx)) {
    throw new Error('the ledger does not reconcile, a wallet is overdrawn, money went missing, or a request answered 5xx');
  }
}

/** Three starts; the last server stays up. The first start migrates an empty database. */
async function coldStarts(env: Record<string, string>, port: number) {
  const startMs: number[] = [];
  const idleRssMiB: number[] = [];
  for (let i = 0; ; i++) {
    const server = await startServer('npm start', [path.join(REPO_ROOT, 'server', 'main.mjs')], env, port);
    await sleep(3_000);
    startMs.push(server.startMs);
    idleRssMiB.push(server.rssMiB());
    console.log(`  start ${i + 1}: first 200 after ${server.startMs} ms, ${idleRssMiB.at(-1)} MiB resident at idle`);
    if (i === RUNS - 1) return { server, startMs, idleRssMiB };
    await server.stop();
  }
}

/** Everything the scenarios need, built over HTTP as the e2e tests build it. */
async function buildWorld(base: string) {
  const { moneyWorld, context, ok } = await import('../tests/e2e/money-world');
  const { request: playwrightRequest } = await import('@playwright/test');
  const world = await moneyWorld();
  await world.close();
  const request = await playwrightRequest.newContext({ baseURL: base });
  const ctx = context(world.tenantId);
  // the owner's session for the API; its card API token for the card API (it opens nothing else)
  const auth = { ...ctx, ...world.auth };
  const cardAuth = { ...ctx, authorization: `Bearer ${world.cardToken}` };
  const users = await ok<{ items: Array<{ id: string; username: string }> }>(await request.get('/api/v2.1/admin/users?pageSize=100', { headers: auth }));
  const ownerId = users.items.find((u) => u.username === 'owner')!.id;
  const beneficiary = await ok<{ id: string }>(
    await request.post('/api/v2.1/beneficiaries', { headers: auth, data: { customerId: world.customerId, name: 'Bench Payee', iban: 'DE02120300000000202051', country: 'DE' } }),
  );
  // each payout is 1.00: a spread wallet could pay SPREAD_FUNDS of them, the hot one HOT_FUNDS
  const post = async <T>(path: string, data: unknown) => ok<T>(await request.post(path, { headers: auth, data }));
  const fundedWallet = async (i: number, amount: string) => ({ ...(await fundedPayer(post, world.customerId, `Bench ${i}`, amount)), funded: Number(amount) });
  const hot = await fundedWallet(0, String(HOT_FUNDS));
  const spread = await inParallel(
    Array.from({ length: SPREAD_WALLETS }, (_, i) => i + 1),
    4,
    (i) => fundedWallet(i, String(SPREAD_FUNDS)),
  );
  await request.dispose();
  return { ...world, context: ctx, ownerId, auth, cardAuth, beneficiaryId: beneficiary.id, hot, spread };
}
type World = Awaited<ReturnType<typeof buildWorld>>;

/**
 * One 200 first, then a warm-up of WARM_SECONDS: JIT, the route's modules, the pool, and time for
 * the database to settle after the world's thousands of writes (with 1 s, the first round of the
 * reads ran 20-40% below the next two).
 */
async function warm(base: string, o: LoadOptions): Promise<void> {
  const res = await fetch(`${base}${o.path}`, { method: o.method ?? 'GET', headers: { 'content-type': 'application/json', ...o.headers }, body: o.body });
  if (o.expect === '4xx' ? res.status < 400 || res.status >= 500 : res.status !== 200) throw new Error(`${o.method ?? 'GET'} ${o.path}: ${res.status} ${await res.text()}`);
  await load(base, { ...o, seconds: WARM_SECONDS });
}

/** RUNS rounds of every scenario one after another (so a busy machine weighs on all alike); medians. */
async function rounds(base: string, scenarios: Record<string, LoadOptions & { base?: string }>): Promise<Record<string, Ms>> {
  for (const o of Object.values(scenarios)) await warm(o.base ?? base, o);
  const runs: Record<string, Load[]> = Object.fromEntries(Object.keys(scenarios).map((k) => [k, []]));
  for (let r = 0; r < RUNS; r++) {
    for (const [name, o] of Object.entries(scenarios)) {
      const result = await load(o.base ?? base, o);
      runs[name]!.push(result);
      console.log(
        `  ${name} run ${r + 1}: ${result.rps} /s, p99 ${result.p99Ms} ms, ${result.bytesPerAnswer} B${result.non2xx || result.errors ? `, ${result.non2xx} non-2xx, ${result.errors} errors` : ''}`,
      );
    }
  }
  return Object.fromEntries(Object.entries(runs).map(([k, v]) => [k, medianLoad(v)]));
}

async function runOn(db: Db, port: number, anchors: Anchors, dbEnv: Record<string, string>, stats?: () => Promise<number>): Promise<DbResult> {
  console.log(`\n== ${db} ==`);
  const env = await serverEnv(port, dbEnv);
  const started = await coldStarts(env, port);
  let server: Server = started.server;
  try {
    const base = server.url;
    const setupStarted = performance.now();
    const world = await buildWorld(base);
    console.log(`  world built over HTTP in ${round((performance.now() - setupStarted) / 1000)} s`);
    const { auth } = world;
    const cardInfo = { path: '/api/v2.1/card/virtual/card/info', method: 'POST' as const, headers: world.cardAuth, body: JSON.stringify({ cardNo: world.card.cardId }) };
    const reads: Record<string, LoadOptions & { base?: string }> = {
      // the anchor first: the bare Next.js route, then our health and our 404 envelope
      bare: anchors.loads.bare,
      health: { path: '/api/health' },
      notFound: { path: NOT_FOUND_PATH, expect: '4xx' },
      bareNotFound: anchors.loads.bareNotFound,
      // on PostgreSQL: Next.js and node-postgres alone, one round trip on a dynamic route
      ...(db === 'postgres' && anchors.loads.bareRead ? { bareRead: anchors.loads.bareRead } : {}),
      wallet: { path: `/api/v2.1/wallets/${world.walletId}`, headers: auth },
      customer: { path: `/api/v2.1/customers/${world.customerId}`, headers: auth },
      card: cardInfo,
    };
    const loads = await rounds(base, reads);

    // Sign-in at two connections per core against argon2id verify at 2 concurrent in this process.
    // The goal compares sign-in with its CPU ceiling, the rate of sign-ins that kept every core
    // busy; a load can show that only if it can keep them busy. At one connection per core each
    // connection's own chain (its round trips, its turn on the server's one thread) left the cores
    // 20-30% idle whatever the server did (docs/performance.md, "Sign-in's load").
    const { hashSecret, verifySecret } = await import('@/lib/services/identity/passwords');
    const hash = await hashSecret(PASSWORD);
    const signIn: LoadOptions = {
      path: '/api/auth/login',
      method: 'POST',
      headers: world.context,
      body: JSON.stringify({ email: 'owner@example.com', password: PASSWORD, tenantId: world.tenantId }),
      connections: SIGN_IN_CONNECTIONS,
    };
    await warm(base, signIn);
    const signIns: Load[] = [];
    const argon2VerifyPerSecond: number[] = [];
    // the machine's CPU per sign-in and per verify: what a sign-in costs beyond its hash, in CPU
    const signInCpuMs: number[] = [];
    const verifyCpuMs: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      const signed = await withMachineCpu(() => load(base, signIn));
      signIns.push(signed.value);
      signInCpuMs.push(signed.busyMs / Math.max(1, signed.value.requests));
      const verified = await withMachineCpu(() => inProcessRate(SECONDS, 2, () => verifySecret(hash, PASSWORD)));
      argon2VerifyPerSecond.push(verified.value);
      verifyCpuMs.push(verified.busyMs / Math.max(1, verified.value * SECONDS));
      console.log(
        `  sign-in run ${r + 1}: ${signIns.at(-1)!.rps} /s (${round(signInCpuMs.at(-1)!)} ms CPU each); argon2id verify ${argon2VerifyPerSecond.at(-1)} /s (${round(verifyCpuMs.at(-1)!)} ms CPU each)`,
      );
    }
    loads.signIn = medianLoad(signIns);
    const signInCpu = { signIn: round(median(signInCpuMs)), verify: round(median(verifyCpuMs)) };

    // payouts: RUNS x SECONDS spread over SPREAD_WALLETS wallets and from one hot wallet, each after a warm-up
    let seq = 0;
    const tag = `${db}-${Date.now().toString(36)}`;
    const payouts = (pick: (i: number) => Payer, amount?: number, connections = PAYOUT_CONNECTIONS): LoadOptions => ({
      ...payoutLoad(auth, world.beneficiaryId, () => seq++, `bench-${tag}`, pick),
      ...(amount ? { amount } : {}),
      connections,
    });
    const spreadLoad = payouts((i) => world.spread[i % SPREAD_WALLETS]!);
    const hotLoad = payouts(() => world.hot);
    for (const o of [spreadLoad, hotLoad]) await load(base, { ...o, seconds: WARM_SECONDS });
    const spreadRuns: Load[] = [];
    const hotRuns: Load[] = [];
    // the CPU of the spread payouts, the load that keeps the machine busiest: the machine's, and PostgreSQL's processes'
    const payoutCpuMs: number[] = [];
    const payoutPostgresMs: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      const [machine, postgres] = [machineBusyMs(), postgresCpuMs()];
      spreadRuns.push(await load(base, spreadLoad));
      const paid = Math.max(1, spreadRuns.at(-1)!.requests);
      payoutCpuMs.push((machineBusyMs() - machine) / paid);
      payoutPostgresMs.push((postgresCpuMs() - postgres) / paid);
      hotRuns.push(await load(base, hotLoad));
      console.log(
        `  payouts run ${r + 1}: spread ${spreadRuns.at(-1)!.rps} /s (p99 ${spreadRuns.at(-1)!.p99Ms} ms, ${round(payoutCpuMs.at(-1)!)} ms of the machine's CPU each${db === 'postgres' ? `, ${round(payoutPostgresMs.at(-1)!)} ms of it PostgreSQL's` : ''}), hot wallet ${hotRuns.at(-1)!.rps} /s (p99 ${hotRuns.at(-1)!.p99Ms} ms)`,
      );
    }
    const cpuMs: DbResult['cpuMs'] = {
      ...signInCpu,
      payout: round(median(payoutCpuMs)),
      // PGlite's database runs inside the server's process: no processes of its own to count
      ...(db === 'postgres' ? { payoutPostgres: round(median(payoutPostgresMs)) } : {}),
    };
    loads.payoutsSpread = medianLoad(spreadRuns);
    loads.payoutsHot = medianLoad(hotRuns);
    const rssLoadedMiB = server.rssMiB();
    await sleep(3_000);
    const rssAfterMiB = server.rssMiB();
    console.log(`  ${rssLoadedMiB} MiB resident as the reads, sign-ins and payouts end; ${rssAfterMiB} MiB 3 s later, idle`);

    let transactionsPerRequest: Record<string, number> | undefined;
    if (stats) {
      // the gateway against the sandbox processor served by its own process, on the same database
      await server.stop();
      const processorPort = await benchPort();
      const processor = await startServer(
        'npm run card-processor',
        ['--import', 'tsx', path.join(REPO_ROOT, 'scripts', 'card-processor.ts')],
        { ...env, CARD_PROCESSOR_PORT: String(processorPort) },
        processorPort,
        {
          ready: (url) =>
            fetch(`${url}/operations/card/info`, { method: 'POST' }).then(
              (r) => r.status === 400,
              () => false,
            ),
        },
      );
      try {
        server = await startServer('npm start (processor over HTTP)', [path.join(REPO_ROOT, 'server', 'main.mjs')], { ...env, CARD_PROCESSOR_URL: processor.url }, port);
        const direct: LoadOptions & { base: string } = {
          base: processor.url,
          path: '/operations/card/info',
          method: 'POST',
          headers: { 'x-tenant-id': world.tenantId, 'x-user-id': world.ownerId, 'x-request-id': 'bench', 'x-card-scope': 'tenant' },
          body: JSON.stringify({ cardNo: world.card.cardId }),
        };
        const both = await rounds(base, { gatewayOverHttp: cardInfo, processorDirect: direct });
        Object.assign(loads, both);
      } finally {
        await processor.stop();
      }
      transactionsPerRequest = await roundTrips(base, world, reads, signIn, payouts, stats);
    }

    const ledger = await checkLedger(
      base,
      world,
      Object.values(loads).reduce((a, l) => a + l.total5xx, 0),
    );
    const health = loads.health!.rps;
    const verify = median(argon2VerifyPerSecond);
    const ratios: Record<string, number> = {
      wallet: round(loads.wallet!.rps / health),
      customer: round(loads.customer!.rps / health),
      card: round(loads.card!.rps / health),
      signInPerVerify: round(loads.signIn.rps / verify),
      healthPerBare: round(health / loads.bare!.rps),
      notFoundPerBare: round(loads.notFound!.rps / loads.bare!.rps),
      // Next.js's own cost of a catch-all route (the bare app's), and our 404 against it
      bareNotFoundPerBare: round(loads.bareNotFound!.rps / loads.bare!.rps),
      notFoundPerBareNotFound: round(loads.notFound!.rps / loads.bareNotFound!.rps),
    };
    // the most a read of one round trip can reach against a route that makes none, in Next.js with node-postgres
    if (loads.bareRead) ratios.bareReadPerBare = round(loads.bareRead.rps / loads.bare!.rps);
    // the same loads against the anchor itself: what the edge's routing (docs/edge.md) changed for
    // every route, which the ratios to health (whose cost it cut most) do not show
    for (const name of ['wallet', 'customer', 'card', 'payoutsSpread', 'payoutsHot'] as const) ratios[`${name}PerBare`] = round(loads[name]!.rps / loads.bare!.rps);
    if (loads.bareRead) for (const name of ['wallet', 'customer'] as const) ratios[`${name}PerBareRead`] = round(loads[name]!.rps / loads.bareRead.rps);
    if (loads.gatewayOverHttp) ratios.gatewayPerProcessor = round(loads.gatewayOverHttp.rps / loads.processorDirect!.rps);
    ratios.payoutsSpreadPerHealth = round(loads.payoutsSpread.rps / health);
    ratios.payoutsHotPerHealth = round(loads.payoutsHot.rps / health);
    const ceilings: DbResult['ceilings'] = {
      signInPerVerify: round((os.cpus().length * 1000) / cpuMs.signIn / verify),
      ...(loads.processorDirect ? { gatewayPerProcessor: round(health / loads.processorDirect.rps) } : {}),
      payoutsPerHealth: round((os.cpus().length * 1000) / cpuMs.payout / health),
      ...(cpuMs.payoutPostgres ? { payoutsPerHealthPostgres: round((os.cpus().length * 1000) / cpuMs.payoutPostgres / health) } : {}),
    };
    return { db, startMs: started.startMs, idleRssMiB: started.idleRssMiB, rssLoadedMiB, rssAfterMiB, loads, ratios, argon2VerifyPerSecond, cpuMs, ceilings, ledger, transactionsPerRequest };
  } finally {
    await server.stop();
  }
}

/**
 * PostgreSQL's count of transactions in the bench database around a fixed number of requests per
 * scenario (one at a time, the server otherwise idle, the webhook worker off), per request.
 */
async function roundTrips(
  base: string,
  world: World,
  reads: Record<string, LoadOptions & { base?: string }>,
  signIn: LoadOptions,
  payouts: (pick: (i: number) => Payer, amount: number, connections?: number) => LoadOptions,
  stats: () => Promise<number>,
): Promise<Record<string, number>> {
  const probes: Record<string, LoadOptions> = {
    // ours only: the anchors' loads (those with a base of their own) are other servers
    ...Object.fromEntries(
      Object.entries(reads)
        .filter(([, o]) => !o.base)
        .map(([k, o]) => [k, { ...o, amount: 200 }]),
    ),
    signIn: { ...signIn, amount: 20 },
    payout: payouts((i) => world.spread[i % SPREAD_WALLETS]!, SPREAD_WALLETS / 2, 10),
  };
  const out: Record<string, number> = {};
  for (const [name, o] of Object.entries(probes)) {
    // a few of the same requests first: the probes before it may have left the pool idle past its
    // 30 s timeout (health and the 404 touch no database), and a connection's start is a
    // transaction of its own; the count is of the requests, not of opening connections
    await load(base, { ...o, amount: 20 });
    await sleep(STATS_SETTLE_MS);
    const before = await stats();
    const result = await load(base, o);
    await sleep(STATS_SETTLE_MS);
    const after = await stats();
    out[name] = round((after - before) / result.requests);
    console.log(`  ${name}: ${out[name]} transactions per request (${after - before} over ${result.requests})`);
  }
  return out;
}

/** After the payouts: the ledger's own checks, no wallet below zero, every cent accounted for. */
async function checkLedger(base: string, world: World, status5xx: number): Promise<DbResult['ledger']> {
  const get = async <T>(p: string): Promise<T> => {
    const res = await fetch(`${base}${p}`, { headers: world.auth });
    if (res.status !== 200) throw new Error(`GET ${p}: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { data: T }).data;
  };
  const reconciliation = await get<{ balanced: boolean }>('/api/v2.1/ledger/reconciliation');
  const wallets = [world.hot, ...world.spread];
  const balances = await inParallel(wallets, 8, async (w) => Number((await get<{ balance: string }>(`/api/v2.1/wallets/${w.walletId}`)).balance));
  const { total: paid } = await get<{ total: number }>('/api/v2.1/transfers?pageSize=1&status=COMPLETED');
  const funded = wallets.reduce((a, w) => a + w.funded, 0);
  const left = balances.reduce((a, b) => a + b, 0);
  // each completed payout took exactly 1.00 from one of these wallets (the world's own payout waits for approval)
  const conserved = Math.abs(funded - left - paid) < 0.005;
  const overdrawn = balances.filter((b) => b < 0).length;
  console.log(
    `  ledger: reconciliation ${reconciliation.balanced ? 'balanced' : 'NOT balanced'}, ${overdrawn} wallets overdrawn, funded ${funded} - left ${round(left)} = ${round(funded - left)} paid out (${paid} completed payouts), ${status5xx} answers 5xx`,
  );
  return { balanced: reconciliation.balanced, overdrawn, conserved, status5xx };
}

interface Goal {
  goal: string;
  db: Db;
  value: number;
  target: number;
  met: boolean;
  /** what this machine allows, where this run can tell (a ceiling, or the goal scaled to its speed) */
  note?: string;
}

function goals(results: DbResult[]): Goal[] {
  const out: Goal[] = [];
  const add = (goal: string, db: Db, value: number | undefined, target: number, atMost = false, note?: string) => {
    if (value === undefined || Number.isNaN(value)) return;
    out.push({ goal, db, value, target, met: atMost ? value <= target : value >= target, ...(note ? { note } : {}) });
  };
  for (const r of results) {
    const readTarget = r.db === 'postgres' ? 0.8 : 0.6;
    add('authenticated wallet read / health', r.db, r.ratios.wallet, readTarget);
    add('authenticated customer read / health', r.db, r.ratios.customer, readTarget);
    add('card/info through the gateway / health', r.db, r.ratios.card, readTarget);
    const gatewayCeiling = r.ceilings.gatewayPerProcessor;
    add(
      'gateway / sandbox processor served directly',
      r.db,
      r.ratios.gatewayPerProcessor,
      0.6,
      false,
      gatewayCeiling === undefined ? undefined : `health itself is ${gatewayCeiling} of the processor`,
    );
    add('customer read: database transactions per request', r.db, r.transactionsPerRequest?.customer, 3, true);
    add(
      'sign-in / argon2id verify (2 concurrent)',
      r.db,
      r.ratios.signInPerVerify,
      0.8,
      false,
      `CPU ceiling ${r.ceilings.signInPerVerify}: ${r.cpuMs.signIn} ms per sign-in, ${r.cpuMs.verify} ms per verify`,
    );
    const scaled = (goal: number) => `${round((goal * r.loads.health!.rps) / ISSUE_HEALTH_RPS[r.db])} /s at this machine's health rate`;
    const spreadGoal = r.db === 'postgres' ? 400 : 150;
    const hotGoal = r.db === 'postgres' ? 200 : 150;
    add('payouts spread over 200 wallets, /s', r.db, r.loads.payoutsSpread!.rps, spreadGoal, false, scaled(spreadGoal));
    add('payouts from one hot wallet, /s', r.db, r.loads.payoutsHot!.rps, hotGoal, false, scaled(hotGoal));
    if (r.db === 'pglite') {
      add('cold start to the first 200, ms (median of 3)', r.db, median(r.startMs), 4200, true);
      add('resident memory at idle, MiB (median of 3)', r.db, median(r.idleRssMiB), 520, true);
    }
  }
  return out;
}

/**
 * Issue 28's goals: the request path anchored on a bare Next.js route, and the other goals restated
 * against the same run's health (item 5).
 */
function requestPathGoals(results: DbResult[]): Goal[] {
  const out: Goal[] = [];
  const add = (goal: string, db: Db, value: number | undefined, target: number, atMost = false, note?: string) => {
    if (value === undefined || Number.isNaN(value)) return;
    out.push({ goal, db, value, target, met: atMost ? value <= target : value >= target, ...(note ? { note } : {}) });
  };
  for (const r of results) {
    const bare = `bare Next.js route ${r.loads.bare!.rps} /s`;
    add('GET /api/health / bare Next.js route', r.db, r.ratios.healthPerBare, 0.8, false, bare);
    add('404 envelope / bare Next.js route', r.db, r.ratios.notFoundPerBare, 0.85, false, bare);
    const against = (name: 'wallet' | 'customer') =>
      [
        `${r.ratios[`${name}PerBare`]} of the bare route`,
        r.ratios[`${name}PerBareRead`] === undefined ? undefined : `${r.ratios[`${name}PerBareRead`]} of a bare Next.js read of one round trip`,
      ]
        .filter(Boolean)
        .join(', ');
    add('authenticated wallet read / health', r.db, r.ratios.wallet, 0.8, false, against('wallet'));
    add('authenticated customer read / health', r.db, r.ratios.customer, 0.8, false, against('customer'));
    add('card/info through the gateway / health', r.db, r.ratios.card, 0.7, false, `${r.ratios.cardPerBare} of the bare route`);
    add(
      'sign-in / its CPU ceiling',
      r.db,
      round(r.ratios.signInPerVerify! / r.ceilings.signInPerVerify),
      0.9,
      false,
      `sign-in / verify ${r.ratios.signInPerVerify}, ceiling ${r.ceilings.signInPerVerify}`,
    );
    const payoutTarget = r.db === 'postgres' ? 0.4 : 0.3;
    const money = `money ${r.ledger.conserved && r.ledger.balanced ? 'conserved' : 'NOT conserved'}, ${r.ledger.overdrawn} overdrawn`;
    // what this machine allows the payouts against health at their CPU per payout (the spread load's)
    const ceiling = [
      `CPU ceiling ${r.ceilings.payoutsPerHealth} at ${r.cpuMs.payout} ms of the machine per payout`,
      r.ceilings.payoutsPerHealthPostgres === undefined ? undefined : `${r.ceilings.payoutsPerHealthPostgres} for PostgreSQL's ${r.cpuMs.payoutPostgres} ms alone`,
    ]
      .filter(Boolean)
      .join(', ');
    add('payouts spread / health', r.db, r.ratios.payoutsSpreadPerHealth, payoutTarget, false, `${r.ratios.payoutsSpreadPerBare} of the bare route, ${money}; ${ceiling}`);
    add('payouts from one hot wallet / health', r.db, r.ratios.payoutsHotPerHealth, payoutTarget, false, `${r.ratios.payoutsHotPerBare} of the bare route, ${money}; ${ceiling}`);
    // The same goals against health at its own goal, 0.8 of the bare route (docs/performance.md,
    // "Issue 28's goals against health, restated"): written when health was 0.54-0.73 of the bare
    // route, they grew four to six times harder when the edge (server/api-edge.mjs) made health 4-5
    // times the bare route, for the same cost of the reads and payouts themselves.
    const atGoal = 0.8 * r.loads.bare!.rps;
    const restated = (name: string, rate: number | undefined, target: number) =>
      rate === undefined ? undefined : add(`${name} / (0.8 x bare route), restated`, r.db, round(rate / atGoal), target, false, `${round(atGoal)} /s`);
    restated('authenticated wallet read', r.loads.wallet?.rps, 0.8);
    restated('authenticated customer read', r.loads.customer?.rps, 0.8);
    restated('card/info through the gateway', r.loads.card?.rps, 0.7);
    restated('payouts spread', r.loads.payoutsSpread?.rps, payoutTarget);
    restated('payouts from one hot wallet', r.loads.payoutsHot?.rps, payoutTarget);
    if (r.db === 'pglite') {
      add('resident memory at idle, MiB (median of 3)', r.db, median(r.idleRssMiB), 350, true);
      add('resident memory after the bench (3 s idle), MiB', r.db, r.rssAfterMiB, 500, true);
      // the first start migrates an empty database; the others start on the existing directory
      add('cold start on an existing directory, ms (median of the later starts)', r.db, median(r.startMs.slice(1)), 2000, true);
    }
  }
  return out;
}

/** `name`'s rate / health; / the bare route; / the bare read (PostgreSQL) */
function perBare(r: DbResult, name: 'wallet' | 'customer' | 'card'): string {
  return [r.ratios[name], r.ratios[`${name}PerBare`], r.ratios[`${name}PerBareRead`]].filter((v) => v !== undefined).join('; ');
}

function report(results: DbResult[], loadBefore: number[], loadAfter: number[]): void {
  const by = (db: Db) => results.find((r) => r.db === db);
  const cols: Db[] = ['postgres', 'pglite'];
  const cell = (db: Db, f: (r: DbResult) => string | undefined) => {
    const r = by(db);
    return r ? (f(r) ?? '-') : 'not run';
  };
  const rows: Array<[string, (r: DbResult) => string | undefined]> = [
    ['bare Next.js route (the anchor)', (r) => `${r.loads.bare!.rps} req/s`],
    ['GET /api/health (baseline) / bare route', (r) => `${r.loads.health!.rps} req/s = ${r.ratios.healthPerBare}`],
    ['404 envelope / bare route', (r) => `${r.loads.notFound!.rps} req/s = ${r.ratios.notFoundPerBare}`],
    ['  bare catch-all 404 / bare route; our 404 / bare catch-all 404', (r) => `${r.loads.bareNotFound!.rps} req/s = ${r.ratios.bareNotFoundPerBare}; ${r.ratios.notFoundPerBareNotFound}`],
    ["bare Next.js read, one PostgreSQL round trip / bare route (the reads' ceiling)", (r) => r.loads.bareRead && `${r.loads.bareRead.rps} req/s = ${r.ratios.bareReadPerBare}`],
    ['authenticated GET /api/v2.1/wallets/{id} / health; / bare route; / bare read', (r) => perBare(r, 'wallet')],
    ['authenticated GET /api/v2.1/customers/{id} / health; / bare route; / bare read', (r) => perBare(r, 'customer')],
    ['card/info through the gateway / health; / bare route', (r) => perBare(r, 'card')],
    ['gateway / the sandbox processor served by its own server', (r) => r.ratios.gatewayPerProcessor?.toString()],
    ['sign-in / raw argon2id verify (2 concurrent)', (r) => `${r.ratios.signInPerVerify} (${r.loads.signIn!.rps} vs ${median(r.argon2VerifyPerSecond)} /s)`],
    ['  CPU ceiling of that ratio; machine CPU per sign-in / per verify', (r) => `${r.ceilings.signInPerVerify}; ${r.cpuMs.signIn} / ${r.cpuMs.verify} ms`],
    ['  health / the processor served directly (the gateway at most)', (r) => r.ceilings.gatewayPerProcessor?.toString()],
    [`payouts over ${SPREAD_WALLETS} wallets, ${PAYOUT_CONNECTIONS} concurrent`, (r) => `${r.loads.payoutsSpread!.rps} /s (p99 ${r.loads.payoutsSpread!.p99Ms} ms)`],
    [`payouts from one wallet, ${PAYOUT_CONNECTIONS} concurrent`, (r) => `${r.loads.payoutsHot!.rps} /s (p99 ${r.loads.payoutsHot!.p99Ms} ms)`],
    [
      '  payouts spread / health, hot / health (/ bare route)',
      (r) => `${r.ratios.payoutsSpreadPerHealth}, ${r.ratios.payoutsHotPerHealth} (${r.ratios.payoutsSpreadPerBare}, ${r.ratios.payoutsHotPerBare})`,
    ],
    [
      '  CPU ceiling of payouts / health; machine CPU per spread payout (PostgreSQL ceiling; its CPU)',
      (r) =>
        `${r.ceilings.payoutsPerHealth}; ${r.cpuMs.payout} ms` +
        (r.ceilings.payoutsPerHealthPostgres === undefined ? '' : ` (${r.ceilings.payoutsPerHealthPostgres}; ${r.cpuMs.payoutPostgres} ms)`),
    ],
    ['cold start to the first 200 (median of 3; first)', (r) => `${round(median(r.startMs) / 1000)} s (${round(r.startMs[0]! / 1000)} s)`],
    ['resident memory at idle (median of 3); as the bench ends; 3 s later', (r) => `${median(r.idleRssMiB)} MiB; ${r.rssLoadedMiB} MiB; ${r.rssAfterMiB} MiB`],
    ['ledger after the payouts', (r) => `${r.ledger.balanced ? 'balanced' : 'NOT balanced'}, ${r.ledger.overdrawn} overdrawn, ${r.ledger.status5xx} 5xx`],
    [
      'database transactions per request',
      (r) =>
        r.transactionsPerRequest &&
        Object.entries(r.transactionsPerRequest)
          .map(([k, v]) => `${k} ${v}`)
          .join(', '),
    ],
  ];
  const table = [['', 'PostgreSQL', 'PGlite'], ...rows.map(([label, f]) => [label, ...cols.map((db) => cell(db, f))])];
  const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
  console.log(
    `\nover HTTP against npm start: ${CONNECTIONS} connections, ${SECONDS} s per run, medians of ${RUNS} runs; ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), node ${process.version}`,
  );
  console.log(`load average before ${loadBefore.map((l) => l.toFixed(2)).join(' ')}, after ${loadAfter.map((l) => l.toFixed(2)).join(' ')}`);
  for (const [i, row] of table.entries()) {
    console.log(row.map((c, j) => c.padEnd(widths[j]!)).join(' | '));
    if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  }
  const print = (g: Goal) => console.log(`  ${g.met ? 'met    ' : 'NOT met'}  ${g.db.padEnd(8)} ${g.goal}: ${g.value} (goal ${g.target}${g.note ? `; ${g.note}` : ''})`);
  console.log('\ngoals of issue 28 (the request path, and the rest against the same run):');
  requestPathGoals(results).forEach(print);
  console.log('\ngoals of issue 18:');
  goals(results).forEach(print);
}

main()
  .then(() => process.exit(0))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
