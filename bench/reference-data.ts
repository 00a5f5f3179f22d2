/**
 * Reference data and the preload over HTTP against `npm start` (issue 29, "Speed"): each answer as a
 * ratio to GET /api/health measured in the same run (goal >= 0.8), with a matching If-None-Match
 * (304, no body) and without one (200, the whole document), autocannon with 10 connections, medians
 * of three runs, every rate limit raised, on PGlite.
 *
 *   npm run bench -- reference-data      (BENCH_SECONDS=5 per run; a production build is made when stale)
 *
 * The world: a new tenant (through the platform API) whose administrator saved a branding with a
 * small logo, so the preload carries what a real one does. Writes bench/results/reference-data.json.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT, benchPort, ensureBuild, load, medianLoad, onExit, serverEnv, startServer, type LoadOptions } from './_harness';
import { round, watchdog } from './_stats';

watchdog('bench/reference-data.ts', Number(process.env.BENCH_LIMIT_MINUTES ?? 10) * 60);

const RUNS = 3;
const GOAL = 0.8;
const PASSWORD = 'Correct-Horse-9-Battery'; // STRONG_PASSWORD of the e2e fixtures: the owner's
const PNG_1X1 = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

async function json<T>(res: Response): Promise<T> {
  const body = (await res.json()) as { data: T };
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${JSON.stringify(body)}`);
  return body.data;
}

/** A tenant with a saved branding; its id. */
async function world(base: string, platformKey: string): Promise<string> {
  const name = `Bench refdata ${Date.now().toString(36)}`;
  const tenant = await json<{ tenantId: string; organizationId: string; userId: string }>(
    await fetch(`${base}/api/v2.1/tenants/registration`, {
      method: 'POST',
      headers: { authorization: `Bearer ${platformKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name, admin: { username: 'owner', email: 'owner@bench.example', password: PASSWORD } }),
    }),
  );
  const context = {
    'X-Tenant-ID': tenant.tenantId,
    'X-Forwarded-For': '203.0.113.7',
    'X-Forwarded-From': 'bench',
    platform: 'web',
    deviceId: 'bench',
    'User-Agent': 'bench',
    'content-type': 'application/json',
  };
  const session = await json<{ token: string }>(
    await fetch(`${base}/api/v2.1/admin/organization/${tenant.organizationId}/users/${tenant.userId}/sessions`, {
      method: 'POST',
      headers: context,
      body: JSON.stringify({ username: 'owner', password: PASSWORD }),
    }),
  );
  await json(
    await fetch(`${base}/api/v2.1/tenant/branding`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ displayName: 'Bench Bank', logo: PNG_1X1, primaryColor: '#0b5d3b' }),
    }),
  );
  return tenant.tenantId;
}

async function etagOf(base: string, p: string, headers: Record<string, string> = {}): Promise<string> {
  const res = await fetch(`${base}${p}`, { headers });
  await res.arrayBuffer();
  const etag = res.headers.get('etag');
  if (res.status !== 200 || !etag) throw new Error(`${p}: ${res.status}, ETag ${etag}`);
  const again = await fetch(`${base}${p}`, { headers: { ...headers, 'If-None-Match': etag } });
  await again.arrayBuffer();
  if (again.status !== 304) throw new Error(`${p} with If-None-Match answered ${again.status}, not 304`);
  return etag;
}

async function main(): Promise<void> {
  ensureBuild();
  const port = await benchPort();
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'bench-refdata-'));
  onExit(() => rmSync(scratch, { recursive: true, force: true }));
  const env = await serverEnv(port, { PGLITE_DATA_DIR: path.join(scratch, 'pglite') });
  const server = await startServer('npm start', [path.join(REPO_ROOT, 'server', 'main.mjs')], env, port);
  try {
    const base = server.url;
    const tenantId = await world(base, env.PLATFORM_ADMIN_KEY!);
    const tenant = { 'X-Tenant-ID': tenantId };
    const allTag = await etagOf(base, '/api/v2.1/reference-data');
    const countriesTag = await etagOf(base, '/api/v2.1/reference-data/countries');
    const preloadTag = await etagOf(base, '/api/v2.1/preload', tenant);

    // 304s are 3xx: autocannon counts them outside 2xx, so their rate is requests per second with no error
    const cases: { name: string; options: LoadOptions; notModified?: boolean }[] = [
      { name: 'health', options: { path: '/api/health' } },
      { name: 'reference-data 200', options: { path: '/api/v2.1/reference-data' } },
      { name: 'reference-data 304', options: { path: '/api/v2.1/reference-data', headers: { 'If-None-Match': allTag } }, notModified: true },
      { name: 'countries 200', options: { path: '/api/v2.1/reference-data/countries' } },
      { name: 'countries 304', options: { path: '/api/v2.1/reference-data/countries', headers: { 'If-None-Match': countriesTag } }, notModified: true },
      { name: 'preload 200', options: { path: '/api/v2.1/preload', headers: tenant } },
      { name: 'preload 304', options: { path: '/api/v2.1/preload', headers: { ...tenant, 'If-None-Match': preloadTag } }, notModified: true },
    ];
    // warm every route once (compilation of the handler, the lists built once per process)
    for (const c of cases) await load(base, { ...c.options, seconds: 1 });

    const rows: { name: string; rps: number; p50Ms: number; p99Ms: number; bytesPerAnswer: number; errors: number; ratio: number | null; runs: number[] }[] = [];
    let health = 0;
    for (const c of cases) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        const run = await load(base, c.options);
        // a 304 is the expected answer here: every request that neither failed nor answered 5xx
        runs.push(c.notModified ? { ...run, rps: round((run.requests - run.errors - run.status5xx) / run.seconds), non2xx: run.status5xx } : run);
      }
      const m = medianLoad(runs);
      if (c.name === 'health') health = m.rps;
      rows.push({
        name: c.name,
        rps: m.rps,
        p50Ms: m.p50Ms,
        p99Ms: m.p99Ms,
        bytesPerAnswer: m.bytesPerAnswer,
        errors: m.totalNon2xx,
        ratio: c.name === 'health' ? null : round(m.rps / health),
        runs: m.runs,
      });
    }

    console.log(`\nreference data and preload over HTTP (PGlite): ${RUNS} runs of ${process.env.BENCH_SECONDS ?? 5}s, medians; ratio = rate ÷ health's rate (goal >= ${GOAL})`);
    console.log(['answer'.padEnd(20), 'req/s'.padStart(9), 'ratio'.padStart(7), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'bytes'.padStart(8), 'errors'.padStart(7), '  goal'].join(''));
    for (const r of rows) {
      const goal = r.ratio === null ? '' : r.ratio >= GOAL ? 'met' : 'NOT met';
      console.log(
        [
          r.name.padEnd(20),
          String(r.rps).padStart(9),
          (r.ratio === null ? '—' : r.ratio.toFixed(2)).padStart(7),
          String(r.p50Ms).padStart(8),
          String(r.p99Ms).padStart(8),
          String(r.bytesPerAnswer).padStart(8),
          String(r.errors).padStart(7),
          `  ${goal}`,
        ].join(''),
      );
    }
    const dir = path.join(REPO_ROOT, 'bench', 'results');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      path.join(dir, 'reference-data.json'),
      `${JSON.stringify({ benchmark: 'reference-data', date: new Date().toISOString(), environment: { node: process.version, cpus: os.cpus().length }, goal: GOAL, rows }, null, 2)}\n`,
    );
    const missed = rows.filter((r) => r.ratio !== null && r.ratio < GOAL);
    if (missed.length) console.log(`\ngoal not met by: ${missed.map((r) => r.name).join(', ')}`);
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
