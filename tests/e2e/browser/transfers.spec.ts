import { expect, test, type APIRequestContext } from '@playwright/test';
import { capture, signInPanel as signIn } from '../browser-helpers';
import { APPROVER_PASSWORD, activeIndividual, pendingPayout, staffTenant } from '../money-world';

/**
 * Four-eyes in the panel: an administrator pays 2,500 EUR from a customer's wallet through the API
 * (above the tenant's threshold of 1,000), then a second user, a TRANSACTION_APPROVER, signs in to
 * the panel, finds it in the approval queue and approves it; the transfers list and the wallet's
 * statement show the result. Each of the three screens is axe-scanned and photographed at 1280 and
 * 375 px (test-results/screenshots).
 */

/** A tenant with an ACTIVE customer holding a funded EUR wallet, a beneficiary, a consent and a pending 2,500 EUR transfer. */
async function setUp(request: APIRequestContext) {
  const staff = await staffTenant(request, 'Transfers');
  const { tenantId, auth, approverName } = staff;
  const { customerId } = await activeIndividual(request, staff);

  const { walletId, transferId } = await pendingPayout(request, auth, customerId);
  return { tenantId, approverName, walletId, transferId };
}

test.describe('transfers in the panel', () => {
  // the API set-up (tenant, staff, a reviewed and activated customer, money) and two widths take more than the default 30 s on a loaded machine
  test.setTimeout(120_000);

  test('a second user approves a transfer from the approval queue; list and statement show it (1280 and 375 px)', async ({ page, request }) => {
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    page.on('response', (response) => {
      if (response.status() >= 400 && new URL(response.url()).pathname !== '/favicon.ico') problems.push(`${response.status()} ${response.url()}`);
    });
    const setup = await setUp(request);

    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, setup.tenantId, setup.approverName, APPROVER_PASSWORD);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Approvals' })).toBeVisible();
    await nav.getByRole('link', { name: 'Approvals' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Approval queue' })).toBeVisible();
    const item = page.getByTestId('approval-item');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText('2,500.00 EUR');
    await expect(item).toContainText('Requested by Olga Owner');
    await expect(item).toContainText('Northwind Traders');
    await capture(page, 'transfers-approvals', () => expect(item).toBeVisible());

    await item.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('dialog', { name: 'Approve this transfer?' }).getByRole('button', { name: 'Approve transfer' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Transfer ${setup.transferId.slice(0, 8)} is now completed.` })).toBeVisible();
    await expect(page.getByText('Nothing awaits approval.')).toBeVisible();

    await nav.getByRole('link', { name: 'Transfers' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Transfers' })).toBeVisible();
    const row = page.getByRole('region', { name: 'Transfers' }).getByRole('row').nth(1);
    await expect(page.getByRole('region', { name: 'Transfers' }).getByRole('row')).toHaveCount(2);
    await expect(row).toContainText('Completed');
    await expect(row).toContainText('DE89370400440532013000');
    // below 768 px the kit's table stacks its rows (display: block, so no ARIA rows): the same row, stacked
    await capture(page, 'transfers-list', () => expect(page.getByRole('region', { name: 'Transfers' }).locator('tbody tr').first()).toContainText('Completed'));

    await row.getByRole('link', { name: setup.walletId.slice(0, 8) }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();
    await expect(page.getByTestId('wallet-balance')).toHaveText('7,500.00 EUR');
    const statement = page.getByRole('region', { name: 'Statement lines' }).getByRole('row');
    await expect(statement).toHaveCount(3);
    await expect(statement.nth(1)).toContainText('-2,500.00 EUR');
    await capture(page, 'wallet-statement', () => expect(page.getByTestId('wallet-balance')).toBeVisible());
    expect(problems).toEqual([]);
  });
});
