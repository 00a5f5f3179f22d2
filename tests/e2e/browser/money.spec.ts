import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { STRONG_PASSWORD, platformAuth, registrationBody, uniqueName } from '../fixtures';
import { SCREENSHOTS, expectAccessible, signInPanel } from '../browser-helpers';

/**
 * Money in the browser: an administrator opens two wallets for an activated customer, funds one,
 * sends a wallet-to-wallet transfer and a payout above the approval threshold (saving the
 * beneficiary inline, double-clicking "Send": one transfer), a second user approves the payout in
 * the approval queue, and both wallets' statements show the money. Every screen is scanned with
 * axe and photographed at 1280 and 375 px, with nothing wider than the viewport.
 */
const APPROVER_PASSWORD = 'Quiet-Approver-42?';
const CUSTOMER_PASSWORD = 'Quiet-Lantern-42?';

const context = (tenantId: string) => ({ 'X-Tenant-ID': tenantId, 'X-Forwarded-For': '203.0.113.7', 'X-Forwarded-From': 'e2e', platform: 'web', deviceId: 'e2e-device' });

async function ok<T>(res: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

/** A tenant, an approver, and an individual customer registered, approved and activated through the API; threshold 1,000. */
async function setUp(request: APIRequestContext) {
  const tenant = await ok<{ tenantId: string; organizationId: string; userId: string }>(
    await request.post('/api/v2.1/tenants/registration', { headers: platformAuth, data: registrationBody(uniqueName('Money')) }),
  );
  const { tenantId } = tenant;
  const session = async (userId: string, username: string, password: string) =>
    (await ok<{ token: string }>(await request.post(`/api/v2.1/admin/organization/${tenant.organizationId}/users/${userId}/sessions`, { headers: context(tenantId), data: { username, password } }))).token;
  const auth = { authorization: `Bearer ${await session(tenant.userId, 'owner', STRONG_PASSWORD)}` };
  const approverName = `approver${Date.now().toString(36)}`;
  await ok(await request.post('/api/v2.1/admin/users', { headers: auth, data: { username: approverName, email: `${approverName}@bank.example`, password: APPROVER_PASSWORD, firstName: 'Ada', lastName: 'Approver', roles: ['TRANSACTION_APPROVER'] } }));
  const officerName = `officer${Date.now().toString(36)}`;
  await ok(await request.post('/api/v2.1/admin/users', { headers: auth, data: { username: officerName, email: `${officerName}@bank.example`, password: APPROVER_PASSWORD, roles: ['COMPLIANCE_OFFICER'] } }));
  const users = await ok<{ items: Array<{ id: string; username: string }> }>(await request.get('/api/v2.1/admin/users?pageSize=100', { headers: auth }));
  const officer = { authorization: `Bearer ${await session(users.items.find((u) => u.username === officerName)!.id, officerName, APPROVER_PASSWORD)}` };

  const hierarchy = await ok<{ categories: Array<{ id: string; code: string }> }>(await request.get(`/api/v2.1/categorization/hierarchy/${tenantId}`, { headers: context(tenantId) }));
  const categoryId = hierarchy.categories.find((c) => c.code === 'RETAIL_STANDARD')!.id;
  const email = `${Date.now().toString(36)}@customer.example`;
  const registration = await ok<{ customerId: string; verificationId: string }>(
    await request.post('/api/v2.1/customer/individual/registration', {
      headers: { ...context(tenantId), ...auth },
      data: {
        email,
        phone: '+4915112345678',
        password: CUSTOMER_PASSWORD,
        matchingPassword: CUSTOMER_PASSWORD,
        customerCategory: { id: categoryId },
        individualCustomer: {
          customerName: 'Grace Customer',
          person: { addresses: [{ type: 'POSTAL', street: 'Postfach 12', city: 'Berlin', postalCode: '10001', country: 'de' }], contacts: [{ type: 'PHONE', value: '+493012345678' }] },
          categorization: { id: categoryId, parametrization: [{ name: 'employmentStatus', value: 'EMPLOYED' }, { name: 'sourceOfFunds', value: 'SALARY' }] },
        },
        CATEGORIZATION: { categoryId },
        PERSONAL_INFO: { firstName: 'Grace', lastName: 'Customer', dateOfBirth: '1990-04-21', nationality: 'gb', gender: 'female', placeOfBirth: 'London' },
        CONTACT_INFO: { contactType: 'EMAIL', contactValue: email, isPrimary: true },
        ADDRESS_INFO: { addressType: 'RESIDENTIAL', street: 'Unter den Linden', building: '5', city: 'Berlin', postalCode: '10117', country: 'DE', isPrimary: true },
        // the review approves only with an accepted identity document (REQUIRED_DOCUMENTS)
        DOCUMENT_UPLOAD: { documentType: 'PASSPORT', documentNumber: 'P1234567', issuingCountry: 'GB', expiryDate: '2034-01-01', documentFile: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC' },
        CONSENT: { termsAccepted: true, privacyAccepted: true, marketingConsent: false, dataProcessingConsent: true },
        ACTIVATION: { activationConfirm: true, welcomeEmailSent: false },
      },
    }),
  );
  const { customerId } = registration;
  const review = await ok<{ documents: Array<{ id: string }> }>(await request.get(`/api/v2.1/verifications/${registration.verificationId}`, { headers: officer }));
  await ok(await request.post(`/api/v2.1/verifications/${registration.verificationId}/documents/${review.documents[0]!.id}/decision`, { headers: officer, data: { decision: 'ACCEPT', reasonCode: 'DOCUMENTS_VERIFIED' } }));
  await ok(await request.post(`/api/v2.1/verifications/${registration.verificationId}/decision`, { headers: officer, data: { decision: 'APPROVE', reasonCode: 'DOCUMENTS_VERIFIED' } }));
  await ok(await request.post(`/api/v2.1/customer/individual/${customerId}/activation`, { headers: auth }));
  await ok(await request.put('/api/v2.1/transfers/settings', { headers: auth, data: { fourEyesThreshold: '1000' } }));
  return { tenantId, customerId, approverName, auth };
}

/** Screenshot and axe at 1280 and 375 px; nothing sticks out sideways. */
async function capture(page: Page, name: string, ready: () => Promise<void>): Promise<void> {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 812 });
    await ready();
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    expect(scrollWidth, `${name} at ${width}px overflows sideways`).toBeLessThanOrEqual(innerWidth);
    await page.screenshot({ path: path.join(SCREENSHOTS, `money-${name}-${width}.png`), fullPage: true });
    await expectAccessible(page, `${name} at ${width}px`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const walletIdOf = (page: Page) => new URL(page.url()).pathname.split('/').pop()!;

test.describe('money in the panel', () => {
  test.setTimeout(240_000);

  test('wallets, a wallet transfer, a payout approved by a second user, statements (1280 and 375 px)', async ({ page, request }) => {
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    const setup = await setUp(request);
    await signInPanel(page, setup.tenantId);
    const nav = page.getByRole('navigation', { name: 'Main' });

    // the wallets list, with the reconciliation for administrators
    await nav.getByRole('link', { name: 'Wallets' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Wallets' })).toBeVisible();
    await expect(page.getByTestId('reconciliation')).toContainText('balanced');

    // open two wallets for the activated customer
    const openWallet = async (name: string) => {
      await page.getByRole('button', { name: 'Open wallet' }).click();
      const dialog = page.getByRole('dialog', { name: 'Open a wallet' });
      await dialog.getByLabel('Customer').selectOption(setup.customerId);
      await dialog.getByLabel('Currency').selectOption('EUR');
      await dialog.getByLabel('Name (optional)').fill(name);
      await dialog.getByRole('button', { name: 'Open wallet' }).click();
      await expect(page.getByRole('heading', { level: 2, name: `${name} · EUR` })).toBeVisible();
      return walletIdOf(page);
    };
    const main = await openWallet('Main account');
    await page.goto('/wallets');
    const savings = await openWallet('Savings');
    await page.goto('/wallets');
    await expect(page.getByTestId('wallet-link')).toHaveCount(2);
    await capture(page, 'wallets', async () => {
      await expect(page.getByRole('region', { name: 'Wallets' })).toContainText('Grace Customer');
    });

    // fund the main wallet from the sandbox
    await page.getByTestId('wallet-link').filter({ hasText: 'Main account' }).click();
    await page.getByRole('button', { name: 'Add sandbox funds' }).click();
    const fund = page.getByRole('dialog', { name: 'Add sandbox funds' });
    await fund.getByLabel('Amount (EUR)').fill('5000');
    await fund.getByRole('button', { name: 'Add funds' }).click();
    await expect(page.getByTestId('wallet-balance')).toHaveText('5,000.00 EUR');

    // a wallet-to-wallet transfer from the wallet's page: no approval needed below 1,000
    await page.getByRole('link', { name: 'New transfer' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New transfer' })).toBeVisible();
    const form = page.getByRole('form', { name: 'New transfer' });
    await expect(form.getByLabel('From wallet')).toHaveValue(main);
    await form.getByLabel('To wallet').selectOption(savings);
    await form.getByLabel('Amount (EUR)').fill('250');
    await form.getByLabel('Reference').fill('Move to savings');
    await expect(page.getByTestId('approval-hint')).toHaveText('This transfer is within 1,000.00 EUR: it completes at once, no approval needed.');
    await form.getByRole('button', { name: 'Send transfer' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Transfer' })).toBeVisible();
    await expect(page.getByTestId('transfer-status')).toHaveText('completed');
    await capture(page, 'transfer-page', async () => {
      await expect(page.getByTestId('transfer-history')).toContainText('completed');
    });

    // the customer's payment consent for payouts from the main wallet
    await nav.getByRole('link', { name: 'Payment consents' }).click();
    await page.getByRole('button', { name: 'Record a consent' }).click();
    const consent = page.getByRole('dialog', { name: 'Record a payment consent' });
    await consent.getByLabel('Wallet').selectOption(main);
    await consent.getByLabel('Largest payment (EUR)').fill('5000');
    await consent.getByRole('button', { name: 'Record consent' }).click();
    await expect(page.getByRole('region', { name: 'Payment consents' })).toContainText('5,000.00 EUR');
    await capture(page, 'payment-consents', async () => {
      await expect(page.getByRole('region', { name: 'Payment consents' })).toContainText('Recurring payments');
    });

    // a payout of 2,500 with the beneficiary saved inline: above the threshold, it waits for approval
    await page.goto(`/transfers/new?walletId=${main}`);
    await form.getByLabel('A beneficiary’s bank account (payout)').check();
    await form.getByRole('button', { name: 'New beneficiary…' }).click();
    const beneficiary = form.getByRole('group', { name: 'New beneficiary' });
    await beneficiary.getByLabel('Account holder').fill('Northwind Traders');
    await beneficiary.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 01');
    await expect(beneficiary.getByText('must be a valid IBAN (country code, check digits, mod-97 checksum)')).toBeVisible();
    await beneficiary.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00');
    await expect(beneficiary.getByText('The IBAN checksum is valid.')).toBeVisible();
    await beneficiary.getByLabel('BIC (optional)').fill('COBADEFFXXX');
    await beneficiary.getByRole('button', { name: 'Save beneficiary' }).click();
    await expect(form.getByLabel('Beneficiary', { exact: true })).not.toHaveValue('');
    await form.getByLabel('Amount (EUR)').fill('2500');
    await form.getByLabel('Reference').fill('Invoice 2026-117');
    await form.getByLabel('Payment consent').selectOption({ index: 1 });
    await expect(page.getByTestId('approval-hint')).toHaveText('This transfer is above 1,000.00 EUR: it will wait for a second person’s approval.');
    await capture(page, 'transfer-form', async () => {
      await expect(form.getByRole('button', { name: 'Send for approval' })).toBeVisible();
    });
    await form.getByRole('button', { name: 'Send for approval' }).dblclick();
    await expect(page.getByRole('heading', { level: 1, name: 'Transfer' })).toBeVisible();
    await expect(page.getByTestId('transfer-status')).toHaveText('pending approval');
    const payoutId = walletIdOf(page);
    // one transfer for the double click
    const pending = await ok<{ items: Array<{ id: string }> }>(await request.get('/api/v2.1/transfers?status=PENDING_APPROVAL', { headers: setup.auth }));
    expect(pending.items.map((t) => t.id)).toEqual([payoutId]);

    // the other screens of the area
    await nav.getByRole('link', { name: 'Transfers' }).click();
    await capture(page, 'transfers', async () => {
      await expect(page.getByRole('region', { name: 'Transfers' })).toContainText('Northwind Traders');
    });
    await nav.getByRole('link', { name: 'Beneficiaries' }).click();
    await capture(page, 'beneficiaries', async () => {
      await expect(page.getByRole('region', { name: 'Beneficiaries' })).toContainText('DE89370400440532013000');
    });
    await nav.getByRole('link', { name: 'Limits' }).click();
    await page.getByRole('button', { name: 'Set a limit' }).click();
    const limit = page.getByRole('dialog', { name: 'Set a transaction limit' });
    await limit.getByLabel('Customer', { exact: true }).selectOption(setup.customerId);
    await limit.getByLabel('Type', { exact: true }).selectOption('MONTHLY');
    await limit.getByLabel('Limit', { exact: true }).fill('20000');
    await limit.getByRole('button', { name: 'Set limit' }).click();
    await capture(page, 'limits', async () => {
      await expect(page.getByRole('region', { name: 'Transaction limits' })).toContainText('20,000.00 EUR');
    });

    // a second user, the approver, approves the payout from the queue
    await page.context().clearCookies();
    await signInPanel(page, setup.tenantId, setup.approverName, APPROVER_PASSWORD);
    await nav.getByRole('link', { name: 'Approvals' }).click();
    const item = page.getByTestId('approval-item');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText('2,500.00 EUR');
    await expect(item).toContainText('Requested by Olga Owner');
    await capture(page, 'approvals', async () => {
      await expect(item).toContainText('Northwind Traders');
    });
    await item.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('dialog', { name: 'Approve this transfer?' }).getByRole('button', { name: 'Approve transfer' }).click();
    await expect(page.getByText(`Transfer ${payoutId.slice(0, 8)} is now completed.`)).toBeVisible();
    await expect(page.getByText('Nothing awaits approval.')).toBeVisible();

    // both statements show the money: main paid 250 to savings and 2,500 out; savings received 250
    await page.goto(`/wallets/${main}`);
    await expect(page.getByTestId('wallet-balance')).toHaveText('2,250.00 EUR');
    const mainStatement = page.getByRole('region', { name: 'Statement lines' });
    await expect(mainStatement).toContainText('-2,500.00 EUR');
    await expect(mainStatement).toContainText('-250.00 EUR');
    await expect(mainStatement).toContainText('+5,000.00 EUR');
    await capture(page, 'wallet-main', async () => {
      await expect(mainStatement).toContainText('2,250.00 EUR');
    });
    await page.goto(`/wallets/${savings}`);
    await expect(page.getByTestId('wallet-balance')).toHaveText('250.00 EUR');
    await expect(page.getByRole('region', { name: 'Statement lines' })).toContainText('+250.00 EUR');
    await page.goto(`/transfers/${payoutId}`);
    await expect(page.getByTestId('transfer-history')).toContainText('Ada Approver');
    expect(problems).toEqual([]);
  });

  test('a wallet is frozen and unfrozen with a reason, and closed only after a confirmation', async ({ page, request }) => {
    const setup = await setUp(request);
    const wallet = await ok<{ id: string }>(await request.post('/api/v2.1/wallets', { headers: setup.auth, data: { customerId: setup.customerId, currency: 'EUR', name: 'Spare' } }));
    await signInPanel(page, setup.tenantId);
    await page.goto(`/wallets/${wallet.id}`);
    await page.getByRole('button', { name: 'Freeze' }).click();
    const dialog = page.getByRole('dialog', { name: 'Freeze this wallet?' });
    await dialog.getByRole('button', { name: 'Freeze wallet' }).click();
    await expect(dialog.getByText('say why: the reason is shown on the wallet')).toBeVisible();
    await dialog.getByLabel('Reason').fill('Card reported stolen');
    await dialog.getByRole('button', { name: 'Freeze wallet' }).click();
    await expect(page.getByRole('region', { name: 'Spare · EUR' })).toContainText('Card reported stolen');
    await capture(page, 'wallet-frozen', async () => {
      await expect(page.getByRole('button', { name: 'Unfreeze' })).toBeVisible();
    });
    await page.getByRole('button', { name: 'Unfreeze' }).click();
    const unfreeze = page.getByRole('dialog', { name: 'Unfreeze this wallet?' });
    await unfreeze.getByLabel('Reason').fill('Customer found the card');
    await unfreeze.getByRole('button', { name: 'Unfreeze wallet' }).click();
    await expect(page.getByRole('button', { name: 'Freeze' })).toBeVisible();
    await page.getByRole('button', { name: 'Close' }).click();
    const close = page.getByRole('dialog', { name: 'Close this wallet for good?' });
    await expect(close).toContainText('Closing cannot be undone.');
    await close.getByLabel('Reason').fill('Customer request');
    await close.getByRole('button', { name: 'Close wallet' }).click();
    await expect(page.getByText('Wallet “Spare” is closed')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Freeze' })).toHaveCount(0);
  });
});
