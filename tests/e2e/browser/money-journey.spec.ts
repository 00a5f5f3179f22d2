import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { checkScreen, signInPanel, VIEWPORTS } from '../browser-helpers';
import { PNG_1X1_BASE64, STRONG_PASSWORD } from '../fixtures';
import { APPROVER_PASSWORD, CUSTOMER_PASSWORD, accessibleRows, context, ok, openNav, staffTenant, unfoldSections, type StaffTenant } from '../money-world';

/**
 * The issue's whole journey, in the browser, as a tenant administrator would take it: register an
 * individual customer in the wizard, have a compliance officer approve the case (four-eyes), activate
 * the customer; open two wallets, fund one, send a wallet-to-wallet transfer and a payout above the
 * approval threshold (beneficiary saved inline, "Send" double-clicked: one transfer); a second user
 * approves the payout; both statements show the money; a card is issued from the customer page,
 * activated with the cardholder's code, found by its last four digits and the holder's name, and
 * frozen from its page. Only the staff users and the threshold are set up through the API.
 * Run at 1280 and at 375 px (the phone: the navigation behind its menu button, stacked tables); each
 * new screen is axe-scanned and photographed at the width the journey runs at, with nothing wider
 * than the viewport: one scan per screen per width.
 */

const lastPathPart = (page: Page) => new URL(page.url()).pathname.split('/').pop()!;

/** Clicks a link of the main navigation (behind the Menu button below 768 px). */
async function go(page: Page, link: string) {
  await (await openNav(page)).getByRole('link', { name: link, exact: true }).click();
}

async function signInAs(page: Page, staff: StaffTenant, username = 'owner', password = STRONG_PASSWORD) {
  await page.context().clearCookies();
  await signInPanel(page, staff.tenantId, username, password);
}

/** The individual-registration wizard, step by step; lands on the new customer's page. */
async function registerInWizard(page: Page, person: { firstName: string; lastName: string; email: string }): Promise<string> {
  await page.goto('/customers/new/individual');
  await expect(page.getByRole('heading', { name: 'Step 1 of 7: Personal info' })).toBeVisible();
  await page.getByLabel('First name').fill(person.firstName);
  await page.getByLabel('Last name').fill(person.lastName);
  await page.getByLabel('Date of birth').fill('1990-04-21');
  await page.getByLabel('Nationality (ISO code)').fill('GB');
  const category = page.getByLabel('Category', { exact: true });
  await expect(category.locator('option', { hasText: /retail/i }).first()).toBeAttached();
  await category.selectOption(
    (await category
      .locator('option', { hasText: /retail/i })
      .first()
      .getAttribute('value'))!,
  );
  await expect(page.getByText('required by this category').first()).toBeVisible();
  const selects = page.locator('select[name^="params."]');
  for (let i = 0; i < (await selects.count()); i++) await selects.nth(i).selectOption({ index: 1 });
  for (const input of await page.locator('input[name^="params."]').all()) await input.fill('value');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Step 2 of 7: Contact' })).toBeVisible();
  await page.getByLabel('Email (login)').fill(person.email);
  await page.getByLabel('Contact value').fill('+4915112345678');
  await page.getByLabel('Password', { exact: true }).fill(CUSTOMER_PASSWORD);
  await page.getByLabel('Repeat password').fill(CUSTOMER_PASSWORD);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Step 3 of 7: Address' })).toBeVisible();
  await page.getByLabel('Street').fill('Unter den Linden 5');
  await page.getByLabel('Postal code').fill('10117');
  await page.getByLabel('City').fill('Berlin');
  await page.getByLabel('Country (ISO code)').fill('DE');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Step 4 of 7: Documents' })).toBeVisible();
  await page.getByLabel('Document file').setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: Buffer.from(PNG_1X1_BASE64, 'base64') });
  await page.getByLabel('Document number').fill('P1234567');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Step 5 of 7: Consents' })).toBeVisible();
  for (const consent of ['Terms and conditions accepted', 'Privacy policy accepted', 'Data processing consent']) await page.getByLabel(consent).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Step 6 of 7: Activation' })).toBeVisible();
  await page.getByRole('button', { name: 'Review' }).click();
  await page.getByRole('button', { name: 'Register customer' }).click();
  await expect(page).toHaveURL(/\/customers\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: `${person.firstName} ${person.lastName}` })).toBeVisible();
  return lastPathPart(page);
}

/** The compliance officer claims the case, accepts the passport and approves, after the confirmation. */
async function approveCase(page: Page, customerName: string) {
  await go(page, 'Review queue');
  await page.getByRole('table', { name: 'Verification cases' }).getByRole('link', { name: customerName }).click();
  await page.getByRole('button', { name: 'Claim case' }).click();
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
  const decision = page.getByRole('form', { name: 'Decision' });
  await decision.getByRole('radio', { name: 'Approve', exact: true }).check();
  await decision.getByLabel('Reason').selectOption('DOCUMENTS_VERIFIED');
  await decision.getByRole('button', { name: 'Review decision…' }).click();
  await page.getByRole('dialog', { name: 'Confirm the decision' }).getByRole('button', { name: 'Confirm: Approve' }).click();
  await expect(page.getByText(/^Approved: Documents verified/)).toBeVisible();
}

/** The one-time code the sandbox "sent" to the cardholder (what the cardholder would read out). */
async function cardholderCode(request: APIRequestContext, tenantId: string, cardId: string, purpose: string): Promise<string> {
  const login = await request.post('/api/auth/login', { headers: context(tenantId), data: { email: 'owner@example.com', password: STRONG_PASSWORD, tenantId } });
  expect(login.status(), await login.text()).toBe(200);
  const token = ((await login.json()) as { accessToken: string }).accessToken;
  const res = await request.post('/api/v2.1/card/virtual/sandbox/otp/peek', { headers: { ...context(tenantId), authorization: `Bearer ${token}` }, data: { cardNo: cardId, purpose } });
  const json = (await res.json()) as { success: boolean; data: { otp: string } };
  expect(json.success, JSON.stringify(json)).toBe(true);
  return json.data.otp;
}

for (const viewport of VIEWPORTS)
  test.describe(`the money-and-cards journey at ${viewport.width} px`, () => {
    test.use({ viewport });
    test.setTimeout(900_000);

    test('register and activate a customer, wallets, transfers, an approved payout, statements, a card issued, found and frozen', async ({ page, request }) => {
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      const staff = await staffTenant(request, 'Journey');
      await ok(await request.put('/api/v2.1/transfers/settings', { headers: staff.auth, data: { fourEyesThreshold: '1000' } }));
      const tag = Date.now().toString(36);
      const person = { firstName: 'Grace', lastName: `Hopper${tag}`, email: `grace.${tag}@customer.example` };
      const customerName = `${person.firstName} ${person.lastName}`;

      // 1. the administrator registers the customer in the wizard
      await signInAs(page, staff);
      const customerId = await registerInWizard(page, person);

      // 2. a compliance officer approves the case (the registrar may not: four-eyes)
      await signInAs(page, staff, staff.officerName, APPROVER_PASSWORD);
      await approveCase(page, customerName);

      // 3. the administrator activates the customer
      await signInAs(page, staff);
      await page.goto(`/customers/${customerId}`);
      await page.getByRole('button', { name: 'Activate', exact: true }).click();
      await page.getByRole('dialog', { name: 'Activate customer' }).getByRole('button', { name: 'Activate customer' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Customer activated' })).toBeVisible();

      // 4. two wallets for the customer
      await go(page, 'Wallets');
      await expect(page.getByRole('heading', { level: 1, name: 'Wallets' })).toBeVisible();
      await expect(page.getByTestId('reconciliation')).toContainText('balanced');
      const openWallet = async (name: string) => {
        await page.getByRole('button', { name: 'Open wallet' }).click();
        const dialog = page.getByRole('dialog', { name: 'Open a wallet' });
        await dialog.getByLabel('Customer').selectOption(customerId);
        await dialog.getByLabel('Currency').selectOption('EUR');
        await dialog.getByLabel('Name (optional)').fill(name);
        await dialog.getByRole('button', { name: 'Open wallet' }).click();
        await expect(page.getByRole('heading', { level: 2, name: `${name} · EUR` })).toBeVisible();
        return lastPathPart(page);
      };
      const main = await openWallet('Main account');
      await page.goto('/wallets');
      const savings = await openWallet('Savings');
      await page.goto('/wallets');
      await expect(page.getByTestId('wallet-link')).toHaveCount(2);
      await checkScreen(page, 'wallets', async () => {
        await expect(page.getByRole('region', { name: 'Wallets' })).toContainText(customerName);
        // a stacked table (375 px) keeps its rows and cells for screen readers and getByRole
        await expect(page.getByRole('region', { name: 'Wallets' }).getByRole('row').filter({ hasText: customerName })).toHaveCount(2);
        await expect(page.getByRole('region', { name: 'Wallets' }).getByRole('row').filter({ hasText: 'Savings' }).getByRole('cell').first()).toBeVisible();
        // and so does Chromium's own accessibility tree (what a screen reader reads), stacked or not
        expect(await accessibleRows(page)).toBeGreaterThanOrEqual(2);
      });

      // 5. fund the main wallet from the sandbox
      await page.getByTestId('wallet-link').filter({ hasText: 'Main account' }).click();
      await page.getByRole('button', { name: 'Add sandbox funds' }).click();
      const fund = page.getByRole('dialog', { name: 'Add sandbox funds' });
      await fund.getByLabel('Amount (EUR)').fill('5000');
      await fund.getByRole('button', { name: 'Add funds' }).click();
      await expect(page.getByTestId('wallet-balance')).toHaveText('5,000.00 EUR');

      // 6. a wallet-to-wallet transfer from the wallet's page: no approval needed below 1,000
      await page.getByRole('link', { name: 'New transfer' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'New transfer' })).toBeVisible();
      const form = page.getByRole('form', { name: 'New transfer' });
      await expect(form.getByLabel('From wallet')).toHaveValue(main);
      await form.getByLabel('To wallet').selectOption(savings);
      await form.getByLabel('Amount (EUR)').fill('250');
      await form.getByLabel('Reference').fill('Move to savings');
      await expect(page.getByTestId('approval-hint')).toHaveText('This transfer is within 1,000.00 EUR: it completes at once, no approval needed.');
      await form.getByRole('button', { name: 'Send transfer' }).click();
      // nothing moves before the summary is confirmed
      const sendTransfer = page.getByRole('dialog', { name: 'Confirm the transfer' });
      await expect(sendTransfer.getByTestId('transfer-summary')).toContainText('250.00 EUR');
      await sendTransfer.getByRole('button', { name: 'Confirm: send transfer' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Transfer' })).toBeVisible();
      await expect(page.getByTestId('transfer-status')).toHaveText('Completed');
      await checkScreen(page, 'transfer-page', async () => {
        await expect(page.getByTestId('transfer-history')).toContainText('Completed');
      });

      // 7. the customer's payment consent for payouts from the main wallet
      await go(page, 'Payment consents');
      await page.getByRole('button', { name: 'Record a consent' }).click();
      const consent = page.getByRole('dialog', { name: 'Record a payment consent' });
      await consent.getByLabel('Wallet').selectOption(main);
      await consent.getByLabel('Largest payment (EUR)').fill('5000');
      await consent.getByRole('button', { name: 'Record consent' }).click();
      await expect(page.getByRole('region', { name: 'Payment consents' })).toContainText('5,000.00 EUR');
      await checkScreen(page, 'payment-consents', async () => {
        await expect(page.getByRole('region', { name: 'Payment consents' })).toContainText('Recurring payments');
      });

      // 8. a payout of 2,500 with the beneficiary saved inline: above the threshold, it waits for approval
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
      await checkScreen(page, 'transfer-form', async () => {
        await expect(form.getByRole('button', { name: 'Send for approval' })).toBeVisible();
      });
      await form.getByRole('button', { name: 'Send for approval' }).click();
      const sendPayout = page.getByRole('dialog', { name: 'Confirm the transfer' });
      await expect(sendPayout.getByTestId('transfer-summary')).toContainText('Northwind Traders');
      await sendPayout.getByRole('button', { name: 'Confirm: send for approval' }).dblclick();
      await expect(page.getByRole('heading', { level: 1, name: 'Transfer' })).toBeVisible();
      await expect(page.getByTestId('transfer-status')).toHaveText('Pending approval');
      const payoutId = lastPathPart(page);
      // one transfer for the double click
      const pending = await ok<{ items: Array<{ id: string }> }>(await request.get('/api/v2.1/transfers?status=PENDING_APPROVAL', { headers: staff.auth }));
      expect(pending.items.map((t) => t.id)).toEqual([payoutId]);

      // the other screens of the area
      await go(page, 'Transfers');
      await checkScreen(page, 'transfers', async () => {
        await expect(page.getByRole('region', { name: 'Transfers' })).toContainText('Northwind Traders');
      });
      await go(page, 'Beneficiaries');
      await checkScreen(page, 'beneficiaries', async () => {
        await expect(page.getByRole('region', { name: 'Beneficiaries' })).toContainText('DE89370400440532013000');
      });
      await go(page, 'Limits');
      await page.getByRole('button', { name: 'Set a limit' }).click();
      const limit = page.getByRole('dialog', { name: 'Set a transaction limit' });
      await limit.getByLabel('Customer', { exact: true }).selectOption(customerId);
      await limit.getByLabel('Type', { exact: true }).selectOption('MONTHLY');
      await limit.getByLabel('Limit', { exact: true }).fill('20000');
      await limit.getByRole('button', { name: 'Set limit' }).click();
      await checkScreen(page, 'limits', async () => {
        await expect(page.getByRole('region', { name: 'Transaction limits' })).toContainText('20,000.00 EUR');
      });

      // 9. a second user, the approver, approves the payout from the queue
      await signInAs(page, staff, staff.approverName, APPROVER_PASSWORD);
      await go(page, 'Approvals');
      const item = page.getByTestId('approval-item');
      await expect(item).toHaveCount(1);
      await expect(item).toContainText('2,500.00 EUR');
      await expect(item).toContainText('Requested by Olga Owner');
      await checkScreen(page, 'approvals', async () => {
        await expect(item).toContainText('Northwind Traders');
      });
      await item.getByRole('button', { name: 'Approve' }).click();
      await page.getByRole('dialog', { name: 'Approve this transfer?' }).getByRole('button', { name: 'Approve transfer' }).click();
      await expect(page.getByText(`Transfer ${payoutId.slice(0, 8)} is now completed.`)).toBeVisible();
      await expect(page.getByText('Nothing awaits approval.')).toBeVisible();

      // 10. both statements show the money: main paid 250 to savings and 2,500 out; savings received 250
      await page.goto(`/wallets/${main}`);
      await expect(page.getByTestId('wallet-balance')).toHaveText('2,250.00 EUR');
      const mainStatement = page.getByRole('region', { name: 'Statement lines' });
      await expect(mainStatement).toContainText('-2,500.00 EUR');
      await expect(mainStatement).toContainText('-250.00 EUR');
      await expect(mainStatement).toContainText('+5,000.00 EUR');
      await checkScreen(page, 'wallet-main', async () => {
        await expect(mainStatement).toContainText('2,250.00 EUR');
      });
      await page.goto(`/wallets/${savings}`);
      await expect(page.getByTestId('wallet-balance')).toHaveText('250.00 EUR');
      await expect(page.getByRole('region', { name: 'Statement lines' })).toContainText('+250.00 EUR');
      await page.goto(`/transfers/${payoutId}`);
      await expect(page.getByTestId('transfer-history')).toContainText('Ada Approver');

      // 11. the administrator issues a card from the customer page: the form starts from the customer's record
      await signInAs(page, staff);
      await page.goto(`/customers/${customerId}`);
      await unfoldSections(page);
      const cards = page.getByRole('region', { name: 'Cards', exact: true });
      await expect(page.getByTestId('customer-cards')).toHaveText('No cards yet.');
      await cards.getByRole('button', { name: 'Issue a card' }).click();
      const issue = page.getByRole('dialog', { name: 'Issue a card' });
      await expect(issue.getByLabel('Cardholder')).toHaveValue('new');
      await expect(issue.getByLabel('First name')).toHaveValue('Grace');
      await expect(issue.getByLabel('Last name')).toHaveValue(person.lastName);
      await expect(issue.getByLabel('Billing address')).toHaveValue('Unter den Linden 5');
      // the operation's own schema, on the field
      await issue.getByLabel('Phone').fill('015112345678');
      await issue.getByRole('button', { name: 'Review…' }).click();
      await expect(issue.getByLabel('Phone')).toHaveAccessibleDescription('must be an E.164 phone number such as +4915112345678');
      await issue.getByLabel('Phone').fill('+4915112345679');
      await issue.getByLabel('Nickname (optional)').fill('Travel');
      await checkScreen(page, 'issue-card-form', async () => {
        await expect(issue.getByLabel('Currency')).toHaveValue('EUR');
      });
      await issue.getByRole('button', { name: 'Review…' }).click();
      // the confirmation restates what will be issued, to whom
      await expect(issue.getByTestId('issue-review')).toContainText(`Issue a virtual EUR card (“Travel”) to ${customerName} for customer ${customerName}?`);
      await checkScreen(page, 'issue-card-review', async () => {
        await expect(issue.getByRole('button', { name: 'Issue card' })).toBeVisible();
      });
      await issue.getByRole('button', { name: 'Issue card' }).click();
      const issued = issue.getByTestId('issued-card');
      await expect(issued).toContainText('Card issued for');
      const masked = (await issued.locator('dd').first().textContent())!.trim();
      expect(masked).toMatch(/^\d{6}\*+\d{4}$/);
      const last4 = masked.slice(-4);
      await expect(issued).toContainText('inactive');
      await checkScreen(page, 'issue-card-done', async () => {
        await expect(issued.getByRole('link', { name: 'Open card page' })).toBeVisible();
      });
      await issue.getByRole('button', { name: 'Done' }).click();
      await expect(page.getByTestId('customer-cards')).toContainText(masked);

      // 12. the card page: activated with the cardholder's one-time code
      await page.getByTestId('customer-cards').getByRole('link', { name: masked }).click();
      await expect(page.getByRole('heading', { level: 1, name: `Card ${masked}` })).toBeVisible();
      const cardId = lastPathPart(page);
      await expect(page.getByTestId('card-details')).toContainText('inactive');
      await page.getByRole('button', { name: 'Activate', exact: true }).click();
      const activate = page.getByRole('dialog', { name: 'Activate card' });
      await activate.getByRole('button', { name: 'Send code' }).click();
      await expect(activate.getByRole('status')).toContainText('Code sent to');
      await checkScreen(page, 'card-activate', async () => {
        await expect(activate.getByLabel('One-time code')).toBeVisible();
      });
      await activate.getByLabel('One-time code').fill(await cardholderCode(request, staff.tenantId, cardId, 'ACTIVATE'));
      await activate.getByRole('button', { name: 'Activate card' }).click();
      await expect(page.getByTestId('card-details')).toContainText('active');
      await expect(page.getByRole('button', { name: 'Freeze', exact: true })).toBeVisible();

      // 13. found by its last four digits and the holder's name
      await go(page, 'Card lookup');
      const search = page.getByRole('search', { name: 'Find cards' });
      await search.getByLabel('Last four digits').fill(last4);
      await search.getByLabel('Cardholder name or email').fill(customerName.toLowerCase());
      await search.getByRole('button', { name: 'Find cards' }).click();
      const results = page.getByRole('region', { name: 'Cards found' });
      await expect(results.getByRole('row').filter({ hasText: masked })).toHaveCount(1);
      await expect(results).toContainText(customerName);
      await results.getByRole('link', { name: masked }).click();

      // 14. frozen from its page, after a confirmation that names the card and asks why
      await expect(page.getByRole('heading', { level: 1, name: `Card ${masked}` })).toBeVisible();
      await page.getByRole('button', { name: 'Freeze', exact: true }).click();
      const freeze = page.getByRole('dialog', { name: 'Freeze card' });
      await expect(freeze).toContainText(masked);
      await freeze.getByLabel('Reason').fill('Cardholder reported it lost');
      await freeze.getByRole('button', { name: 'Freeze card' }).click();
      await expect(page.getByTestId('card-details')).toContainText('frozen');
      await expect(page.getByTestId('status-history')).toContainText('Cardholder reported it lost');
      await checkScreen(page, 'card-frozen', async () => {
        await expect(page.getByRole('button', { name: 'Unfreeze' })).toBeVisible();
      });
      expect(problems).toEqual([]);
    });
  });
