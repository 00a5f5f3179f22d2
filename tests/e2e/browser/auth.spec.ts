import { expect, test, type Page } from '@playwright/test';
import { DEMO_TENANT_NAME, E2E_BASE_URL, E2E_DEMO_PASSWORD, platformAuth, registrationBody, STRONG_PASSWORD } from '../fixtures';
import { screenshot } from '../browser-helpers';

async function demoTenantId(page: Page): Promise<string> {
  await page.goto('/sign-in');
  // the form's own value once React has hydrated it (the fields are read-only until then)
  const field = page.getByLabel('Tenant ID');
  await expect(field).toBeEditable();
  return field.inputValue();
}

async function fillSignIn(page: Page, tenantId: string, username: string, password: string) {
  await page.getByLabel('Tenant ID').fill(tenantId);
  await page.getByLabel('Username or email').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('a signed-out visitor is sent to sign-in, signs in as the demo admin, sees the panel and signs out', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2F$/);
  await expect(page.getByRole('heading', { name: 'Sign in to the panel' })).toBeVisible();
  const tenantId = await page.getByLabel('Tenant ID').inputValue();
  expect(tenantId).toMatch(/^[0-9a-f-]{36}$/);
  await page.setViewportSize({ width: 1280, height: 800 });
  await screenshot(page, 'sign-in-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'sign-in-390');
  await page.setViewportSize({ width: 1280, height: 800 });

  await fillSignIn(page, tenantId, 'admin', E2E_DEMO_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await expect(page.getByTestId('shell-user')).toHaveText('Ada Admin');
  await expect(page.getByTestId('shell-tenant')).toHaveText(DEMO_TENANT_NAME);
  await expect(page.getByTestId('tenant-name')).toHaveText(DEMO_TENANT_NAME);

  // the panel calls the API with its session cookie
  const sessions = await page.request.get('/api/v2.1/sessions');
  expect(sessions.status()).toBe(200);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  // the server-side session is gone: the API refuses the old cookie jar
  const after = await page.request.get('/api/v2.1/sessions');
  expect(after.status()).toBe(401);
  await page.goto('/');
  await expect(page).toHaveURL(/\/sign-in/);
});

test('wrong passwords count down, the 5th locks the account and the right password is refused during the lock', async ({ page, request }) => {
  const registered = await request.post('/api/v2.1/tenants/registration', { headers: platformAuth, data: registrationBody() });
  expect(registered.status()).toBe(200);
  const { tenantId } = (await registered.json()).data as { tenantId: string };

  await page.goto('/sign-in');
  for (let attempt = 1; attempt <= 4; attempt++) {
    await fillSignIn(page, tenantId, 'owner', `Wrong-password-${attempt}!`);
    const left = 5 - attempt;
    await expect(page.getByRole('alert').filter({ hasText: 'Wrong username or password' })).toHaveText(
      `Wrong username or password. ${left} ${left === 1 ? 'attempt' : 'attempts'} left before the account is locked for 30 minutes.`,
    );
  }
  await fillSignIn(page, tenantId, 'owner', 'Wrong-password-5!');
  const locked = page.getByRole('alert').filter({ hasText: 'Account locked' });
  await expect(locked).toContainText('Account locked after 5 failed attempts. Try again at');
  await expect(locked).toContainText('(in about 30 minutes)');
  await screenshot(page, 'sign-in-locked-1280');

  await fillSignIn(page, tenantId, 'owner', STRONG_PASSWORD);
  await expect(page.getByRole('alert').filter({ hasText: 'Account locked' })).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in/);
});

test('the sign-in fields take input only once the page has hydrated, so nothing typed is lost or spliced', async ({ page }) => {
  // hold the page's scripts: the server's HTML is on screen, React has not hydrated it
  let release!: () => void;
  const scripts = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_next/static/chunks/**', async (route) => {
    await scripts;
    await route.continue();
  });
  await page.goto('/sign-in', { waitUntil: 'commit' });
  const tenant = page.getByLabel('Tenant ID');
  await expect(tenant).toBeVisible();
  // hydration writes the default tenant ID into the field: typing before it was lost or spliced into it
  for (const label of ['Tenant ID', 'Username or email', 'Password']) await expect(page.getByLabel(label)).not.toBeEditable();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeDisabled();

  release();
  const typed = '00000000-0000-4000-8000-000000000001';
  await tenant.fill(typed);
  await page.getByLabel('Username or email').fill('someone');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  await expect(tenant).toHaveValue(typed);
  await expect(page.getByLabel('Username or email')).toHaveValue('someone');
});

test('sign-in validates the form with the shared schema before calling the server', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByLabel('Tenant ID').fill('not-a-uuid');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('enter the tenant ID (a UUID)')).toBeVisible();
  await expect(page.getByText('enter your username or email')).toBeVisible();
  await expect(page.getByText('enter your password')).toBeVisible();
  expect(await demoTenantId(page)).toMatch(/^[0-9a-f-]{36}$/);
});

test('after sign-in the callbackUrl never leads off our origin, whatever its spelling; our own paths still work', async ({ page, context }) => {
  // issue 26, item 1: `/\evil.example/x` starts with '/' and not '//', and a browser reads it as //evil.example/x
  const offsite: string[] = [];
  await context.route(/^https?:\/\/evil\.example\//, async (route) => {
    offsite.push(route.request().url());
    await route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>evil</h1>' });
  });
  const tenantId = await demoTenantId(page);
  const cases: Array<[string, string]> = [
    ['/\\evil.example/x', '/'],
    ['/%5Cevil.example/x', '/'],
    ['/\t/evil.example/x', '/'],
    ['\\\\evil.example/x', '/'],
    ['//evil.example/x', '/'],
    ['https://evil.example/x', '/'],
    ['javascript:alert(document.domain)', '/'],
    ['/customers?status=ACTIVE', '/customers?status=ACTIVE'],
  ];
  for (const [callbackUrl, expected] of cases) {
    await context.clearCookies();
    await page.goto(`/sign-in?callbackUrl=${encodeURIComponent(callbackUrl)}`);
    await fillSignIn(page, tenantId, 'admin', E2E_DEMO_PASSWORD);
    await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));
    const landed = new URL(page.url());
    expect({ callbackUrl, origin: landed.origin, path: landed.pathname + landed.search }).toEqual({ callbackUrl, origin: E2E_BASE_URL, path: expected });
    await expect(page.getByTestId('shell-user')).toHaveText('Ada Admin');
  }
  expect(offsite).toEqual([]);
});
