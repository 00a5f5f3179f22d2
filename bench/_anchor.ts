/**
 * The anchor of the HTTP benchmarks (issue 28): beside our production server, a bare Next.js app
 * with one route handler (bench/anchor/next-app, built with the repository's own `next` into its
 * own gitignored .next) under `next start`, and a raw `node:http` server (bench/anchor/raw-http.mjs)
 * answering the same JSON. Our `GET /api/health` and our 404 envelope are read as ratios to the
 * bare route, measured in the same rounds. Not a benchmark itself (bench/run.ts skips `_` files).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { REPO_ROOT, benchPort, startServer, type LoadOptions, type Server } from './_harness';

const APP_DIR = path.join(REPO_ROOT, 'bench', 'anchor', 'next-app');
const NEXT_BIN = createRequire(path.join(REPO_ROOT, 'package.json')).resolve('next/dist/bin/next');
const NEXT_PACKAGE = createRequire(path.join(REPO_ROOT, 'package.json')).resolve('next/package.json');

/** The bare app's path: one route handler, the same JSON as raw-http.mjs. */
export const BARE_PATH = '/api/ping';
/** An API path no route serves: our 404 envelope (the catch-all route, no database). */
export const NOT_FOUND_PATH = '/api/v2.1/nope';

/** Builds the bare app when its build is missing or older than its sources or the installed `next`. */
export function ensureAnchorBuild(): void {
  const built = path.join(APP_DIR, '.next', 'BUILD_ID');
  const sources = [path.join(APP_DIR, 'app', 'api', 'ping', 'route.js'), path.join(APP_DIR, 'app', 'api', '[[...slug]]', 'route.js'), path.join(APP_DIR, 'next.config.mjs'), NEXT_PACKAGE];
  const newest = Math.max(...sources.map((s) => statSync(s).mtimeMs));
  if (existsSync(built) && statSync(built).mtimeMs > newest) return;
  console.log('building the bare Next.js app of the anchor (bench/anchor/next-app)');
  // webpack: Turbopack takes the repository (its lockfile) as the workspace root and compiles the
  // repository's own instrumentation.ts into the bare app; webpack keeps to the app's directory
  const result = spawnSync(process.execPath, [NEXT_BIN, 'build', '--webpack', APP_DIR], {
    cwd: APP_DIR,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) throw new Error('the bare Next.js app did not build');
}

export interface Anchors {
  bare: Server;
  raw: Server;
  /** the two loads, to be run in the same rounds as ours */
  loads: { bare: LoadOptions & { base: string }; bareNotFound: LoadOptions & { base: string }; raw: LoadOptions & { base: string } };
  stop: () => Promise<void>;
}

const answers200 = (p: string) => (url: string) =>
  fetch(`${url}${p}`).then(
    (r) => r.arrayBuffer().then(() => r.status === 200),
    () => false,
  );

/** Starts the bare Next.js app (`next start`, production) and the raw server on ports of the bench's range. */
export async function startAnchors(): Promise<Anchors> {
  ensureAnchorBuild();
  const barePort = await benchPort();
  const bare = await startServer('bare Next.js (next start)', [NEXT_BIN, 'start', APP_DIR, '-p', String(barePort), '-H', '127.0.0.1'], { NEXT_TELEMETRY_DISABLED: '1' }, barePort, {
    ready: answers200(BARE_PATH),
  });
  const rawPort = await benchPort();
  const raw = await startServer('raw node:http', [path.join(REPO_ROOT, 'bench', 'anchor', 'raw-http.mjs')], { PORT: String(rawPort), HOSTNAME: '127.0.0.1' }, rawPort, {
    ready: answers200('/'),
  });
  return {
    bare,
    raw,
    loads: {
      bare: { base: bare.url, path: BARE_PATH },
      // our 404's path, answered by the bare app's own optional catch-all: Next.js's cost of a dynamic route, nothing of ours
      bareNotFound: { base: bare.url, path: NOT_FOUND_PATH, expect: '4xx' },
      raw: { base: raw.url, path: '/' },
    },
    stop: async () => {
      await bare.stop();
      await raw.stop();
    },
  };
}
