import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, screenshot } from '../browser-helpers';
import { E2E_BASE_URL, E2E_DEMO_PASSWORD, REPO_ROOT } from '../fixtures';

/**
 * The API reference page: an index of every operation rendered by the server (find, read, open), and
 * Swagger UI served from our own origin for each group a reader opens, fed only that group's part of
 * /api/openapi.json; try-it-out against this server (GET /api/health), at desktop and phone widths
 * (1280 and 375 px), axe-clean at both (the server select has a name; Swagger's own low-contrast
 * colours are overridden in app/globals.css). Its script stays off the other pages. On a warm server,
 * two times are recorded as annotations (no timed assertion: the machine running the tests is shared):
 * `time-to-usable`, navigation until an operation of the index is on screen (a link that works before
 * hydration, as the early click of this spec proves), and `time-to-operation`, navigation
 * until an operation picked in the index is open in the viewer.
 */

async function signIn(page: Page): Promise<void> {
  await page.goto('/sign-in');
  await page.getByLabel('Username or email').fill('admin');
  await page.getByLabel('Password').fill(E2E_DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
}

/** What the committed document holds (docs/openapi.json, kept current by a test): its operations and their groups. */
const DOCUMENTED = (() => {
  const doc = JSON.parse(readFileSync(path.join(REPO_ROOT, 'docs', 'openapi.json'), 'utf8')) as { paths: Record<string, Record<string, { tags?: string[] }>> };
  const operations = Object.values(doc.paths).flatMap((item) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([, op]) => op),
  );
  return { operations: operations.length, groups: new Set(operations.flatMap((op) => op.tags ?? [])).size };
})();

test('the API reference renders the document and runs try-it-out against /api/health', async ({ page, browser }) => {
  test.setTimeout(240_000); // a 2 MB document rendered twice and axe-scanned twice on a shared machine
  const external: string[] = [];
  const problems: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin !== new URL(E2E_BASE_URL).origin && url.protocol !== 'data:') external.push(request.url());
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));

  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page);
  // the overview does not carry the viewer
  expect(await page.locator('script[src*="swagger-ui"]').count()).toBe(0);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API reference' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible();
  await expect(page.getByTestId('api-version')).toHaveText('1.0.0');
  // every group of the document is listed with its operations before any viewer is opened
  for (const group of ['Platform', 'Tenants', 'Sessions', 'Customers', 'Transfers', 'Wallets', 'Virtual cards']) {
    await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^${group}`) })).toBeVisible();
  }
  await expect(page.getByText(`${DOCUMENTED.operations} operations in ${DOCUMENTED.groups} groups`)).toBeVisible();
  const healthRow = page.getByRole('link', { name: /^GET \/api\/health / });
  // the viewer of a group renders once the bundle and the document are in (warms the server too)
  await page.getByRole('button', { name: /^Platform/ }).click();
  await expect(page.locator('#operations-Platform-getApiHealth')).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: /^Platform/ }).click();
  await expect(healthRow).toBeVisible();

  // the server is warm now. Load the page in fresh browser contexts (signed in, empty HTTP cache):
  // how long until the index can be clicked, and until an operation picked in it is open in the viewer
  const state = await page.context().storageState();
  const usable: number[] = [];
  const operation: number[] = [];
  for (let i = 0; i < 3; i++) {
    const context = await browser.newContext({ storageState: state, baseURL: E2E_BASE_URL, viewport: { width: 1280, height: 800 } });
    const fresh = await context.newPage();
    const started = Date.now();
    await fresh.goto('/api-reference', { waitUntil: 'commit' });
    // the index is rendered by the server and its operations are links (#operationId): they work
    // from the first paint, before the page has hydrated (the early click below proves it)
    const row = fresh.getByRole('link', { name: /^GET \/api\/health / });
    await row.waitFor({ state: 'visible', timeout: 60_000 });
    usable.push(Date.now() - started);
    await row.click();
    await expect(fresh.locator('#operations-Platform-getApiHealth .opblock-body')).toBeVisible({ timeout: 60_000 });
    operation.push(Date.now() - started);
    await context.close();
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[1]!;
  for (const [type, values] of [
    ['time-to-usable', usable],
    ['time-to-operation', operation],
  ] as const) {
    test.info().annotations.push({ type, description: `${median(values)} ms (median of ${values.join(', ')} ms; empty browser cache)` });
    console.log(`api-reference ${type}: ${median(values)} ms (runs: ${values.join(', ')} ms)`);
  }

  // a click before the page has hydrated still opens the operation, even when its fragment is replaced
  // away before React takes over (Next.js's router can do so with its first history entry; CI saw it)
  {
    const context = await browser.newContext({ storageState: state, baseURL: E2E_BASE_URL, viewport: { width: 1280, height: 800 } });
    const early = await context.newPage();
    await early.route(/\/_next\/static\/chunks\/.*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await early.goto('/api-reference', { waitUntil: 'commit' });
    await early.getByRole('link', { name: /^GET \/api\/health / }).click();
    await early.evaluate(() => history.replaceState(history.state, '', location.pathname));
    await expect(early.locator('#operations-Platform-getApiHealth .opblock-body')).toBeVisible({ timeout: 60_000 });
    await context.close();
  }

  // find the operation by a word of its path, open it from the index: Swagger shows it expanded
  await page.getByLabel('Find an operation').fill('health');
  await expect(page.getByText('1 matching operation')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /^Wallets/ })).toHaveCount(0);
  await healthRow.click();
  await expect(page).toHaveURL(/#getApiHealth$/);
  const health = page.locator('#operations-Platform-getApiHealth');
  await health.getByRole('button', { name: 'Try it out' }).click();
  await health.getByRole('button', { name: 'Execute' }).click();
  const live = health.locator('.responses-wrapper .live-responses-table');
  await expect(live.locator('tbody td.response-col_status').first()).toHaveText('200', { timeout: 15_000 });
  await expect(live.locator('tbody .response-col_description').first()).toContainText('"status": "ok"');
  await expect(health.locator('.request-url')).toContainText('/api/health');
  await screenshot(page, 'api-reference-1280', { fullPage: false });
  // axe over the viewer with an operation open and its live response shown
  await expectAccessible(page, 'api-reference at 1280px');

  // a group with request bodies (wallets) at 375 px: nothing beyond the right edge
  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible();
  // the fragment survives the reload: the picked operation is open again
  await expect(page.locator('#operations-Platform-getApiHealth .opblock-body')).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: /^Wallets/ }).click();
  await expect(page.locator('[id^="operations-Wallets-"]').first()).toBeVisible({ timeout: 60_000 });
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  await screenshot(page, 'api-reference-375', { fullPage: false });
  await expectAccessible(page, 'api-reference at 375px');

  // the document travels gzip-compressed (Next.js's compression; lib/openapi/served.ts)
  const served = await page.request.get('/api/openapi.json', { headers: { 'accept-encoding': 'gzip' } });
  expect([served.status(), served.headers()['content-encoding'], served.headers()['content-type']]).toEqual([200, 'gzip', 'application/json']);
  expect(((await served.json()) as { openapi: string }).openapi).toBe('3.1.0');

  expect(external, 'the viewer loads nothing from another origin').toEqual([]);
  expect(problems).toEqual([]);
});
