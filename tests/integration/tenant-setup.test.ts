import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as referenceDataRoute from '@/app/api/v2.1/reference-data/route';
import * as referenceKindRoute from '@/app/api/v2.1/reference-data/[kind]/route';
import * as brandingRoute from '@/app/api/v2.1/tenant/branding/route';
import * as setupRoute from '@/app/api/v2.1/tenant/setup/route';
import * as preloadRoute from '@/app/api/v2.1/preload/route';
import * as reviewSettingsRoute from '@/app/api/v2.1/verification-settings/route';
import * as consentVersionsRoute from '@/app/api/v2.1/consent-templates/[kind]/versions/route';
import * as consentPublishRoute from '@/app/api/v2.1/consent-templates/[kind]/versions/[version]/publish/route';
import * as productsRoute from '@/app/api/v2.1/products/route';
import { getDb } from '@/lib/db/client';
import { auditLog } from '@/lib/db/schema';
import type { Branding, Preload, TenantSetup } from '@/lib/contract/tenant-setup';
import type { ReferenceData } from '@/lib/contract/reference-data';
import { call, expectEnvelope } from './helpers';
import { adminToken, bearer, createExtraAdmin, createIdentityTenant, firstAdmin, resetIdentityState, type TestTenant } from './identity-fixtures';
import { subscribe } from './webhooks-fixtures';

/**
 * Reference data, the tenant's branding, the set-up checklist and the preload (docs/reference-data.md,
 * docs/tenant-setup.md): validators and 304s, the branding's rules with their exact errors, the
 * checklist ticked by what exists, and the preload following a branding change.
 */

const PNG_1X1 = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const JPEG_HEAD =
  'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/yQALCAABAAEBAREA/8wABgAQEAX/2gAIAQEAAD8A0s8g/9k=';

const getAll = (headers: Record<string, string> = {}) => call<ReferenceData>(referenceDataRoute.GET, { path: '/api/v2.1/reference-data', headers });
const getKind = (kind: string, headers: Record<string, string> = {}) =>
  call<{ kind: string; version: string; items: Record<string, unknown>[] }>(referenceKindRoute.GET, { path: `/api/v2.1/reference-data/${kind}`, params: { kind }, headers });
const getBranding = (token: string) => call<Branding>(brandingRoute.GET, { path: '/api/v2.1/tenant/branding', headers: bearer(token) });
const putBranding = (token: string, body: unknown) => call<Branding>(brandingRoute.PUT, { method: 'PUT', path: '/api/v2.1/tenant/branding', headers: bearer(token), body });
const getSetup = (token: string) => call<TenantSetup>(setupRoute.GET, { path: '/api/v2.1/tenant/setup', headers: bearer(token) });
const getPreload = (tenantId: string, headers: Record<string, string> = {}) =>
  call<Preload>(preloadRoute.GET, { path: '/api/v2.1/preload', headers: { 'X-Tenant-ID': tenantId, ...headers } });

const valid = { displayName: 'Acme Money', logo: PNG_1X1, primaryColor: '#0B5D3B' };
const invalid = (field: string, message: string) => ({ error: 'VALIDATION_FAILED', errors: [{ field, message }] });

describe('reference data', () => {
  it('answers every list with a strong ETag of its content and a public five-minute Cache-Control', async () => {
    const res = await getAll();
    expect(res.status).toBe(200);
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const data = res.json.data;
    expect(data.version).toBe(etag);
    // ISO 3166-1 from i18n-iso-countries, ISO 4217 from currency-codes
    expect(data.countries.length).toBeGreaterThanOrEqual(249);
    expect(data.countries).toContainEqual({ code: 'DE', alpha3: 'DEU', numeric: '276', name: 'Germany' });
    expect(data.currencies).toContainEqual({ code: 'EUR', numeric: '978', name: 'Euro', minorUnits: 2, supported: true });
    expect(data.currencies.find((c) => c.code === 'JPY')).toMatchObject({ minorUnits: 0 });
    expect(data.currencies.find((c) => c.code === 'BHD')).toMatchObject({ minorUnits: 3 });
    expect(data.currencies.find((c) => c.code === 'XAU')).toMatchObject({ minorUnits: null, supported: false });
    expect(data.documentTypes).toContainEqual({ code: 'PASSPORT', label: 'Passport', identity: true });
    expect(data.documentTypes).toContainEqual({ code: 'PROOF_OF_ADDRESS', label: 'Proof of address', identity: false });
    expect(data.reasonCodes).toContainEqual({ code: 'SANCTIONS_MATCH', label: 'Sanctions list match', domain: 'REVIEW', decisions: ['REJECT'] });
    expect(data.reasonCodes).toContainEqual({ code: 'DOCUMENT_UNREADABLE', label: 'Document unreadable', domain: 'DOCUMENT', decisions: ['REJECT'] });
    expect(data.reasonCodes.find((r) => r.domain === 'AML' && r.code === 'NEEDS_SENIOR_REVIEW')).toMatchObject({ decisions: ['ESCALATE'] });
    expect(data.eventTypes).toContainEqual({ type: 'customer.registered', description: 'an individual or organization customer was registered' });
    // computed once: the same bytes again
    expect((await getAll()).text).toBe(res.text);
  });

  it('answers 304 without a body to a matching If-None-Match (weak, listed or *), 200 to another', async () => {
    const etag = (await getAll()).headers.get('etag')!;
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await getAll({ 'If-None-Match': ifNoneMatch });
      expect(res.status, ifNoneMatch).toBe(304);
      expect(res.text).toBe('');
      expect(res.headers.get('etag')).toBe(etag);
      expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    }
    expect((await getAll({ 'If-None-Match': '"stale"' })).status).toBe(200);
  });

  it('answers one list with its own version, the one GET /reference-data/{kind} sends as ETag', async () => {
    const whole = (await getAll()).json.data;
    const countries = await getKind('countries');
    expect(countries.status).toBe(200);
    expect(countries.json.data.kind).toBe('countries');
    expect(countries.json.data.items).toEqual(whole.countries);
    expect(countries.headers.get('etag')).toBe(countries.json.data.version);
    expect(countries.json.data.version).not.toBe(whole.version);
    expect((await getKind('countries', { 'If-None-Match': countries.json.data.version })).status).toBe(304);
    // another list's version is not this one's
    const currencies = await getKind('currencies');
    expect(currencies.json.data.items).toEqual(whole.currencies);
    expect((await getKind('currencies', { 'If-None-Match': countries.json.data.version })).status).toBe(200);
  });

  it('refuses an unknown list naming the field', async () => {
    expectEnvelope(await getKind('planets'), 400, 'request validation failed', invalid('kind', 'must be one of countries, currencies, documentTypes, reasonCodes, eventTypes'));
  });
});

describe('branding, checklist and preload', () => {
  let tenant: TestTenant;
  let admin: string;

  beforeAll(async () => {
    resetIdentityState();
    tenant = await createIdentityTenant();
    admin = (await adminToken(firstAdmin(tenant))).token;
  });

  it('a tenant that saved no branding shows its name and the panel colour', async () => {
    const res = await getBranding(admin);
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({ displayName: tenant.name, logo: null, primaryColor: '#1f57cf', customized: false, updatedAt: null });
  });

  it('refuses bad branding with the exact error naming the field, and writes nothing', async () => {
    const cases: [unknown, string, string][] = [
      [{ ...valid, displayName: ' A ' }, 'displayName', 'must be at least 2 characters'],
      [{ ...valid, displayName: 'x'.repeat(61) }, 'displayName', 'must be at most 60 characters'],
      [{ ...valid, primaryColor: 'green' }, 'primaryColor', 'must be a colour written #RRGGBB, e.g. #1F57CF'],
      [{ ...valid, primaryColor: '#ffd700' }, 'primaryColor', 'must be dark enough for white text: contrast 1.40:1, at least 4.5:1 needed'],
      [{ ...valid, logo: 'https://example.com/logo.png' }, 'logo', 'must be a PNG, JPEG or WebP image as a data: URL (data:image/png;base64,...)'],
      [{ ...valid, logo: 'data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9ImFsZXJ0KDEpIi8+' }, 'logo', 'must be a PNG, JPEG or WebP image as a data: URL (data:image/png;base64,...)'],
      [{ ...valid, logo: JPEG_HEAD.replace('image/jpeg', 'image/png') }, 'logo', 'is not a PNG image'],
      [{ ...valid, logo: `data:image/png;base64,${'A'.repeat(44_000)}` }, 'logo', 'must be at most 32 KiB'],
    ];
    for (const [body, field, message] of cases) expectEnvelope(await putBranding(admin, body), 400, 'request validation failed', invalid(field, message));
    const unknown = await putBranding(admin, { ...valid, font: 'Comic Sans' });
    expect(unknown.status).toBe(400);
    expect(unknown.json.data).toMatchObject({ error: 'VALIDATION_FAILED' });
    expect((await getBranding(admin)).json.data.customized).toBe(false);
  });

  it('only an administrator changes the branding or reads the checklist', async () => {
    const officer = (await adminToken(await createExtraAdmin(tenant, ['EMPLOYEE']))).token;
    const refused = { error: 'FORBIDDEN', details: 'this operation requires one of the roles ADMIN_USER' };
    expectEnvelope(await putBranding(officer, valid), 403, 'access denied', refused);
    expectEnvelope(await getSetup(officer), 403, 'access denied', refused);
  });

  it('walks the checklist: each step is ticked by what exists, in this tenant only', async () => {
    const other = await createIdentityTenant();
    const otherAdmin = (await adminToken(firstAdmin(other))).token;
    const ticks = async (token: string) => Object.fromEntries((await getSetup(token)).json.data.steps.map((s) => [s.id, s.done]));

    const fresh = await getSetup(admin);
    expect(fresh.status).toBe(200);
    expect(fresh.json.data).toMatchObject({ complete: false, done: 0, total: 6 });
    expect(fresh.json.data.steps.map((s) => [s.id, s.href])).toEqual([
      ['branding', '/settings/branding'],
      ['reviewSettings', '/review-settings'],
      ['consentTemplates', '/consent-templates'],
      ['products', '/products'],
      ['firstOfficer', '/users'],
      ['webhook', '/webhooks'],
    ]);

    const saved = await putBranding(admin, valid);
    expect(saved.status).toBe(200);
    expect(saved.json.message).toBe('branding updated');
    expect(saved.json.data).toMatchObject({ displayName: 'Acme Money', logo: PNG_1X1, primaryColor: '#0b5d3b', customized: true });
    expect(await ticks(admin)).toEqual({ branding: true, reviewSettings: false, consentTemplates: false, products: false, firstOfficer: false, webhook: false });

    const settings = await call(reviewSettingsRoute.PATCH, {
      method: 'PATCH',
      path: '/api/v2.1/verification-settings',
      headers: bearer(admin),
      body: { twoApprovalsForOrganizations: false },
    });
    expect(settings.status).toBe(200);
    expect(await ticks(admin)).toMatchObject({ reviewSettings: true, firstOfficer: false });

    // the default 1.0 texts and the free default products every tenant has do not tick; its own do
    const terms = await call(consentVersionsRoute.POST, {
      path: '/api/v2.1/consent-templates/terms/versions',
      params: { kind: 'terms' },
      headers: bearer(admin),
      body: { title: 'Terms', body: 'Our own terms.', material: false },
    });
    expect(terms.status).toBe(200);
    expect(await ticks(admin)).toMatchObject({ consentTemplates: false });
    const version = (terms.json.data as { version: string }).version;
    const published = await call(consentPublishRoute.POST, {
      path: `/api/v2.1/consent-templates/terms/versions/${version}/publish`,
      params: { kind: 'terms', version },
      headers: bearer(admin),
    });
    expect(published.status).toBe(200);
    expect(await ticks(admin)).toMatchObject({ consentTemplates: true, products: false });
    const product = await call(productsRoute.POST, {
      path: '/api/v2.1/products',
      headers: bearer(admin),
      body: { kind: 'WALLET', code: 'own-eur', name: 'Own EUR', currency: 'EUR' },
    });
    expect(product.status).toBe(200);
    expect(await ticks(admin)).toMatchObject({ products: true });

    // an employee is not an officer; a compliance officer is
    await createExtraAdmin(tenant, ['EMPLOYEE']);
    expect(await ticks(admin)).toMatchObject({ firstOfficer: false });
    await createExtraAdmin(tenant, ['COMPLIANCE_OFFICER']);
    expect(await ticks(admin)).toMatchObject({ firstOfficer: true, webhook: false });

    await subscribe(tenant.tenantId, { endpointUrl: 'https://hooks.example.com/bp' });
    const done = await getSetup(admin);
    expect(done.json.data).toMatchObject({ complete: true, done: 6, total: 6 });

    // nothing of this tenant ticks another's
    expect(await ticks(otherAdmin)).toEqual({ branding: false, reviewSettings: false, consentTemplates: false, products: false, firstOfficer: false, webhook: false });
  });

  it('audits a branding change: before, after, who; the logo as facts, not the image', async () => {
    await putBranding(admin, { ...valid, displayName: 'Acme Pay', logo: null });
    const rows = await (
      await getDb()
    )
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, tenant.tenantId), eq(auditLog.action, 'TENANT_BRANDING_CHANGED')))
      .orderBy(auditLog.seq);
    expect(rows.map((r) => [r.actorUserId, r.entityType, r.entityId])).toEqual([
      [tenant.userId, 'TENANT', tenant.tenantId],
      [tenant.userId, 'TENANT', tenant.tenantId],
    ]);
    expect(rows[0]!.before).toBeNull();
    expect(rows[0]!.after).toEqual({ displayName: 'Acme Money', primaryColor: '#0b5d3b', logo: { type: 'image/png', bytes: 68, sha256: expect.stringMatching(/^[0-9a-f]{16}$/) } });
    expect(rows[1]!.before).toEqual(rows[0]!.after);
    expect(rows[1]!.after).toEqual({ displayName: 'Acme Pay', primaryColor: '#0b5d3b', logo: null });
  });

  it('preloads branding, modules, reference versions and active categories, with an ETag that follows a change', async () => {
    const first = await getPreload(tenant.tenantId);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('private, max-age=60');
    expect(first.headers.get('vary')).toBe('X-Tenant-ID');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    const data = first.json.data;
    expect(Object.keys(data)).toEqual(['tenant', 'branding', 'modules', 'referenceData', 'categories', 'consents']);
    expect(data.consents.map((c) => [c.kind, c.required])).toEqual([
      ['terms', true],
      ['privacy', true],
      ['data-processing', true],
      ['marketing', false],
    ]);
    expect(data.tenant).toEqual({ id: tenant.tenantId, name: tenant.name, status: 'ACTIVE' });
    expect(data.branding).toMatchObject({ displayName: 'Acme Pay', logo: null, primaryColor: '#0b5d3b', customized: true });
    expect(data.modules.map((m) => m.key)).toEqual(['onboarding', 'wallets', 'cards', 'aml', 'webhooks']);
    expect(data.referenceData.version).toBe((await getAll()).headers.get('etag'));
    expect(data.referenceData.kinds.countries).toBe((await getKind('countries')).headers.get('etag'));
    expect(data.categories.length).toBeGreaterThan(0);
    expect(data.categories.every((c) => c.isActive)).toBe(true);

    const again = await getPreload(tenant.tenantId, { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.get('etag')).toBe(etag);

    await putBranding(admin, { ...valid, primaryColor: '#7a1f5c' });
    const changed = await getPreload(tenant.tenantId, { 'If-None-Match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(changed.json.data.branding.primaryColor).toBe('#7a1f5c');

    // another tenant's preload is its own
    const other = await createIdentityTenant();
    const theirs = await getPreload(other.tenantId, { 'If-None-Match': changed.headers.get('etag')! });
    expect(theirs.status).toBe(200);
    expect(theirs.json.data.branding).toMatchObject({ displayName: other.name, customized: false });
  });

  it('refuses the preload of an unknown tenant like any tenant route', async () => {
    const unknown = '6f1c3d2e-0000-4000-8000-000000000000';
    expectEnvelope(await getPreload(unknown), 403, 'tenant access denied or categorization not available', { error: 'TENANT_ACCESS_DENIED', tenantId: unknown });
  });
});
