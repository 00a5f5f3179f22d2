/**
 * The request path's fixed cost (issue 28), alone and quick: our production server (`npm start`,
 * PGlite in a scratch directory, or PostgreSQL with BENCH_DB=postgres and BENCH_DATABASE_URL), the
 * bare Next.js app and the raw node:http server of bench/_anchor.ts, each loaded in turn (autocannon,
 * 10 connections, BENCH_SECONDS per run, ANCHOR_ROUNDS rounds alternating the targets, medians).
 * Prints our GET /api/health and our 404 envelope as ratios to the bare route with their goals, the
 * CPU each answer cost the serving thread, the same 401 by a static and by a dynamic route of ours
 * (what Next.js's routing of a dynamic path costs with our route table), the same pair and the 404
 * in a bare app with our route table (bench/_anchor.ts: a handler for each of our dynamic routes,
 * nothing of ours in them), and our pipeline's own cost in process (bench/_pipeline.ts).
 * bench/http.ts measures the same anchor inside its full run; this one needs no world.
 *
 *   npm run bench -- anchor
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NOT_FOUND_PATH, TABLE_DYNAMIC_PATH, startAnchors } from './_anchor';
import {
  CONNECTIONS,
  REPO_ROOT,
  SECONDS,
  benchPort,
  cpuMs,
  ensureBuild,
  load,
  median,
  medianLoad,
  onExit,
  serverEnv,
  startServer,
  withFreshPostgres,
  type Load,
  type LoadOptions,
} from './_harness';
import { round, watchdog } from './_stats';

watchdog('bench/anchor.ts', 15 * 60);
const ROUNDS = Number(process.env.ANCHOR_ROUNDS ?? 3);
/** A static and a dynamic route of the same resource, both refusing a request without credentials (401). */
const STATIC_REFUSAL_PATH = '/api/v2.1/wallets';
const DYNAMIC_REFUSAL_PATH = TABLE_DYNAMIC_PATH;

async function measure(dbEnv: Record<string, string>): Promise<void> {
  const port = await benchPort();
  const ours = await startServer('npm start', [path.join(REPO_ROOT, 'server', 'main.mjs')], await serverEnv(port, dbEnv), port);
  const anchors = await startAnchors({ routeTable: true });
  const table = anchors.loads.table!;
  const tablePid = anchors.table!.pid;
  try {
    const targets: Record<string, LoadOptions & { base: string; pid: number }> = {
      bare: { ...anchors.loads.bare, pid: anchors.bare.pid },
      health: { base: ours.url, path: '/api/health', pid: ours.pid },
      notFound: { base: ours.url, path: NOT_FOUND_PATH, expect: '4xx', pid: ours.pid },
      bareNotFound: { ...anchors.loads.bareNotFound, pid: anchors.bare.pid },
      raw: { ...anchors.loads.raw, pid: anchors.raw.pid },
      // the same refusal (401 from the caller step, no credentials) by a static and by a dynamic route:
      // what Next.js's routing of a dynamic path costs in an app with our route table
      staticRefusal: { base: ours.url, path: STATIC_REFUSAL_PATH, expect: '4xx', pid: ours.pid },
      dynamicRefusal: { base: ours.url, path: DYNAMIC_REFUSAL_PATH, expect: '4xx', pid: ours.pid },
      // the bare app with our route table: what Next.js alone pays for a dynamic path among as many dynamic routes as ours
      tableStatic: { ...table.static, pid: tablePid },
      tableDynamic: { ...table.dynamic, pid: tablePid },
      tableNotFound: { ...table.notFound, pid: tablePid },
    };
    // CPU of the serving thread per answer: steadier than the rate on a VM whose speed drifts, and
    // blind to what autocannon and the other servers cost the machine
    const mainThreadMs = (pid: number) => cpuMs(`/proc/${pid}/task/${pid}/stat`);
    const cpuUs: Record<string, number[]> = Object.fromEntries(Object.keys(targets).map((k) => [k, []]));
    for (const o of Object.values(targets)) await load(o.base, { ...o, seconds: 2 });
    const runs: Record<string, Load[]> = Object.fromEntries(Object.keys(targets).map((k) => [k, []]));
    for (let r = 0; r < ROUNDS; r++) {
      for (const [name, o] of Object.entries(targets)) {
        const before = mainThreadMs(o.pid);
        const result = await load(o.base, o);
        const us = Math.round((1000 * (mainThreadMs(o.pid) - before)) / result.requests);
        runs[name]!.push(result);
        cpuUs[name]!.push(us);
        console.log(
          `  ${name} run ${r + 1}: ${result.rps} /s, ${us} µs CPU each, p99 ${result.p99Ms} ms${result.non2xx || result.errors ? `, ${result.non2xx} unexpected, ${result.errors} errors` : ''}`,
        );
      }
    }
    const m = Object.fromEntries(Object.entries(runs).map(([k, v]) => [k, medianLoad(v)]));
    const bare = m.bare!.rps;
    console.log(
      `\n${CONNECTIONS} connections, ${SECONDS} s per run, medians of ${ROUNDS}; ${os.cpus().length} CPUs, load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    console.log(`  raw node:http        ${m.raw!.rps} /s`);
    console.log(`  bare Next.js route   ${bare} /s`);
    for (const [name, label, goal] of [
      ['health', 'GET /api/health', 0.8],
      ['notFound', `404 envelope (${NOT_FOUND_PATH})`, 0.85],
    ] as const) {
      const ratio = round(m[name]!.rps / bare);
      console.log(`  ${label.padEnd(36)} ${m[name]!.rps} /s = ${ratio} of the bare route (goal ${goal}: ${ratio >= goal ? 'met' : 'NOT met'})`);
    }
    // what Next.js alone pays for a path answered by a catch-all route: the part of the 404's gap that is not ours
    console.log(
      `  bare catch-all 404 ${String(m.bareNotFound!.rps).padStart(21)} /s = ${round(m.bareNotFound!.rps / bare)} of the bare route; our 404 = ${round(m.notFound!.rps / m.bareNotFound!.rps)} of it`,
    );
    // the same ratios from the serving thread's CPU per answer (bare's µs over ours: a rate's ratio if CPU were all)
    const us = Object.fromEntries(Object.entries(cpuUs).map(([k, v]) => [k, median(v)]));
    console.log(
      `  CPU per answer (serving thread, medians): raw ${us.raw} µs, bare ${us.bare} µs, bare catch-all ${us.bareNotFound} µs, health ${us.health} µs, 404 ${us.notFound} µs;` +
        ` by CPU health = ${round(us.bare! / us.health!)}, 404 = ${round(us.bare! / us.notFound!)} of the bare route, 404 = ${round(us.bareNotFound! / us.notFound!)} of the bare catch-all`,
    );
    console.log(
      `  401 of a static route (${STATIC_REFUSAL_PATH}) ${m.staticRefusal!.rps} /s, ${us.staticRefusal} µs; of a dynamic one (${DYNAMIC_REFUSAL_PATH}) ${m.dynamicRefusal!.rps} /s, ${us.dynamicRefusal} µs:` +
        ` the dynamic = ${round(m.dynamicRefusal!.rps / m.staticRefusal!.rps)} of the static (by CPU ${round(us.staticRefusal! / us.dynamicRefusal!)}); in the bare app its catch-all = ${round(us.bare! / us.bareNotFound!)} of its static route by CPU`,
    );
    console.log(
      `  the bare app with our route table: static ${m.tableStatic!.rps} /s (${us.tableStatic} µs), its handler at ${TABLE_DYNAMIC_PATH} ${m.tableDynamic!.rps} /s (${us.tableDynamic} µs), its catch-all ${m.tableNotFound!.rps} /s (${us.tableNotFound} µs):` +
        ` the dynamic = ${round(m.tableDynamic!.rps / m.tableStatic!.rps)} of its static route (by CPU ${round(us.tableStatic! / us.tableDynamic!)}), the catch-all = ${round(m.tableNotFound!.rps / m.tableStatic!.rps)} (by CPU ${round(us.tableStatic! / us.tableNotFound!)});` +
        ` our 404 = ${round(m.notFound!.rps / m.tableNotFound!.rps)} of its catch-all (by CPU ${round(us.tableNotFound! / us.notFound!)})`,
    );
    printPipeline(us.bare!);
  } finally {
    await anchors.stop();
    await ours.stop();
  }
}

/** Our pipeline's own cost in process (bench/_pipeline.ts), set beside the bare route's CPU per answer over HTTP. */
function printPipeline(bareRouteUs: number): void {
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'bench', '_pipeline.ts')], { cwd: REPO_ROOT, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`bench/_pipeline.ts failed:\n${run.stderr}`);
  const { bareUs, oursUs, addedUs } = JSON.parse(run.stdout.trim().split('\n').pop()!) as { bareUs: number; oursUs: number; addedUs: number };
  console.log(
    `  our pipeline in process (bench/_pipeline.ts): the 404 route ${oursUs} µs a call, a bare handler of the same envelope ${bareUs} µs;` +
      ` ours adds ${addedUs} µs = ${round(addedUs / bareRouteUs)} of the bare route's CPU per answer over HTTP`,
  );
}

async function main(): Promise<void> {
  ensureBuild();
  const adminUrl = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL;
  if (process.env.BENCH_DB === 'postgres' && adminUrl) {
    await withFreshPostgres(adminUrl, (url) => measure({ DATABASE_URL: url, WEBHOOK_WORKER: 'false' }));
    return;
  }
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'bench-anchor-'));
  const remove = () => rmSync(scratch, { recursive: true, force: true });
  const cancel = onExit(remove);
  try {
    await measure({ PGLITE_DATA_DIR: path.join(scratch, 'pglite') });
  } finally {
    cancel();
    remove();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
