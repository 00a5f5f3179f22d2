import { expect, test } from '@playwright/test';
import { checkScreen, signInPanel, VIEWPORTS } from '../browser-helpers';
import { APPROVER_PASSWORD, activeIndividual, ok, pendingPayout, staffTenant } from '../money-world';

/**
 * Approvers see whose money it is (issue 30, items 7, 10 and 12), at 1280 and at 375 px: the
 * approval item and the transfer page name the customer, the wallet by its name, its balance before
 * and after, the beneficiary and who asked (not "wallet 12314a04"); the figures come from the API,
 * which this spec reads too. After the approval the statement line reads as a payment, not "Held
 * for approval", its date stays inside the card on a phone, and the approval's toast does not
 * follow the approver to the next page.
 */

for (const viewport of VIEWPORTS) {
  test(`an approver sees the customer, the wallet, its balances, the payee and who asked; after approving, the statement says what happened (${viewport.width} px)`, async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    const staff = await staffTenant(request, 'Whose money');
    const lastName = `Kowalski${Date.now().toString(36)}`;
    const customerName = `Grace ${lastName}`;
    const { customerId } = await activeIndividual(request, staff, { firstName: 'Grace', lastName });
    const { walletId, transferId } = await pendingPayout(request, staff.auth, customerId);

    // the API names them (the screens show these figures, never compute them)
    const read = await ok<{ customerName: string; sourceWallet: unknown }>(await request.get(`/api/v2.1/transfers/${transferId}`, { headers: staff.auth }));
    expect({ customerName: read.customerName, sourceWallet: read.sourceWallet }).toEqual({
      customerName,
      sourceWallet: { id: walletId, name: 'Main account', balance: '7500.00', balanceBefore: '10000.00', balanceAfter: '7500.00' },
    });

    await page.setViewportSize(viewport);
    await signInPanel(page, staff.tenantId, staff.approverName, APPROVER_PASSWORD);
    await page.goto('/transfers/approvals');
    await expect(page.getByRole('heading', { level: 1, name: 'Approval queue' })).toBeVisible();
    const item = page.getByTestId('approval-item');
    await expect(item).toHaveCount(1);
    await expect(item.getByTestId('approval-source')).toHaveText(`From ${customerName}'s wallet Main account`);
    await expect(item.getByTestId('source-balance')).toHaveText('Balance 10,000.00 EUR before, 7,500.00 EUR after (the amount is held until the decision)');
    await expect(item).toContainText('Payout to Northwind Traders');
    await expect(item).toContainText('Requested by Olga Owner');
    await expect(item).not.toContainText(walletId.slice(0, 8));
    await checkScreen(page, 'whose-money-approvals', async () => {
      await expect(item).toBeVisible();
    });

    await item.getByRole('link', { name: 'details' }).click();
    const summary = page.getByRole('region', { name: /^Payout / });
    await expect(summary.getByRole('link', { name: customerName })).toHaveAttribute('href', `/customers/${customerId}`);
    await expect(summary.getByRole('link', { name: 'Main account' })).toHaveAttribute('href', `/wallets/${walletId}`);
    await expect(summary.getByTestId('source-balance')).toHaveText('Balance 10,000.00 EUR before, 7,500.00 EUR after (the amount is held until the decision)');
    await expect(summary).toContainText('Northwind Traders');
    await expect(summary).toContainText('Olga Owner');
    await checkScreen(page, 'whose-money-transfer', async () => {
      await expect(summary.getByTestId('source-balance')).toBeVisible();
    });

    await summary.getByRole('button', { name: 'Approve' }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve this transfer?' });
    await expect(dialog).toContainText(`2,500.00 EUR leaves ${customerName}'s wallet Main account for good and goes to Northwind Traders.`);
    await dialog.getByRole('button', { name: 'Approve transfer' }).click();
    await expect(dialog).toBeHidden();
    const toast = page.getByTestId('toasts').getByRole('status');
    await expect(toast).toHaveText(`Transfer ${transferId.slice(0, 8)} is now completed.`);
    await expect(summary.getByTestId('source-balance')).toHaveText('Wallet balance now 7,500.00 EUR');

    // a toast belongs to its page: once it has been read there, the next page starts without it
    await page.waitForTimeout(1_600);
    await summary.getByRole('link', { name: 'Main account' }).click();
    await expect(page.getByTestId('wallet-balance')).toHaveText('7,500.00 EUR');
    await expect(toast).toHaveCount(0);

    // the completed payout's line is the payment, not money still held
    const statement = page.getByRole('region', { name: 'Statement lines' });
    const line = statement.locator('tbody tr').filter({ hasText: transferId.slice(0, 8) });
    await expect(line).toContainText('Transfer (approved)');
    await expect(statement).not.toContainText('Held for approval');
    // every cell's text stays inside its row's card (the date ran into the card's edge on a phone)
    const overflowing = await statement.locator('tbody tr').evaluateAll((rows) =>
      rows.flatMap((row) => {
        const edge = row.getBoundingClientRect().right;
        return [...row.querySelectorAll('td')].filter((td) => td.scrollWidth > td.clientWidth + 1 || td.getBoundingClientRect().right > edge + 1).map((td) => td.textContent ?? '');
      }),
    );
    expect(overflowing).toEqual([]);
    await checkScreen(page, 'whose-money-statement', async () => {
      await expect(line).toBeVisible();
    });

    // the API agrees: decided, the read gives only the balance now; the hold's line carries its transfer's status
    const decided = await ok<{ sourceWallet: unknown }>(await request.get(`/api/v2.1/transfers/${transferId}`, { headers: staff.auth }));
    expect(decided.sourceWallet).toEqual({ id: walletId, name: 'Main account', balance: '7500.00', balanceBefore: null, balanceAfter: null });
    const lines = await ok<{ items: Array<{ kind: string; transferStatus: string | null }> }>(await request.get(`/api/v2.1/wallets/${walletId}/statement`, { headers: staff.auth }));
    expect(lines.items.map((l) => [l.kind, l.transferStatus])).toEqual([
      ['TRANSFER_HOLD', 'COMPLETED'],
      ['SANDBOX_FUNDING', null],
    ]);
  });
}
