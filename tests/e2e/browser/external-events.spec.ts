import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { checkScreen, registerTenant, signInPanel, VIEWPORTS } from '../browser-helpers';
import { openNav } from '../money-world';

/**
 * External events (docs/external-events.md), at 1280 and 375 px, axe clean: the tenant's admin
 * registers the card processor as a partner and sees its signing secret once; the processor's
 * signed events (sent here by the test with that secret, the Standard Webhooks way) appear on the
 * screen with their status: processed, a repeated id ignored, an unknown type kept. Rotating the
 * secret asks first and shows the new one once.
 */
const card = {
  cardId: 'ext-card-1',
  cardNo: '400000******4242',
  last4: '4242',
  cardholderId: 'ext-holder-1',
  customerId: null,
  currency: 'EUR',
  nickname: null,
  status: 'ACTIVE',
  expiryMonth: 12,
  expiryYear: 2030,
  replacesCardId: null,
  replacedByCardId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const transaction = {
  transactionId: 'ext-tx-1',
  cardId: 'ext-card-1',
  authorizationId: 'ext-auth-1',
  status: 'PENDING',
  amount: '12.50',
  currency: 'EUR',
  merchant: { name: 'Coffee Corner', mcc: '5814', country: 'DE' },
  channel: null,
  declineReason: null,
  createdAt: '2026-01-02T10:00:00.000Z',
  settledAt: null,
};

async function send(request: APIRequestContext, partnerId: string, secret: string, id: string, type: string, data: unknown) {
  const now = new Date(Math.floor(Date.now() / 1000) * 1000);
  const body = JSON.stringify({ type, timestamp: now.toISOString(), data });
  const res = await request.post(`/api/v2.1/external-events/${partnerId}`, {
    headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(now.getTime() / 1000), 'webhook-signature': new Webhook(secret).sign(id, now, body) },
    data: body,
  });
  return res.status();
}

async function openScreen(page: Page) {
  const nav = await openNav(page);
  await nav.getByRole('link', { name: 'External events' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'External events' })).toBeVisible();
}

for (const viewport of VIEWPORTS)
  test.describe(`external events at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('the admin registers a partner, sees its secret once, and the events it sends appear with their status', async ({ page, request }) => {
      test.setTimeout(120_000);
      const tenantId = await registerTenant(request, 'External events');
      await signInPanel(page, tenantId);
      await openScreen(page);
      await expect(page.getByText('No partners yet.', { exact: false })).toBeVisible();
      await expect(page.getByText('No events received yet.')).toBeVisible();

      // register: the form's own rule first, then the partner
      await page.getByRole('button', { name: 'Register partner' }).click();
      const dialog = page.getByRole('dialog', { name: 'Register a partner' });
      await dialog.getByRole('button', { name: 'Register partner' }).click();
      await expect(dialog.getByText('is required')).toBeVisible();
      await dialog.getByLabel('Name').fill('Acme Cards');
      await dialog.getByLabel('Kind').selectOption({ label: 'Card processor' });
      await dialog.getByRole('button', { name: 'Register partner' }).click();
      await expect(dialog).toBeHidden();
      const secret = (await page.getByTestId('secret').textContent())!.trim();
      expect(secret).toMatch(/^whsec_/);
      const row = page.getByTestId('partner-row').filter({ hasText: 'Acme Cards' });
      await expect(row).toContainText('Card processor');
      await expect(row).toContainText('Enabled');
      const partnerId = /external-events\/([0-9a-f-]{36})/.exec((await row.textContent())!)![1]!;
      await checkScreen(page, `external-events-secret`);
      await page.getByRole('button', { name: 'I have stored it' }).click();
      await expect(page.getByTestId('secret')).toHaveCount(0);
      // shown once: not after a reload either
      await page.reload();
      await expect(page.getByTestId('partner-row')).toHaveCount(1);
      expect(await page.content()).not.toContain(secret);

      // the partner sends: processed, the same id again (ignored), a type nobody acts on (kept)
      const id = `msg_${Date.now().toString(36)}`;
      expect(await send(request, partnerId, secret, id, 'card.transaction.created', { card, transaction })).toBe(200);
      expect(await send(request, partnerId, secret, id, 'card.transaction.created', { card, transaction })).toBe(200);
      expect(await send(request, partnerId, secret, `${id}-2`, 'card.dispute.opened', { disputeId: 'd-1' })).toBe(202);
      // a wrong secret is refused and leaves nothing
      expect(await send(request, partnerId, `whsec_${Buffer.alloc(32, 1).toString('base64')}`, `${id}-3`, 'card.issued', { card })).toBe(401);

      await page.reload();
      const events = page.getByTestId('external-event-row');
      await expect(events).toHaveCount(3);
      await expect(events.filter({ hasText: 'card.transaction.created' }).filter({ hasText: 'Processed' })).toHaveCount(1);
      await expect(events.filter({ hasText: 'card.transaction.created' }).filter({ hasText: 'Duplicate (ignored)' })).toHaveCount(1);
      await expect(events.filter({ hasText: 'card.dispute.opened' }).filter({ hasText: 'Unknown type (kept)' })).toHaveCount(1);
      const counts = page.getByRole('list', { name: 'Received events per status' });
      await expect(counts).toContainText('Processed: 1');
      await expect(counts).toContainText('Duplicate (ignored): 1');
      await expect(counts).toContainText('Unknown type (kept): 1');
      await expect(counts).toContainText('Failed: 0');
      // the payload of the processed one
      await events.filter({ hasText: 'Processed' }).getByText(`Event ${id}`).click();
      await expect(events.filter({ hasText: 'Processed' })).toContainText('Coffee Corner');
      await checkScreen(page, 'external-events');

      // filter by status
      await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Unknown type (kept)' });
      await expect(events).toHaveCount(1);
      await expect(events).toContainText('card.dispute.opened');

      // rotating asks first, then shows the new secret once; the old one is refused
      await row.getByRole('button', { name: 'Rotate secret of Acme Cards' }).click();
      const confirm = page.getByRole('dialog', { name: 'Rotate the secret?' });
      await expect(confirm).toContainText('stops working at once');
      await confirm.getByRole('button', { name: 'Rotate secret' }).click();
      await expect(confirm).toBeHidden();
      const rotated = (await page.getByTestId('secret').textContent())!.trim();
      expect(rotated).toMatch(/^whsec_/);
      expect(rotated).not.toBe(secret);
      expect(await send(request, partnerId, secret, `${id}-4`, 'card.issued', { card })).toBe(401);
      expect(await send(request, partnerId, rotated, `${id}-4`, 'card.issued', { card })).toBe(200);
    });
  });
