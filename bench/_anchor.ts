/**
 * The anchor of the HTTP benchmarks (issue 28): beside our production server, a bare Next.js app
 * with one route handler (bench/anchor/next-app, built with the repository's own `next` into its
 * own gitignored .next) under `next start`, and a raw `node:http` server (bench/anchor/raw-http.mjs)
 * answering the same JSON. Our `GET /api/health` and our 404 envelope are read as ratios to the
 * bare route, measured in the same rounds. Not a benchmark itself (bench/run.ts skips `_` files).
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { REPO_ROOT, benchPort, startServer, type LoadOptions, type Server } from './_harness';

const APP_DIR = path.join(REPO_ROOT, 'bench', 'anchor', 'next-app');
/** The bare app again, with one route handler for every dynamic route of ours: generated, gitignored. */
const TABLE_APP_DIR = path.join(REPO_ROOT, 'bench', 'anchor', 'route-table-app');
const NEXT_BIN = createRequire(path.join(REPO_ROOT, 'package.json')).resolve('next/dist/bin/next');
const NEXT_PACKAGE = createRequire(path.join(REPO_ROOT, 'package.json')).resolve('next/package.json');

/** The bare app's path: one route handler, the same JSON as raw-http.mjs. */
export const BARE_PATH = '/api/ping';
/** An API path no route serves: our 404 envelope (the catch-all route, no database). */
export const NOT_FOUND_PATH = '/api/v2.1/nope';
/** The bare app's read: a dynamic route making one PostgreSQL round trip (started with a database only). */
export const BARE_READ_PATH = '/api/read/r1';
/** A dynamic route's path: our wallet read, and in the bare app with our route table its handler at the same place. */
export const TABLE_DYNAMIC_PATH = '/api/v2.1/wallets/w1';

const PING_ROUTE = path.join(APP_DIR, 'app', 'api', 'ping', 'route.js');
const CATCH_ALL_ROUTE = path.join(APP_DIR, 'app', 'api', '[[...slug]]', 'route.js');
const READ_ROUTE = path.join(APP_DIR, 'app', 'api', 'read', '[id]', 'route.js');
const CONFIG = path.join(APP_DIR, 'next.config.mjs');

/** Builds an app of the anchor when its build is missing or older than its sources or the installed `next`. */
function ensureBuilt(dir: string, sources: string[]): void {
  const built = path.join(dir, '.next', 'BUILD_ID');
  const newest = Math.max(...[...sources, NEXT_PACKAGE].map((s) => statSync(s).mtimeMs));
  if (existsSync(built) && statSync(built).mtimeMs > newest) return;
  console.log(`building ${path.relative(REPO_ROOT, dir)} for the anchor`);
  // webpack: Turbopack takes the repository (its lockfile) as the workspace root and compiles the
  // repository's own instrumentation.ts into the bare app; webpack keeps to the app's directory
  const result = spawnSync(process.execPath, [NEXT_BIN, 'build', '--webpack', dir], {
    cwd: dir,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) throw new Error(`${path.relative(REPO_ROOT, dir)} did not build`);
}

export function ensureAnchorBuild(): void {
  ensureBuilt(APP_DIR, [PING_ROUTE, CATCH_ALL_ROUTE, READ_ROUTE, CONFIG]);
}

/**
 * The bare app with our route table: its static route and catch-all, and for every other dynamic
 * route of our build (pages included: Next.js's router tests them all alike) a handler answering the
 * static route's JSON. What Next.js alone costs to route a dynamic path among as many dynamic routes
 * as ours. Regenerated when our build's table changes (the app's route list is its source).
 */
function ensureRouteTableApp(): void {
  const manifest = JSON.parse(readFileSync(path.join(REPO_ROOT, '.next', 'routes-manifest.json'), 'utf8')) as { dynamicRoutes: Array<{ page: string }> };
  const pages = manifest.dynamicRoutes.map((r) => r.page);
  const list = path.join(TABLE_APP_DIR, 'routes.json');
  const wanted = `${JSON.stringify(pages, null, 2)}\n`;
  if (!existsSync(list) || readFileSync(list, 'utf8') !== wanted) {
    rmSync(TABLE_APP_DIR, { recursive: true, force: true });
    const place = (page: string, from: string) => {
      mkdirSync(path.join(TABLE_APP_DIR, 'app', page), { recursive: true });
      copyFileSync(from, path.join(TABLE_APP_DIR, 'app', page, 'route.js'));
    };
    place('/api/ping', PING_ROUTE);
    for (const page of pages) place(page, page === '/api/[[...slug]]' ? CATCH_ALL_ROUTE : PING_ROUTE);
    copyFileSync(CONFIG, path.join(TABLE_APP_DIR, 'next.config.mjs'));
    copyFileSync(path.join(APP_DIR, 'package.json'), path.join(TABLE_APP_DIR, 'package.json'));
    writeFileSync(list, wanted);
  }
  ensureBuilt(TABLE_APP_DIR, [list, PING_ROUTE, CATCH_ALL_ROUTE, CONFIG]);
}

export interface Anchors {
  bare: Server;
  raw: Server;
  /** the bare app with our route table, when asked for */
  table?: Server;
  /** the loads, to be run in the same rounds as ours */
  loads: {
    bare: LoadOptions & { base: string };
    bareNotFound: LoadOptions & { base: string };
    raw: LoadOptions & { base: string };
    /** the bare app's read of one PostgreSQL round trip, when started with a database */
    bareRead?: LoadOptions & { base: string };
    /** with the route table: its static route, a dynamic one (our wallet's place in the table) and its catch-all */
    table?: { static: LoadOptions & { base: string }; dynamic: LoadOptions & { base: string }; notFound: LoadOptions & { base: string } };
  };
  stop: () => Promise<void>;
}

const answers200 = (p: string) => (url: string) =>
  fetch(`${url}${p}`).then(
    (r) => r.arrayBuffer().then(() => r.status === 200),
    () => false,
  );

/**
 * Starts the bare Next.js app (`next start`, production) and the raw server on ports of the bench's
 * range; with `routeTable`, the bare app with our route table too; with `databaseUrl` (PostgreSQL),
 * the bare app's read is loaded too (it needs no table: any database of the server will do).
 */
export async function startAnchors({ routeTable = false, databaseUrl }: { routeTable?: boolean; databaseUrl?: string } = {}): Promise<Anchors> {
  ensureAnchorBuild();
  if (routeTable) ensureRouteTableApp();
  const nextStart = async (name: string, dir: string) => {
    const port = await benchPort();
    const env = { NEXT_TELEMETRY_DISABLED: '1', ...(databaseUrl ? { ANCHOR_DATABASE_URL: databaseUrl } : {}) };
    return startServer(name, [NEXT_BIN, 'start', dir, '-p', String(port), '-H', '127.0.0.1'], env, port, { ready: answers200(BARE_PATH) });
  };
  const bare = await nextStart('bare Next.js (next start)', APP_DIR);
  const table = routeTable ? await nextStart('bare Next.js with our route table (next start)', TABLE_APP_DIR) : undefined;
  const rawPort = await benchPort();
  const raw = await startServer('raw node:http', [path.join(REPO_ROOT, 'bench', 'anchor', 'raw-http.mjs')], { PORT: String(rawPort), HOSTNAME: '127.0.0.1' }, rawPort, {
    ready: answers200('/'),
  });
  return {
    bare,
    raw,
    table,
    loads: {
      bare: { base: bare.url, path: BARE_PATH },
      // our 404's path, answered by the bare app's own optional catch-all: Next.js's cost of a dynamic route, nothing of ours
      bareNotFound: { base: bare.url, path: NOT_FOUND_PATH, expect: '4xx' },
      raw: { base: raw.url, path: '/' },
      ...(databaseUrl ? { bareRead: { base: bare.url, path: BARE_READ_PATH } } : {}),
      table: table && {
        static: { base: table.url, path: BARE_PATH },
        dynamic: { base: table.url, path: TABLE_DYNAMIC_PATH },
        notFound: { base: table.url, path: NOT_FOUND_PATH, expect: '4xx' },
      },
    },
    stop: async () => {
      await bare.stop();
      await table?.stop();
      await raw.stop();
    },
  };
}
