/**
 * Web vitals of the admin panel: for each screen, the compressed JavaScript the browser downloads on
 * a first (cold-cache) load, and the time until the screen's main form or table is interactive.
 * The sign-in page is the baseline measured in the same run. Fails (exit 1) when any screen loads
 * more than 250 kB of compressed JavaScript.
 *
 *   npm run build && npm run bench -- web-vitals
 *
 * Starts the production build (`next start`, in-memory PGlite) on a free port, registers a tenant,
 * signs its owner in once, then opens every screen in a fresh browser context with that session.
 * Sizes are the encoded (gzip) body sizes Chromium reports for every script response.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, E2E_PLATFORM_KEY, E2E_PRODUCTION_SECRETS, REPO_ROOT, STRONG_PASSWORD, registrationBody } from '../tests/e2e/fixtures';
import { round, watchdog } from './_stats';

const BUDGET_BYTES = 250 * 1000;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
watchdog('bench/web-vitals.ts', 170);

interface Screen {
  name: string;
  path: string;
  /** the control that makes the screen usable, once data has loaded */
  ready: string;
  signedIn: boolean;
}

const SCREENS: Screen[] = [
  { name: 'sign-in', path: '/sign-in', ready: 'button:has-text("Sign in"):enabled', signedIn: false },
  { name: 'dashboard', path: '/', ready: '[data-testid="customers-total"]', signedIn: true },
  { name: 'customers', path: '/customers', ready: 'table >> text=No customer matches these filters.', signedIn: true },
  { name: 'register-individual', path: '/customers/new/individual', ready: 'select[name="CATEGORIZATION.categoryId"] option:has-text("risk") >> nth=0', signedIn: true },
  { name: 'register-organization', path: '/customers/new/organization', ready: 'input[name="organizationCustomer.organization.legalName"]', signedIn: true },
  { name: 'review-queue', path: '/verifications', ready: 'table >> text=No case matches', signedIn: true },
  { name: 'webhooks', path: '/webhooks', ready: 'button:has-text("New subscription"):enabled', signedIn: true },
  { name: 'card-lookup', path: '/cards', ready: 'button:has-text("Look up"):enabled', signedIn: true },
  { name: 'users', path: '/users', ready: 'table >> text=owner', signedIn: true },
];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function measure(browser: Browser, base: string, screen: Screen, state: Awaited<ReturnType<BrowserContext['storageState']>> | undefined) {
  const context = await browser.newContext({ storageState: screen.signedIn ? state : undefined, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const scripts: Promise<number>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.sizes().then((s) => s.responseBodySize));
  });
  const started = Date.now();
  await page.goto(`${base}${screen.path}`);
  await page.locator(screen.ready).first().waitFor({ state: 'attached', timeout: 30_000 });
  const interactiveMs = Date.now() - started;
  await page.waitForLoadState('networkidle');
  const bytes = (await Promise.all(scripts)).reduce((a, b) => a + b, 0);
  await context.close();
  return { bytes, interactiveMs, files: scripts.length };
}

async function main(): Promise<void> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // as `npm start` does
  const server = spawn(process.execPath, [path.join(REPO_ROOT, 'server', 'main.mjs')], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      NODE_ENV: 'production',
      PORT: String(port),
      PGLITE_DATA_DIR: 'memory://',
      PLATFORM_ADMIN_KEY: E2E_PLATFORM_KEY,
      NEXTAUTH_URL: base,
      LOG_LEVEL: 'warn',
      ...E2E_PRODUCTION_SECRETS,
    },
    stdio: 'ignore',
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    await waitFor(`${base}/api/health`, 60_000);
    const reg = await fetch(`${base}/api/v2.1/tenants/registration`, {
      method: 'POST',
      headers: { authorization: `Bearer ${E2E_PLATFORM_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify(registrationBody('Web vitals bench')),
    });
    if (!reg.ok) throw new Error(`tenant registration failed: ${reg.status}`);
    const { tenantId } = ((await reg.json()) as { data: { tenantId: string } }).data;
    const login = await browser.newContext();
    const page = await login.newPage();
    await page.goto(`${base}/sign-in`);
    await page.getByLabel('Tenant ID').fill(tenantId);
    await page.getByLabel('Username or email').fill('owner');
    await page.getByLabel('Password').fill(STRONG_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    const state = await login.storageState();
    await login.close();

    const rows: { screen: string; jsKb: number; scripts: number; interactiveMsMedian: number; vsSignIn: string }[] = [];
    let baselineMs = 0;
    for (const screen of SCREENS) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await measure(browser, base, screen, state));
      const median = runs.map((r) => r.interactiveMs).sort((a, b) => a - b)[Math.floor(runs.length / 2)]!;
      if (screen.name === 'sign-in') baselineMs = median;
      rows.push({
        screen: screen.name,
        jsKb: round(Math.max(...runs.map((r) => r.bytes)) / 1000),
        scripts: runs[0]!.files,
        interactiveMsMedian: median,
        vsSignIn: baselineMs ? `${round(median / baselineMs)}x` : '-',
      });
    }
    console.table(rows);
    const over = rows.filter((r) => r.jsKb * 1000 > BUDGET_BYTES);
    mkdirSync(path.join(REPO_ROOT, 'bench', 'results'), { recursive: true });
    writeFileSync(path.join(REPO_ROOT, 'bench', 'results', 'web-vitals.json'), JSON.stringify({ budgetKb: BUDGET_BYTES / 1000, runs: RUNS, rows }, null, 2));
    if (over.length) {
      console.error(`over the ${BUDGET_BYTES / 1000} kB compressed JavaScript budget: ${over.map((r) => `${r.screen} (${r.jsKb} kB)`).join(', ')}`);
      process.exitCode = 1;
    } else console.log(`every screen is within the ${BUDGET_BYTES / 1000} kB compressed JavaScript budget`);
  } finally {
    await browser.close();
    server.kill('SIGTERM');
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
