import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_TENANT_NAME, E2E_DEMO_PASSWORD, STRONG_PASSWORD, platformAuth, registrationBody, uniqueName } from '../fixtures';
import { capture, screenshot, signInPanel } from '../browser-helpers';
import { APPROVER_PASSWORD, staffTenant } from '../money-world';

async function registerTenant(request: APIRequestContext, name = uniqueName('Browser')): Promise<{ tenantId: string; name: string }> {
  const res = await request.post('/api/v2.1/tenants/registration', { headers: platformAuth, data: registrationBody(name) });
  expect(res.status(), await res.text()).toBe(200);
  return { tenantId: ((await res.json()) as { data: { tenantId: string } }).data.tenantId, name };
}

/** Signs in through the form; the demo admin when there is a demo tenant, else a new tenant's owner. */
async function signIn(page: Page, request: APIRequestContext, tenant?: { tenantId: string; name: string }): Promise<string> {
  await page.goto('/sign-in');
  const prefilled = await page.getByLabel('Tenant ID').inputValue();
  let tenantName = DEMO_TENANT_NAME;
  let credentials = { tenantId: prefilled, username: 'admin', password: E2E_DEMO_PASSWORD };
  if (tenant || !prefilled) {
    const chosen = tenant ?? (await registerTenant(request, uniqueName('Shell')));
    credentials = { tenantId: chosen.tenantId, username: 'owner', password: STRONG_PASSWORD };
    tenantName = chosen.name;
  }
  await page.getByLabel('Tenant ID').fill(credentials.tenantId);
  await page.getByLabel('Username or email').fill(credentials.username);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  return tenantName;
}

async function expectOverview(page: Page, tenantName: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  // below 768 px the navigation sits behind the menu button
  const menu = page.getByRole('button', { name: 'Menu' });
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Overview' })).toHaveAttribute('href', '/');
  await expect(nav.getByRole('link', { name: 'Customers' })).toHaveAttribute('href', '/customers');
  await expect(nav.getByRole('link', { name: 'API reference' })).toHaveAttribute('href', '/api-reference');
  await expect(page.getByRole('main')).toBeVisible();

  const tenantCard = page.getByTestId('tenant-card');
  await expect(tenantCard.getByRole('heading', { name: 'Tenant' })).toBeVisible();
  await expect(tenantCard.getByTestId('tenant-name')).toHaveText(tenantName);
  await expect(tenantCard.getByText('ACTIVE', { exact: true })).toBeVisible();

  const healthCard = page.getByTestId('health-card');
  await expect(healthCard.getByRole('heading', { name: 'System health' })).toBeVisible();
  await expect(healthCard.getByTestId('health-status')).toHaveText('Reachable');
  // the browser specs run against the server on PGlite (playwright.config.ts)
  await expect(healthCard.getByText('Embedded PGlite', { exact: true })).toBeVisible();
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
  test('the overview shows the tenant, the system health and the navigation, at desktop and phone widths', async ({ page, request }) => {
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
    const tenantName = await signIn(page, request);
    await expect(page.getByTestId('shell-tenant')).toHaveText(tenantName);
    await expectOverview(page, tenantName);
    await expect(page).toHaveTitle('Business Platform');
    await expectNoHorizontalOverflow(page);
    await screenshot(page, 'overview-1280', { fullPage: false });

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expectOverview(page, tenantName);
    await expectNoHorizontalOverflow(page);
    // on a phone the navigation opens from the menu button as a full-width list: every entry fits
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect((await nav.boundingBox())!.width).toBeLessThanOrEqual(390);
    for (const link of await nav.getByRole('link').all()) {
      const box = (await link.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(nav).toBeHidden();
    // the two cards stack: the health card is below the tenant card
    const tenantBox = (await page.getByTestId('tenant-card').boundingBox())!;
    const healthBox = (await page.getByTestId('health-card').boundingBox())!;
    expect(healthBox.y).toBeGreaterThanOrEqual(tenantBox.y + tenantBox.height);
    await screenshot(page, 'overview-390', { fullPage: false });

    expect(problems).toEqual([]);
  });

  test('the panel shows the tenant of whoever signed in', async ({ page, request }) => {
    const tenant = await registerTenant(request);
    await signIn(page, request, tenant);
    await expectOverview(page, tenant.name);
    await expect(page.getByTestId('shell-user')).toHaveText('Olga Owner');
    await expect(page.getByTestId('tenant-card').getByText(tenant.tenantId)).toBeVisible();
  });

  test('an address that leads nowhere: sign-in first, then "Page not found" inside the shell with a way on, at 1280 and 375 px', async ({ page, request }) => {
    const tenant = await registerTenant(request);
    // signed out: sign-in first, and back to the address afterwards, as for every panel page
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Fsettings$/);
    await page.getByLabel('Tenant ID').fill(tenant.tenantId);
    await page.getByLabel('Username or email').fill('owner');
    await page.getByLabel('Password').fill(STRONG_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    const notFound = page.getByRole('heading', { level: 1, name: 'Page not found' });
    await expect(notFound).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveTitle('Page not found · Business Platform');
    // the shell stays: the user, and the navigation to go on from
    await expect(page.getByTestId('shell-user')).toHaveText('Olga Owner');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Customers' })).toBeVisible();

    // an id that is not one, under a real page, and a path under no page at all: the same page, answered 404
    for (const address of ['/wallets/not-a-wallet', '/customers/x/y/z']) {
      const response = await page.goto(address);
      expect(response?.status(), address).toBe(404);
      await expect(notFound).toBeVisible();
    }
    await capture(page, 'not-found', () => expect(notFound).toBeVisible());

    await page.getByRole('link', { name: 'Go to the overview' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  });

  test('a page the roles do not open: the overview says which, in words, and who can grant it; the API refuses the same', async ({ page, request }) => {
    const staff = await staffTenant(request, 'Denied');
    await signInPanel(page, staff.tenantId, staff.officerName, APPROVER_PASSWORD);
    // an officer's navigation has no Users entry; a link to it (shared, bookmarked) leads to the overview
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' })).toHaveCount(0);
    await page.goto('/users');
    await expect(page).toHaveURL(/\/\?denied=%2Fusers$/);
    await expect(page.getByRole('status').filter({ hasText: 'Your roles' })).toHaveText(
      'Your roles do not give you access to Users. An administrator of your tenant can change your roles under Users.',
    );
    await screenshot(page, 'overview-denied-1280', { fullPage: false });
    // the rule is the server's: the officer's own session is refused the users' list
    const users = await request.get('/api/v2.1/admin/users', { headers: staff.officer });
    expect(users.status()).toBe(403);
  });

  test('suspending the tenant ends the panel session, and signing in again says the tenant is not available', async ({ page, request }) => {
    const tenant = await registerTenant(request);
    await signIn(page, request, tenant);
    const suspend = await request.post(`/api/v2.1/tenants/${tenant.tenantId}/status`, { headers: platformAuth, data: { status: 'SUSPENDED' } });
    expect(suspend.status()).toBe(200);
    await page.goto('/');
    await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2F$/);
    await page.getByLabel('Tenant ID').fill(tenant.tenantId);
    await page.getByLabel('Username or email').fill('owner');
    await page.getByLabel('Password').fill(STRONG_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'tenant' })).toHaveText('This tenant is not available. Check the tenant ID.');
  });
});
