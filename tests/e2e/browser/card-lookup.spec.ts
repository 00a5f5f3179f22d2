import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { E2E_PLATFORM_KEY, STRONG_PASSWORD, registrationBody, uniqueName } from '../fixtures';
import { capture } from '../browser-helpers';
import { spawnNextStart, waitForHttp, type SpawnedServer } from '../helpers';

/**
 * Card lookup against a card processor we do not own: the spec starts a processor on 127.0.0.1 that
 * speaks the gateway's wire protocol (docs/card-gateway.md) and a production server of its own
 * pointed at it (CARD_PROCESSOR_URL), then looks a card up in the browser and freezes/unfreezes it.
 */

const PAN = '4111111111111111';
const MASKED = '411111******1111';
const OTP = '123456';

interface Seen {
  op: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

function fakeProcessor() {
  const seen: Seen[] = [];
  const now = new Date().toISOString();
  const card = {
    cardId: 'card_1',
    cardNo: MASKED,
    last4: '1111',
    cardholderId: 'ch_1',
    customerId: null,
    currency: 'EUR',
    nickname: 'Travel',
    status: 'ACTIVE' as string,
    expiryMonth: 9,
    expiryYear: 2030,
    replacesCardId: null,
    replacedByCardId: null,
    createdAt: now,
    updatedAt: now,
  };
  const history: Record<string, unknown>[] = [{ from: null, to: 'ACTIVE', reason: null, actorUserId: null, at: now }];
  const answer = (op: string, body: Record<string, unknown>): unknown => {
    const known = body.cardNo === undefined || body.cardNo === PAN;
    if (!known) return { ok: false, reason: 'CARD_NOT_FOUND' };
    switch (op) {
      case 'card/info':
        return { ok: true, data: card };
      case 'card/list':
        return { ok: true, data: { items: body.status === card.status ? [card] : [], pageNo: 1, pageSize: 1, total: body.status === card.status ? 1 : 0 } };
      case 'limit/info':
        return { ok: true, data: { items: [{ interval: 'DAILY', amount: '500.00', currency: 'EUR', used: '120.50', remaining: '379.50', resetsAt: now }] } };
      case 'transaction/list':
        return {
          ok: true,
          data: {
            items: [
              {
                transactionId: 'tx_1',
                cardId: 'card_1',
                authorizationId: null,
                status: 'SETTLED',
                amount: '120.50',
                currency: 'EUR',
                merchant: { name: 'Coffee Roasters', mcc: '5814', country: 'DE' },
                channel: 'contactless',
                declineReason: null,
                createdAt: now,
                settledAt: now,
              },
            ],
            pageNo: 1,
            pageSize: 10,
            total: 1,
          },
        };
      case 'card/status-history':
        return { ok: true, data: { items: history } };
      case 'card/freeze':
        history.push({ from: card.status, to: 'FROZEN', reason: body.reason, actorUserId: null, at: new Date().toISOString() });
        card.status = 'FROZEN';
        return { ok: true, data: card };
      case 'secure/otp/send':
        return { ok: true, data: { purpose: body.purpose, channel: 'SMS', destination: '+49******678', expiresAt: new Date(Date.now() + 300_000).toISOString(), attemptsAllowed: 3 } };
      case 'card/unfreeze':
        if (body.otp !== OTP) return { ok: false, reason: 'OTP_INVALID' };
        history.push({ from: card.status, to: 'ACTIVE', reason: null, actorUserId: null, at: new Date().toISOString() });
        card.status = 'ACTIVE';
        return { ok: true, data: card };
      default:
        return { ok: false, reason: 'CARD_NOT_FOUND' };
    }
  };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const op = (req.url ?? '').replace(/^\/operations\//, '');
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      seen.push({ op, headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer(op, body)));
    });
  });
  return { server, seen, card };
}

let processor: ReturnType<typeof fakeProcessor>;
let app: SpawnedServer;
let base: string;
let tenantId: string;

test.describe.configure({ mode: 'serial' });
test.setTimeout(120_000);

test.beforeAll(async () => {
  test.setTimeout(120_000);
  processor = fakeProcessor();
  await new Promise<void>((r) => processor.server.listen(0, '127.0.0.1', () => r()));
  const processorUrl = `http://127.0.0.1:${(processor.server.address() as AddressInfo).port}`;
  app = await spawnNextStart((port) => ({
    PGLITE_DATA_DIR: 'memory://',
    PLATFORM_ADMIN_KEY: E2E_PLATFORM_KEY,
    NEXTAUTH_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    CARD_PROCESSOR_URL: processorUrl,
    LOGIN_RATE_LIMIT_MAX: '100000',
  }));
  base = `http://127.0.0.1:${app.port}`;
  await waitForHttp(`${base}/api/health`, 60_000, app);
  const res = await fetch(`${base}/api/v2.1/tenants/registration`, {
    method: 'POST',
    headers: { authorization: `Bearer ${E2E_PLATFORM_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify(registrationBody(uniqueName('Cards'))),
  });
  expect(res.status).toBe(200);
  tenantId = ((await res.json()) as { data: { tenantId: string } }).data.tenantId;
});

test.afterAll(async () => {
  await app?.stop();
  await new Promise<void>((r) => processor?.server.close(() => r()));
});

async function signIn(page: Page) {
  await page.goto(`${base}/sign-in`);
  await page.getByLabel('Tenant ID').fill(tenantId);
  await page.getByLabel('Username or email').fill('owner');
  await page.getByLabel('Password').fill(STRONG_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
}

test('the dashboard counts cards by state through the gateway', async ({ page }) => {
  await signIn(page);
  await expect(page.getByTestId('cards-ACTIVE')).toHaveText('1');
  await expect(page.getByTestId('cards-FROZEN')).toHaveText('0');
});

test('card lookup: masked once submitted, details, limits, transactions, history; freeze and unfreeze with a code', async ({ page }) => {
  await signIn(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Card lookup' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Card lookup' })).toBeVisible();
  await page.getByLabel('Card number', { exact: true }).fill('4111');
  await page.getByRole('button', { name: 'Look up' }).click();
  await expect(page.getByLabel('Card number', { exact: true })).toHaveAccessibleDescription('must be a card number of 12 to 19 digits or a cardId');
  await page.getByLabel('Card number', { exact: true }).fill('4111 1111 1111 1111');
  await page.getByRole('button', { name: 'Look up' }).click();
  // the typed number is gone from the box and the page; only the masked form is shown
  await expect(page.getByLabel('Card number', { exact: true })).toHaveValue('');
  await expect(page.getByTestId('searched')).toHaveText(`Card ${MASKED}`);
  await expect(page.getByTestId('card-details')).toContainText(MASKED);
  expect(await page.content()).not.toContain(PAN);
  await expect(page.getByTestId('limits')).toContainText('120.50 EUR of 500.00 EUR used');
  await expect(page.getByTestId('transactions')).toContainText('Coffee Roasters');
  await expect(page.getByTestId('status-history')).toContainText('issued');
  // the gateway was called with a bearer token and the contract's headers
  const info = processor.seen.find((s) => s.op === 'card/info')!;
  expect(info.body).toEqual({ cardNo: PAN });
  expect(info.headers['x-card-scope']).toBe('tenant');

  await capture(page, 'card-lookup', () => expect(page.getByTestId('card-details')).toBeVisible());

  await page.getByRole('button', { name: 'Freeze' }).click();
  const freeze = page.getByRole('dialog', { name: 'Freeze card' });
  await freeze.getByRole('button', { name: 'Freeze card' }).click();
  await expect(freeze.getByLabel('Reason')).toHaveAccessibleDescription('must not be empty');
  await freeze.getByLabel('Reason').fill('reported lost by phone');
  await freeze.getByRole('button', { name: 'Freeze card' }).click();
  await expect(page.getByTestId('card-details')).toContainText('frozen');
  await expect(page.getByTestId('status-history')).toContainText('reported lost by phone');

  await page.getByRole('button', { name: 'Unfreeze' }).click();
  const unfreeze = page.getByRole('dialog', { name: 'Unfreeze card' });
  await unfreeze.getByRole('button', { name: 'Send code' }).click();
  await expect(unfreeze.getByRole('status')).toHaveText('Code sent to +49******678.');
  await unfreeze.getByLabel('One-time code').fill('000000');
  await unfreeze.getByRole('button', { name: 'Unfreeze card' }).click();
  await expect(unfreeze.getByRole('alert')).toBeVisible();
  await unfreeze.getByLabel('One-time code').fill(OTP);
  await unfreeze.getByRole('button', { name: 'Unfreeze card' }).click();
  await expect(page.getByTestId('card-details')).toContainText('active');
});
