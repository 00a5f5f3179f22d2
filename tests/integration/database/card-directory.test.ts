import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as cardsRoute from '@/app/api/v2.1/cards/route';
import * as searchRoute from '@/app/api/v2.1/search/route';
import { getCardProcessor } from '@/lib/card-processor';
import type { CardSearchItem, CardSearchPage, SearchResult } from '@/lib/contract/search';
import { getDb } from '@/lib/db/client';
import { cardDirectory, cardDirectoryHolders } from '@/lib/db/schema';
import { directoryEntriesOf } from '@/lib/services/cards/directory';
import { holderBody, key, ok, otpInProcess as otpFor, panOf, serveSandboxAsExternalProcessor, type CardActor } from '../card-fixtures';
import { ISO } from '../identity-fixtures';
import { api, ledgerTenant, type Caller, type LedgerTenant } from '../ledger-fixtures';

/**
 * The platform's card directory with an EXTERNAL processor: the sandbox served over real HTTP on
 * 127.0.0.1 and reached through CARD_PROCESSOR_URL, so the gateway sees only the processor's answers.
 * A card issued through the gateway is then found by the card search and the search box (which read
 * the directory, not the processor's tables) by last four + holder name, by customer and by card id,
 * and no directory row or answer holds the full number.
 */
let stopProcessor: () => Promise<void>;
const API_KEY = 'directory-http-key-0123456789';
let t: LedgerTenant;
let other: LedgerTenant;

const cardsOf = (caller: Caller, query: string) => api<CardSearchPage>(cardsRoute.GET, caller, { query });
const search = (caller: Caller, q: string) => api<SearchResult>(searchRoute.GET, caller, { query: `q=${encodeURIComponent(q)}` });
const actorOf = (tenantId: string, c: Caller & { customerId: string }): CardActor => ({ tenantId, token: c.token, userId: c.userId, customerId: c.customerId, email: '', password: '' });
const masked = (pan: string) => `${pan.slice(0, 6)}${'*'.repeat(pan.length - 10)}${pan.slice(-4)}`;

async function directoryRows(tenantId: string) {
  const db = await getDb();
  return {
    cards: await db.select().from(cardDirectory).where(eq(cardDirectory.tenantId, tenantId)),
    holders: await db.select().from(cardDirectoryHolders).where(eq(cardDirectoryHolders.tenantId, tenantId)),
  };
}

beforeAll(async () => {
  stopProcessor = await serveSandboxAsExternalProcessor(API_KEY);
  t = await ledgerTenant();
  other = await ledgerTenant();
}, 120_000);
afterAll(() => stopProcessor());

const email = `ada.${Date.now().toString(36)}@example.com`;
let cardId: string;
let cardholderId: string;
let pan: string;

it('a card issued through an external processor is found by last four + holder name, by customer and by card id, masked', async () => {
  expect((await getCardProcessor()).kind).toBe('http');
  const alice = actorOf(t.tenantId, t.alice);
  ({ cardholderId } = await ok<{ cardholderId: string }>(alice, 'cardholder/create', holderBody({ firstName: 'Ada', lastName: 'Lovelace', email })));
  ({ cardId } = await ok<{ cardId: string }>(alice, 'card/apply', { cardholderId, currency: 'EUR', idempotencyKey: key('dir') }));
  pan = await panOf(t.tenantId, cardId);
  await ok(alice, 'card/activate', { cardNo: cardId, otp: await otpFor(alice, cardId, 'ACTIVATE') });
  await ok(alice, 'card/freeze', { cardNo: cardId, reason: 'travelling' });

  const expected: CardSearchItem = {
    cardId,
    cardNo: masked(pan),
    last4: pan.slice(-4),
    status: 'FROZEN',
    currency: 'EUR',
    nickname: null,
    expiryMonth: expect.any(Number),
    expiryYear: expect.any(Number),
    cardholderId,
    cardholderName: 'Ada Lovelace',
    cardholderEmail: email,
    customerId: t.alice.customerId,
    customerName: expect.any(String),
    createdAt: expect.stringMatching(ISO),
    product: { id: expect.any(String), code: 'default-card', name: 'Default card' },
  };
  const byLast4 = await cardsOf(t.admin, `last4=${pan.slice(-4)}&holder=ada%20lovelace`);
  expect(byLast4.status, byLast4.text).toBe(200);
  expect(byLast4.json).toMatchObject({ code: 200, message: 'OK' });
  expect(byLast4.json.data).toEqual({ items: [expected], pageNo: 1, pageSize: 20, total: 1 });
  expect((await cardsOf(t.admin, `customerId=${t.alice.customerId}`)).json.data).toEqual({ items: [expected], pageNo: 1, pageSize: 20, total: 1 });
  const byId = await cardsOf(t.employee, `cardId=${cardId}`);
  expect(byId.json.data).toEqual({ items: [expected], pageNo: 1, pageSize: 20, total: 1 });
  const box = await search(t.admin, pan.slice(-4));
  expect(box.json.data.cards).toEqual([expected]);
  expect((await search(t.admin, cardId)).json.data.cards).toEqual([expected]);
  // tenant-scoped: the other tenant finds nothing
  expect((await cardsOf(other.admin, `cardId=${cardId}`)).json.data.total).toBe(0);
  expect((await search(other.admin, cardId)).json.data.cards).toEqual([]);

  // the full number is in no answer and no directory row
  for (const res of [byLast4, byId, box]) expect(res.text).not.toContain(pan);
  const rows = await directoryRows(t.tenantId);
  expect(JSON.stringify(rows)).not.toContain(pan);
  expect(rows.cards.map((r) => [r.cardId, r.maskedNumber, r.last4, r.status, r.cardholderId, r.customerId])).toEqual([
    [cardId, masked(pan), pan.slice(-4), 'FROZEN', cardholderId, t.alice.customerId],
  ]);
  expect(rows.holders.map((h) => [h.cardholderId, h.firstName, h.lastName, h.email])).toEqual([[cardholderId, 'Ada', 'Lovelace', email]]);
});

it('card/list answers mend a missing row; a cardholder/update rewrites the holder on its cards', async () => {
  const alice = actorOf(t.tenantId, t.alice);
  const db = await getDb();
  await db.delete(cardDirectory).where(and(eq(cardDirectory.tenantId, t.tenantId), eq(cardDirectory.cardId, cardId)));
  expect((await cardsOf(t.admin, `cardId=${cardId}`)).json.data.total).toBe(0);
  await ok(alice, 'card/list', {});
  expect((await cardsOf(t.admin, `cardId=${cardId}`)).json.data.items.map((i) => [i.cardId, i.status, i.cardholderName])).toEqual([[cardId, 'FROZEN', 'Ada Lovelace']]);

  const newEmail = `countess.${Date.now().toString(36)}@example.org`;
  await ok(alice, 'cardholder/update', { cardholderId, email: newEmail });
  expect((await cardsOf(t.admin, 'holder=countess')).json.data.items.map((i) => [i.cardId, i.cardholderEmail])).toEqual([[cardId, newEmail]]);
});

it('a card/info that says nothing new neither writes nor locks the row; one that does rewrites it', async () => {
  const alice = actorOf(t.tenantId, t.alice);
  const db = await getDb();
  // xmax is the id of the last transaction that updated, deleted or locked the row (0: none since it was written)
  type Row = { xmin: string; xmax: string; status: string; updated_at: string };
  const row = async () => {
    const result = await db.execute(sql`select xmin::text, xmax::text, status, updated_at::text from card_directory where tenant_id = ${t.tenantId} and card_id = ${cardId}`);
    return (result as unknown as { rows: Row[] }).rows[0]!;
  };
  await ok(alice, 'card/info', { cardNo: cardId });
  const before = await row();
  for (let i = 0; i < 3; i++) await ok(alice, 'card/info', { cardNo: cardId });
  expect(await row()).toEqual({ ...before, xmax: '0' });

  await ok(alice, 'card/unfreeze', { cardNo: cardId, otp: await otpFor(alice, cardId, 'UNFREEZE') });
  await ok(alice, 'card/info', { cardNo: cardId });
  const after = await row();
  expect(after.status).toBe('ACTIVE');
  expect(after.xmin).not.toBe(before.xmin);
  await ok(alice, 'card/freeze', { cardNo: cardId, reason: 'travelling' });
  expect((await row()).status).toBe('FROZEN');
});

it('an answer whose card number is not masked is never recorded', () => {
  const card = {
    cardId: '7f8c1c2e-0000-4000-8000-000000000001',
    cardNo: '4111111111111111',
    last4: '1111',
    cardholderId: 'h-1',
    customerId: null,
    currency: 'EUR',
    nickname: null,
    status: 'ACTIVE',
    expiryMonth: 1,
    expiryYear: 2030,
    replacesCardId: null,
    replacedByCardId: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
  expect(directoryEntriesOf('card/info', card)).toEqual({ cards: [], holder: null });
  expect(directoryEntriesOf('card/info', { ...card, cardNo: '411111******1111' }).cards.map((c) => c.cardNo)).toEqual(['411111******1111']);
  expect(directoryEntriesOf('balance/info', { ...card, cardNo: '411111******1111' })).toEqual({ cards: [], holder: null });
});
