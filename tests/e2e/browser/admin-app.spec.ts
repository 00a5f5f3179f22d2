import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { capture, registerTenant, signInPanel } from '../browser-helpers';
import { E2E_BASE_URL, STRONG_PASSWORD } from '../fixtures';

/** page.request carries the panel cookie but not the Origin a page's fetch sends; the same-origin rule (docs/edge.md) wants it. */
const SAME_ORIGIN = { origin: E2E_BASE_URL };

/**
 * The admin web app, screen by screen, in Chromium against the production build: each main flow end
 * to end, a screenshot of each screen at 1280 and 375 px, and an axe-core scan of each screen with
 * no serious or critical violation. The specs share one tenant and run in order.
 */

/** A real 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC', 'base64');
const OFFICER_PASSWORD = 'Second-Officer-9!';

interface Shared {
  tenantId: string;
  customerId?: string;
  customerName?: string;
}
const shared: Shared = { tenantId: '' };

async function signIn(page: Page, username = 'owner', password = STRONG_PASSWORD): Promise<void> {
  await signInPanel(page, shared.tenantId, username, password);
}

test.describe.configure({ mode: 'serial', timeout: 180_000 });

test.beforeAll(async ({ request }) => {
  shared.tenantId = await registerTenant(request);
});

test('sign in: the failure says how many attempts are left; the dashboard shows the counts', async ({ page }) => {
  await page.goto('/sign-in');
  await capture(page, 'sign-in', async () => {
    await expect(page.getByRole('heading', { name: 'Sign in to the panel' })).toBeVisible();
  });
  await page.getByLabel('Tenant ID').fill(shared.tenantId);
  await page.getByLabel('Username or email').fill('owner');
  await page.getByLabel('Password').fill('Wrong-Password-1!');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Wrong username' })).toHaveText('Wrong username or password. 4 attempts left before the account is locked for 30 minutes.');
  await signIn(page);
  await expect(page.getByTestId('customers-total')).toHaveText('0');
  await expect(page.getByTestId('verifications-waiting')).toHaveText('0');
  await expect(page.getByTestId('failed-deliveries')).toHaveText('0');
  // the sandbox card processor: no cards yet
  await expect(page.getByTestId('cards-ACTIVE')).toHaveText('0');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const item of ['Customers', 'Review queue', 'Webhooks', 'Users']) await expect(nav.getByRole('link', { name: item })).toBeVisible();
  await capture(page, 'dashboard', async () => {
    await expect(page.getByTestId('customers-tile')).toBeVisible();
  });
});

test('register an individual: per-step validation, draft across reload without the password, server error on the field, lands on the customer', async ({ page }) => {
  await signIn(page);
  await page.goto('/customers/new/individual');
  await expect(page.getByRole('heading', { name: 'Step 1 of 7: Personal info' })).toBeVisible();
  // per-step validation with the contract's step schema
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByLabel('First name')).toHaveAccessibleDescription('must not be empty');
  const last = `Lovelace${Date.now().toString(36)}`;
  shared.customerName = `Ada ${last}`;
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill(last);
  await page.getByLabel('Date of birth').fill('1990-04-21');
  await page.getByLabel('Nationality (ISO code)').fill('GB');
  const category = page.getByLabel('Category', { exact: true });
  await expect(category.locator('option', { hasText: 'risk' }).first()).toBeAttached();
  const retail = await category
    .locator('option', { hasText: /retail/i })
    .first()
    .getAttribute('value');
  await category.selectOption(retail!);
  // the hierarchy's mandatory keys appear, with their allowed values
  const keys = page.getByText('required by this category');
  await expect(keys.first()).toBeVisible();
  await capture(page, 'wizard', async () => {
    await expect(page.getByRole('heading', { name: /Step 1 of 7/ })).toBeVisible();
  });
  // the keys are named in words and checked in the browser by the server's rule before the step is left
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByLabel('Employment status')).toHaveAccessibleDescription('required for this category');
  await expect(page.getByLabel('Employment status').locator('option', { hasText: 'Self employed' })).toBeAttached();
  const selects = page.locator('select[name^="params."]');
  for (let i = 0; i < (await selects.count()); i++) {
    const options = await selects.nth(i).locator('option').allTextContents();
    await selects.nth(i).selectOption({ index: options.length > 1 ? 1 : 0 });
  }
  for (const input of await page.locator('input[name^="params."]').all()) await input.fill('value');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { name: 'Step 2 of 7: Contact' })).toBeVisible();
  const email = `ada.${Date.now().toString(36)}@customer.example`;
  await page.getByLabel('Email (login)').fill(email);
  await page.getByLabel('Contact value').fill('+4915112345678');
  await page.getByLabel('Password', { exact: true }).fill('Quiet-Lantern-42?');
  await page.getByLabel('Repeat password').fill('Quiet-Lantern-43?');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByLabel('Repeat password')).toHaveAccessibleDescription('passwords do not match');

  // reload: the draft keeps what was typed, never the password
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Step 2 of 7: Contact' })).toBeVisible();
  await expect(page.getByLabel('Email (login)')).toHaveValue(email);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
  await expect(page.getByTestId('resumed-draft')).toContainText('must be entered again: Password, Repeat password, Document file');
  const draft = await page.evaluate(() =>
    Object.entries(localStorage)
      .filter(([k]) => k.startsWith('bp.draft.'))
      .map(([, v]) => v)
      .join(''),
  );
  expect(draft).toContain(email);
  expect(draft).not.toContain('Quiet-Lantern');
  await page.getByLabel('Password', { exact: true }).fill('Quiet-Lantern-42?');
  await page.getByLabel('Repeat password').fill('Quiet-Lantern-42?');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { name: 'Step 3 of 7: Address' })).toBeVisible();
  await page.getByLabel('Street').fill('Unter den Linden 5');
  await page.getByLabel('Postal code').fill('10117');
  await page.getByLabel('City').fill('Berlin');
  await page.getByLabel('Country (ISO code)').fill('DE');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { name: 'Step 4 of 7: Documents' })).toBeVisible();
  // checked in the browser before upload: type and size
  await page.getByLabel('Document file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByLabel('Document file')).toHaveAccessibleDescription('the file must be a PDF, PNG or JPEG');
  // a "PNG" that is not one passes the browser's check; the server sniffs the bytes
  await page.getByLabel('Document file').setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: Buffer.from('not really a png at all') });
  await page.getByLabel('Document number').fill('P1234567');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Step 5 of 7: Consents' })).toBeVisible();
  await page.getByLabel('Terms and conditions accepted').check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Step 6 of 7: Activation' })).toBeVisible();
  await page.getByRole('button', { name: 'Review' }).click();
  await expect(page.getByTestId('review')).toContainText(shared.customerName);
  await page.getByRole('button', { name: 'Register customer' }).click();
  // the server's validation error lands on the file field of its step
  await expect(page.getByRole('heading', { name: 'Step 4 of 7: Documents' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'the file must be a PDF, PNG or JPEG' })).toBeVisible();
  await expect(page.getByLabel('Document file')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Document file').setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: 'Preview of passport.png' })).toBeVisible();
  for (let i = 0; i < 3; i++) await page.getByRole('button', { name: /^(Next|Review)$/ }).click();
  const submit = page.getByRole('button', { name: 'Register customer' });
  await submit.click();
  await expect(page).toHaveURL(/\/customers\/[0-9a-f-]{36}$/);
  shared.customerId = page.url().split('/').pop()!;
  await expect(page.getByRole('heading', { level: 1, name: shared.customerName })).toBeVisible();
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('bp.draft.')))).toEqual([]);
});

test('customers: search, filter, CSV export, detail with consents; activation shows what is missing', async ({ page }) => {
  await signIn(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Customers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  await page.getByLabel('Search').fill(shared.customerName!.split(' ')[1]!);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByLabel('Verification').selectOption('PENDING_REVIEW');
  const table = page.getByRole('table', { name: 'Customers' });
  await expect(table.getByRole('link', { name: shared.customerName })).toBeVisible();
  await expect(page.getByText('Page 1 of 1 · 1 entry')).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await (await download).createReadStream();
  const chunks: Buffer[] = [];
  for await (const c of file) chunks.push(c as Buffer);
  const csv = Buffer.concat(chunks).toString('utf8').trim().split('\r\n');
  expect(csv).toHaveLength(2);
  expect(csv[1]).toContain(shared.customerName);
  await capture(page, 'customers', async () => {
    await expect(table.getByRole('link', { name: shared.customerName })).toBeVisible();
  });

  await table.getByRole('link', { name: shared.customerName }).click();
  await expect(page.getByRole('heading', { level: 1, name: shared.customerName })).toBeVisible();
  await page.getByRole('button', { name: 'Activate', exact: true }).click();
  await page.getByRole('dialog', { name: 'Activate customer' }).getByRole('button', { name: 'Activate customer' }).click();
  const answer = page.getByRole('alert').filter({ hasText: 'Missing required consents' });
  await expect(answer).toContainText('Missing required consents (2 of 3)');
  await answer.getByRole('button', { name: 'Accept privacy policy' }).click();
  await expect(page.getByTestId('consents').getByRole('listitem').filter({ hasText: 'privacy policy' })).toContainText('accepted');
  await page.getByTestId('consents').getByRole('button', { name: 'Accept data processing' }).click();
  await expect(page.getByTestId('consents').getByRole('listitem').filter({ hasText: 'data processing' })).toContainText('accepted');
  await page.getByRole('button', { name: 'Activate', exact: true }).click();
  await page.getByRole('dialog', { name: 'Activate customer' }).getByRole('button', { name: 'Activate customer' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Customer not verified' })).toContainText('verification is pending review');
  await capture(page, 'customer-detail', async () => {
    await expect(page.getByRole('heading', { name: 'Consents', exact: true })).toBeVisible();
  });
});

test('review queue: the registrar is refused (four-eyes), a second officer approves, the customer is activated', async ({ page }) => {
  await signIn(page);
  const created = await page.request.post('/api/v2.1/admin/users', {
    headers: SAME_ORIGIN,
    data: { username: 'officer2', email: 'officer2@example.com', password: OFFICER_PASSWORD, firstName: 'Otto', lastName: 'Officer', roles: ['COMPLIANCE_OFFICER'] },
  });
  expect(created.status(), await created.text()).toBe(200);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Review queue' }).click();
  const row = page.getByRole('table', { name: 'Verification cases' }).getByRole('link', { name: shared.customerName });
  await expect(row).toBeVisible();
  await capture(page, 'review-queue', async () => {
    await expect(row).toBeVisible();
  });
  await row.click();
  await expect(page.getByRole('heading', { level: 1, name: shared.customerName })).toBeVisible();
  // four-eyes up front: before any input the registrar is told why it cannot approve
  await expect(page.getByTestId('approve-blocked')).toContainText('You registered this customer: another officer must review it (four-eyes rule).');
  await expect(page.getByRole('radio', { name: /^Approve/ })).toBeDisabled();
  await expect(page.getByTestId('case-header')).toContainText('Registered byOlga Owner');
  await capture(page, 'review-case', async () => {
    await expect(page.getByRole('img', { name: /passport of/i })).toBeVisible();
  });

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await signIn(page, 'officer2', OFFICER_PASSWORD);
  // a compliance officer is not offered the admin-only screens
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Review queue' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Users' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Webhooks' })).toHaveCount(0);
  await nav.getByRole('link', { name: 'Review queue' }).click();
  await page.getByRole('table', { name: 'Verification cases' }).getByRole('link', { name: shared.customerName }).click();
  await page.getByRole('button', { name: 'Claim case' }).click();
  await expect(page.getByTestId('case-header')).toContainText('Otto Officer (you)');
  const doc = page.getByTestId('document').first();
  await doc.getByRole('radio', { name: 'Accept', exact: true }).check();
  await doc.getByLabel('Reason').selectOption('DOCUMENTS_VERIFIED');
  await doc.getByRole('button', { name: 'Save document decision' }).click();
  // accepting or rejecting a document is confirmed with a summary
  await page
    .getByRole('dialog', { name: /^(Accept|Reject) the document$/ })
    .getByRole('button', { name: /^(Accept|Reject) document$/ })
    .click();
  await expect(doc.getByText('Accepted', { exact: true })).toBeVisible();
  // the confirmation closed on the answer, so the rest of the page is no longer inert
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByLabel('New note').fill('Passport checked against the register.');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByText('Passport checked against the register.', { exact: true })).toBeVisible();
  const decision = page.getByRole('form', { name: 'Decision' });
  await decision.getByRole('radio', { name: 'Approve', exact: true }).check();
  await decision.getByLabel('Reason').selectOption('DOCUMENTS_VERIFIED');
  await decision.getByRole('button', { name: 'Review decision…' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm the decision' });
  await expect(confirm).toContainText(shared.customerName!);
  await expect(confirm).toContainText('Passport: Accepted');
  await confirm.getByRole('button', { name: 'Confirm: Approve' }).click();
  await expect(page.getByText(/^Approved: Documents verified/)).toBeVisible();

  await page.getByRole('link', { name: 'Customer page' }).click();
  await page.getByRole('button', { name: 'Activate', exact: true }).click();
  await page.getByRole('dialog', { name: 'Activate customer' }).getByRole('button', { name: 'Activate customer' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Customer activated' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: shared.customerName }).locator('..')).toContainText('active');
});

test('webhooks: create a subscription (secret shown once), send a test event to a local receiver, see the delivery', async ({ page }) => {
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as AddressInfo).port;
  try {
    await signIn(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Webhooks' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    const allowHttp = page.getByLabel('Allow http:// endpoints (testing only)');
    await expect(allowHttp).toBeEnabled();
    await allowHttp.click();
    await expect(allowHttp).toBeChecked();
    await capture(page, 'webhooks', async () => {
      await expect(page.getByRole('button', { name: 'New subscription' })).toBeVisible();
    });
    await page.getByRole('button', { name: 'New subscription' }).click();
    const dialog = page.getByRole('dialog', { name: 'New webhook subscription' });
    await dialog.getByLabel('Name', { exact: true }).fill('Local receiver');
    await dialog.getByLabel('Endpoint URL').fill('ftp://127.0.0.1/hooks');
    await dialog.getByRole('button', { name: 'Create subscription' }).click();
    await expect(dialog.getByLabel('Endpoint URL')).toHaveAccessibleDescription('must be an http(s) URL; ftp is not allowed');
    await expect(dialog.getByRole('alert').filter({ hasText: 'must name at least one event type' })).toBeVisible();
    await dialog.getByLabel('Endpoint URL').fill(`http://127.0.0.1:${port}/hooks`);
    await dialog.getByRole('checkbox', { name: /webhook\.test/ }).check();
    await dialog.getByRole('checkbox', { name: /^customer\.\*/ }).check();
    await dialog.getByRole('button', { name: 'Create subscription' }).click();
    const secret = page.getByTestId('secret');
    await expect(secret).toHaveText(/^whsec_/);
    await page.getByRole('button', { name: 'I have stored it' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Local receiver' })).toBeVisible();
    await expect(page.getByTestId('secret')).toHaveCount(0);

    await page.getByRole('button', { name: 'Send test event' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Test event sent' })).toContainText('succeeded (HTTP 200)');
    expect(received).toHaveLength(1);
    expect(JSON.parse(received[0]!.body)).toMatchObject({ type: 'webhook.test', tenantId: shared.tenantId });
    expect(received[0]!.headers['webhook-signature']).toMatch(/^v1,/);
    const log = page.getByRole('table', { name: 'Deliveries' });
    const row = log.getByRole('row').filter({ hasText: 'webhook.test' });
    await expect(row).toContainText('succeeded');
    await expect(row).toContainText('200');
    await row.getByRole('button', { name: /^Attempts/ }).click();
    await expect(page.getByRole('dialog', { name: 'Delivery attempts' })).toContainText('#1');
    await page.getByRole('dialog', { name: 'Delivery attempts' }).getByRole('button', { name: 'Close' }).click();
    await row.getByRole('button', { name: /^Replay/ }).click();
    await expect.poll(() => received.length).toBe(2);
    await page.getByRole('button', { name: 'Rotate secret' }).click();
    await expect(page.getByTestId('secret')).toHaveText(/^whsec_/);
    await page.getByRole('button', { name: 'I have stored it' }).click();
    await page.getByRole('button', { name: 'Disable' }).click();
    await expect(page.getByRole('button', { name: 'Enable' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send test event' })).toBeDisabled();
    await page.getByRole('button', { name: 'Enable' }).click();
    await expect(page.getByRole('button', { name: 'Send test event' })).toBeEnabled();
    await capture(page, 'webhook-detail', async () => {
      await expect(log.getByRole('row').filter({ hasText: 'webhook.test' }).first()).toBeVisible();
    });
  } finally {
    await new Promise<void>((r) => server.close(() => r()));
  }
});

test('users: create with roles, change roles, disable, unlock', async ({ page, request }) => {
  await signIn(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await page.getByRole('button', { name: 'New user' }).click();
  const dialog = page.getByRole('dialog', { name: 'New user' });
  await dialog.getByLabel('Username').fill('emma');
  await dialog.getByLabel('Email').fill('not-an-email');
  await dialog.getByLabel('Initial password').fill('short');
  await dialog.getByRole('button', { name: 'Create user' }).click();
  await expect(dialog.getByLabel('Email')).toHaveAccessibleDescription('must be a valid email address');
  await expect(dialog.getByLabel('Initial password')).toHaveAccessibleDescription(/must be at least 8 characters/);
  await dialog.getByLabel('Email').fill('emma@example.com');
  await dialog.getByLabel('First name').fill('Emma');
  await dialog.getByLabel('Last name').fill('Employee');
  await dialog.getByLabel('Initial password').fill('Emma-Passw0rd!');
  await dialog.getByRole('button', { name: 'Create user' }).click();
  const table = page.getByRole('table', { name: 'Users' });
  const emma = table.getByRole('row').filter({ hasText: 'emma@example.com' });
  await expect(emma).toContainText('employee');

  await emma.getByRole('button', { name: 'Roles of emma' }).click();
  const roles = page.getByRole('dialog', { name: 'Roles of emma' });
  await roles.getByLabel('employee').uncheck();
  await roles.getByRole('button', { name: 'Save roles' }).click();
  await expect(roles.getByRole('alert')).toHaveText('at least one role is required');
  await roles.getByLabel('compliance officer').check();
  await roles.getByRole('button', { name: 'Save roles' }).click();
  await expect(emma).toContainText('compliance officer');

  // five wrong passwords lock emma; the list shows it and offers to unlock
  const list = (await (await page.request.get('/api/v2.1/admin/users?q=emma')).json()) as { data: { items: { id: string; organizationId: string }[] } };
  const { id, organizationId } = list.data.items[0]!;
  for (let i = 0; i < 5; i++) {
    const res = await request.post(`/api/v2.1/admin/organization/${organizationId}/users/${id}/sessions`, {
      headers: { 'X-Tenant-ID': shared.tenantId, 'X-Forwarded-For': '203.0.113.9', 'X-Forwarded-From': 'e2e', 'User-Agent': 'e2e', platform: 'web', deviceId: 'e2e' },
      data: { username: 'emma', password: `Wrong-${i}-Password!` },
    });
    expect(res.status(), await res.text()).toBe(401);
  }
  await page.reload();
  await expect(emma).toContainText('locked');
  await capture(page, 'users', async () => {
    await expect(emma).toBeVisible();
  });
  await emma.getByRole('button', { name: 'Unlock emma' }).click();
  await expect(emma).not.toContainText('locked');
  await emma.getByRole('button', { name: 'Disable emma' }).click();
  await expect(emma).toContainText('disabled');
  await emma.getByRole('button', { name: 'Enable emma' }).click();
  await expect(emma).toContainText('active');
});
