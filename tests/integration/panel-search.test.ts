import { beforeAll, describe, expect, it } from 'vitest';
import * as cardsRoute from '@/app/api/v2.1/cards/route';
import * as searchRoute from '@/app/api/v2.1/search/route';
import type { CardSearchItem, CardSearchPage, SearchResult } from '@/lib/contract/search';
import { getDb } from '@/lib/db/client';
import { customers, wallets } from '@/lib/db/schema';
import { and, eq } from 'drizzle-orm';
import { issueCard, type CardActor, type TestCard } from './card-fixtures';
import { call, contextHeaders, expectEnvelope } from './helpers';
import { ISO } from './identity-fixtures';
import { categoryIds, organizationBody, registerOrganization } from './onboarding-fixtures';
import { adminCaller, api, ledgerTenant, openWallet, type Caller, type LedgerTenant } from './ledger-fixtures';

/**
 * The panel's finding endpoints: GET /api/v2.1/cards (card search over the card directory: last four,
 * holder name or email, customer, card id; masked; tenant-scoped) and GET /api/v2.1/search (the one
 * search box: customers, representatives, wallets, cards). Real database, real card sandbox through the gateway.
 */

type Json = Record<string, unknown>;
const cardsOf = (caller: Caller | null, query: string) => api<CardSearchPage>(cardsRoute.GET, caller, { query });
const search = (caller: Caller | null, q: string) => api<SearchResult>(searchRoute.GET, caller, { query: `q=${encodeURIComponent(q)}` });

let t: LedgerTenant;
let other: LedgerTenant;
let officer: Caller;
let grace: TestCard;
let graceSecond: TestCard;
let alan: TestCard;
let foreign: TestCard;
let aliceName: string;

const actorOf = (tenantId: string, c: Caller & { customerId: string }): CardActor => ({ tenantId, token: c.token, userId: c.userId, customerId: c.customerId, email: '', password: '' });

async function rename(tenantId: string, customerId: string, displayName: string, email: string) {
  const db = await getDb();
  await db
    .update(customers)
    .set({ displayName, email })
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId)));
}

beforeAll(async () => {
  t = await ledgerTenant();
  other = await ledgerTenant();
  officer = await adminCaller(t.tenant, ['COMPLIANCE_OFFICER']);
  aliceName = `Alice Searchable ${Date.now().toString(36)}`;
  await rename(t.tenantId, t.alice.customerId, aliceName, `alice.${Date.now().toString(36)}@example.com`);
  const alice = actorOf(t.tenantId, t.alice);
  const bob = actorOf(t.tenantId, t.bob);
  grace = await issueCard(alice, { holder: { firstName: 'Grace', lastName: 'Hopper', email: 'grace.hopper@example.com' } });
  graceSecond = await issueCard(alice, { activate: false, cardholderId: grace.cardholderId });
  alan = await issueCard(bob, { holder: { firstName: 'Alan', lastName: 'Turing', email: 'alan@example.org' } });
  foreign = await issueCard(actorOf(other.tenantId, other.alice), { holder: { firstName: 'Grace', lastName: 'Hopper', email: 'grace.hopper@example.com' } });
}, 120_000);

const last4 = (c: TestCard) => c.cardNo.slice(-4);
const masked = (c: TestCard) => `${c.cardNo.slice(0, 6)}${'*'.repeat(c.cardNo.length - 10)}${c.cardNo.slice(-4)}`;

describe('GET /api/v2.1/cards', () => {
  it('finds a card by its last four digits and the holder name, masked, with the holder and customer by name', async () => {
    const res = await cardsOf(t.admin, `last4=${last4(grace)}&holder=grace%20hopper`);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ code: 200, message: 'OK' });
    const hit = res.json.data.items.find((i) => i.cardId === grace.cardId);
    expect(hit).toEqual({
      cardId: grace.cardId,
      cardNo: masked(grace),
      last4: last4(grace),
      status: 'ACTIVE',
      currency: 'EUR',
      nickname: null,
      expiryMonth: expect.any(Number),
      expiryYear: expect.any(Number),
      cardholderId: grace.cardholderId,
      cardholderName: 'Grace Hopper',
      cardholderEmail: 'grace.hopper@example.com',
      customerId: t.alice.customerId,
      customerName: aliceName,
      createdAt: expect.stringMatching(ISO),
      product: { id: expect.any(String), code: 'default-card', name: 'Default card' },
    } satisfies CardSearchItem);
    // the clear number is nowhere in the answer
    expect(res.text).not.toContain(grace.cardNo);
    // every hit has those last four and that holder
    for (const item of res.json.data.items) expect([item.last4, item.cardholderName]).toEqual([last4(grace), 'Grace Hopper']);
  });

  it('finds by the holder email alone, by customer, by card id; filters combine with AND', async () => {
    const byEmail = (await cardsOf(t.admin, 'holder=GRACE.HOPPER@example')).json.data;
    expect(byEmail.items.map((i) => i.cardId).sort()).toEqual([grace.cardId, graceSecond.cardId].sort());
    expect(byEmail.total).toBe(2);
    const byCustomer = (await cardsOf(t.admin, `customerId=${t.bob.customerId}`)).json.data;
    expect(byCustomer).toEqual({ items: [expect.objectContaining({ cardId: alan.cardId, cardholderName: 'Alan Turing' })], pageNo: 1, pageSize: 20, total: 1 });
    expect((await cardsOf(t.admin, `cardId=${graceSecond.cardId}`)).json.data.items.map((i) => [i.cardId, i.status])).toEqual([[graceSecond.cardId, 'INACTIVE']]);
    expect((await cardsOf(t.admin, `customerId=${t.alice.customerId}&status=INACTIVE`)).json.data.items.map((i) => i.cardId)).toEqual([graceSecond.cardId]);
    expect((await cardsOf(t.admin, `holder=alan&customerId=${t.alice.customerId}`)).json.data).toEqual({ items: [], pageNo: 1, pageSize: 20, total: 0 });
    // % and _ are literal
    expect((await cardsOf(t.admin, 'holder=%25%25')).json.data.total).toBe(0);
  });

  it('pages newest first', async () => {
    const p1 = (await cardsOf(t.admin, `customerId=${t.alice.customerId}&pageSize=1`)).json.data;
    const p2 = (await cardsOf(t.admin, `customerId=${t.alice.customerId}&pageSize=1&pageNo=2`)).json.data;
    expect([p1.total, p2.total, p1.items[0]!.cardId, p2.items[0]!.cardId]).toEqual([2, 2, graceSecond.cardId, grace.cardId]);
  });

  it('never crosses tenants: the same holder and last four in another tenant stay there', async () => {
    const mine = (await cardsOf(t.admin, 'holder=grace')).json.data.items.map((i) => i.cardId);
    expect(mine).not.toContain(foreign.cardId);
    expect((await cardsOf(t.admin, `cardId=${foreign.cardId}`)).json.data.total).toBe(0);
    expect((await cardsOf(other.admin, 'holder=grace')).json.data.items.map((i) => i.cardId)).toEqual([foreign.cardId]);
  });

  it('an EMPLOYEE may search (the card read roles)', async () => {
    expect((await cardsOf(t.employee, `cardId=${alan.cardId}`)).json.data.total).toBe(1);
  });

  it('refuses a search without any filter, and bad filters, with the exact validation envelope', async () => {
    expectEnvelope(await cardsOf(t.admin, 'status=ACTIVE'), 400, 'request validation failed', {
      error: 'VALIDATION_FAILED',
      errors: [{ field: 'last4', message: 'give the last four digits, a cardholder name or email, a customer or a card id' }],
    });
    expectEnvelope(await cardsOf(t.admin, 'last4=12a4&holder=x&customerId=nope&pageSize=101'), 400, 'request validation failed', {
      error: 'VALIDATION_FAILED',
      errors: [
        { field: 'last4', message: 'must be the last four digits of the card number' },
        { field: 'holder', message: 'must be at least 2 characters' },
        { field: 'customerId', message: 'must be a UUID' },
        { field: 'pageSize', message: 'must be at most 100' },
      ],
    });
  });

  it('answers 401 without credentials, 403 to roles that may not read cards and to customers', async () => {
    expectEnvelope(await call(cardsRoute.GET, { path: '/api/v2.1/cards?last4=1234' }), 401, 'authentication required', {
      error: 'UNAUTHORIZED',
      details: 'sign in, or send Authorization: Bearer <token>',
    });
    const forbidden = { error: 'FORBIDDEN', details: 'this operation requires one of the roles ADMIN_USER, EMPLOYEE' };
    expectEnvelope(await cardsOf(officer, 'last4=1234'), 403, 'access denied', forbidden);
    expectEnvelope(await cardsOf(t.approver, 'last4=1234'), 403, 'access denied', forbidden);
    expectEnvelope(await cardsOf(t.alice, 'last4=1234'), 403, 'access denied', forbidden);
  });
});

describe('GET /api/v2.1/search', () => {
  it('finds customers by name, email and id', async () => {
    const byName = (await search(t.admin, aliceName.slice(0, 16).toUpperCase())).json.data;
    expect(byName.customers).toEqual([{ id: t.alice.customerId, customerType: 'INDIVIDUAL', displayName: aliceName, email: expect.stringMatching(/^alice\./), status: 'ACTIVE' }]);
    expect((await search(t.admin, 'alice.')).json.data.customers.map((c) => c.id)).toEqual([t.alice.customerId]);
    const byId = (await search(t.admin, t.bob.customerId)).json.data;
    expect(byId.customers.map((c) => c.id)).toEqual([t.bob.customerId]);
    // another tenant's customer id finds nothing
    expect((await search(other.admin, t.bob.customerId)).json.data.customers).toEqual([]);
  });

  it('finds a wallet by its id or the start of it, with its customer by name', async () => {
    const wallet = await openWallet(t.admin, 'EUR', t.alice.customerId);
    const expected = { id: wallet.id, customerId: t.alice.customerId, customerName: aliceName, name: wallet.name, currency: 'EUR', status: 'ACTIVE', balance: '0.00' };
    expect((await search(t.admin, wallet.id)).json.data.wallets).toEqual([expected]);
    expect((await search(t.admin, wallet.id.slice(0, 13))).json.data.wallets).toEqual([expected]);
    expect((await search(other.admin, wallet.id)).json.data.wallets).toEqual([]);
  });

  it('finds cards by their last four digits or id for the card roles, and answers no cards to the others', async () => {
    const res = await search(t.admin, last4(alan));
    expect(res.status).toBe(200);
    expect(res.json.data.cards.map((c) => c.cardId)).toContain(alan.cardId);
    for (const c of res.json.data.cards) expect(c.last4).toBe(last4(alan));
    expect(res.text).not.toContain(alan.cardNo);
    expect((await search(t.employee, grace.cardId)).json.data.cards.map((c) => c.cardId)).toEqual([grace.cardId]);
    const officers = (await search(officer, grace.cardId)).json.data;
    expect(officers).toEqual({ q: grace.cardId, customers: [], wallets: [], representatives: [], cards: [], limit: 10 });
    expect((await search(other.admin, grace.cardId)).json.data.cards).toEqual([]);
  });

  it("finds a card by its holder's name (every word, any order) for the card roles only", async () => {
    const res = await search(t.admin, 'hopper GRACE');
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.cards.map((c) => c.cardId).sort()).toEqual([grace.cardId, graceSecond.cardId].sort());
    expect(res.json.data.cards.every((c) => c.cardholderName === 'Grace Hopper')).toBe(true);
    expect((await search(t.admin, 'alan turing')).json.data.cards.map((c) => c.cardId)).toEqual([alan.cardId]);
    // the holder's email too, and never another tenant's card of the same holder
    expect((await search(t.admin, 'alan@example.org')).json.data.cards.map((c) => c.cardId)).toEqual([alan.cardId]);
    expect((await search(other.admin, 'grace hopper')).json.data.cards.map((c) => c.cardId)).toEqual([foreign.cardId]);
    expect((await search(officer, 'grace hopper')).json.data.cards).toEqual([]);
  });

  it('finds a wallet by its name, with its customer', async () => {
    const wallet = await openWallet(t.admin, 'EUR', t.bob.customerId);
    const name = `Holiday fund ${Date.now().toString(36)}`;
    const db = await getDb();
    await db
      .update(wallets)
      .set({ name })
      .where(and(eq(wallets.tenantId, t.tenantId), eq(wallets.id, wallet.id)));
    const hits = (await search(t.admin, name.slice(8).toUpperCase())).json.data.wallets;
    expect(hits).toEqual([{ id: wallet.id, customerId: t.bob.customerId, customerName: expect.any(String), name, currency: 'EUR', status: 'ACTIVE', balance: '0.00' }]);
    expect((await search(other.admin, name)).json.data.wallets).toEqual([]);
  });

  it('finds the representatives and owners of an organization by name or email, with the organization', async () => {
    const tag = Date.now().toString(36);
    const body = organizationBody(await categoryIds(t.tenantId), {
      legalName: `Reps ${tag} GmbH`,
      representatives: [
        { firstName: 'Ingrid', lastName: `Rep${tag}`, position: 'CEO', email: `ingrid.${tag}@company.example`, isPrimaryOwner: true, ownershipShare: 70 },
        { firstName: 'Karl', lastName: `Rep${tag}`, ownershipShare: 30 },
      ],
    });
    const registered = await registerOrganization<{ customerId: string }>(body, contextHeaders(t.tenantId));
    expect(registered.status, registered.text).toBe(200);
    const customerId = registered.json.data.customerId;
    const customerName = (body.organizationCustomer as { customerName: string }).customerName;
    const ingrid = { id: expect.any(String), firstName: 'Ingrid', lastName: `Rep${tag}`, position: 'CEO', email: `ingrid.${tag}@company.example`, customerId, customerName };
    const karl = { id: expect.any(String), firstName: 'Karl', lastName: `Rep${tag}`, position: null, email: null, customerId, customerName };
    // every word in first or last name, any order, any case
    expect((await search(t.admin, `rep${tag} INGRID`)).json.data.representatives).toEqual([ingrid]);
    expect((await search(officer, `Rep${tag}`)).json.data.representatives).toEqual([ingrid, karl]);
    expect((await search(t.approver, `ingrid.${tag}@`)).json.data.representatives).toEqual([ingrid]);
    expect((await search(t.admin, `Rep${tag} nobody`)).json.data.representatives).toEqual([]);
    // within the tenant only
    expect((await search(other.admin, `Rep${tag}`)).json.data.representatives).toEqual([]);
  });

  it('refuses a too short or too long query with the exact validation envelope; 401 and 403 as the directory', async () => {
    expectEnvelope(await search(t.admin, 'a'), 400, 'request validation failed', { error: 'VALIDATION_FAILED', errors: [{ field: 'q', message: 'must be at least 2 characters' }] });
    expectEnvelope(await search(t.admin, 'x'.repeat(101)), 400, 'request validation failed', {
      error: 'VALIDATION_FAILED',
      errors: [{ field: 'q', message: 'must be at most 100 characters' }],
    });
    expectEnvelope(await api<Json>(searchRoute.GET, t.admin), 400, 'request validation failed', { error: 'VALIDATION_FAILED', errors: [{ field: 'q', message: expect.any(String) }] });
    expectEnvelope(await call(searchRoute.GET, { path: '/api/v2.1/search?q=ab' }), 401, 'authentication required', {
      error: 'UNAUTHORIZED',
      details: 'sign in, or send Authorization: Bearer <token>',
    });
    expectEnvelope(await search(t.alice, 'ab'), 403, 'access denied', {
      error: 'FORBIDDEN',
      details: 'this operation requires one of the roles ADMIN_USER, COMPLIANCE_OFFICER, EMPLOYEE, TRANSACTION_APPROVER',
    });
  });
});
