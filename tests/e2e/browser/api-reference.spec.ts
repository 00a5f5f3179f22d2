import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../browser-helpers';
import { E2E_BASE_URL, E2E_DEMO_PASSWORD, REPO_ROOT } from '../fixtures';

/**
 * The API reference page: Swagger UI served from our own origin over /api/openapi.json, try-it-out
 * against this server (GET /api/health), at desktop and phone widths (1280 and 375 px), axe-clean at
 * both (the server select has a name; Swagger's own low-contrast colours are overridden in
 * app/globals.css). Its script stays off the other pages. The time until the first operation can be
 * clicked on a warm server is recorded as the annotation `time-to-usable` (no timed assertion: the
 * machine running the tests is shared).
 */
const SCREENSHOTS = path.join(REPO_ROOT, 'test-results', 'screenshots');

async function signIn(page: Page): Promise<void> {
  await page.goto('/sign-in');
  await page.getByLabel('Username or email').fill('admin');
  await page.getByLabel('Password').fill(E2E_DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
}

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
  const viewer = page.getByTestId('swagger-ui');
  await expect(viewer.getByText('Business BFF API')).toBeVisible({ timeout: 60_000 });

  // the server is warm now (page, bundle and document served once). Load the page in fresh browser
  // contexts (signed in, empty HTTP cache) and note how long until the first operation's tag can be clicked
  const state = await page.context().storageState();
  const timings: number[] = [];
  for (let i = 0; i < 3; i++) {
    const context = await browser.newContext({ storageState: state, baseURL: E2E_BASE_URL, viewport: { width: 1280, height: 800 } });
    const fresh = await context.newPage();
    const started = Date.now();
    await fresh.goto('/api-reference');
    await fresh.getByTestId('swagger-ui').locator('#operations-tag-Platform').click({ trial: true, timeout: 60_000 });
    timings.push(Date.now() - started);
    await context.close();
  }
  const median = [...timings].sort((a, b) => a - b)[1]!;
  test.info().annotations.push({ type: 'time-to-usable', description: `${median} ms (median of ${timings.join(', ')} ms; empty browser cache, navigation to the first operation tag clickable)` });
  console.log(`api-reference time-to-usable: ${median} ms (runs: ${timings.join(', ')} ms)`);
  await expect(viewer.locator('.version').first()).toContainText('1.0.0');

  // tags start collapsed: open Platform, then the health operation
  await viewer.locator('#operations-tag-Platform').click();
  const health = viewer.locator('#operations-Platform-getApiHealth');
  await health.locator('.opblock-summary').click();
  await health.getByRole('button', { name: 'Try it out' }).click();
  await health.getByRole('button', { name: 'Execute' }).click();
  const live = health.locator('.responses-wrapper .live-responses-table');
  await expect(live.locator('tbody td.response-col_status').first()).toHaveText('200', { timeout: 15_000 });
  await expect(live.locator('tbody .response-col_description').first()).toContainText('"status": "ok"');
  await expect(health.locator('.request-url')).toContainText('/api/health');
  await page.screenshot({ path: path.join(SCREENSHOTS, 'api-reference-1280.png') });
  // axe over the viewer with an operation open and its live response shown
  await expectAccessible(page, 'api-reference at 1280px');

  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  await expect(viewer.getByText('Business BFF API')).toBeVisible({ timeout: 60_000 });
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'api-reference-375.png') });
  await expectAccessible(page, 'api-reference at 375px');

  // the document travels gzip-compressed (Next.js's compression; lib/openapi/served.ts)
  const served = await page.request.get('/api/openapi.json', { headers: { 'accept-encoding': 'gzip' } });
  expect([served.status(), served.headers()['content-encoding'], served.headers()['content-type']]).toEqual([200, 'gzip', 'application/json']);
  expect(((await served.json()) as { openapi: string }).openapi).toBe('3.1.0');

  expect(external, 'the viewer loads nothing from another origin').toEqual([]);
  expect(problems).toEqual([]);
});
