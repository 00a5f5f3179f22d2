import { expect, test, type Page, type Response } from '@playwright/test';
import { signInPanel } from '../browser-helpers';
import { moneyWorld, type MoneyWorld } from '../money-world';

/**
 * Issue 26, item 2: every screen of the panel is served with its nonce-based
 * Content-Security-Policy (proxy.ts) and the common security headers (server/edge.mjs), and works
 * under them: no `securitypolicyviolation` event and no console error about the policy on any
 * screen, the API reference's Swagger UI and the review page's document viewer included. The
 * world (money-world.ts) gives every screen data: a customer with a document under review,
 * wallets, transfers, a webhook subscription with a delivery and a card.
 */
let world: MoneyWorld;

test.describe.configure({ mode: 'serial' });
test.setTimeout(240_000);

test.beforeAll(async () => {
  test.setTimeout(120_000);
  world = await moneyWorld();
});

test.afterAll(async () => {
  await world?.close();
});

interface Violation {
  screen: string;
  directive: string;
  blocked: string;
  sample: string;
}

/** Collects violations from the page's first script on (an init script runs before any of the page's own). */
async function watchPolicy(page: Page): Promise<{ violations: Violation[]; consoleErrors: string[]; screen: { name: string } }> {
  const screen = { name: 'sign-in' };
  const violations: Violation[] = [];
  const consoleErrors: string[] = [];
  await page.exposeFunction('__bpReportViolation', (v: Omit<Violation, 'screen'>) => violations.push({ screen: screen.name, ...v }));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __bpReportViolation: (v: object) => void }).__bpReportViolation({
        directive: e.effectiveDirective,
        blocked: e.blockedURI,
        sample: e.sample,
      });
    });
  });
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /content.security.policy|refused to (load|execute|apply|connect|frame)/i.test(msg.text())) consoleErrors.push(`${screen.name}: ${msg.text()}`);
  });
  return { violations, consoleErrors, screen };
}

const NONCE_SCRIPT_SRC = /^script-src 'self' 'nonce-[A-Za-z0-9+/]{22}==' 'strict-dynamic'$/;

/** The document answer of a screen: its headers, checked here. */
function expectPageHeaders(name: string, res: Response | null): void {
  expect(res, `${name}: no document answer`).not.toBeNull();
  const h = res!.headers();
  const csp = (h['content-security-policy'] ?? '').split(';').map((d) => d.trim());
  expect(
    {
      name,
      status: res!.status(),
      scriptSrc: NONCE_SCRIPT_SRC.test(csp.find((d) => d.startsWith('script-src ')) ?? ''),
      defaultSrc: csp.includes("default-src 'self'"),
      objectSrc: csp.includes("object-src 'none'"),
      baseUri: csp.includes("base-uri 'none'"),
      frameAncestors: csp.includes("frame-ancestors 'none'"),
      nosniff: h['x-content-type-options'],
      frame: h['x-frame-options'],
      referrer: h['referrer-policy'],
      poweredBy: h['x-powered-by'],
    },
    `${name}: ${h['content-security-policy']}`,
  ).toEqual({
    name,
    status: 200,
    scriptSrc: true,
    defaultSrc: true,
    objectSrc: true,
    baseUri: true,
    frameAncestors: true,
    nosniff: 'nosniff',
    frame: 'DENY',
    referrer: 'strict-origin-when-cross-origin',
    poweredBy: undefined,
  });
}

test('every screen is served with its policy and nothing on it is blocked by the policy', async ({ page }) => {
  const watch = await watchPolicy(page);
  const signIn = await page.goto('/sign-in');
  expectPageHeaders('sign-in', signIn);
  await signInPanel(page, world.tenantId);

  const h1 = (name?: string | RegExp) => () => expect(page.getByRole('heading', { level: 1, ...(name ? { name } : {}) })).toBeVisible();
  const screens: Array<[string, string, () => Promise<void>]> = [
    ['overview', '/', h1('Overview')],
    ['customers', '/customers', async () => expect(page.getByRole('link', { name: world.customerName })).toBeVisible()],
    ['customer', `/customers/${world.customerId}`, h1(world.customerName)],
    ['register-individual', '/customers/new/individual', h1('Register individual customer')],
    ['register-organization', '/customers/new/organization', h1('Register organization')],
    ['verifications', '/verifications', h1('Review queue')],
    // the document viewer: the case's identity document, an image from the content route
    [
      'verification',
      `/verifications/${world.verificationId}`,
      async () => {
        await h1()();
        await expect(page.locator('img[src*="/documents/"]').first()).toBeVisible();
        await expect
          .poll(() =>
            page
              .locator('img[src*="/documents/"]')
              .first()
              .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
          )
          .toBe(true);
      },
    ],
    ['review-settings', '/review-settings', h1()],
    ['webhooks', '/webhooks', async () => expect(page.getByRole('link', { name: 'Local receiver' })).toBeVisible()],
    ['webhook', `/webhooks/${world.subscriptionId}`, async () => expect(page.getByRole('button', { name: /^Replay/ }).first()).toBeVisible()],
    ['transfers', '/transfers', h1('Transfers')],
    ['transfer', `/transfers/${world.transferId}`, h1()],
    ['transfer-new', '/transfers/new', h1()],
    ['approvals', '/transfers/approvals', h1()],
    ['wallets', '/wallets', h1()],
    ['wallet', `/wallets/${world.walletId}`, h1()],
    ['beneficiaries', '/beneficiaries', h1()],
    ['limits', '/limits', h1()],
    ['payment-consents', '/payment-consents', h1()],
    ['cards', '/cards', h1('Card lookup')],
    ['card', `/cards/${world.card.cardId}`, async () => expect(page.getByTestId('card-details')).toBeVisible()],
    ['search', `/search?q=${encodeURIComponent(world.customerName)}`, async () => expect(page.getByTestId('search-results')).toBeVisible()],
    ['users', '/users', async () => expect(page.getByRole('button', { name: /^Roles/ }).first()).toBeVisible()],
  ];
  for (const [name, path, ready] of screens) {
    watch.screen.name = name;
    expectPageHeaders(name, await page.goto(path));
    await ready();
  }

  // the API reference: the server's inline capture listener (by nonce), then Swagger UI's bundle,
  // stylesheet and icons for an opened group, rendered and working
  watch.screen.name = 'api-reference';
  expectPageHeaders('api-reference', await page.goto('/api-reference'));
  await h1('API reference')();
  const picked = page.locator('a[data-operation]').first();
  const operationId = await picked.getAttribute('data-operation');
  await picked.click();
  await expect(page.getByTestId('swagger-ui').first()).toBeVisible();
  await expect(page.locator(`[id$="-${operationId}"]`).first()).toBeVisible({ timeout: 20_000 });
  expect(await page.evaluate(() => (window as unknown as { __bpApiPick?: string }).__bpApiPick)).toBe(operationId);

  expect(watch.violations).toEqual([]);
  expect(watch.consoleErrors).toEqual([]);
});
