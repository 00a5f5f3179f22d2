import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { capture, signInPanel } from '../browser-helpers';
import { activeIndividual, ok, staffTenant } from '../money-world';

/**
 * Wallet actions in the browser: freeze and unfreeze with a reason, close after a confirmation.
 * The whole money journey (wallets, transfers, approval, statements, cards) is money-journey.spec.ts.
 */
/** A tenant and an individual customer registered, approved and activated through the API. */
async function setUp(request: APIRequestContext) {
  const staff = await staffTenant(request);
  const { customerId } = await activeIndividual(request, staff);
  return { tenantId: staff.tenantId, customerId, auth: staff.auth };
}

/** A new EUR wallet named `name` of a fresh customer, its page open in the panel. */
async function walletPage(page: Page, request: APIRequestContext, name: string): Promise<void> {
  const setup = await setUp(request);
  const wallet = await ok<{ id: string }>(await request.post('/api/v2.1/wallets', { headers: setup.auth, data: { customerId: setup.customerId, currency: 'EUR', name } }));
  await signInPanel(page, setup.tenantId);
  await page.goto(`/wallets/${wallet.id}`);
}

test.describe('money in the panel', () => {
  test.setTimeout(240_000);

  test('a wallet is frozen and unfrozen with a reason, and closed only after a confirmation', async ({ page, request }) => {
    await walletPage(page, request, 'Spare');
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
    await expect(unfreeze).toBeHidden();
    await expect(page.getByRole('button', { name: 'Freeze' })).toBeVisible();
    await page.getByRole('button', { name: 'Close' }).click();
    const close = page.getByRole('dialog', { name: 'Close this wallet for good?' });
    await expect(close).toContainText('Closing cannot be undone.');
    await close.getByLabel('Reason').fill('Customer request');
    await close.getByRole('button', { name: 'Close wallet' }).click();
    await expect(page.getByText('Wallet “Spare” is closed')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Freeze' })).toHaveCount(0);
  });

  test('a dialog asked for the moment another one closes stays open (the closed one’s late close event does not shut it)', async ({ page, request }) => {
    await walletPage(page, request, 'Quick');
    await page.getByRole('button', { name: 'Freeze' }).click();
    const freeze = page.getByRole('dialog', { name: 'Freeze this wallet?' });
    await expect(freeze).toBeVisible();
    // Cancel; the moment the dialog has closed (a microtask after close(), before the browser fires its
    // close event a task later), Close, as a quick hand would
    await page.evaluate(async () => {
      const dialog = document.querySelector<HTMLDialogElement>('dialog[open]')!;
      const closeButton = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Close' && !b.closest('dialog'))!;
      await new Promise<void>((resolve) => {
        new MutationObserver((_, observer) => {
          if (dialog.open) return;
          observer.disconnect();
          closeButton.click();
          resolve();
        }).observe(dialog, { attributes: true, attributeFilter: ['open'] });
        [...dialog.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Cancel')!.click();
      });
    });
    const close = page.getByRole('dialog', { name: 'Close this wallet for good?' });
    await expect(close).toContainText('Closing cannot be undone.');
    // still open once that event has come and gone
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
    await expect(close).toBeVisible();
    await expect(close.getByLabel('Reason')).toBeEditable();
    await capture(page, 'wallet-close-confirmation', () => expect(close).toBeVisible());
    // Escape closes it, and the page asks again as often as it likes
    await page.keyboard.press('Escape');
    await expect(close).toBeHidden();
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(close).toContainText('Closing cannot be undone.');
    await close.getByRole('button', { name: 'Cancel' }).click();
    await expect(close).toBeHidden();
    await expect(page.getByRole('region', { name: 'Quick · EUR' })).toContainText('active');
  });

  test('a beneficiary is saved from the Beneficiaries dialog, its IBAN checked as it is typed (the form the transfer form shows inline)', async ({ page, request }) => {
    const setup = await setUp(request);
    await signInPanel(page, setup.tenantId);
    await page.goto('/beneficiaries');
    await page.getByRole('button', { name: 'New beneficiary' }).click();
    const dialog = page.getByRole('dialog', { name: 'New beneficiary' });
    await dialog.getByLabel('Customer').selectOption(setup.customerId);
    await dialog.getByLabel('Account holder').fill('Contoso Supplies');
    await dialog.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 01');
    await expect(dialog.getByText('must be a valid IBAN (country code, check digits, mod-97 checksum)')).toBeVisible();
    await dialog.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00');
    await capture(page, 'beneficiary-dialog', async () => {
      await expect(dialog.getByText('The IBAN checksum is valid.')).toBeVisible();
    });
    await dialog.getByRole('button', { name: 'Save beneficiary' }).click();
    await expect(page.getByText('Beneficiary Contoso Supplies saved')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('table')).toContainText('Contoso Supplies');
  });
});
