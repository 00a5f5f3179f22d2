import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as registration from '@/app/api/v2.1/tenants/registration/route';
import * as tenantOne from '@/app/api/v2.1/tenants/[tenantId]/route';
import * as tenantStatus from '@/app/api/v2.1/tenants/[tenantId]/status/route';
import * as currentTenant from '@/app/api/v2.1/tenant/route';
import * as hierarchy from '@/app/api/v2.1/categorization/hierarchy/[tenantId]/route';
import { getDb } from '@/lib/db/client';
import { categories, organizations, tenants, userRoles, users } from '@/lib/db/schema';
import { resetEnvCache } from '@/lib/env';
import { verifySecret } from '@/lib/services/identity/passwords';
import { call, createTenant, expectEnvelope, platformAuth, STRONG_PASSWORD, uniqueName } from './helpers';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function registrationBody(name = uniqueName()) {
  return { name, admin: { username: 'owner', email: 'Owner@Example.COM', password: STRONG_PASSWORD, firstName: 'Olga', lastName: 'Owner' } };
}

describe('POST /api/v2.1/tenants/registration', () => {
  it('creates the tenant, its owner organization, a first ADMIN_USER and the default categorization in one go', async () => {
    const body = registrationBody();
    const res = await call<Record<string, string>>(registration.POST, { headers: platformAuth, body });
    expect(res.status).toBe(200);
    expect(res.json.code).toBe(200);
    expect(res.json.message).toBe('tenant registered');
    const data = res.json.data;
    expect(Object.keys(data).sort()).toEqual(['organizationId', 'tenantId', 'tenantKey', 'tenantSecret', 'userId']);
    expect(data.tenantId).toMatch(UUID);
    expect(data.tenantKey).toMatch(/^tk_[A-Za-z0-9_-]{24}$/);
    expect(data.tenantSecret).toMatch(/^ts_[A-Za-z0-9_-]{43}$/);
    expect(res.headers.get('X-Request-ID')).toMatch(UUID);

    const db = await getDb();
    const [tenant] = await db.select().from(tenants).where(eq(tenants.id, data.tenantId!));
    expect(tenant).toMatchObject({ name: body.name, status: 'ACTIVE', tenantKey: data.tenantKey });
    // only a hash of the secret is stored, and it verifies
    expect(tenant!.tenantSecretHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(tenant!.tenantSecretHash).not.toContain(data.tenantSecret);
    expect(await verifySecret(tenant!.tenantSecretHash, data.tenantSecret!)).toBe(true);

    const [org] = await db.select().from(organizations).where(eq(organizations.id, data.organizationId!));
    expect(org).toMatchObject({ tenantId: data.tenantId, organizationType: 'PLATFORM_OWNER', name: body.name });

    const [user] = await db
      .select()
      .from(users)
      .where(and(eq(users.tenantId, data.tenantId!), eq(users.id, data.userId!)));
    expect(user).toMatchObject({ username: 'owner', email: 'owner@example.com', organizationId: data.organizationId, isActive: true, firstName: 'Olga' });
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifySecret(user!.passwordHash, STRONG_PASSWORD)).toBe(true);
    const roles = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, data.userId!));
    expect(roles).toEqual([{ role: 'ADMIN_USER' }]);

    const cats = await db.select({ code: categories.code }).from(categories).where(eq(categories.tenantId, data.tenantId!));
    expect(cats.map((c) => c.code).sort()).toEqual(['BUSINESS_STANDARD', 'RETAIL_HIGH_RISK', 'RETAIL_PREMIUM', 'RETAIL_STANDARD']);
  });

  it('never echoes the admin password', async () => {
    const res = await call(registration.POST, { headers: platformAuth, body: registrationBody() });
    expect(res.text).not.toContain(STRONG_PASSWORD);
  });

  it('answers 409 for a tenant name that exists (case-insensitively) and writes nothing', async () => {
    const name = uniqueName('Dup');
    expect((await call(registration.POST, { headers: platformAuth, body: registrationBody(name) })).status).toBe(200);
    const db = await getDb();
    const before = (await db.select().from(tenants)).length;
    const res = await call(registration.POST, { headers: platformAuth, body: registrationBody(name.toUpperCase()) });
    expectEnvelope(res, 409, 'conflict', { error: 'CONFLICT', details: 'a tenant with this name already exists', field: 'name' });
    expect((await db.select().from(tenants)).length).toBe(before);
  });

  it.each([
    [
      'weak password',
      { admin: { password: 'password' } },
      [
        { field: 'admin.password', message: 'must contain an uppercase letter' },
        { field: 'admin.password', message: 'must contain a digit' },
        { field: 'admin.password', message: 'must contain a special character' },
      ],
    ],
    ['password over 128 characters', { admin: { password: `Aa1!${'x'.repeat(125)}` } }, [{ field: 'admin.password', message: 'must be at most 128 characters' }]],
    [
      'bad email and username',
      { admin: { email: 'not-an-email', username: 'a b' } },
      [
        { field: 'admin.username', message: 'may contain only letters, digits and . _ @ -' },
        { field: 'admin.email', message: 'must be a valid email address' },
      ],
    ],
    ['missing name', { name: undefined }, [{ field: 'name', message: 'Invalid input: expected string, received undefined' }]],
    ['unknown property', { extra: true }, [{ field: 'extra', message: 'unknown field: not accepted by this operation' }]],
  ])('answers 400 request validation failed for %s', async (_label, patch, errors) => {
    const base = registrationBody();
    const body = { ...base, ...patch, admin: { ...base.admin, ...(patch as { admin?: object }).admin } };
    const res = await call(registration.POST, { headers: platformAuth, body });
    expectEnvelope(res, 400, 'request validation failed', { error: 'VALIDATION_FAILED', errors });
  });

  it('answers 401 without or with a wrong platform key, naming the scheme', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong-key' }, { authorization: 'Basic abc' }] as Record<string, string>[]) {
      const res = await call(registration.POST, { headers, body: registrationBody() });
      expectEnvelope(res, 401, 'authentication required', {
        error: 'UNAUTHORIZED',
        details: 'a valid platform operator key is required: Authorization: Bearer <PLATFORM_ADMIN_KEY>',
      });
      expect(res.headers.get('WWW-Authenticate')).toBe('Bearer');
    }
  });

  it('does not exist (404) when no PLATFORM_ADMIN_KEY is configured', async () => {
    const saved = process.env.PLATFORM_ADMIN_KEY;
    delete process.env.PLATFORM_ADMIN_KEY;
    resetEnvCache();
    try {
      const res = await call(registration.POST, { path: '/api/v2.1/tenants/registration', headers: platformAuth, body: registrationBody() });
      expectEnvelope(res, 404, 'route not found', { error: 'ROUTE_NOT_FOUND', details: 'no route for POST /api/v2.1/tenants/registration' });
    } finally {
      process.env.PLATFORM_ADMIN_KEY = saved;
      resetEnvCache();
    }
  });

  it('answers 405 with Allow for other methods', async () => {
    const res = await call(registration.GET, { method: 'GET', headers: platformAuth });
    expectEnvelope(res, 405, 'method not allowed', {
      error: 'METHOD_NOT_ALLOWED',
      details: 'GET is not allowed here; allowed: POST, OPTIONS',
      suggestions: ['POST', 'OPTIONS'],
    });
    expect(res.headers.get('Allow')).toBe('POST, OPTIONS');
  });
});

describe('tenant lifecycle (platform operator)', () => {
  it('reads a tenant without its secret', async () => {
    const t = await createTenant();
    const res = await call<Record<string, unknown>>(tenantOne.GET, { headers: platformAuth, params: { tenantId: t.tenantId } });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({
      id: t.tenantId,
      name: t.name,
      status: 'ACTIVE',
      tenantKey: t.tenantKey,
      createdAt: expect.stringMatching(/Z$/),
      updatedAt: expect.stringMatching(/Z$/),
    });
    expect(res.text).not.toContain('ts_');
  });

  it('answers 404 for an unknown tenant and 400 for a malformed id', async () => {
    const unknown = await call(tenantOne.GET, { headers: platformAuth, params: { tenantId: '00000000-0000-4000-8000-000000000000' } });
    expectEnvelope(unknown, 404, 'resource not found', { error: 'NOT_FOUND', details: 'tenant not found' });
    const malformed = await call(tenantOne.GET, { headers: platformAuth, params: { tenantId: 'abc' } });
    expectEnvelope(malformed, 400, 'request validation failed', { error: 'VALIDATION_FAILED', errors: [{ field: 'tenantId', message: 'must be a UUID' }] });
  });

  it('suspends a tenant: every tenant endpoint then answers 403; reactivation restores access', async () => {
    const t = await createTenant();
    const tenantHeaders = { 'X-Tenant-ID': t.tenantId };
    expect((await call(currentTenant.GET, { headers: tenantHeaders })).status).toBe(200);

    const suspended = await call<Record<string, unknown>>(tenantStatus.POST, {
      headers: platformAuth,
      params: { tenantId: t.tenantId },
      body: { status: 'SUSPENDED', reason: 'unpaid invoice' },
    });
    expect(suspended.status).toBe(200);
    expect(suspended.json.message).toBe('tenant suspended');
    expect(suspended.json.data.status).toBe('SUSPENDED');

    const denied = { error: 'TENANT_ACCESS_DENIED', tenantId: t.tenantId };
    expectEnvelope(await call(currentTenant.GET, { headers: tenantHeaders }), 403, 'tenant access denied or categorization not available', denied);
    expectEnvelope(await call(hierarchy.GET, { headers: tenantHeaders, params: { tenantId: t.tenantId } }), 403, 'tenant access denied or categorization not available', denied);
    // the operator still sees it
    expect((await call(tenantOne.GET, { headers: platformAuth, params: { tenantId: t.tenantId } })).status).toBe(200);

    const reactivated = await call<Record<string, unknown>>(tenantStatus.POST, { headers: platformAuth, params: { tenantId: t.tenantId }, body: { status: 'ACTIVE' } });
    expect(reactivated.json.message).toBe('tenant activated');
    expect((await call(currentTenant.GET, { headers: tenantHeaders })).status).toBe(200);
  });

  it('rejects an unknown status value', async () => {
    const t = await createTenant();
    const res = await call(tenantStatus.POST, { headers: platformAuth, params: { tenantId: t.tenantId }, body: { status: 'DELETED' } });
    expectEnvelope(res, 400, 'request validation failed', {
      error: 'VALIDATION_FAILED',
      errors: [{ field: 'status', message: 'Invalid option: expected one of "ACTIVE"|"SUSPENDED"' }],
    });
  });

  it('answers 404 when changing the status of an unknown tenant', async () => {
    const res = await call(tenantStatus.POST, { headers: platformAuth, params: { tenantId: '00000000-0000-4000-8000-000000000001' }, body: { status: 'SUSPENDED' } });
    expectEnvelope(res, 404, 'resource not found', { error: 'NOT_FOUND', details: 'tenant not found' });
  });
});

describe('tenant-scoped endpoints', () => {
  it('an unknown tenant answers the same 403 as a suspended one', async () => {
    const tenantId = '11111111-1111-4111-8111-111111111111';
    expectEnvelope(await call(currentTenant.GET, { headers: { 'X-Tenant-ID': tenantId } }), 403, 'tenant access denied or categorization not available', {
      error: 'TENANT_ACCESS_DENIED',
      tenantId,
    });
  });

  it('requires X-Tenant-ID and checks its format', async () => {
    expectEnvelope(await call(currentTenant.GET, {}), 400, 'missing required headers', {
      error: 'MISSING_HEADERS',
      details: 'missing required headers: X-Tenant-ID',
      errors: [{ field: 'X-Tenant-ID', message: 'header is required' }],
    });
    expectEnvelope(await call(currentTenant.GET, { headers: { 'X-Tenant-ID': 'acme' } }), 400, 'request validation failed', {
      error: 'VALIDATION_FAILED',
      errors: [{ field: 'X-Tenant-ID', message: 'must be a tenant UUID' }],
    });
  });

  it('GET /api/v2.1/tenant shows only the public profile', async () => {
    const t = await createTenant();
    const res = await call(currentTenant.GET, { headers: { 'x-tenant-id': t.tenantId } });
    expect(res.json).toEqual({ code: 200, message: 'OK', data: { id: t.tenantId, name: t.name, status: 'ACTIVE' } });
  });

  it('GET /api/v2.1/categorization/hierarchy/{tenantId} lists the default categories with mandatoryKeys and allowedValues', async () => {
    const t = await createTenant();
    const res = await call<{ tenantId: string; categories: Array<Record<string, unknown> & { features: Array<Record<string, unknown>> }> }>(hierarchy.GET, {
      headers: { 'X-Tenant-ID': t.tenantId },
      params: { tenantId: t.tenantId },
    });
    expect(res.status).toBe(200);
    const { categories: cats } = res.json.data;
    expect(cats.map((c) => [c.code, c.riskLevel, c.customerType, c.features.map((f) => f.code)])).toEqual([
      ['RETAIL_STANDARD', 'LOW', 'INDIVIDUAL', ['KYC_BASIC']],
      ['RETAIL_PREMIUM', 'MEDIUM', 'INDIVIDUAL', ['INCOME_PROFILE', 'KYC_BASIC']],
      ['RETAIL_HIGH_RISK', 'HIGH', 'INDIVIDUAL', ['ENHANCED_DUE_DILIGENCE', 'INCOME_PROFILE', 'KYC_BASIC']],
      ['BUSINESS_STANDARD', 'MEDIUM', 'ORGANIZATION', ['BUSINESS_PROFILE']],
    ]);
    const kyc = cats[0]!.features[0]!;
    expect(kyc).toMatchObject({
      code: 'KYC_BASIC',
      enabled: true,
      mandatoryKeys: ['employmentStatus', 'sourceOfFunds'],
      allowedValues: { employmentStatus: expect.arrayContaining(['EMPLOYED', 'STUDENT']), sourceOfFunds: expect.arrayContaining(['SALARY']) },
    });
  });

  it('another tenant’s hierarchy answers 403 with the requested tenant id', async () => {
    const mine = await createTenant();
    const other = await createTenant();
    expectEnvelope(
      await call(hierarchy.GET, { headers: { 'X-Tenant-ID': mine.tenantId }, params: { tenantId: other.tenantId } }),
      403,
      'tenant access denied or categorization not available',
      { error: 'TENANT_ACCESS_DENIED', tenantId: other.tenantId },
    );
  });
});
