import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, E2E_BASE_URL, E2E_DEMO_PASSWORD, E2E_PLATFORM_KEY, E2E_PORT, E2E_PRODUCTION_SECRETS } from './tests/e2e/fixtures';

/**
 * End-to-end tests against a production build (`next build` must have run; `npm test` does it).
 * - api: plain HTTP through the `request` fixture; asserts exact envelopes, headers and statuses.
 * - browser: the panel in Debian's Chromium (Playwright cannot download its own browsers here).
 * The server uses an in-memory PGlite unless DATABASE_URL is set, then that PostgreSQL database.
 */
const databaseEnv: Record<string, string> = process.env.DATABASE_URL
  ? { DATABASE_URL: process.env.DATABASE_URL }
  : { PGLITE_DATA_DIR: 'memory://' };

export default defineConfig({
  outputDir: 'test-results/playwright',
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  fullyParallel: false,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { outputFolder: 'test-results/playwright-report', open: 'never' }]],
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'api',
      testDir: 'tests/e2e/api',
      use: { extraHTTPHeaders: { accept: 'application/json' } },
    },
    {
      // money-journey and money-cards run at 1280 and at 375 px (docs/admin-app.md, "Small screens")
      name: 'browser',
      testDir: 'tests/e2e/browser',
      workers: 1,
      use: {
        browserName: 'chromium',
        viewport: { width: 1280, height: 800 },
        screenshot: 'only-on-failure',
        launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
      },
    },
  ],
  // the same start path as `npm start` (server/main.mjs, NODE_ENV=production; docs/edge.md)
  webServer: {
    command: 'node server/main.mjs',
    url: `${E2E_BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    env: {
      ...databaseEnv,
      PORT: String(E2E_PORT),
      PLATFORM_ADMIN_KEY: E2E_PLATFORM_KEY,
      // production asks for the demo tenant explicitly and for its password (nothing is printed)
      DEMO_ADMIN_PASSWORD: E2E_DEMO_PASSWORD,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      // required in production: the public URL and the secrets that are never generated there
      NEXTAUTH_URL: E2E_BASE_URL,
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
    },
  },
});
