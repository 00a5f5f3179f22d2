import { defineConfig } from '@playwright/test';
import { IN_CI } from './tests/ci';
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  E2E_BASE_URL,
  E2E_DEMO_PASSWORD,
  E2E_PLATFORM_KEY,
  E2E_PORT,
  E2E_POSTGRES_BASE_URL,
  E2E_POSTGRES_PORT,
  E2E_PRODUCTION_SECRETS,
} from './tests/e2e/fixtures';
import { playwrightMatch } from './tests/layout';

/**
 * End-to-end tests against a production build (`next build` must have run; `npm test` does it).
 * Which project runs a spec follows from where it lives (tests/layout.ts):
 * - browser: the panel in Debian's chromium-headless-shell (Playwright cannot download its own
 *   browsers here; tests/chromium.mjs), against the server on PGlite; both workers, first in the
 *   queue: it is the longest project. Each spec works in tenants of its own, so two files run side
 *   by side; with the headless shell one browser test kept the 2-core machine less than half busy
 *   (it waits on the server, debounces and animations), so the second slot halves its time;
 * - api: plain HTTP through the `request` fixture against the server on PGlite; asserts exact
 *   envelopes, headers and statuses (tests/e2e/api/ and tests/e2e/api/database/);
 * - api-postgres: the same against the server on the PostgreSQL database of DATABASE_URL
 *   (tests/e2e/api/database/ and tests/e2e/api/postgres/). It exists when DATABASE_URL is set, and
 *   always with CI=true, where a missing DATABASE_URL fails.
 * Both servers start as `npm start` does (server/main.mjs, NODE_ENV=production; docs/edge.md).
 */
const onPostgres = Boolean(process.env.DATABASE_URL) || IN_CI;
if (onPostgres && !process.env.DATABASE_URL) throw new Error('CI=true runs the api-postgres project: set DATABASE_URL to the PostgreSQL database its server uses');

const chromium = {
  browserName: 'chromium' as const,
  screenshot: 'only-on-failure' as const,
  launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
};

/** The production server under test, on the given port and database. */
function server(port: number, baseURL: string, database: Record<string, string>, command: string) {
  return {
    command,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 5_000 },
    env: {
      ...database,
      PORT: String(port),
      PLATFORM_ADMIN_KEY: E2E_PLATFORM_KEY,
      // production asks for the demo tenant explicitly and for its password (nothing is printed)
      DEMO_ADMIN_PASSWORD: E2E_DEMO_PASSWORD,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      // required in production: the public URL and the secrets that are never generated there
      NEXTAUTH_URL: baseURL,
      ...E2E_PRODUCTION_SECRETS,
      // the specs sign in and register many times from 127.0.0.1; the throttles have tests of their own
      LOGIN_RATE_LIMIT_MAX: '100000',
      REGISTRATION_RATE_LIMIT_MAX: '100000',
      RATE_LIMIT_DEFAULT_MAX: '100000',
      RATE_LIMIT_LOGIN_MAX: '100000',
      RATE_LIMIT_REGISTRATION_MAX: '100000',
      RATE_LIMIT_WEBHOOKS_MAX: '100000',
      // the browser specs deliver webhooks to a receiver they start on 127.0.0.1 (docs/webhooks.md)
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
      // the production build under test is a sandbox: the transfer specs fund wallets (docs/ledger.md)
      SANDBOX_FUNDING: 'true',
      // every statement compiled by drizzle's walk too, any difference a 500 the specs see (lib/db/compile-sql.ts)
      DATABASE_COMPILE_CHECK: 'true',
    },
  };
}

export default defineConfig({
  outputDir: 'test-results/playwright',
  forbidOnly: IN_CI,
  retries: 0,
  workers: 2,
  fullyParallel: false,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { outputFolder: 'test-results/playwright-report', open: 'never' }], ...(IN_CI ? [['./tests/e2e/failure-context-reporter.ts'] as const] : [])],
  // Here a failed test keeps its trace (actions, DOM snapshots, network) and a screenshot; the
  // trace's screencast is left out: encoding it cost the browser specs about a tenth of their CPU.
  // In CI nothing is traced: only the log of a CI run is ever read, so a trace there was recorded
  // for nothing, and recording it cost the browser specs about a fifth of their CPU and an eighth
  // of their time (two specs took 2.2 minutes with it, 1.9 without, on a 2-core VM). What a failure
  // there leaves is its error, and the page as it stood, printed in the log
  // (tests/e2e/failure-context-reporter.ts).
  use: { trace: IN_CI ? 'off' : { mode: 'retain-on-failure', screenshots: false } },
  projects: [
    {
      // money-journey and money-cards run at 1280 and at 375 px (docs/admin-app.md, "Small screens")
      name: 'browser',
      testDir: 'tests/e2e/browser',
      testMatch: playwrightMatch('browser'),
      workers: 2,
      metadata: { database: 'pglite' },
      use: { ...chromium, baseURL: E2E_BASE_URL, viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'api',
      testDir: 'tests/e2e/api',
      testMatch: playwrightMatch('api'),
      metadata: { database: 'pglite' },
      use: { baseURL: E2E_BASE_URL, extraHTTPHeaders: { accept: 'application/json' } },
    },
    ...(onPostgres
      ? [
          {
            name: 'api-postgres',
            testDir: 'tests/e2e/api',
            testMatch: playwrightMatch('api-postgres'),
            metadata: { database: 'postgres' },
            use: { baseURL: E2E_POSTGRES_BASE_URL, extraHTTPHeaders: { accept: 'application/json' } },
          },
        ]
      : []),
  ],
  webServer: [
    // the environment's DATABASE_URL belongs to the PostgreSQL server only
    server(E2E_PORT, E2E_BASE_URL, { PGLITE_DATA_DIR: 'memory://' }, 'env -u DATABASE_URL node server/main.mjs'),
    ...(onPostgres ? [server(E2E_POSTGRES_PORT, E2E_POSTGRES_BASE_URL, { DATABASE_URL: process.env.DATABASE_URL! }, 'node server/main.mjs')] : []),
  ],
});
