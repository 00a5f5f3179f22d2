import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import * as eventsRoute from '@/app/api/v2.1/external-events/route';
import * as partnersRoute from '@/app/api/v2.1/external-events/partners/route';
import * as partnerRoute from '@/app/api/v2.1/external-events/partners/[partnerId]/route';
import * as rotateRoute from '@/app/api/v2.1/external-events/partners/[partnerId]/rotate-secret/route';
import { getDb } from '@/lib/db/client';
import { auditLog, cardDirectory, cardDirectoryTransactions, events, externalEventPartners, externalEvents } from '@/lib/db/schema';
import { call, contextHeaders, expectEnvelope } from './helpers';
import { adminToken, bearer, createExtraAdmin, createIdentityTenant, firstAdmin, resetIdentityState, UUID } from './identity-fixtures';
import { msgId, registerPartner, sendEvent, signedHeaders, type TestPartner } from './external-events-fixtures';

/**
 * External events (docs/external-events.md): partners registered by the tenant's admin, each rule of
 * the signed inbound endpoint with its exact answer, and the effects of a card processor's events.
 */
const now = () => Math.floor(Date.now() / 1000);

const card = (extra: Record<string, unknown> = {}) => ({
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
  ...extra,
});
const transaction = (extra: Record<string, unknown> = {}) => ({
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
  ...extra,
});

interface World {
  tenantId: string;
  token: string;
  partner: TestPartner;
}

async function world(kind = 'CARD_PROCESSOR'): Promise<World> {
  const tenant = await createIdentityTenant();
  const token = (await adminToken(firstAdmin(tenant))).token;
  return { tenantId: tenant.tenantId, token, partner: await registerPartner(token, tenant.tenantId, { name: 'Processor', kind }) };
}

const auth = (w: Pick<World, 'tenantId' | 'token'>) => ({ ...contextHeaders(w.tenantId), ...bearer(w.token, w.tenantId) });

async function stored(w: World) {
  const db = await getDb();
  return db.select().from(externalEvents).where(eq(externalEvents.tenantId, w.tenantId)).orderBy(asc(externalEvents.receivedAt));
}

async function eventsOf(tenantId: string, type: string) {
  const db = await getDb();
  return db
    .select()
    .from(events)
    .where(and(eq(events.tenantId, tenantId), eq(events.type, type)));
}

beforeEach(() => resetIdentityState());

describe('partners', () => {
  it('the admin registers a partner and sees its whsec_ secret once; lists, renames, disables and rotates it; every change is audited', async () => {
    const tenant = await createIdentityTenant();
    const w = { tenantId: tenant.tenantId, token: (await adminToken(firstAdmin(tenant))).token };
    const created = await call<{ partner: Record<string, unknown>; secret: string }>(partnersRoute.POST, { headers: auth(w), body: { name: 'Acme Cards', kind: 'CARD_PROCESSOR' } });
    expect(created.status).toBe(200);
    expect(created.json.message).toBe('external event partner registered');
    const { partner, secret } = created.json.data;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(partner).toEqual({
      id: expect.stringMatching(UUID),
      name: 'Acme Cards',
      kind: 'CARD_PROCESSOR',
      enabled: true,
      endpointPath: `/api/v2.1/external-events/${partner.id}`,
      knownEventTypes: ['card.issued', 'card.status.changed', 'card.transaction.created', 'card.transaction.settled'],
      secretRotatedAt: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    // stored encrypted, never listed
    const db = await getDb();
    const [row] = await db
      .select()
      .from(externalEventPartners)
      .where(eq(externalEventPartners.id, partner.id as string));
    expect(row!.secretCiphertext).toMatch(/^v1:/);
    expect(row!.secretCiphertext).not.toContain(secret.slice(6));
    const listed = await call(partnersRoute.GET, { headers: auth(w) });
    expect(listed.status).toBe(200);
    expect(listed.text).not.toContain(secret);
    expect(listed.json.data).toEqual({ items: [partner] });

    const id = partner.id as string;
    const disabled = await call(partnerRoute.PATCH, { method: 'PATCH', headers: auth(w), params: { partnerId: id }, body: { enabled: false, name: 'Acme' } });
    expect(disabled.status).toBe(200);
    expect(disabled.json.data).toMatchObject({ enabled: false, name: 'Acme' });

    const rotated = await call<{ partner: Record<string, unknown>; secret: string }>(rotateRoute.POST, { headers: auth(w), params: { partnerId: id } });
    expect(rotated.status).toBe(200);
    expect(rotated.json.message).toBe('external event partner secret rotated');
    expect(rotated.json.data.secret).toMatch(/^whsec_/);
    expect(rotated.json.data.secret).not.toBe(secret);
    expect(rotated.json.data.partner.secretRotatedAt).toEqual(expect.any(String));

    const audited = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, w.tenantId), eq(auditLog.entityId, id)))
      .orderBy(asc(auditLog.seq));
    expect(audited.map((a) => [a.action, a.customerId, a.before, a.after])).toEqual([
      ['EXTERNAL_PARTNER_CREATED', null, null, { name: 'Acme Cards', kind: 'CARD_PROCESSOR', enabled: true }],
      ['EXTERNAL_PARTNER_UPDATED', null, { name: 'Acme Cards', kind: 'CARD_PROCESSOR', enabled: true }, { name: 'Acme', kind: 'CARD_PROCESSOR', enabled: false }],
      ['EXTERNAL_PARTNER_SECRET_ROTATED', null, null, null],
    ]);
    expect(JSON.stringify(audited)).not.toContain('whsec_');
  });

  it("bad input names its field; another tenant's partner is not found; an employee may not manage partners", async () => {
    const w = await world();
    expectEnvelope(await call(partnersRoute.POST, { headers: auth(w), body: { name: '', kind: 'BANK' } }), 400, 'request validation failed', {
      error: 'VALIDATION_FAILED',
      errors: [
        { field: 'name', message: 'is required' },
        { field: 'kind', message: 'Invalid option: expected one of "CARD_PROCESSOR"|"KYC_VENDOR"|"SCREENING_VENDOR"|"OTHER"' },
      ],
    });
    expectEnvelope(await call(partnerRoute.PATCH, { method: 'PATCH', headers: auth(w), params: { partnerId: w.partner.id }, body: {} }), 400, 'request validation failed', {
      error: 'VALIDATION_FAILED',
      errors: [{ field: 'body', message: 'name or enabled is required' }],
    });
    const other = await world();
    expectEnvelope(await call(rotateRoute.POST, { headers: auth(other), params: { partnerId: w.partner.id } }), 404, 'resource not found', {
      error: 'NOT_FOUND',
      details: 'external event partner not found',
    });
    const tenant = await createIdentityTenant();
    const employee = await createExtraAdmin(tenant, ['EMPLOYEE']);
    const employeeToken = (await adminToken(employee)).token;
    expectEnvelope(await call(partnersRoute.GET, { headers: auth({ tenantId: tenant.tenantId, token: employeeToken }) }), 403, 'access denied', {
      error: 'FORBIDDEN',
      details: 'this operation requires one of the roles ADMIN_USER',
    });
  });
});

describe('the signed inbound endpoint', () => {
  it('processes a card transaction once: card directory, card movements, the tenant webhook event and external.event.received, in one transaction', async () => {
    const w = await world();
    const res = await sendEvent(w.partner, 'card.transaction.created', { card: card(), transaction: transaction() });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe('external event processed');
    expect(res.json.data).toEqual({ id: expect.stringMatching(UUID), externalId: res.id, type: 'card.transaction.created', status: 'PROCESSED', receivedAt: expect.any(String) });
    const db = await getDb();
    const [dir] = await db.select().from(cardDirectory).where(eq(cardDirectory.tenantId, w.tenantId));
    expect(dir).toMatchObject({ cardId: 'ext-card-1', maskedNumber: '400000******4242', status: 'ACTIVE', last4: '4242' });
    const [movement] = await db.select().from(cardDirectoryTransactions).where(eq(cardDirectoryTransactions.tenantId, w.tenantId));
    expect(movement).toMatchObject({ cardId: 'ext-card-1', transactionId: 'ext-tx-1', status: 'PENDING', amount: '12.5000', currency: 'EUR', settledAt: null });
    const [emitted] = await eventsOf(w.tenantId, 'card.transaction.created');
    expect(emitted!.payload).toMatchObject({
      type: 'card.transaction.created',
      data: {
        cardId: 'ext-card-1',
        maskedCardNo: '400000******4242',
        transactionId: 'ext-tx-1',
        status: 'PENDING',
        amount: '12.50',
        currency: 'EUR',
        merchant: { name: 'Coffee Corner', mcc: '5814', country: 'DE' },
        declineReason: null,
      },
    });
    const [received] = await eventsOf(w.tenantId, 'external.event.received');
    expect((received!.payload as { data: unknown }).data).toEqual({
      externalEventId: res.json.data.id,
      partnerId: w.partner.id,
      partnerKind: 'CARD_PROCESSOR',
      externalId: res.id,
      type: 'card.transaction.created',
      status: 'PROCESSED',
    });

    // settlement of the same transaction: the movement row settles, card.transaction.settled fans out
    const settled = await sendEvent(w.partner, 'card.transaction.settled', {
      card: card(),
      transaction: transaction({ status: 'SETTLED', amount: '12.00', settledAt: '2026-01-03T08:00:00.000Z' }),
    });
    expect(settled.status).toBe(200);
    const movements = await db.select().from(cardDirectoryTransactions).where(eq(cardDirectoryTransactions.tenantId, w.tenantId));
    expect(movements).toHaveLength(1);
    expect(movements[0]).toMatchObject({ status: 'SETTLED', amount: '12.0000', settledAt: new Date('2026-01-03T08:00:00.000Z') });
    expect((await eventsOf(w.tenantId, 'card.transaction.settled')).map((e) => (e.payload as { data: unknown }).data)).toEqual([
      {
        cardId: 'ext-card-1',
        maskedCardNo: '400000******4242',
        transactionId: 'ext-tx-1',
        status: 'SETTLED',
        amount: '12.00',
        currency: 'EUR',
        merchant: { name: 'Coffee Corner', mcc: '5814', country: 'DE' },
        settledAt: '2026-01-03T08:00:00.000Z',
      },
    ]);

    // a status change updates the directory
    const frozen = await sendEvent(w.partner, 'card.status.changed', { card: card({ status: 'FROZEN' }), previousStatus: 'ACTIVE', reason: 'lost' });
    expect(frozen.status).toBe(200);
    const [after] = await db.select().from(cardDirectory).where(eq(cardDirectory.tenantId, w.tenantId));
    expect(after!.status).toBe('FROZEN');
    expect((await eventsOf(w.tenantId, 'card.status.changed')).map((e) => (e.payload as { data: unknown }).data)).toEqual([
      { cardId: 'ext-card-1', maskedCardNo: '400000******4242', previousStatus: 'ACTIVE', status: 'FROZEN', reason: 'lost' },
    ]);
  });

  it('a repeated webhook-id answers 200 with the first answer and does nothing again (recorded as DUPLICATE)', async () => {
    const w = await world();
    const first = await sendEvent(w.partner, 'card.transaction.created', { card: card(), transaction: transaction() });
    const again = await sendEvent(w.partner, 'card.transaction.created', { card: card(), transaction: transaction() }, { id: first.id });
    expect(again.status).toBe(200);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.json).toEqual({ code: 200, message: 'external event already received', data: first.json.data });
    expect(await eventsOf(w.tenantId, 'card.transaction.created')).toHaveLength(1);
    expect(await eventsOf(w.tenantId, 'external.event.received')).toHaveLength(1);
    const rows = await stored(w);
    expect(rows.map((r) => [r.status, r.externalId, r.duplicateOf])).toEqual([
      ['PROCESSED', first.id, null],
      ['DUPLICATE', first.id, first.json.data.id],
    ]);
  });

  it('an unknown type is kept, answered 202, listed and counted', async () => {
    const w = await world('KYC_VENDOR');
    const res = await sendEvent(w.partner, 'applicant.reviewed', { applicantId: 'a-1', result: 'GREEN' });
    expect(res.status).toBe(202);
    expect(res.json).toEqual({
      code: 202,
      message: 'external event kept: unknown type',
      data: { id: expect.stringMatching(UUID), externalId: res.id, type: 'applicant.reviewed', status: 'UNKNOWN_TYPE', receivedAt: expect.any(String) },
    });
    const list = await call<{ items: Array<Record<string, unknown>>; counts: Record<string, number>; total: number }>(eventsRoute.GET, { headers: auth(w) });
    expect(list.status).toBe(200);
    expect(list.json.data.counts).toEqual({ PROCESSED: 0, DUPLICATE: 0, UNKNOWN_TYPE: 1, FAILED: 0 });
    expect(list.json.data.items).toEqual([
      {
        id: res.json.data.id,
        partnerId: w.partner.id,
        partnerName: 'Processor',
        externalId: res.id,
        type: 'applicant.reviewed',
        status: 'UNKNOWN_TYPE',
        duplicateOf: null,
        sentAt: expect.any(String),
        receivedAt: expect.any(String),
        payload: { type: 'applicant.reviewed', timestamp: expect.any(String), data: { applicantId: 'a-1', result: 'GREEN' } },
        result: null,
        errors: null,
      },
    ]);
    // filters
    const none = await call<{ total: number }>(eventsRoute.GET, { headers: auth(w), path: '/api/v2.1/external-events?status=PROCESSED' });
    expect(none.json.data.total).toBe(0);
  });

  it('a known type whose data does not match: 400 naming data.<field>, kept as FAILED with no effect; the retry of the id runs', async () => {
    const w = await world();
    const bad = await sendEvent(w.partner, 'card.transaction.created', { card: card({ cardNo: '4000001234564242' }), transaction: transaction({ amount: 'ten' }) });
    expectEnvelope(bad, 400, 'request validation failed', {
      error: 'VALIDATION_FAILED',
      errors: [
        { field: 'data.card.cardNo', message: 'Invalid string: must match pattern /^\\d{6}\\*+\\d{4}$/' },
        { field: 'data.transaction.amount', message: expect.any(String) },
      ],
    });
    const db = await getDb();
    expect(await db.select().from(cardDirectory).where(eq(cardDirectory.tenantId, w.tenantId))).toEqual([]);
    expect(await eventsOf(w.tenantId, 'card.transaction.created')).toEqual([]);
    const [failed] = await stored(w);
    expect(failed).toMatchObject({ status: 'FAILED', externalId: bad.id, result: null });
    expect(failed!.errors).toHaveLength(2);
    // the full card number never stays in what we keep
    expect(JSON.stringify(failed!.payload)).not.toContain('4000001234564242');
    const retry = await sendEvent(w.partner, 'card.transaction.created', { card: card(), transaction: transaction() }, { id: bad.id });
    expect(retry.status).toBe(200);
    expect(retry.json.data.status).toBe('PROCESSED');
  });

  it('refuses, each with its exact answer and nothing written: unknown or disabled partner, missing headers, old or future timestamp, bad signature, malformed body', async () => {
    const w = await world();
    const notFound = { error: 'EXTERNAL_PARTNER_NOT_FOUND', details: 'no enabled external event partner has this id', field: 'partnerId' };
    expectEnvelope(await sendEvent({ id: randomUUID(), secret: w.partner.secret }, 't', {}), 404, 'external event partner not found', notFound);
    expectEnvelope(await sendEvent({ id: 'not-a-uuid', secret: w.partner.secret }, 't', {}), 400, 'request validation failed', {
      error: 'VALIDATION_FAILED',
      errors: [{ field: 'partnerId', message: 'must be a UUID' }],
    });
    expectEnvelope(await sendEvent(w.partner, 't', {}, { headers: { 'webhook-id': undefined, 'webhook-signature': undefined } }), 400, 'missing required headers', {
      error: 'MISSING_HEADERS',
      details: 'missing required headers: webhook-id, webhook-signature',
      errors: [
        { field: 'webhook-id', message: 'header is required' },
        { field: 'webhook-signature', message: 'header is required' },
      ],
    });
    expectEnvelope(await sendEvent(w.partner, 't', {}, { timestamp: now() - 301 }), 400, 'external event timestamp outside the replay window', {
      error: 'EXTERNAL_EVENT_TIMESTAMP_OUT_OF_WINDOW',
      details: 'the timestamp is more than 300 seconds in the past',
      field: 'webhook-timestamp',
      toleranceSeconds: 300,
    });
    expectEnvelope(await sendEvent(w.partner, 't', {}, { timestamp: now() + 301 }), 400, 'external event timestamp outside the replay window', {
      error: 'EXTERNAL_EVENT_TIMESTAMP_OUT_OF_WINDOW',
      details: 'the timestamp is more than 300 seconds in the future',
      field: 'webhook-timestamp',
      toleranceSeconds: 300,
    });
    expectEnvelope(await sendEvent(w.partner, 't', {}, { headers: { 'webhook-timestamp': 'yesterday' } }), 400, 'request validation failed', {
      error: 'VALIDATION_FAILED',
      errors: [{ field: 'webhook-timestamp', message: 'must be the Unix time in whole seconds' }],
    });
    const signatureInvalid = {
      error: 'EXTERNAL_EVENT_SIGNATURE_INVALID',
      details: "no v1 signature in webhook-signature matches the body under the partner's secret",
      field: 'webhook-signature',
    };
    // another secret; a body changed after signing
    expectEnvelope(await sendEvent(w.partner, 't', {}, { secret: 'whsec_' + Buffer.alloc(32, 7).toString('base64') }), 401, 'external event signature invalid', signatureInvalid);
    const body = JSON.stringify({ type: 'card.issued', data: {} });
    const id = msgId();
    const tampered = { ...signedHeaders(w.partner.secret, id, now(), body), 'content-type': 'application/json' };
    expectEnvelope(await sendEvent(w.partner, 't', {}, { id, raw: body.replace('issued', 'issuer'), headers: tampered }), 401, 'external event signature invalid', signatureInvalid);
    expectEnvelope(await sendEvent(w.partner, 't', {}, { raw: '{"type": "card.issued", ' }), 400, 'malformed JSON body', { error: 'MALFORMED_JSON', details: 'the body is not valid JSON' });
    expectEnvelope(await sendEvent(w.partner, 't', {}, { raw: JSON.stringify({ data: [] }) }), 400, 'request validation failed', {
      error: 'VALIDATION_FAILED',
      errors: [
        { field: 'type', message: 'Invalid input: expected string, received undefined' },
        { field: 'data', message: 'Invalid input: expected record, received array' },
      ],
    });
    // a disabled partner is refused like an unknown one
    await call(partnerRoute.PATCH, { method: 'PATCH', headers: auth(w), params: { partnerId: w.partner.id }, body: { enabled: false } });
    expectEnvelope(await sendEvent(w.partner, 'card.issued', { card: card() }), 404, 'external event partner not found', notFound);
    // nothing of any of them was kept
    expect(await stored(w)).toEqual([]);
    expect(await eventsOf(w.tenantId, 'external.event.received')).toEqual([]);
  });

  it('a rotated secret: the previous one no longer verifies', async () => {
    const w = await world();
    const rotated = await call<{ secret: string }>(rotateRoute.POST, { headers: auth(w), params: { partnerId: w.partner.id } });
    expect((await sendEvent(w.partner, 'card.issued', { card: card() })).status).toBe(401);
    expect((await sendEvent({ id: w.partner.id, secret: rotated.json.data.secret }, 'card.issued', { card: card() })).status).toBe(200);
  });
});
