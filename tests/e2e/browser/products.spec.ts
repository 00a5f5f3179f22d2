import { expect, test } from '@playwright/test';
import { checkScreen, screenshot, signInPanel, VIEWPORTS } from '../browser-helpers';
import { activeIndividual, ok, openNav, staffTenant, type StaffTenant } from '../money-world';

/**
 * Products (docs/products.md, issue 29 item 3), at 1280 and 375 px, axe clean: the tenant admin
 * creates a wallet product with a payout fee on the Products screen and changes the fee; a wallet
 * opened on it pays a payout whose confirmation shows the fee the server then posts; the wallet's
 * statement shows the fee as a line of its own; the customer 360 names the wallet's product.
 */
let staff: StaffTenant;

test.beforeAll(async ({ request }) => {
  test.setTimeout(90_000);
  staff = await staffTenant(request, 'Products');
});

for (const viewport of VIEWPORTS)
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('the admin sets a payout fee on a wallet product; a payout from a wallet on it shows the fee in the confirmation and on the statement', async ({ page, request }) => {
      // a long journey (five screens, each checked with axe) on a shared 2-core machine
      test.setTimeout(300_000);
      const { customerId } = await activeIndividual(request, staff, { lastName: `Fees${viewport.width}` });
      const code = `fees-${viewport.width}-${Date.now().toString(36)}`;
      await signInPanel(page, staff.tenantId);
      await (await openNav(page)).getByRole('link', { name: 'Products' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
      await expect(page.getByText('default-wallet')).toBeVisible();
      await checkScreen(page, 'products');
      await screenshot(page, `products-list-${viewport.width}`);

      // create: the form refuses a negative fee on its field, as the server does
      await page.getByRole('button', { name: 'New wallet product' }).click();
      const create = page.getByRole('dialog', { name: 'New wallet product' });
      await create.getByLabel('Code').fill(code);
      await create.getByLabel('Name').fill(`Fee EUR ${viewport.width}`);
      await create.getByLabel('Currency').selectOption('EUR');
      await create.getByLabel('Payout fee: fixed amount').fill('-1');
      await create.getByRole('button', { name: 'Create product' }).click();
      await expect(create.getByLabel('Payout fee: fixed amount')).toHaveAttribute('aria-invalid', 'true');
      await expect(create.getByText('must not be negative')).toBeVisible();
      await create.getByLabel('Payout fee: fixed amount').fill('0.50');
      await create.getByLabel('Payout fee: percentage in basis points').fill('150');
      await checkScreen(page, 'product-new');
      await screenshot(page, `products-new-${viewport.width}`);
      await create.getByRole('button', { name: 'Create product' }).click();
      await expect(create).toBeHidden();
      const row = page.getByRole('row').filter({ hasText: code });
      await expect(row).toContainText('Payout: 0.50 EUR + 1.5 %');

      // change the fee: later payments pay the new one
      await row.getByRole('button', { name: `Edit Fee EUR ${viewport.width}` }).click();
      const edit = page.getByRole('dialog', { name: `Edit Fee EUR ${viewport.width}` });
      await expect(edit.getByLabel('Payout fee: fixed amount')).toHaveValue('0.50');
      await edit.getByLabel('Payout fee: fixed amount').fill('1.00');
      await edit.getByRole('button', { name: 'Save changes' }).click();
      await expect(edit).toBeHidden();
      await expect(row).toContainText('Payout: 1.00 EUR + 1.5 %');

      // a wallet of the customer on the product, funded, with a payee and the customer's consent
      const wallet = await ok<{ id: string; product: { code: string } }>(
        await request.post('/api/v2.1/wallets', { headers: staff.auth, data: { customerId, currency: 'EUR', name: 'Fee account', productCode: code } }),
      );
      expect(wallet.product.code).toBe(code);
      await ok(await request.post(`/api/v2.1/wallets/${wallet.id}/sandbox/fund`, { headers: staff.auth, data: { amount: '500.00', currency: 'EUR' } }));
      await ok(await request.post('/api/v2.1/beneficiaries', { headers: staff.auth, data: { customerId, name: 'Contoso Supplies', iban: 'DE89 3704 0044 0532 0130 00', country: 'DE' } }));
      await ok(
        await request.post('/api/v2.1/payment-consents', {
          headers: staff.auth,
          data: { walletId: wallet.id, scope: 'RECURRING_PAYMENTS', maxAmountPerPayment: '1000', currency: 'EUR', expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString() },
        }),
      );

      // the payout: the confirmation shows the fee (1.00 + 1.5 % of 100.00 = 2.50) and the balance after amount and fee
      await page.goto(`/transfers/new?walletId=${wallet.id}`);
      const form = page.getByRole('form', { name: 'New transfer' });
      await form.getByLabel('A beneficiary’s bank account (payout)').check();
      await form.getByLabel('Beneficiary', { exact: true }).selectOption({ label: 'Contoso Supplies · DE89370400440532013000' });
      await form.getByLabel('Amount (EUR)').fill('100.00');
      await form.getByLabel('Reference').fill('Invoice 29');
      await form.getByLabel('Payment consent').selectOption({ index: 1 });
      await form.getByRole('button', { name: /^Send (transfer|for approval)$/ }).click();
      const confirm = page.getByRole('dialog', { name: 'Confirm the transfer' });
      await expect(confirm.getByTestId('transfer-fee')).toHaveText(`2.50 EUR (product Fee EUR ${viewport.width}), taken from the wallet with the amount`);
      await expect(confirm.getByTestId('transfer-summary')).toContainText('500.00 EUR now, 397.50 EUR after');
      await checkScreen(page, 'transfer-confirm-fee');
      await screenshot(page, `products-confirm-${viewport.width}`);
      await confirm.getByRole('button', { name: /^Confirm: send/ }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Transfer', exact: true })).toBeVisible();

      // the statement: the payment and its fee, each a line of its own
      await page.goto(`/wallets/${wallet.id}`);
      await expect(page.getByTestId('wallet-balance')).toHaveText('397.50 EUR');
      await expect(page.getByTestId('wallet-product')).toHaveText(`Fee EUR ${viewport.width}`);
      const feeLine = page.getByRole('row').filter({ hasText: 'Fee: transfer to Contoso Supplies: Invoice 29' });
      await expect(feeLine).toHaveCount(1);
      await expect(feeLine).toContainText('-2.50 EUR');
      await expect(page.getByRole('row').filter({ hasText: 'transfer to Contoso Supplies: Invoice 29' }).filter({ hasNotText: 'Fee:' })).toContainText('-100.00 EUR');
      await checkScreen(page, 'wallet-statement-fee');
      await screenshot(page, `products-statement-${viewport.width}`);

      // the customer 360 names the wallet's product
      await page.goto(`/customers/${customerId}`);
      await expect(page.getByTestId('customer-wallets').getByTestId('wallet-product')).toHaveText(`Product: Fee EUR ${viewport.width}`);
      await checkScreen(page, 'customer-wallet-product');
      await screenshot(page, `products-customer-${viewport.width}`);

      // what the screen showed is what the ledger holds
      const statement = await ok<{ items: Array<{ purpose: string; amount: string; direction: string }> }>(
        await request.get(`/api/v2.1/wallets/${wallet.id}/statement`, { headers: staff.auth }),
      );
      expect(statement.items.map((i) => [i.purpose, i.direction, i.amount])).toEqual([
        ['FEE', 'DEBIT', '2.50'],
        ['AMOUNT', 'DEBIT', '100.00'],
        ['AMOUNT', 'CREDIT', '500.00'],
      ]);
      expect((await ok<{ balanced: boolean }>(await request.get('/api/v2.1/ledger/reconciliation', { headers: staff.auth }))).balanced).toBe(true);
    });
  });
