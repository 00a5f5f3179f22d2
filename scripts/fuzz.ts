/**
 * `npm run fuzz -- [--runs N] [--seed S] [--base-url URL] [--concurrency C] [--max-seconds T] [--report FILE]`
 *
 * The schema-driven fuzzer (tests/e2e/fuzz/) against a running server (--base-url, with the
 * platform key in PLATFORM_ADMIN_KEY), or against a production build it starts itself with
 * `next start` on a free port (run `npx next build` first): in-memory PGlite, or the PostgreSQL
 * database in DATABASE_URL. Prints every violation grouped by operation, status and reason; exits
 * 1 when there is any.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatReport, fuzz } from '../tests/e2e/fuzz/run';
import { E2E_PRODUCTION_SECRETS } from '../tests/e2e/fixtures';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const USAGE = 'usage: npm run fuzz -- [--runs N] [--seed S] [--base-url URL] [--concurrency C] [--max-seconds T] [--report FILE]';

function parseArgs(argv: string[]) {
  const options = { runs: 10_000, seed: Date.now() % 2 ** 31, baseUrl: '', concurrency: 4, report: '', maxSeconds: 0 };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i]!.split('=', 2) as [string, string | undefined];
    const value = () => inline ?? argv[++i] ?? '';
    const int = (name: string) => {
      const n = Number(value());
      if (!Number.isInteger(n) || n < 0) throw new Error(`${name} takes a whole number\n${USAGE}`);
      return n;
    };
    if (flag === '--runs') options.runs = int('--runs');
    else if (flag === '--seed') options.seed = int('--seed');
    else if (flag === '--concurrency') options.concurrency = Math.max(1, int('--concurrency'));
    else if (flag === '--max-seconds') options.maxSeconds = int('--max-seconds');
    else if (flag === '--base-url') options.baseUrl = value();
    else if (flag === '--report') options.report = value();
    else if (flag === '--help' || flag === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else throw new Error(`unknown option ${flag}\n${USAGE}`);
  }
  return options;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** `next start` with the settings of the end-to-end server (sandbox funding, raised rate limits). */
async function startServer(platformKey: string) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const database: Record<string, string> = process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : { PGLITE_DATA_DIR: 'memory://' };
  const limits = [
    'LOGIN_RATE_LIMIT_MAX',
    'REGISTRATION_RATE_LIMIT_MAX',
    'RATE_LIMIT_DEFAULT_MAX',
    'RATE_LIMIT_LOGIN_MAX',
    'RATE_LIMIT_REGISTRATION_MAX',
    'RATE_LIMIT_WEBHOOKS_MAX',
    'RATE_LIMIT_CARD_MAX',
  ];
  // the same start path as `npm start` (the edge server around Next's handler, docs/edge.md)
  const child = spawn(process.execPath, [path.join(root, 'server', 'main.mjs')], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      NODE_ENV: 'production',
      PORT: String(port),
      ...E2E_PRODUCTION_SECRETS,
      ...database,
      PLATFORM_ADMIN_KEY: platformKey,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      NEXTAUTH_URL: baseUrl,
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
      SANDBOX_FUNDING: 'true',
      ...Object.fromEntries(limits.map((name) => [name, '100000'])),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`next start exited with ${child.exitCode} (did you run npx next build?)`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).status < 500) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error('the server did not answer /api/health within 90 s');
    await new Promise((r) => setTimeout(r, 300));
  }
  return { baseUrl, stop: () => child.kill('SIGTERM') };
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  let platformKey = process.env.PLATFORM_ADMIN_KEY ?? '';
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  if (!options.baseUrl) {
    platformKey ||= `fuzz-platform-key-${Math.random().toString(36).slice(2)}-0123456789`;
    server = await startServer(platformKey);
    options.baseUrl = server.baseUrl;
  } else if (!platformKey) {
    throw new Error("--base-url needs the server's platform key in PLATFORM_ADMIN_KEY");
  }
  console.log(`fuzzing ${options.baseUrl}: ${options.runs} requests, seed ${options.seed}, concurrency ${options.concurrency}`);
  // Ctrl-C (or SIGTERM) stops sending and still prints the report of what was sent
  const stop = new AbortController();
  for (const sig of ['SIGINT', 'SIGTERM'] as const) process.once(sig, () => stop.abort());
  try {
    const result = await fuzz({ ...options, maxSeconds: options.maxSeconds || undefined, signal: stop.signal, platformKey, log: (line) => console.log(line) });
    const report = formatReport(result);
    console.log(`\n${report}`);
    if (options.report) writeFileSync(options.report, JSON.stringify(result, null, 2));
    process.exitCode = result.violations.length ? 1 : 0;
  } finally {
    server?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? `${error.message}${error.cause ? ` (${String((error.cause as Error).message ?? error.cause)})` : ''}\n${error.stack ?? ''}` : error);
  process.exit(2);
});
