import { afterAll, beforeAll, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { closeWebhookAgents } from '@/lib/services/webhooks/http';
import { runWorkerOnce } from '@/lib/services/webhooks/worker';
import { authorize, balance, business, holderBody, key, ok, otpFor, panOf, signIn } from './card-fixtures';
import { createCustomerUser, resetIdentityState } from './identity-fixtures';
import { allowPrivateNetworks, cancelAllPending, startReceiver, subscribe, webhookTenant, type Receiver } from './webhooks-fixtures';

/**
 * The virtual card story end to end, as a customer's app does it: sign in with /api/auth/login,
 * create a cardholder and apply for a card, activate it with a one-time code, top it up, set a
 * daily limit, pay within it, get declined above it, freeze, get declined, unfreeze, list the
 * transactions, cancel. A webhook receiver on 127.0.0.1 gets the card.* events.
 */
let receiver: Receiver;
beforeAll(async () => {
  allowPrivateNetworks(true);
  await cancelAllPending();
  receiver = await startReceiver();
});
afterAll(async () => {
  allowPrivateNetworks(false);
  await receiver.close();
  await closeWebhookAgents();
});

it('apply, activate, top up, limit, pay, decline, freeze, unfreeze, list, cancel — with webhooks', async () => {
  resetIdentityState();
  const tenant = await webhookTenant();
  await subscribe(tenant.tenantId, { endpointUrl: receiver.url, subscribedEvents: ['card.*'] });
  const user = await createCustomerUser(tenant.tenantId);
  const me = await signIn(tenant.tenantId, user.email, user.password, user.userId, user.customerId);

  // apply for a card: a cardholder first, then the card (INACTIVE, masked)
  const holder = await ok<{ cardholderId: string }>(me, 'cardholder/create', holderBody());
  const applied = await ok<{ cardId: string; cardNo: string; status: string }>(me, 'card/apply', {
    cardholderId: holder.cardholderId,
    currency: 'EUR',
    nickname: 'Daily',
    idempotencyKey: key(),
  });
  expect(applied.status).toBe('INACTIVE');
  expect(applied.cardNo).toMatch(/^400000\*{6}\d{4}$/);
  // the client keeps no card number: it addresses the card by the cardId card/apply answered
  const cardNo = applied.cardId;

  // activate with a one-time code (the sandbox lets us read it)
  const activated = await ok<{ status: string }>(me, 'card/activate', { cardNo, otp: await otpFor(me, cardNo, 'ACTIVATE') });
  expect(activated.status).toBe('ACTIVE');

  // top up: quote, then create
  const quote = await ok<{ quoteId: string; fee: string; total: string }>(me, 'topup/quote', { cardNo, amount: '200.00', currency: 'EUR', sourceAccountId: 'iban-DE89' });
  expect(quote).toMatchObject({ fee: '1.00', total: '201.00' });
  await ok(me, 'topup/create', { cardNo, quoteId: quote.quoteId, idempotencyKey: key() });
  expect(await balance(me, cardNo)).toEqual({ currency: 'EUR', available: '200.00', pending: '0.00', ledger: '200.00' });

  // a daily limit of 50
  await ok(me, 'limit/update', { cardNo, limits: [{ interval: 'DAILY', amount: '50.00', currency: 'EUR' }] });

  // within it: approved; above it: declined
  const paid = await authorize(me, cardNo, '30.00');
  expect(paid).toMatchObject({ status: 'APPROVED', declineReason: null });
  const above = await authorize(me, cardNo, '25.00');
  expect(above).toMatchObject({ status: 'DECLINED', declineReason: 'SPENDING_LIMIT' });
  expect(await balance(me, cardNo)).toEqual({ currency: 'EUR', available: '170.00', pending: '30.00', ledger: '200.00' });

  // frozen: declined; unfrozen: fine again
  await ok(me, 'card/freeze', { cardNo, reason: 'left it at the café' });
  expect(await authorize(me, cardNo, '5.00')).toMatchObject({ status: 'DECLINED', declineReason: 'CARD_FROZEN' });
  await business(me, 'card/unfreeze', { cardNo, otp: '000000' }, 'OTP_REQUIRED', { details: 'send a code for UNFREEZE with secure/otp/send first' });
  expect(await ok<{ status: string }>(me, 'card/unfreeze', { cardNo, otp: await otpFor(me, cardNo, 'UNFREEZE') })).toMatchObject({ status: 'ACTIVE' });

  // the transactions: one pending purchase, two declines
  const txs = await ok<{ total: number; items: Array<{ status: string; amount: string; declineReason: string | null }> }>(me, 'transaction/list', { cardNo });
  expect(txs.total).toBe(3);
  expect(txs.items.map((t) => `${t.status}:${t.amount}:${t.declineReason}`).sort()).toEqual(['DECLINED:25.00:SPENDING_LIMIT', 'DECLINED:5.00:CARD_FROZEN', 'PENDING:30.00:null']);

  // cancel: final
  expect(await ok<{ status: string }>(me, 'card/cancel', { cardNo, reason: 'USER', otp: await otpFor(me, cardNo, 'CANCEL') })).toMatchObject({ status: 'CANCELED' });
  await business(me, 'card/freeze', { cardNo, reason: 'x' }, 'INVALID_STATE_TRANSITION', { status: 'CANCELED' });
  const history = await ok<{ items: Array<{ from: string | null; to: string }> }>(me, 'card/status-history', { cardNo });
  expect(history.items.map((h) => `${h.from}->${h.to}`)).toEqual(['null->INACTIVE', 'INACTIVE->ACTIVE', 'ACTIVE->FROZEN', 'FROZEN->ACTIVE', 'ACTIVE->CANCELED']);

  // the webhook events, delivered to a real receiver
  const stats = await runWorkerOnce(await getDb());
  expect(stats).toMatchObject({ attempted: 8, succeeded: 8, failed: 0 });
  await receiver.waitFor(8);
  const received = receiver.requests.map((r) => JSON.parse(r.body) as { type: string; tenantId: string; data: Record<string, unknown> });
  expect(received.every((e) => e.tenantId === tenant.tenantId && e.data.cardId === applied.cardId)).toBe(true);
  expect(received.map((e) => e.type).sort()).toEqual(['card.issued', ...Array(4).fill('card.status.changed'), ...Array(3).fill('card.transaction.created')].sort());
  const changes = received.filter((e) => e.type === 'card.status.changed').map((e) => `${e.data.previousStatus}->${e.data.status}`);
  expect(changes.sort()).toEqual(['ACTIVE->CANCELED', 'ACTIVE->FROZEN', 'FROZEN->ACTIVE', 'INACTIVE->ACTIVE'].sort());
  // the card number itself (read here from the processor's store) never travels in an event
  expect(receiver.requests.map((r) => r.body).join('\n')).not.toContain(await panOf(tenant.tenantId, applied.cardId));
});
