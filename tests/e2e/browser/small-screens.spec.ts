import { expect, test, type Page } from '@playwright/test';
import { checkScreen, signInPanel } from '../browser-helpers';
import { moneyWorld, openNav, type MoneyWorld } from '../money-world';

/**
 * Every screen of the panel at 375 px, with data in every table: no control lies beyond the
 * viewport's right edge (not even inside a scroll box) and the document does not scroll sideways;
 * the navigation opens from the menu button and every entry of it fits; table rows stack with their
 * actions (users' roles and disable, webhook attempts and replay, sort buttons) in reach.
 */

let world: MoneyWorld;

test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000);

test.beforeAll(async () => {
  test.setTimeout(90_000);
  world = await moneyWorld();
});

test.afterAll(async () => {
  await world?.close();
});

test.use({ viewport: { width: 375, height: 812 } });

async function visit(page: Page, path: string, name: string, ready: () => Promise<void>) {
  await page.goto(path);
  await ready();
  await checkScreen(page, `phone-${name}`);
}

test('the navigation opens from a menu button and fits; every entry works', async ({ page }) => {
  await signInPanel(page, world.tenantId);
  const menu = page.getByRole('button', { name: 'Menu' });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  const nav = await openNav(page);
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await checkScreen(page, 'phone-nav-open');
  const links = nav.getByRole('link');
  const count = await links.count();
  expect(count).toBeGreaterThanOrEqual(8);
  for (let i = 0; i < count; i++) {
    const box = (await links.nth(i).boundingBox())!;
    expect(box.x + box.width, await links.nth(i).innerText()).toBeLessThanOrEqual(375);
  }
  await nav.getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  // the menu closes on navigation
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Escape');
});

test('every screen at 375 px: nothing beyond the right edge, no sideways scrolling, axe clean', async ({ page }) => {
  await signInPanel(page, world.tenantId);
  const h1 = (name: string | RegExp) => () => expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await visit(page, '/', 'overview', h1('Overview'));
  await visit(page, '/customers', 'customers', async () => {
    await expect(page.getByRole('link', { name: world.customerName })).toBeVisible();
  });
  // the sort buttons of a stacked table are in a bar of their own
  const byName = page.getByRole('group', { name: 'Sort customers' }).getByRole('button', { name: /^Name/ });
  await byName.click();
  await expect(byName).toHaveAttribute('aria-pressed', 'true');
  await visit(page, `/customers/${world.customerId}`, 'customer', h1(world.customerName));
  await visit(page, '/customers/new/individual', 'register-individual', h1('Register individual customer'));
  await visit(page, '/customers/new/organization', 'register-organization', h1('Register organization'));
  await visit(page, '/verifications', 'verifications', h1('Review queue'));
  await visit(page, `/verifications/${world.verificationId}`, 'verification', async () => {
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
  await visit(page, '/webhooks', 'webhooks', async () => {
    await expect(page.getByRole('link', { name: 'Local receiver' })).toBeVisible();
  });
  await visit(page, `/webhooks/${world.subscriptionId}`, 'webhook', async () => {
    await expect(page.getByRole('button', { name: /^Replay/ }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: /^Attempts/ }).first()).toBeVisible();
  });
  await visit(page, '/transfers', 'transfers', h1('Transfers'));
  // the approval queue is a TRANSACTION_APPROVER's screen (money.spec.ts walks it at 375 px as one)
  const anyH1 = async () => {
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  };
  await visit(page, '/transfers/new', 'transfer-new', anyH1);
  await visit(page, '/wallets', 'wallets', anyH1);
  await visit(page, '/beneficiaries', 'beneficiaries', anyH1);
  await visit(page, '/limits', 'limits', anyH1);
  await visit(page, '/payment-consents', 'payment-consents', anyH1);
  await visit(page, `/wallets/${world.walletId}`, 'wallet', async () => {
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
  await visit(page, '/cards', 'cards', h1('Card lookup'));
  await visit(page, `/cards?last4=${world.card.last4}&holder=${world.card.holderLast}`, 'cards-found', async () => {
    await expect(page.getByRole('link', { name: world.card.masked })).toBeVisible();
  });
  await visit(page, `/cards/${world.card.cardId}`, 'card', async () => {
    await expect(page.getByTestId('card-details')).toBeVisible();
  });
  await visit(page, `/search?q=${encodeURIComponent(world.customerName)}`, 'search', async () => {
    await expect(page.getByTestId('search-results')).toBeVisible();
  });
  await visit(page, '/users', 'users', async () => {
    await expect(page.getByRole('button', { name: /^Roles/ }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: /^(Disable|Enable)/ }).first()).toBeVisible();
  });
  await visit(page, '/api-reference', 'api-reference', h1('API reference'));
});
