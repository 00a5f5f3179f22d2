import { expect, test } from '@playwright/test';
import { checkScreen, signInPanel, VIEWPORTS } from '../browser-helpers';
import { moneyWorld, openNav, unfoldSections, type MoneyWorld } from '../money-world';

/**
 * The main money-and-cards journeys of the panel, at 1280 px and again at 375 px: a card issued for a customer is found by its last four digits and the
 * holder's name, opened, its number revealed with a countdown and hidden again, frozen from its page
 * with confirmation, and an authorization simulated against it; the customer 360 shows the wallets,
 * cards, transfers, beneficiaries and consents; the search box finds customers, wallets and cards.
 * Every screen: no sideways scrolling, axe clean, a screenshot.
 */

test.describe.configure({ mode: 'serial' });

for (const viewport of VIEWPORTS)
  test.describe(`at ${viewport.width} px`, () => {
    // a world of its own per width: the first journey freezes the card
    let world: MoneyWorld;
    test.use({ viewport });
    test.setTimeout(90_000);

    test.beforeAll(async () => {
      test.setTimeout(90_000);
      world = await moneyWorld();
    });

    test.afterAll(async () => {
      await world?.close();
    });

    test('a card is found by its last four digits and the holder name, opened, revealed for a moment, frozen with confirmation', async ({ page }) => {
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      await signInPanel(page, world.tenantId);
      await (await openNav(page)).getByRole('link', { name: 'Card lookup' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Card lookup' })).toBeVisible();

      const search = page.getByRole('search', { name: 'Find cards' });
      // a status alone is no search: the API's own rule, on the field
      await search.getByLabel('Status').selectOption('ACTIVE');
      await search.getByRole('button', { name: 'Find cards' }).click();
      await expect(search.getByLabel('Last four digits')).toHaveAccessibleDescription('give the last four digits, a cardholder name or email, a customer or a card id');
      await search.getByLabel('Last four digits').fill(world.card.last4);
      await search.getByLabel('Cardholder name or email').fill(`grace ${world.card.holderLast}`);
      await search.getByRole('button', { name: 'Find cards' }).click();
      const results = page.getByRole('region', { name: 'Cards found' });
      const link = results.getByRole('link', { name: world.card.masked });
      await expect(link).toBeVisible();
      await expect(results).toContainText(`Grace ${world.card.holderLast}`);
      await expect(results).toContainText(world.customerName);
      await checkScreen(page, 'card-search');

      await link.click();
      await expect(page.getByRole('heading', { level: 1, name: `Card ${world.card.masked}` })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Card lookup' })).toBeVisible();
      const details = page.getByTestId('card-details');
      await expect(details).toContainText('active');
      await expect(details).toContainText(`Grace ${world.card.holderLast}`);
      await expect(page.getByTestId('limits')).toContainText('0.00 EUR of 500.00 EUR used');
      await checkScreen(page, 'card-page');

      // the full number: a REVEAL code, a visible countdown, and gone again from the page
      await page.getByRole('button', { name: 'Reveal number' }).click();
      await page.getByRole('button', { name: 'Send code' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Code sent to' })).toBeVisible();
      const { otp } = await world.cardOp<{ otp: string }>('sandbox/otp/peek', { cardNo: world.card.cardId, purpose: 'REVEAL' });
      await page.getByLabel('Reveal code').fill(otp);
      await page.getByRole('button', { name: 'Reveal', exact: true }).click();
      const revealed = page.getByTestId('revealed');
      await expect(revealed).toContainText(world.card.last4);
      await expect(page.getByTestId('reveal-countdown')).toHaveText(/^Hidden again in \d+ s$/);
      const pan = ((await revealed.locator('dd').first().textContent()) ?? '').replace(/\s/g, '');
      expect(pan).toMatch(/^\d{13,19}$/);
      expect(pan.endsWith(world.card.last4)).toBe(true);
      await page.getByRole('button', { name: 'Hide now' }).click();
      await expect(revealed).toHaveCount(0);
      expect(await page.content()).not.toContain(pan);

      // freeze, with a confirmation that names the card and asks for a reason
      await page.getByRole('button', { name: 'Freeze', exact: true }).click();
      const freeze = page.getByRole('dialog', { name: 'Freeze card' });
      await expect(freeze).toContainText(world.card.masked);
      await freeze.getByRole('button', { name: 'Freeze card' }).click();
      await expect(freeze.getByLabel('Reason')).toHaveAccessibleDescription('must not be empty');
      await freeze.getByLabel('Reason').fill('reported lost by phone');
      await freeze.getByRole('button', { name: 'Freeze card' }).click();
      // the modal closes as soon as the card is frozen (its refetches land after): until then the page is inert
      await expect(freeze).toBeHidden();
      await expect(details).toContainText('frozen');
      await expect(page.getByTestId('status-history')).toContainText('reported lost by phone');
      await expect(page.getByRole('button', { name: 'Unfreeze' })).toBeVisible();

      // the sandbox decides an authorization: a frozen card declines, and the decline is listed
      const simulate = page.getByRole('form', { name: 'Simulate an authorization' });
      await simulate.getByLabel('Amount').fill('12.50');
      await simulate.getByRole('button', { name: 'Simulate authorization' }).click();
      await expect(page.getByTestId('simulation-result')).toContainText('declined');
      await expect(page.getByTestId('simulation-result')).toContainText('card frozen');
      await expect(page.getByTestId('transactions')).toContainText('Sandbox shop');

      // terminate asks for confirmation and a code; cancelling leaves the card as it is
      await page.getByRole('button', { name: 'Terminate' }).click();
      const terminate = page.getByRole('dialog', { name: 'Terminate card' });
      await expect(terminate).toContainText('is final');
      await terminate.getByRole('button', { name: 'Cancel' }).click();
      await expect(details).toContainText('frozen');
      await checkScreen(page, 'card-page-frozen');
      expect(problems).toEqual([]);
    });

    test('a failed background refresh keeps the card, its actions and the typed amount on screen, with a retry', async ({ page }) => {
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      await signInPanel(page, world.tenantId);
      await page.goto(`/cards/${world.card.cardId}`);
      const details = page.getByTestId('card-details');
      await expect(details).toContainText('frozen');
      const simulate = page.getByRole('form', { name: 'Simulate an authorization' });
      await simulate.getByLabel('Amount').fill('7.25');
      await simulate.getByLabel('Merchant', { exact: true }).fill('Corner bakery');

      // from now on the card's own read answers 503 (the browser's network, not our services)
      let failed = 0;
      await page.route('**/api/v2.1/card/virtual/card/info', async (route) => {
        failed += 1;
        await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ success: false, code: 503, msg: 'Service temporarily unavailable', data: {} }) });
      });
      // the simulation refreshes the card afterwards: that refetch fails
      await simulate.getByRole('button', { name: 'Simulate authorization' }).click();
      await expect(page.getByTestId('simulation-result')).toContainText('7.25');
      const banner = page.getByTestId('stale-banner');
      await expect(banner).toContainText('Could not refresh the card: Service temporarily unavailable');
      expect(failed).toBeGreaterThan(0);
      // nothing was taken away: details, actions, the form and what was typed in it
      await expect(details).toContainText('frozen');
      await expect(page.getByRole('button', { name: 'Unfreeze' })).toBeVisible();
      await expect(simulate.getByLabel('Amount')).toHaveValue('7.25');
      await expect(simulate.getByLabel('Merchant', { exact: true })).toHaveValue('Corner bakery');
      await expect(page.getByTestId('simulation-result')).toContainText('declined');
      await checkScreen(page, 'card-page-stale');

      // the retry reads again; once the read answers, the banner goes
      await page.unroute('**/api/v2.1/card/virtual/card/info');
      await banner.getByRole('button', { name: 'Try again' }).click();
      await expect(banner).toBeHidden();
      await expect(details).toContainText('frozen');
      await expect(simulate.getByLabel('Amount')).toHaveValue('7.25');
      expect(problems).toEqual([]);
    });

    test('the customer 360 shows profile, wallets, cards, transfers, beneficiaries, limits and consents', async ({ page }) => {
      await signInPanel(page, world.tenantId);
      await page.goto(`/customers/${world.customerId}`);
      await expect(page.getByRole('heading', { level: 1, name: world.customerName })).toBeVisible();
      await unfoldSections(page);
      await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Customers' })).toBeVisible();
      const wallets = page.getByTestId('customer-wallets');
      await expect(wallets.getByRole('link', { name: 'Main account wallet' })).toHaveAttribute('href', `/wallets/${world.walletId}`);
      await expect(wallets).toContainText('EUR');
      const cards = page.getByTestId('customer-cards');
      await expect(cards.getByRole('link', { name: world.card.masked })).toHaveAttribute('href', `/cards/${world.card.cardId}`);
      await expect(cards).toContainText(`Grace ${world.card.holderLast}`);
      await expect(page.getByTestId('customer-transfers')).toContainText('2,500.00 EUR');
      await expect(page.getByTestId('customer-transfers')).toContainText('Northwind Traders');
      await expect(page.getByTestId('customer-beneficiaries')).toContainText('Northwind Traders');
      await expect(page.getByTestId('customer-payment-consents')).toContainText('recurring payments');
      await expect(page.getByTestId('customer-limits')).toBeVisible();
      await expect(page.getByTestId('consents')).toContainText('accepted');
      await checkScreen(page, 'customer-360');

      // a beneficiary is deactivated only after a confirmation
      await page.getByRole('button', { name: 'Deactivate Northwind Traders' }).click();
      const confirm = page.getByRole('dialog', { name: 'Deactivate beneficiary' });
      await expect(confirm).toContainText('Northwind Traders');
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByTestId('customer-beneficiaries')).toContainText('active');
    });

    test('one search box finds customers by name, wallets by id and cards by their last four digits', async ({ page }) => {
      await signInPanel(page, world.tenantId);
      const box = page.getByRole('search', { name: 'Find in this tenant' });
      await box.getByLabel('Find a customer, wallet or card').fill(world.customerName.split(' ')[1]!);
      await box.getByRole('button', { name: 'Find', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible();
      const results = page.getByTestId('search-results');
      await expect(results.getByRole('link', { name: world.customerName })).toHaveAttribute('href', `/customers/${world.customerId}`);
      await checkScreen(page, 'search');

      await page.getByRole('search', { name: 'Find in this tenant' }).getByLabel('Find a customer, wallet or card').fill(world.walletId.slice(0, 8));
      await page.getByRole('search', { name: 'Find in this tenant' }).getByRole('button', { name: 'Find', exact: true }).click();
      await expect(page.getByTestId('search-results').getByRole('link', { name: 'Main account' })).toHaveAttribute('href', `/wallets/${world.walletId}`);

      await page.getByRole('search', { name: 'Find in this tenant' }).getByLabel('Find a customer, wallet or card').fill(world.card.last4);
      await page.getByRole('search', { name: 'Find in this tenant' }).getByRole('button', { name: 'Find', exact: true }).click();
      const card = page.getByTestId('search-results').getByRole('link', { name: world.card.masked });
      await expect(card).toBeVisible();
      await card.click();
      await expect(page.getByRole('heading', { level: 1, name: `Card ${world.card.masked}` })).toBeVisible();
    });
  });
