import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { checkScreen, signInPanel, VIEWPORTS } from '../browser-helpers';
import { moneyWorld, type MoneyWorld } from '../money-world';

/**
 * Issue 30, items 9, 11 and 12, and the webhooks walked at 1280 and 375 px: a compact top bar and a
 * customer 360 whose sections fold on a phone; wallet options that lead with name and balance, the
 * chosen one spelled out in full; "Open a wallet" from a customer opens the dialog for that
 * customer; amounts written one way; the search box finds a wallet by its name and a card by its
 * holder's name; every line of a card's status history says who.
 */

let world: MoneyWorld;

test.describe.configure({ mode: 'serial' });
test.setTimeout(120_000);

test.beforeAll(async () => {
  test.setTimeout(90_000);
  world = await moneyWorld();
});

test.afterAll(async () => {
  await world?.close();
});

const sections = (page: Page) => page.getByRole('main').locator('section');

for (const viewport of VIEWPORTS) {
  const phone = viewport.width < 768;

  test(`the shell and the customer 360: a compact top bar, sections that fold on a phone, amounts one way (${viewport.width} px)`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: phone ? 667 : 800 });
    await signInPanel(page, world.tenantId);
    // the top bar (mark, tenant, menu; search and sign-out) leaves the phone's screen to the page
    const top = await page.locator('#main').evaluate((m) => m.getBoundingClientRect().top);
    expect(top).toBeLessThanOrEqual(phone ? 110 : 200);
    await expect(page.getByRole('searchbox')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();

    await page.goto(`/customers/${world.customerId}`);
    await expect(page.getByRole('heading', { level: 1, name: world.customerName })).toBeVisible();
    await expect(page.getByRole('main').getByText(/^(Loading|Looking up|Searching)…$/)).toHaveCount(0);
    const wallets = page.getByRole('region', { name: 'Wallets' });
    const toggle = wallets.getByRole('button', { name: 'Wallets', exact: true });
    if (phone) {
      // folded: headings (and their actions) only, a page of about a screen or two instead of ~6,900 px
      expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(2_600);
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(wallets.getByRole('link', { name: 'Main account' })).toBeHidden();
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    } else {
      await expect(toggle).toBeHidden();
      expect(await sections(page).count()).toBeGreaterThanOrEqual(10);
    }
    await expect(wallets.getByRole('link', { name: 'Main account' })).toBeVisible();
    // one way of writing amounts: grouped, with the currency's decimals
    await expect(wallets).toContainText('7,500.00 EUR');
    await checkScreen(page, 'customer-360', async () => {
      await expect(wallets.getByRole('link', { name: 'Main account' })).toBeVisible();
    });

    // "Open a wallet" opens the dialog for this customer
    await wallets.getByRole('link', { name: 'Open a wallet' }).click();
    const dialog = page.getByRole('dialog', { name: 'Open a wallet' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Customer')).toHaveValue(world.customerId);
    await checkScreen(page, 'open-wallet-preselected', async () => {
      await expect(dialog).toBeVisible();
    });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  test(`wallet options lead with name and balance and the chosen one is spelled out (${viewport.width} px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signInPanel(page, world.tenantId);
    await page.goto('/transfers/new');
    const from = page.getByLabel('From wallet');
    await expect(from.locator('option', { hasText: 'Main account' })).toHaveText(`Main account · 7,500.00 EUR · ${world.customerName}`);
    await from.selectOption({ label: `Main account · 7,500.00 EUR · ${world.customerName}` });
    await expect(from).toHaveAccessibleDescription(`Main account: 7,500.00 EUR available · ${world.customerName}`);
    // the description wraps inside the screen: nothing of it is cut off
    const hint = await from.evaluate((select) => {
      const id = select.getAttribute('aria-describedby')!.split(' ')[0]!;
      const el = document.getElementById(id)!;
      return { right: el.getBoundingClientRect().right, overflow: el.scrollWidth > el.clientWidth + 1 };
    });
    expect(hint.overflow).toBe(false);
    expect(hint.right).toBeLessThanOrEqual(viewport.width);
    await checkScreen(page, 'wallet-select', async () => {
      await expect(from).toBeVisible();
    });
  });

  test(`the search box finds a wallet by its name and a card by its holder; the card's history says who (${viewport.width} px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signInPanel(page, world.tenantId);
    const search = async (q: string) => {
      await page.getByRole('searchbox').fill(q);
      await page.getByRole('button', { name: 'Find' }).click();
      await expect(page.getByTestId('search-results')).toBeVisible();
    };
    await search('main acc');
    const walletHits = page.getByRole('region', { name: /^Wallets \(/ });
    await expect(walletHits.getByRole('link', { name: 'Main account' })).toHaveAttribute('href', `/wallets/${world.walletId}`);
    await expect(walletHits).toContainText('7,500.00 EUR');

    await search(`${world.card.holderLast} grace`);
    const cardHits = page.getByRole('region', { name: /^Cards \(/ });
    await expect(cardHits.getByRole('link', { name: world.card.masked })).toBeVisible();
    await checkScreen(page, 'search-card-holder', async () => {
      await expect(cardHits).toBeVisible();
    });
    await cardHits.getByRole('link', { name: world.card.masked }).click();
    const history = page.getByTestId('status-history');
    await expect(history.locator('li')).toHaveCount(2);
    for (const line of await history.locator('li').all()) await expect(line).toContainText('by Olga Owner');
  });

  test(`webhooks: a subscription created, tested, its delivery replayed (${viewport.width} px)`, async ({ page }) => {
    let received = 0;
    const server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        received++;
        res.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const port = (server.address() as AddressInfo).port;
    try {
      await page.setViewportSize(viewport);
      await signInPanel(page, world.tenantId);
      await page.goto('/webhooks');
      await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
      await page.getByRole('button', { name: 'New subscription' }).click();
      const dialog = page.getByRole('dialog', { name: 'New webhook subscription' });
      const name = `Receiver ${viewport.width}`;
      await dialog.getByLabel('Name', { exact: true }).fill(name);
      await dialog.getByLabel('Endpoint URL').fill(`http://127.0.0.1:${port}/hooks`);
      await dialog.getByRole('checkbox', { name: /webhook\.test/ }).check();
      await checkScreen(page, 'webhook-new', async () => {
        await expect(dialog).toBeVisible();
      });
      await dialog.getByRole('button', { name: 'Create subscription' }).click();
      await expect(page.getByTestId('secret')).toHaveText(/^whsec_/);
      await page.getByRole('button', { name: 'I have stored it' }).click();
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await page.getByRole('button', { name: 'Send test event' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Test event sent' })).toContainText('succeeded (HTTP 200)');
      const row = page.getByRole('region', { name: 'Deliveries' }).locator('tbody tr').filter({ hasText: 'webhook.test' });
      await expect(row).toContainText('succeeded');
      await row.getByRole('button', { name: /^Replay/ }).click();
      await expect.poll(() => received).toBe(2);
      await checkScreen(page, 'webhook-detail', async () => {
        await expect(row.first()).toBeVisible();
      });
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
}
