import path from 'node:path';
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { DEMO_TENANT_NAME, E2E_BASE_URL, REPO_ROOT, platformAuth, registrationBody, uniqueName } from '../fixtures';

const SCREENSHOTS = path.join(REPO_ROOT, 'test-results', 'screenshots');

async function registerTenant(request: APIRequestContext, name = uniqueName('Browser')): Promise<{ tenantId: string; name: string }> {
  const res = await request.post('/api/v2.1/tenants/registration', { headers: platformAuth, data: registrationBody(name) });
  expect(res.status(), await res.text()).toBe(200);
  return { tenantId: ((await res.json()) as { data: { tenantId: string } }).data.tenantId, name };
}

async function selectTenant(context: BrowserContext, tenantId: string): Promise<void> {
  await context.addCookies([{ name: 'bp_tenant', value: tenantId, url: E2E_BASE_URL }]);
}

/** Waits until the tenant card has settled: a tenant, an error, or the "no tenant yet" hint. */
async function tenantCardState(page: Page): Promise<'tenant' | 'none' | 'error'> {
  const card = page.getByTestId('tenant-card');
  await expect(card.getByTestId('tenant-name').or(card.getByText('No tenant yet')).or(card.getByRole('alert'))).toBeVisible();
  if (await card.getByTestId('tenant-name').isVisible()) return 'tenant';
  return (await card.getByRole('alert').isVisible()) ? 'error' : 'none';
}

async function expectOverview(page: Page, tenantName: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Overview' })).toHaveAttribute('href', '/');
  await expect(nav.getByText('Customers')).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByRole('main')).toBeVisible();

  const tenantCard = page.getByTestId('tenant-card');
  await expect(tenantCard.getByRole('heading', { name: 'Tenant' })).toBeVisible();
  await expect(tenantCard.getByTestId('tenant-name')).toHaveText(tenantName);
  await expect(tenantCard.getByText('ACTIVE', { exact: true })).toBeVisible();

  const healthCard = page.getByTestId('health-card');
  await expect(healthCard.getByRole('heading', { name: 'System health' })).toBeVisible();
  await expect(healthCard.getByTestId('health-status')).toHaveText('Reachable');
  await expect(healthCard.getByText(process.env.DATABASE_URL ? 'PostgreSQL' : 'Embedded PGlite', { exact: true })).toBeVisible();
}

/** Nothing sticks out sideways: the page is exactly as wide as the viewport. */
async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

test.describe('panel shell', () => {
  test('the overview shows the tenant, the system health and the navigation, at desktop and phone widths', async ({ page, context, request }) => {
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      // failed loads are reported with their URL by the response listener below
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) problems.push(`console: ${message.text()}`);
    });
    page.on('response', (response) => {
      // the app has no favicon yet; the browser's automatic request for it is not the page's doing
      if (response.status() >= 400 && new URL(response.url()).pathname !== '/favicon.ico') {
        problems.push(`${response.status()} ${response.request().method()} ${response.url()}`);
      }
    });

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    let tenantName = DEMO_TENANT_NAME;
    if ((await tenantCardState(page)) !== 'tenant' || (await page.getByTestId('tenant-name').textContent()) !== DEMO_TENANT_NAME) {
      // no demo tenant in this database (DATABASE_URL pointing at a database that had tenants): use our own
      const created = await registerTenant(request, uniqueName('Shell'));
      await selectTenant(context, created.tenantId);
      tenantName = created.name;
      await page.reload();
    }
    await expectOverview(page, tenantName);
    await expect(page).toHaveTitle('Business Platform');
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'overview-1280.png') });

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expectOverview(page, tenantName);
    await expectNoHorizontalOverflow(page);
    // the nav scrolls sideways inside its own bar on a phone instead of widening the page
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect((await nav.boundingBox())!.width).toBeLessThanOrEqual(390);
    // the two cards stack: the health card is below the tenant card
    const tenantBox = (await page.getByTestId('tenant-card').boundingBox())!;
    const healthBox = (await page.getByTestId('health-card').boundingBox())!;
    expect(healthBox.y).toBeGreaterThanOrEqual(tenantBox.y + tenantBox.height);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'overview-390.png') });

    expect(problems).toEqual([]);
  });

  test('the bp_tenant cookie selects the tenant the panel shows', async ({ page, context, request }) => {
    const tenant = await registerTenant(request);
    await selectTenant(context, tenant.tenantId);
    await page.goto('/');
    await expectOverview(page, tenant.name);
    await expect(page.getByTestId('tenant-card').getByText(tenant.tenantId)).toBeVisible();
  });

  test('a suspended tenant shows the access error instead of its profile', async ({ page, context, request }) => {
    const tenant = await registerTenant(request);
    const suspend = await request.post(`/api/v2.1/tenants/${tenant.tenantId}/status`, { headers: platformAuth, data: { status: 'SUSPENDED' } });
    expect(suspend.status()).toBe(200);
    await selectTenant(context, tenant.tenantId);
    await page.goto('/');
    expect(await tenantCardState(page)).toBe('error');
    await expect(page.getByTestId('tenant-card').getByRole('alert')).toHaveText('tenant access denied or categorization not available');
    await expect(page.getByTestId('health-status')).toHaveText('Reachable');
  });
});
