import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as listRoute from '@/app/api/v2.1/consent-templates/route';
import * as kindRoute from '@/app/api/v2.1/consent-templates/[kind]/route';
import * as versionsRoute from '@/app/api/v2.1/consent-templates/[kind]/versions/route';
import * as versionRoute from '@/app/api/v2.1/consent-templates/[kind]/versions/[version]/route';
import * as publishRoute from '@/app/api/v2.1/consent-templates/[kind]/versions/[version]/publish/route';
import * as textsRoute from '@/app/api/v2.1/consent-texts/route';
import { fixedClock, setClock } from '@/lib/clock';
import { getDb } from '@/lib/db/client';
import { auditLog, consentTexts } from '@/lib/db/schema';
import { consentTemplatesCustomized, consentTextsInForce } from '@/lib/services/consent-templates/templates';
import { call, contextHeaders, expectEnvelope } from './helpers';
import { createExtraAdmin, createIdentityTenant, firstAdmin, UUID, type TestTenant } from './identity-fixtures';
import {
  acceptConsent,
  acceptRequiredConsents,
  activate,
  approve,
  authed,
  categoryIds,
  eventData,
  eventsOf,
  individualBody,
  listConsents,
  registerIndividual,
  resetOnboardingState,
  tokenOf,
  type Categories,
  type Json,
} from './onboarding-fixtures';

const sha = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
const T0 = Math.floor(Date.now() / 1000) * 1000;
const clock = fixedClock(new Date(T0));
const at = (ms: number) => new Date(ms).toISOString();

let tenant: TestTenant;

beforeAll(async () => {
  tenant = await createIdentityTenant();
});
beforeEach(() => {
  resetOnboardingState();
  setClock(clock);
});
afterAll(() => setClock(null));

const list = (token: string) => call(listRoute.GET, { path: '/api/v2.1/consent-templates', headers: authed(token) });
const getKind = (token: string, kind: string) => call(kindRoute.GET, { path: `/api/v2.1/consent-templates/${kind}`, headers: authed(token), params: { kind } });
const draft = (token: string, kind: string, body: unknown, extra: Record<string, string> = {}) =>
  call(versionsRoute.POST, { method: 'POST', path: `/api/v2.1/consent-templates/${kind}/versions`, headers: authed(token, extra), params: { kind }, body });
const publish = (token: string, kind: string, version: string) =>
  call(publishRoute.POST, { method: 'POST', path: `/api/v2.1/consent-templates/${kind}/versions/${version}/publish`, headers: authed(token), params: { kind, version } });
const discard = (token: string, kind: string, version: string) =>
  call(versionRoute.DELETE, { method: 'DELETE', path: `/api/v2.1/consent-templates/${kind}/versions/${version}`, headers: authed(token), params: { kind, version } });
const texts = (tenantId: string) => call(textsRoute.GET, { path: '/api/v2.1/consent-texts', headers: contextHeaders(tenantId) });

const DEFAULTS = {
  TERMS: { title: 'Terms and conditions', body: 'The terms and conditions of the account and card services.' },
  PRIVACY_POLICY: { title: 'Privacy policy', body: 'How we collect, use and protect your personal data.' },
  DATA_PROCESSING: { title: 'Data processing', body: 'Processing of your personal data for identity verification and the services you use.' },
  MARKETING: { title: 'Marketing', body: 'News and offers by email. Optional; you can withdraw it at any time.' },
};
const SLUG = { TERMS: 'terms', PRIVACY_POLICY: 'privacy', DATA_PROCESSING: 'data-processing', MARKETING: 'marketing' } as const;

async function registered(t: TestTenant, c: Categories, consents = true) {
  const body = individualBody(c);
  if (consents) body.CONSENT = { termsAccepted: true, privacyAccepted: true, dataProcessingConsent: true, marketingConsent: false };
  const res = await registerIndividual<{ customerId: string; verificationId: string }>(body, contextHeaders(t.tenantId));
  expect(res.status, res.text).toBe(200);
  return res.json.data;
}

describe('every tenant starts with version 1.0 of each kind in force', () => {
  it('the list, the public texts and the service agree; nothing is customized', async () => {
    const t = await createIdentityTenant();
    const token = await tokenOf(firstAdmin(t));
    const res = await list(token);
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({
      items: (['TERMS', 'PRIVACY_POLICY', 'DATA_PROCESSING', 'MARKETING'] as const).map((type) => ({
        consentType: type,
        kind: SLUG[type],
        label: DEFAULTS[type].title,
        required: type !== 'MARKETING',
        versionInForce: '1.0',
        titleInForce: DEFAULTS[type].title,
        publishedAt: expect.any(String),
        draftVersion: null,
        customized: false,
        reconsentPending: 0,
      })),
    });
    const pub = await texts(t.tenantId);
    expect(pub.status).toBe(200);
    expect((pub.json.data as { items: Json[] }).items.map((i) => [i.consentType, i.version, i.required, i.body, i.sha256])).toEqual(
      (['TERMS', 'PRIVACY_POLICY', 'DATA_PROCESSING', 'MARKETING'] as const).map((type) => [type, '1.0', type !== 'MARKETING', DEFAULTS[type].body, sha(DEFAULTS[type].body)]),
    );
    const db = await getDb();
    expect(await consentTextsInForce(db, t.tenantId)).toEqual((pub.json.data as { items: unknown[] }).items);
    expect(await consentTemplatesCustomized(db, t.tenantId)).toBe(false);
  });

  it('the public read: an unknown tenant is the usual 403, a missing header 400', async () => {
    const tenantId = '11111111-1111-4111-8111-111111111111';
    expectEnvelope(await texts(tenantId), 403, 'tenant access denied or categorization not available', { error: 'TENANT_ACCESS_DENIED', tenantId });
    expectEnvelope(await call(textsRoute.GET, {}), 400, 'missing required headers', {
      error: 'MISSING_HEADERS',
      details: 'missing required headers: X-Tenant-ID',
      errors: [{ field: 'X-Tenant-ID', message: 'header is required' }],
    });
  });
});

describe('drafts', () => {
  it('a material draft is the next major, an editorial one the next minor; one open draft per kind; a draft is not in force', async () => {
    const t = await createIdentityTenant();
    const token = await tokenOf(firstAdmin(t));
    const body = 'You agree to the new terms.';
    const res = await draft(token, 'terms', { title: 'Terms 2026', body, material: true, changeSummary: 'new fees' });
    expect(res.json).toEqual({
      code: 200,
      message: 'consent draft created',
      data: {
        id: expect.stringMatching(UUID),
        consentType: 'TERMS',
        version: '2.0',
        status: 'DRAFT',
        inForce: false,
        material: true,
        title: 'Terms 2026',
        body,
        sha256: sha(body),
        changeSummary: 'new fees',
        createdAt: at(T0),
        createdBy: firstAdmin(t).userId,
        publishedAt: null,
        publishedBy: null,
      },
    });
    expectEnvelope(await draft(token, 'terms', { title: 'Again', body: 'x', material: false }), 409, 'conflict', {
      error: 'CONFLICT',
      details: 'a draft of TERMS (version 2.0) is open; publish or discard it first',
    });
    expect((await draft(token, 'privacy', { title: 'Privacy', body: 'Typo fixed.', material: false })).json.data).toMatchObject({ version: '1.1', status: 'DRAFT' });
    // not shown to customers before it is published
    expect(((await texts(t.tenantId)).json.data as { items: Json[] }).items.map((i) => i.version)).toEqual(['1.0', '1.0', '1.0', '1.0']);
    const kind = await getKind(token, 'terms');
    expect(kind.json.data).toMatchObject({ consentType: 'TERMS', versionInForce: '1.0', draftVersion: '2.0', customized: false });
    expect((kind.json.data as { versions: Json[] }).versions.map((v) => [v.version, v.status, v.inForce])).toEqual([
      ['2.0', 'DRAFT', false],
      ['1.0', 'PUBLISHED', true],
    ]);
    // audited
    const db = await getDb();
    const entries = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, t.tenantId), eq(auditLog.action, 'CONSENT_TEMPLATE_DRAFTED')));
    expect(entries.map((e) => e.after)).toEqual([
      { consentType: 'TERMS', version: '2.0', material: true, sha256: sha(body) },
      { consentType: 'PRIVACY_POLICY', version: '1.1', material: false, sha256: sha('Typo fixed.') },
    ]);
  });

  it('Idempotency-Key: a repeat answers the first answer and drafts nothing more', async () => {
    const t = await createIdentityTenant();
    const token = await tokenOf(firstAdmin(t));
    const first = await draft(token, 'data-processing', { title: 'DP', body: 'New processing.', material: true }, { 'Idempotency-Key': 'dp-draft-1' });
    const again = await draft(token, 'data-processing', { title: 'DP', body: 'New processing.', material: true }, { 'Idempotency-Key': 'dp-draft-1' });
    expect({ status: again.status, text: again.text, replayed: again.headers.get('Idempotent-Replayed') }).toEqual({ status: 200, text: first.text, replayed: 'true' });
    const db = await getDb();
    const rows = await db
      .select()
      .from(consentTexts)
      .where(and(eq(consentTexts.tenantId, t.tenantId), eq(consentTexts.consentType, 'DATA_PROCESSING')));
    expect(rows.map((r) => r.version).sort()).toEqual(['1.0', '2.0']);
  });

  it('bad input: 400 naming the field, nothing written', async () => {
    const t = await createIdentityTenant();
    const token = await tokenOf(firstAdmin(t));
    const failed = (errors: { field: string; message: string }[]) => ({ error: 'VALIDATION_FAILED', errors });
    expectEnvelope(
      await draft(token, 'terms', { title: 'Terms', material: true }),
      400,
      'request validation failed',
      failed([{ field: 'body', message: 'Invalid input: expected string, received undefined' }]),
    );
    expectEnvelope(await draft(token, 'terms', { title: 'Terms', body: '   ', material: true }), 400, 'request validation failed', failed([{ field: 'body', message: 'must not be empty' }]));
    expectEnvelope(
      await draft(token, 'terms', { title: '', body: 'x', material: 'yes' }),
      400,
      'request validation failed',
      failed([
        { field: 'title', message: 'must not be empty' },
        { field: 'material', message: 'must be true or false' },
      ]),
    );
    expectEnvelope(
      await draft(token, 'terms', { title: 'T', body: 'x'.repeat(50_001), material: true }),
      400,
      'request validation failed',
      failed([{ field: 'body', message: 'must be at most 50000 characters' }]),
    );
    expectEnvelope(
      await draft(token, 'terms', { title: 'T', body: 'x', material: true, version: '9.0' }),
      400,
      'request validation failed',
      failed([{ field: 'version', message: 'unknown field: not accepted by this operation' }]),
    );
    expectEnvelope(
      await draft(token, 'cookies', { title: 'T', body: 'x', material: true }),
      400,
      'request validation failed',
      failed([{ field: 'kind', message: 'must be one of terms, privacy, data-processing, marketing' }]),
    );
    expectEnvelope(await getKind(token, 'cookies'), 400, 'request validation failed', failed([{ field: 'kind', message: 'must be one of terms, privacy, data-processing, marketing' }]));
    expectEnvelope(await publish(token, 'terms', 'latest'), 400, 'request validation failed', failed([{ field: 'version', message: 'must be a version like 2.0' }]));
    expectEnvelope(await publish(token, 'terms', '7.0'), 404, 'resource not found', { error: 'NOT_FOUND', details: 'consent version not found' });
    expectEnvelope(await discard(token, 'terms', '7.0'), 404, 'resource not found', { error: 'NOT_FOUND', details: 'consent version not found' });
    const db = await getDb();
    expect(
      await db
        .select()
        .from(consentTexts)
        .where(and(eq(consentTexts.tenantId, t.tenantId), eq(consentTexts.status, 'DRAFT'))),
    ).toEqual([]);
  });

  it('a draft is discarded (audited); a published version can be neither discarded nor published again', async () => {
    const t = await createIdentityTenant();
    const token = await tokenOf(firstAdmin(t));
    expect((await draft(token, 'marketing', { title: 'Marketing', body: 'Offers.', material: false })).status).toBe(200);
    expect((await discard(token, 'marketing', '1.1')).json).toEqual({ code: 200, message: 'consent draft discarded', data: { consentType: 'MARKETING', version: '1.1', discarded: true } });
    expect((await getKind(token, 'marketing')).json.data).toMatchObject({ draftVersion: null });
    expectEnvelope(await discard(token, 'marketing', '1.0'), 409, 'conflict', {
      error: 'CONFLICT',
      details: 'version 1.0 of MARKETING is published; a published version cannot be discarded',
    });
    expectEnvelope(await publish(token, 'marketing', '1.0'), 409, 'conflict', {
      error: 'CONFLICT',
      details: 'version 1.0 of MARKETING is already published; a published version cannot change',
    });
    const db = await getDb();
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, t.tenantId), eq(auditLog.action, 'CONSENT_TEMPLATE_DISCARDED')));
    expect(entry).toMatchObject({
      customerId: null,
      actorUserId: firstAdmin(t).userId,
      entityType: 'CONSENT_TEMPLATE',
      before: { consentType: 'MARKETING', version: '1.1', sha256: sha('Offers.') },
    });
  });
});

describe('access', () => {
  it('only holders of consent:configure (ADMIN_USER) write or read templates; no credential is 401', async () => {
    const employee = await tokenOf(await createExtraAdmin(tenant, ['EMPLOYEE']));
    const denied = { error: 'FORBIDDEN', details: 'this operation requires one of the roles ADMIN_USER' };
    expectEnvelope(await list(employee), 403, 'access denied', denied);
    expectEnvelope(await draft(employee, 'terms', { title: 'T', body: 'x', material: true }), 403, 'access denied', denied);
    expectEnvelope(await publish(employee, 'terms', '2.0'), 403, 'access denied', denied);
    expectEnvelope(await call(listRoute.GET, { headers: contextHeaders(tenant.tenantId) }), 401, 'authentication required', {
      error: 'UNAUTHORIZED',
      details: 'sign in, or send Authorization: Bearer <token>',
    });
  });

  it("another tenant's draft is not found", async () => {
    const a = await createIdentityTenant();
    const b = await createIdentityTenant();
    expect((await draft(await tokenOf(firstAdmin(a)), 'terms', { title: 'A', body: 'A terms', material: true })).status).toBe(200);
    const bToken = await tokenOf(firstAdmin(b));
    expectEnvelope(await publish(bToken, 'terms', '2.0'), 404, 'resource not found', { error: 'NOT_FOUND', details: 'consent version not found' });
    expect((await getKind(bToken, 'terms')).json.data).toMatchObject({ draftVersion: null, versionInForce: '1.0' });
  });
});

describe('publishing', () => {
  it('an editorial version is in force at once and asks nobody again', async () => {
    const t = await createIdentityTenant();
    const c = await categoryIds(t.tenantId);
    const token = await tokenOf(firstAdmin(t));
    const customer = await registered(t, c);
    expect((await draft(token, 'privacy', { title: 'Privacy policy', body: 'Typo fixed.', material: false })).status).toBe(200);
    clock.advance(1000);
    const res = await publish(token, 'privacy', '1.1');
    expect(res.json).toMatchObject({
      code: 200,
      message: 'consent version published',
      data: { version: '1.1', status: 'PUBLISHED', inForce: true, publishedAt: at(clock.now().getTime()), reconsentRequired: 0 },
    });
    expect((await listConsents(token, customer.customerId)).json.data).toMatchObject({ missingRequired: [], reconsentRequired: [] });
    expect(await eventsOf(t.tenantId, 'consent.template.published')).toHaveLength(1);
    expect(await consentTemplatesCustomized(await getDb(), t.tenantId)).toBe(true);
  });

  it('a material version sends customers back: shown on their consents, activation refuses until they accept it again, with proof of the new text', async () => {
    const t = await createIdentityTenant();
    const c = await categoryIds(t.tenantId);
    const token = await tokenOf(firstAdmin(t));
    const officer = await tokenOf(await createExtraAdmin(t, ['COMPLIANCE_OFFICER']));
    const accepted = await registered(t, c);
    const other = await registered(t, c);
    const fresh = await registered(t, c, false);
    const body = 'Terms 2.0: the card fee changes.';
    expect((await draft(token, 'terms', { title: 'Terms and conditions', body, material: true, changeSummary: 'card fee' })).status).toBe(200);
    // before publishing: the draft changes nothing
    expect((await listConsents(token, accepted.customerId)).json.data).toMatchObject({ reconsentRequired: [] });
    clock.advance(1000);
    const published = await publish(token, 'terms', '2.0');
    expect(published.json.data).toMatchObject({ version: '2.0', material: true, inForce: true, sha256: sha(body), reconsentRequired: 2 });
    expect(await eventData(t.tenantId, 'consent.template.published')).toEqual([
      { consentType: 'TERMS', version: '2.0', material: true, sha256: sha(body), previousVersion: '1.0', reconsentRequired: 2 },
    ]);
    expect(((await list(token)).json.data as { items: Json[] }).items[0]).toMatchObject({ consentType: 'TERMS', versionInForce: '2.0', customized: true, reconsentPending: 2 });
    expect(((await texts(t.tenantId)).json.data as { items: Json[] }).items[0]).toMatchObject({ consentType: 'TERMS', version: '2.0', body, sha256: sha(body) });

    const consents = (await listConsents(token, accepted.customerId)).json.data;
    expect(consents).toMatchObject({ missingRequired: [], reconsentRequired: [{ consentType: 'TERMS', acceptedVersion: '1.0', versionInForce: '2.0' }] });
    // the acceptance at registration kept its proof
    expect((consents.history as Json[])[0]).toMatchObject({ consentType: 'TERMS', version: '1.0', channel: 'REGISTRATION', textSha256: sha(DEFAULTS.TERMS.body) });
    // a customer who never accepted is missing it, not asked again; the error is the missing-consents one
    expect((await listConsents(token, fresh.customerId)).json.data).toMatchObject({ reconsentRequired: [], missingRequired: ['TERMS', 'PRIVACY_POLICY', 'DATA_PROCESSING'] });

    expect((await approve(officer, accepted.verificationId)).status).toBe(200);
    const url = `/api/v2.1/customer/individual/${accepted.customerId}/consents/terms`;
    expectEnvelope(await activate(token, accepted.customerId), 400, 're-consent required', {
      error: 'RECONSENT_REQUIRED',
      details: 'a material change was published: accept the version in force of TERMS (2.0)',
      customerId: accepted.customerId,
      consents: [{ consentType: 'TERMS', acceptedVersion: '1.0', versionInForce: '2.0', acceptUrl: url }],
    });
    clock.advance(1000);
    const again = await acceptConsent(token, accepted.customerId, 'terms');
    expect(again.json.data).toEqual({ consentType: 'TERMS', status: 'ACCEPTED', version: '2.0', at: at(clock.now().getTime()) });
    const after = (await listConsents(token, accepted.customerId)).json.data;
    expect(after).toMatchObject({ reconsentRequired: [] });
    expect((after.history as Json[]).at(-1)).toMatchObject({ consentType: 'TERMS', version: '2.0', status: 'ACCEPTED', channel: 'API', textSha256: sha(body), ipAddress: '198.51.100.4' });
    const activated = await activate(token, accepted.customerId);
    expect(activated.status, activated.text).toBe(200);
    // the other customer is still asked
    expect(((await list(token)).json.data as { items: Json[] }).items[0]).toMatchObject({ reconsentPending: 1 });
    expect((await listConsents(token, other.customerId)).json.data).toMatchObject({ reconsentRequired: [{ consentType: 'TERMS', acceptedVersion: '1.0', versionInForce: '2.0' }] });
  });

  it('an editorial version after a material one keeps the material one as the baseline: 2.0 still counts, 1.0 does not', async () => {
    const t = await createIdentityTenant();
    const c = await categoryIds(t.tenantId);
    const token = await tokenOf(firstAdmin(t));
    const old = await registered(t, c);
    await draft(token, 'data-processing', { title: 'DP', body: 'DP 2', material: true });
    clock.advance(1000);
    await publish(token, 'data-processing', '2.0');
    const onTwo = await registered(t, c);
    await draft(token, 'data-processing', { title: 'DP', body: 'DP 2, typo fixed', material: false });
    clock.advance(1000);
    expect((await publish(token, 'data-processing', '2.1')).json.data).toMatchObject({ reconsentRequired: 0 });
    expect((await listConsents(token, onTwo.customerId)).json.data).toMatchObject({ reconsentRequired: [] });
    expect((await listConsents(token, old.customerId)).json.data).toMatchObject({ reconsentRequired: [{ consentType: 'DATA_PROCESSING', acceptedVersion: '1.0', versionInForce: '2.1' }] });
    // an older published version may still be named; a draft may not
    await draft(token, 'data-processing', { title: 'DP', body: 'DP 3', material: true });
    expectEnvelope(await acceptConsent(token, old.customerId, 'data-processing', { body: { version: '3.0' } }), 400, 'request validation failed', {
      error: 'VALIDATION_FAILED',
      errors: [{ field: 'version', message: 'unknown version; current is 2.1' }],
    });
  });

  it('a material change of an optional consent is shown but does not block activation', async () => {
    const t = await createIdentityTenant();
    const c = await categoryIds(t.tenantId);
    const token = await tokenOf(firstAdmin(t));
    const officer = await tokenOf(await createExtraAdmin(t, ['COMPLIANCE_OFFICER']));
    const customer = await registered(t, c, false);
    await acceptRequiredConsents(token, customer.customerId);
    expect((await acceptConsent(token, customer.customerId, 'marketing')).status).toBe(200);
    await draft(token, 'marketing', { title: 'Marketing', body: 'New partners.', material: true });
    clock.advance(1000);
    expect((await publish(token, 'marketing', '2.0')).json.data).toMatchObject({ reconsentRequired: 1 });
    expect((await listConsents(token, customer.customerId)).json.data).toMatchObject({ reconsentRequired: [{ consentType: 'MARKETING', acceptedVersion: '1.0', versionInForce: '2.0' }] });
    expect((await approve(officer, customer.verificationId)).status).toBe(200);
    expect((await activate(token, customer.customerId)).status).toBe(200);
  });
});
