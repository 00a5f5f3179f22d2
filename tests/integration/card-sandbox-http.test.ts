import { afterAll, beforeAll, expect, it } from 'vitest';
import { getCardProcessor, resetCardProcessor } from '@/lib/card-processor';
import { resetEnvCache } from '@/lib/env';
import { business, cardOp, cardWorld, fund, holderBody, key, ok, otpInProcess as otpFor, panOf, serveSandboxAsExternalProcessor } from './card-fixtures';
import { resetIdentityState } from './identity-fixtures';

/**
 * The gateway against the sandbox served over real HTTP on 127.0.0.1 (lib/card-processor/server.ts)
 * through the HTTP client: the same answers as in process, business errors included.
 */
let stopProcessor: () => Promise<void>;
const API_KEY = 'sandbox-http-key-0123456789';

beforeAll(async () => {
  stopProcessor = await serveSandboxAsExternalProcessor(API_KEY);
});
afterAll(() => stopProcessor());

it('a card flow through gateway -> HTTP client -> sandbox server', async () => {
  resetIdentityState();
  expect((await getCardProcessor()).kind).toBe('http');
  const w = await cardWorld();
  const holder = await ok<{ cardholderId: string }>(w.alice, 'cardholder/create', holderBody());
  const applied = await ok<{ cardId: string }>(w.alice, 'card/apply', { cardholderId: holder.cardholderId, currency: 'EUR', idempotencyKey: key() });
  const card = { cardNo: await panOf(w.tenant.tenantId, applied.cardId) };
  // sandbox-only operations answer 404 when the processor is reached over HTTP
  expect((await cardOp(w.alice, 'sandbox/otp/peek', { cardNo: card.cardNo, purpose: 'ACTIVATE' })).status).toBe(404);
  await ok(w.alice, 'card/activate', { cardNo: card.cardNo, otp: await otpFor(w.alice, card.cardNo, 'ACTIVATE') });
  await fund(w.alice, card.cardNo, '20.00');
  expect(await ok(w.alice, 'balance/info', { cardNo: card.cardNo })).toEqual({ currency: 'EUR', available: '20.00', pending: '0.00', ledger: '20.00' });
  const info = await ok<{ cardNo: string; status: string }>(w.employee, 'card/info', { cardNo: card.cardNo });
  expect(info).toMatchObject({ status: 'ACTIVE', cardNo: `${card.cardNo.slice(0, 6)}******${card.cardNo.slice(-4)}` });
  await business(w.bob, 'card/info', { cardNo: card.cardNo }, 'CARD_NOT_FOUND');
  await business(w.alice, 'withdraw/create', { cardNo: card.cardNo, amount: '25', currency: 'EUR', targetAccountId: 'a', idempotencyKey: 'http-1' }, 'INSUFFICIENT_FUNDS', {
    available: '20.00',
  });
  const reveal = await ok<{ cardNo: string }>(w.alice, 'secure/reveal', { cardNo: card.cardNo, otp: await otpFor(w.alice, card.cardNo, 'REVEAL'), fields: ['PAN'] });
  expect(reveal.cardNo).toBe(card.cardNo);
});

it('with CARD_PROCESSOR_SANDBOX=true the sandbox-only operations are forwarded; cards are addressed by cardId', async () => {
  resetIdentityState();
  process.env.CARD_PROCESSOR_SANDBOX = 'true';
  resetEnvCache();
  await resetCardProcessor();
  try {
    expect((await getCardProcessor()).kind).toBe('sandbox');
    const w = await cardWorld();
    const holder = await ok<{ cardholderId: string }>(w.alice, 'cardholder/create', holderBody());
    const { cardId } = await ok<{ cardId: string }>(w.alice, 'card/apply', { cardholderId: holder.cardholderId, currency: 'EUR', idempotencyKey: key() });
    await ok(w.alice, 'secure/otp/send', { cardNo: cardId, purpose: 'ACTIVATE' });
    const { otp } = await ok<{ otp: string }>(w.alice, 'sandbox/otp/peek', { cardNo: cardId, purpose: 'ACTIVATE' });
    expect(await ok(w.alice, 'card/activate', { cardNo: cardId, otp })).toMatchObject({ cardId, status: 'ACTIVE' });
    await business(w.bob, 'card/info', { cardNo: cardId }, 'CARD_NOT_FOUND');
  } finally {
    delete process.env.CARD_PROCESSOR_SANDBOX;
    resetEnvCache();
    await resetCardProcessor();
  }
});
